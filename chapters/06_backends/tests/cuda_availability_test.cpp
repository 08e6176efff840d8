// A CUDA tensor on a machine or build that cannot have one fails at once,
// saying why. Runs in every build: which error is right depends on the build.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/native/cuda/cuda_kernels.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using ::testing::HasSubstr;

TEST(CudaAvailability, ACudaTensorSaysWhyItCannotExist) {
  const CudaAvailability cuda = cudaAvailability();
  const std::string error = errorOf([] { emptyTensor({2}, {ScalarType::Float, cudaDevice(0)}); });
  if (!builtWithCuda()) {
    EXPECT_EQ(cuda.devices, 0);
    EXPECT_THAT(error, HasSubstr("cannot allocate on cuda:0: mini was built without CUDA"));
    EXPECT_THAT(errorOf([] {
                  Tensor host = mini_test::cpuTensor({1}, {1});
                  copyCuda_(host, host);
                }),
                HasSubstr("copy_: mini was built without CUDA"));
  } else if (cuda.devices == 0) {
    EXPECT_THAT(cuda.reason, HasSubstr("no CUDA device: cudaGetDeviceCount returned"));
    EXPECT_THAT(error, HasSubstr("(while running 'empty')"));
  } else {
    EXPECT_EQ(error, "");
  }
}

}  // namespace
}  // namespace mini
