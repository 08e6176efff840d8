// Errors of docs/errors.md that no other chapter 06 test raises: one test
// each, named in the catalogue's "Tested by:" line, checking the message
// word for word (or its fixed part, where the system supplies the rest).
// The CUDA kernels' own errors need a GPU: their tests skip, with the
// runtime's reason, on a machine without one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/engine.h"
#include "mini/autograd/gradcheck.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/native/factories.h"
#include "mini/native/structured.h"
#include "mini/util/load_library.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(ErrorCatalogue, BackwardGradientMustHaveTheOutputsShape) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { backward(exp(a), ones({3})); }),
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a shape of "
            "torch.Size([2]).");
}

TEST(ErrorCatalogue, GradcheckNeedsAnOutputThatRequiresGrad) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { gradcheck([](const TensorList&) { return fromValues({1}, {1}); }, {a}); }),
            "gradcheck: the output does not require grad: no input reached it through a recorded operation");
}

TEST(ErrorCatalogue, AnUndefinedTensorSaysSo) {
  EXPECT_EQ(errorOf([] { (void)Tensor().sizes(); }), "this tensor is undefined (a gradient that was never computed?)");
}

TEST(ErrorCatalogue, OnlyLeavesChangeRequiresGrad) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  Tensor b = exp(a);
  EXPECT_EQ(errorOf([&] { b.setRequiresGrad(false); }),
            "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
            "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
}

TEST(ErrorCatalogue, PrivateUse1HasNoAllocatorUntilItsLibraryIsLoaded) {
  EXPECT_EQ(errorOf([] {
              emptyTensor({2}, TensorOptions{}.withDevice({DeviceType::PrivateUse1, 0}));
            }),
            "no allocator is registered for device type 'privateuseone': load the out-of-tree backend's library "
            "first");
}

TEST(ErrorCatalogue, ArangeStepMustBeNonzero) {
  EXPECT_EQ(errorOf([] { arange(0, 1, 0); }), "arange: step must be nonzero");
}

TEST(ErrorCatalogue, ALibraryThatCannotBeLoadedSaysWhy) {
  // The rest of the message is dlerror()'s, which the C library words.
  EXPECT_THAT(errorOf([] { LoadedLibrary("/nonexistent/libmini_missing.so"); }),
              StartsWith("could not load the backend library /nonexistent/libmini_missing.so: "));
}

TEST(ErrorCatalogue, ALibraryWithoutTheSymbolNamesIt) {
  const LoadedLibrary libm("libm.so.6");
  EXPECT_EQ(errorOf([&] { libm.symbol<void()>("mini_no_such_symbol"); }),
            "libm.so.6 exports no symbol 'mini_no_such_symbol'");
}

TEST(ErrorCatalogue, MatmulNeedsMatrices) {
  EXPECT_EQ(errorOf([] {
              matmul(fromValues({1, 2}, {2}), fromValues({1, 2}, {2, 1}));
            }),
            "matmul: this chapter multiplies 2-D tensors only, got 1-D and 2-D: a product of other ranks is not in "
            "mini_torch, the course's module");
}

TEST(ErrorCatalogue, OperandsOnTwoDevicesAreRefused) {
  const Tensor onCpu = fromValues({1, 2, 3, 4}, {2, 2});
  const Tensor onMeta = full({2, 2}, 1.0, {ScalarType::Double, kMeta});
  EXPECT_EQ(errorOf([&] { matmul(onCpu, onMeta); }),
            "matmul: Expected all tensors to be on the same device, but found at least two devices, meta and cpu!");
}

TEST(ErrorCatalogue, DataPtrReadsHostMemoryOnly) {
  const Tensor onMeta = full({2}, 1.0, {ScalarType::Float, kMeta});
  EXPECT_EQ(errorOf([&] { onMeta.dataPtr<float>(); }),
            "dataPtr<float32>() reads host memory, but this tensor is on meta: copy it with to(kCpu) first");
}

