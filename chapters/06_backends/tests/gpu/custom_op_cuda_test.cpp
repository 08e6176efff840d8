// myops::myadd on a GPU: the custom-operator recipe's CUDA kernel, reached
// through the dispatcher from the public function and from autograd. Skips
// with the runtime's reason where no GPU is present.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/extension/my_add_function.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::valuesOf;

class MyAddOnCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    const CudaAvailability cuda = cudaAvailability();
    if (cuda.devices == 0) {
      GTEST_SKIP() << cuda.reason;
    }
  }
};

TEST_F(MyAddOnCuda, RunsTheCudaKernelAndMatchesTheCpu) {
  const Tensor a = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Float);
  const Tensor b = cpuTensor({10, 20, 30}, {3}, ScalarType::Float);
  const Tensor sum = myadd(a.to(cudaDevice(0)), b.to(cudaDevice(0)));
  EXPECT_EQ(sum.device(), cudaDevice(0));
  EXPECT_EQ(sum.dtype(), ScalarType::Float);
  EXPECT_EQ(valuesOf(sum.to(kCpu)), valuesOf(myadd(a, b)));
}

TEST_F(MyAddOnCuda, BackwardGoesThroughTheSameCustomFunction) {
  const Tensor a = cpuTensor({1, 2}, {2}).to(cudaDevice(0)).setRequiresGrad(true);
  const Tensor b = cpuTensor({3, 4}, {2}).to(cudaDevice(0)).setRequiresGrad(true);
  const Tensor c = myadd(a, b);
  ASSERT_NE(c.gradFn(), nullptr);
  EXPECT_EQ(c.gradFn()->name(), "MyAddFunctionBackward");
  mini::sum(c).backward();
  EXPECT_EQ(a.grad().device(), cudaDevice(0));
  EXPECT_EQ(valuesOf(a.grad().to(kCpu)), std::vector<double>({1, 1}));
  EXPECT_EQ(valuesOf(b.grad().to(kCpu)), std::vector<double>({1, 1}));
}

}  // namespace
}  // namespace mini
