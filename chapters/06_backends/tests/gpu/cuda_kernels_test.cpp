// The CUDA kernels against the CPU kernels, on a real GPU. Every test skips
// with the runtime's reason where there is none, so a machine without a GPU
// shows them as SKIPPED, never as passed.
#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/native/cuda/cuda_kernels.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::valuesOf;

class CudaKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaAvailability cuda = cudaAvailability();
    if (cuda.devices == 0) {
      GTEST_SKIP() << cuda.reason;
    }
  }
  // Through copy_'s CUDA kernel itself, not the dispatcher: these tests are
  // about the kernels.
  static Tensor onGpu(const Tensor& tensor) {
    Tensor gpu = emptyTensor(tensor.sizes(), {tensor.dtype(), cudaDevice(0)});
    return copyCuda_(gpu, tensor);
  }
  static std::vector<double> fromGpu(const Tensor& tensor) {
    Tensor host = emptyTensor(tensor.sizes(), {tensor.dtype(), kCpu});
    return valuesOf(copyCuda_(host, tensor));
  }
};

std::vector<double> ramp(std::int64_t n, double scale) {
  std::vector<double> values(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = scale * (static_cast<double>(i % 97) - 48);
  return values;
}

TEST_F(CudaKernels, ElementwiseMatchesTheCpuOnEveryPath) {
  // 1000003 elements: many blocks, a grid-stride remainder, a vector tail.
  const std::int64_t n = 1000003;
  Tensor a = cpuTensor(ramp(n, 0.01), {n}, ScalarType::Float);
  Tensor b = cpuTensor(ramp(n, -0.02), {n}, ScalarType::Float);
  EXPECT_EQ(fromGpu(addCuda(onGpu(a), onGpu(b))), valuesOf(addCpu(a, b)));
  EXPECT_EQ(fromGpu(mulCuda(onGpu(a), onGpu(b))), valuesOf(mulCpu(a, b)));
  EXPECT_EQ(fromGpu(subCuda(onGpu(a), onGpu(b))), valuesOf(subCpu(a, b)));
  EXPECT_EQ(fromGpu(negCuda(onGpu(a))), valuesOf(negCpu(a)));
  EXPECT_EQ(fromGpu(reluCuda(onGpu(a))), valuesOf(reluCpu(a)));
  EXPECT_THAT(fromGpu(expCuda(onGpu(a))), ::testing::Pointwise(::testing::FloatNear(1e-4), valuesOf(expCpu(a))));
}

TEST_F(CudaKernels, BroadcastingPromotionAndStridedViews) {
  Tensor column = cpuTensor({1, 2, 3}, {3, 1}, ScalarType::Long);
  Tensor row = cpuTensor({10, 20, 30, 40}, {4}, ScalarType::Float);
  Tensor sum = addCuda(onGpu(column), onGpu(row));
  EXPECT_EQ(sum.dtype(), ScalarType::Float);
  EXPECT_EQ(fromGpu(sum), valuesOf(addCpu(column, row)));
  Tensor m = onGpu(cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}));
  Tensor transposed = makeView(m, {3, 2}, {1, 3}, 0);
  EXPECT_THAT(fromGpu(addCuda(transposed, transposed)), ::testing::ElementsAre(2, 8, 4, 10, 6, 12));
  EXPECT_EQ(fromGpu(divCuda(onGpu(column), onGpu(column))), std::vector<double>({1, 1, 1}));
}

TEST_F(CudaKernels, SumAndTiledMatmul) {
  const std::int64_t n = 37, k = 50, m = 19;  // not multiples of the 16 tile
  Tensor a = cpuTensor(ramp(n * k, 1), {n, k}, ScalarType::Double);
  Tensor b = cpuTensor(ramp(k * m, 1), {k, m}, ScalarType::Double);
  EXPECT_EQ(fromGpu(matmulCuda(onGpu(a), onGpu(b))), valuesOf(matmulCpu(a, b)));
  EXPECT_EQ(fromGpu(sumCuda(onGpu(a))), valuesOf(sumCpu(a)));
  EXPECT_EQ(fromGpu(sumCuda(onGpu(a), 0)), valuesOf(sumCpu(a, 0)));
  EXPECT_EQ(fromGpu(sumCuda(onGpu(a), 1, true)), valuesOf(sumCpu(a, 1, true)));
}

TEST_F(CudaKernels, FillArangeAndErrorsNameTheCall) {
  Tensor t = emptyTensor({5}, {ScalarType::Long, cudaDevice(0)});
  EXPECT_THAT(fromGpu(arangeFillCuda_(t, 3, 2)), ::testing::ElementsAre(3, 5, 7, 9, 11));
  EXPECT_THAT(mini_test::errorOf([] {
                emptyTensor({1LL << 50}, {ScalarType::Double, cudaDevice(0)});
              }),
              ::testing::StartsWith("CUDA error in cudaMalloc (while running 'empty')"));
  // The failed cudaMalloc is reported once, not again by the next launch.
  EXPECT_THAT(fromGpu(arangeFillCuda_(t, 0, 1)), ::testing::ElementsAre(0, 1, 2, 3, 4));
}

// Through the dispatcher: to(meta) from a GPU is _to_copy's composite kernel,
// an empty meta tensor and then copy_, which Meta's kernel takes (Meta
// outranks CUDA) and which has nothing to write. PyTorch 1.13 takes the same
// path: torch.ones(2).to('meta') is a meta tensor of size (2,), and the way
// back fails because a meta tensor has no data.
TEST_F(CudaKernels, ToMetaKeepsTheShapeAndTheWayBackHasNoData) {
  const Tensor onMeta = ones({2, 3}, {ScalarType::Float, cudaDevice(0)}).to(kMeta);
  EXPECT_EQ(onMeta.device(), kMeta);
  EXPECT_EQ(onMeta.sizes(), std::vector<std::int64_t>({2, 3}));
  EXPECT_EQ(onMeta.dtype(), ScalarType::Float);
  EXPECT_EQ(mini_test::errorOf([&] { onMeta.to(cudaDevice(0)); }),
            "copy_: cannot copy out of meta tensor; no data! (to cuda:0)");
}

}  // namespace
}  // namespace mini
