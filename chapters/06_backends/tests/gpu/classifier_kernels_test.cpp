// The training script's operators on a GPU (python/examples/train_digits.py
// on cuda): argmax, _log_softmax and its backward, the comparisons and a CPU
// scalar beside a CUDA tensor, each called through the dispatcher on the same
// data on both devices and held to the CPU kernel's answer, refusals
// included. Every test skips with the runtime's reason where there is no GPU.
#include <cmath>
#include <limits>

#include <fmt/ranges.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/scalar_ops.h"
#include "mini/generated/Functions.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::valuesOf;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

class ClassifierKernelsOnCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaAvailability cuda = cudaAvailability();
    if (cuda.devices == 0) {
      GTEST_SKIP() << cuda.reason;
    }
  }
  static Tensor onGpu(const Tensor& tensor) { return tensor.to(cudaDevice(0)); }
  static std::vector<double> fromGpu(const Tensor& tensor) {
    EXPECT_TRUE(tensor.device().isCuda()) << "the result is on " << fmt::format("{}", tensor.device());
    return valuesOf(tensor.to(kCpu));
  }
};

/// Values that make a row reduction work: ties (i % 7), a large row, signs.
std::vector<double> ties(std::int64_t n) {
  std::vector<double> values(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>((i * 5) % 7) - 3;
  return values;
}

/// Elementwise within `tolerance`, a NaN only where the other has one, an
/// infinity only where the other has the same one.
void expectClose(const std::vector<double>& gpu, const std::vector<double>& cpu, double tolerance) {
  ASSERT_EQ(gpu.size(), cpu.size());
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    if (std::isnan(cpu[i]) || std::isnan(gpu[i])) {
      EXPECT_TRUE(std::isnan(cpu[i]) && std::isnan(gpu[i])) << "element " << i << ": " << gpu[i] << " vs " << cpu[i];
    } else if (gpu[i] != cpu[i]) {
      EXPECT_NEAR(gpu[i], cpu[i], tolerance) << "element " << i;
    }
  }
}

TEST_F(ClassifierKernelsOnCuda, ArgmaxIsTheCpusFirstIndexOfTheMaximum) {
  // Every dimension of a 3-d tensor with ties, keepdim or not, in every
  // dtype the kernel takes; no dim, over 1000003 elements (many threads of
  // one block, the first maximum late in the row).
  const Tensor cube = cpuTensor(ties(4 * 5 * 6), {4, 5, 6});
  for (ScalarType dtype :
       {ScalarType::Float, ScalarType::Double, ScalarType::Long, ScalarType::Half, ScalarType::BFloat16}) {
    const Tensor cpu = toDtypeCpu(cube, dtype);
    for (std::int64_t dim : {0, 1, 2, -1}) {
      for (bool keepdim : {false, true}) {
        const Tensor expected = argmax(cpu, dim, keepdim);
        const Tensor got = argmax(onGpu(cpu), dim, keepdim);
        EXPECT_EQ(got.sizes(), expected.sizes());
        EXPECT_EQ(got.dtype(), ScalarType::Long);
        EXPECT_EQ(fromGpu(got), valuesOf(expected)) << scalarTypeName(dtype) << " dim " << dim;
      }
    }
    EXPECT_EQ(fromGpu(argmax(onGpu(cpu))), valuesOf(argmax(cpu)));
  }
  std::vector<double> long_row = ties(1000003);
  long_row[777777] = 10;
  long_row[999999] = 10;
  const Tensor row = cpuTensor(long_row, {1000003}, ScalarType::Float);
  EXPECT_THAT(fromGpu(argmax(onGpu(row))), ::testing::ElementsAre(777777));
  EXPECT_EQ(fromGpu(argmax(onGpu(row), 0, true)), valuesOf(argmax(row, 0, true)));
}