TEST(ErrorCatalogue, MutableDataNeedsAContiguousTensor) {
  const Tensor transposed = t(fromValues({1, 2, 3, 4, 5, 6}, {2, 3}));
  EXPECT_EQ(errorOf([&] { transposed.mutableData(); }),
            "data() walks elements in storage order, which needs a contiguous tensor");
}

TEST(ErrorCatalogue, TransposeTakesAtMostTwoDimensions) {
  EXPECT_EQ(errorOf([] {
              t(fromValues({1, 2}, {1, 1, 2}));
            }),
            "t() expects a tensor with <= 2 dimensions, but self is 3D");
}

TEST(ErrorCatalogue, ViewOfANonContiguousTensorIsRefused) {
  const Tensor transposed = t(fromValues({1, 2, 3, 4, 5, 6}, {2, 3}));
  EXPECT_EQ(errorOf([&] { transposed.view({6}); }),
            "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
            "two contiguous subspaces). Use .reshape(...) instead.");
}

TEST(ErrorCatalogue, NegationOfABoolTensorIsRefused) {
  EXPECT_EQ(
      errorOf([] { neg(ones({2}, {ScalarType::Bool})); }),
      "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the "
      "`~` or `logical_not()` operator instead.");
}

// The elementwise meta functions already compute an in-place result in
// self's dtype on self's device, so these two checks of the generated
// in-place wrappers are reached directly.
TEST(ErrorCatalogue, InplaceResultMustHaveSelfsDtypeAndDevice) {
  const Tensor self = ones({2});
  EXPECT_EQ(
      errorOf([&] {
        checkInplace("aten::add_.Tensor", self, {2}, {ScalarType::Double, kCpu});
      }),
      "aten::add_.Tensor: Bad in-place call: input tensor dtype float and output tensor dtype double should match");
  EXPECT_EQ(errorOf([&] {
              checkInplace("aten::add_.Tensor", self, {2}, {ScalarType::Float, kMeta});
            }),
            "aten::add_.Tensor: Bad in-place call: input tensor device cpu and output tensor device meta should match");
}

// The CUDA kernels' limits: run where there is a GPU, skipped elsewhere.
class CudaErrorCatalogue : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaAvailability cuda = cudaAvailability();
    if (cuda.devices == 0) {
      GTEST_SKIP() << cuda.reason;
    }
  }
  static Tensor onGpu(const Tensor& tensor) { return _to_copy(tensor, tensor.dtype(), cudaDevice(0)); }
};

TEST_F(CudaErrorCatalogue, KernelsTakeAtMostEightDimensions) {
  const Tensor nineDims = onGpu(ones({1, 1, 1, 1, 1, 1, 1, 1, 2}));
  EXPECT_THAT(errorOf([&] { exp(nineDims); }), HasSubstr(": CUDA kernels here take at most 8 dimensions, got 9"));
}

TEST_F(CudaErrorCatalogue, KernelsWriteContiguousOutputsOnly) {
  Tensor transposed = t(onGpu(ones({2, 3})));
  EXPECT_THAT(errorOf([&] {
                transposed.add_(onGpu(ones({3, 2})));
              }),
              HasSubstr(": this chapter's CUDA kernels write contiguous outputs only"));
}

TEST_F(CudaErrorCatalogue, FillWritesContiguousTensorsOnly) {
  Tensor transposed = t(onGpu(ones({2, 3})));
  EXPECT_EQ(errorOf([&] { fill_(transposed, 2.0); }), "fill_: this chapter's CUDA fill writes contiguous tensors only");
}

TEST_F(CudaErrorCatalogue, CopyTakesEqualSizes) {
  Tensor destination = onGpu(ones({2}));
  EXPECT_EQ(errorOf([&] { destination.copy_(ones({3})); }), "copy_: CUDA copies take equal sizes, got [2] and [3]");
}

TEST_F(CudaErrorCatalogue, CopyIntoAStridedCudaTensorIsRefused) {
  Tensor transposed = t(onGpu(ones({2, 3})));
  EXPECT_EQ(errorOf([&] {
              transposed.copy_(ones({3, 2}));
            }),
            "copy_: a strided CUDA destination is not supported here");
}

}  // namespace
}  // namespace mini