TEST_F(ClassifierKernelsOnCuda, ArgmaxTakesTheFirstNanAsTheCpuAndTorchDo) {
  const Tensor t = cpuTensor({1, kNan, 3, kNan, -kInf, kInf, 2, kInf, 0, 0, 0, 0}, {3, 4}, ScalarType::Float);
  for (std::int64_t dim : {0, 1}) {
    EXPECT_EQ(fromGpu(argmax(onGpu(t), dim)), valuesOf(argmax(t, dim)));
  }
  EXPECT_EQ(fromGpu(argmax(onGpu(t))), valuesOf(argmax(t)));
  EXPECT_THAT(fromGpu(argmax(onGpu(t), 1)), ::testing::ElementsAre(1, 1, 0));  // NaN, +inf's first, first 0
  const Tensor half = toDtypeCpu(t, ScalarType::Half);
  EXPECT_EQ(fromGpu(argmax(onGpu(half), 1)), valuesOf(argmax(half, 1)));
}

TEST_F(ClassifierKernelsOnCuda, ArgmaxRefusesWhatTheCpuRefusesInCudasWords) {
  const Tensor flags = cpuTensor({1, 0, 1, 1, 0, 0}, {3, 2}, ScalarType::Bool);
  EXPECT_EQ(errorOf([&] { argmax(flags, 0); }), "\"argmax_cpu\" not implemented for 'Bool'");
  EXPECT_EQ(errorOf([&] { argmax(onGpu(flags), 0); }), "\"argmax_cuda\" not implemented for 'Bool'");
  // A dimension of size 1 is zeros before the dtype is looked at, on both.
  const Tensor column = cpuTensor({1, 0, 1}, {3, 1}, ScalarType::Bool);
  EXPECT_EQ(fromGpu(argmax(onGpu(column), 1)), valuesOf(argmax(column, 1)));
  // An empty result runs no loop; an empty dimension is the meta's error.
  const Tensor empty = emptyTensor({0, 3}, {ScalarType::Bool, kCpu});
  EXPECT_EQ(argmax(onGpu(empty), 1).sizes(), Sizes({0}));
  EXPECT_EQ(errorOf([&] { argmax(onGpu(empty), 0); }), errorOf([&] { argmax(empty, 0); }));
  EXPECT_EQ(errorOf([&] { argmax(onGpu(empty)); }), errorOf([&] { argmax(empty); }));
  EXPECT_EQ(errorOf([&] { argmax(onGpu(empty)); }),
            "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
  // CPU and CUDA share the impl(), which picks its loop by device: the out=
  // wrapper refuses an out on another device before either loop could be
  // handed the other's memory.
  Tensor hostOut = emptyTensor({3}, {ScalarType::Long, kCpu});
  EXPECT_THAT(errorOf([&] { argmax_out(hostOut, onGpu(toDtypeCpu(flags, ScalarType::Float)), 1); }),
              ::testing::HasSubstr("Expected out tensor to have device cuda:0, but got cpu instead"));
  Tensor hostFlags = emptyTensor({3, 2}, {ScalarType::Bool, kCpu});
  EXPECT_THAT(errorOf([&] { eq_out(hostFlags, onGpu(flags), onGpu(flags)); }),
              ::testing::HasSubstr("Expected out tensor to have device cuda:0, but got cpu instead"));
}

TEST_F(ClassifierKernelsOnCuda, LogSoftmaxAndItsBackwardAreTheCpusToAFloatsRounding) {
  // The training script's [64, 10] along 1; a dimension with elements
  // after it (inner > 1); a row longer than a block (2500 > 256 threads);
  // 0-d; large values that only the max's subtraction keeps finite.
  struct Case {
    std::vector<double> values;
    Sizes sizes;
    std::int64_t dim;
  };
  std::vector<double> logits = ties(640);
  for (std::size_t i = 0; i < logits.size(); ++i) logits[i] *= 0.37 * static_cast<double>(i % 5);
  const std::vector<Case> cases = {
      {logits, {64, 10}, 1},
      {logits, {64, 10}, 0},
      {ties(60), {3, 4, 5}, 1},
      {ties(60), {3, 4, 5}, -1},
      {ties(2500), {2, 1250}, 1},
      {{0.5}, {}, 0},
      {{1000, 1001, 1002, -1000}, {4}, 0},
      {{1, kNan, 3, kInf, 0, -kInf}, {2, 3}, 1},
  };
  for (const Case& c : cases) {
    for (ScalarType dtype : {ScalarType::Float, ScalarType::Double, ScalarType::BFloat16}) {
      const double tolerance = dtype == ScalarType::Double ? 1e-12 : dtype == ScalarType::Float ? 1e-5 : 0.1;
      const Tensor x = cpuTensor(c.values, c.sizes, dtype);
      const Tensor y = _log_softmax(x, c.dim, false);
      const Tensor gpuY = _log_softmax(onGpu(x), c.dim, false);
      EXPECT_EQ(gpuY.dtype(), dtype);
      SCOPED_TRACE(fmt::format("{} [{}] dim {}", scalarTypeName(dtype), fmt::join(c.sizes, ", "), c.dim));
      expectClose(fromGpu(gpuY), valuesOf(y), tolerance);
      const Tensor grad = cpuTensor(ties(static_cast<std::int64_t>(c.values.size())), c.sizes, dtype);
      const Tensor gradIn = _log_softmax_backward_data(grad, y, c.dim, dtype);
      expectClose(fromGpu(_log_softmax_backward_data(onGpu(grad), onGpu(y), c.dim, dtype)), valuesOf(gradIn),
                  tolerance * 10);
    }
  }
}

TEST_F(ClassifierKernelsOnCuda, HalfToFloatIsTheCudaKernelsOnly) {
  // 1.13's CUDA kernel takes a Half input to a float32 result; its CPU
  // kernel refuses, and so does the course's. The values: the CPU's on the
  // same numbers in float32.
  const Tensor x = cpuTensor(ties(40), {4, 10}, ScalarType::Half);
  const Tensor asFloat = toDtypeCpu(x, ScalarType::Float);
  const Tensor y = _log_softmax(onGpu(x), 1, true);
  EXPECT_EQ(y.dtype(), ScalarType::Float);
  expectClose(fromGpu(y), valuesOf(_log_softmax(asFloat, 1, false)), 1e-5);
  EXPECT_EQ(errorOf([&] { _log_softmax(x, 1, true); }),
            "softmax with half to float conversion is not supported on CPU");
  EXPECT_EQ(errorOf([&] { _log_softmax(onGpu(asFloat), 1, true); }), "conversion is supported for Half type only");
  // Its backward: float32 grad and output, a Half gradient.
  const Tensor grad = cpuTensor(ties(40), {4, 10}, ScalarType::Float);
  const Tensor yCpu = _log_softmax(asFloat, 1, false);
  const Tensor gradIn = _log_softmax_backward_data(onGpu(grad), onGpu(yCpu), 1, ScalarType::Half);
  EXPECT_EQ(gradIn.dtype(), ScalarType::Half);
  expectClose(fromGpu(gradIn), valuesOf(_log_softmax_backward_data(grad, yCpu, 1, ScalarType::Float)), 0.01);
}

TEST_F(ClassifierKernelsOnCuda, LogSoftmaxRefusesWhatTheCpuRefusesInCudasWords) {
  const Tensor ints = cpuTensor({1, 2, 3}, {3}, ScalarType::Long);
  EXPECT_EQ(errorOf([&] { _log_softmax(ints, 0, false); }),
            "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { _log_softmax(onGpu(ints), 0, false); }), "\"host_softmax\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([&] { _log_softmax_backward_data(onGpu(ints), onGpu(ints), 0, ScalarType::Long); }),
            "\"host_softmax_backward\" not implemented for 'Long'");
  const Tensor x = cpuTensor({1, 2, 3, 4}, {2, 2}, ScalarType::Float);
  EXPECT_EQ(errorOf([&] { _log_softmax(onGpu(x), 2, false); }), errorOf([&] { _log_softmax(x, 2, false); }));
  // input_dtype other than grad's: only half_to_float's (Half input, float grad).
  EXPECT_EQ(errorOf([&] { _log_softmax_backward_data(onGpu(x), onGpu(x), 1, ScalarType::Double); }),
            "expected input and grad types to match, or input to be at::Half and grad to be at::Float");
  // Empty: an empty result, and zeros where the output alone is empty (as the CPU's).
  const Tensor empty = emptyTensor({0, 3}, {ScalarType::Long, kCpu});
  EXPECT_EQ(_log_softmax(onGpu(empty), 1, false).sizes(), Sizes({0, 3}));
  EXPECT_EQ(_log_softmax_backward_data(onGpu(empty), onGpu(empty), 1, ScalarType::Long).sizes(), Sizes({0, 3}));
  const Tensor none = emptyTensor({0}, {ScalarType::Float, kCpu});
  EXPECT_EQ(fromGpu(_log_softmax_backward_data(onGpu(x), onGpu(none), 1, ScalarType::Float)),
            valuesOf(_log_softmax_backward_data(x, none, 1, ScalarType::Float)));
}

TEST_F(ClassifierKernelsOnCuda, ComparisonsAndCpuScalarsAsTheLossUsesThem) {
  // nll_loss's one-hot mask (target.view([n, 1]) == arange(classes)), its
  // target checks against Python numbers, and the SGD step's lr * grad.
  const Tensor target = cpuTensor({3, 0, 9, -100}, {4, 1}, ScalarType::Long);
  const Tensor classes = cpuTensor({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {10}, ScalarType::Long);
  const Tensor oneHot = eq(onGpu(target), onGpu(classes));
  EXPECT_EQ(oneHot.dtype(), ScalarType::Bool);
  EXPECT_EQ(fromGpu(oneHot), valuesOf(eq(target, classes)));
  const Tensor x = cpuTensor({1, kNan, -2, 0.5, 3}, {5}, ScalarType::Float);
  const Tensor other = cpuTensor({1, kNan, 2, 0.25, 3}, {5}, ScalarType::Float);
  using Compare = Tensor (*)(const Tensor&, const Tensor&);
  for (Compare compare : {static_cast<Compare>(&eq), static_cast<Compare>(&ne), static_cast<Compare>(&lt),
                          static_cast<Compare>(&le), static_cast<Compare>(&gt), static_cast<Compare>(&ge)}) {
    EXPECT_EQ(fromGpu(compare(onGpu(x), onGpu(other))), valuesOf(compare(x, other)));
  }
  EXPECT_EQ(fromGpu(ne(onGpu(target), Scalar(-100))), valuesOf(ne(target, Scalar(-100))));
  EXPECT_EQ(fromGpu(lt(onGpu(target), Scalar(0))), valuesOf(lt(target, Scalar(0))));
  EXPECT_EQ(fromGpu(ge(onGpu(x), Scalar(0.5))), valuesOf(ge(x, Scalar(0.5))));
  // A Python number beside a CUDA tensor: promoted as a wrapped number
  // (an int64 tensor times 0.5 is float32), computed on the GPU.
  const Tensor half = wrappedScalarTensor(Scalar(0.5));
  const Tensor product = mul(onGpu(target), half);
  EXPECT_EQ(product.dtype(), ScalarType::Float);
  EXPECT_EQ(fromGpu(product), valuesOf(mul(target, half)));
  Tensor weights = onGpu(x);
  weights.sub_(mul(onGpu(other), half));
  EXPECT_EQ(fromGpu(weights), valuesOf(sub(x, mul(other, half))));
}

}  // namespace
}  // namespace mini
