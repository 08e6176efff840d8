// Compiled instead of src/cuda/ when CMake found no nvcc: CUDA tensors then
// fail at their first allocation with a message that says why, instead of
// "no allocator" or a missing kernel.
#include <stdexcept>

#include "mini/allocator.h"
#include "mini/cuda_kernels.h"

namespace mini {
inline namespace ch06 {

namespace {

// [built_without_cuda]
constexpr const char* kBuiltWithoutCuda =
    "mini was built without CUDA: CMake found no nvcc when this build was configured (put nvcc on PATH or "
    "install the CUDA Toolkit in /usr/local/cuda, then configure a fresh build directory)";

class BuiltWithoutCudaAllocator final : public Allocator {
 public:
  DataPtr allocate(std::size_t, Device device) override {
    throw std::runtime_error(fmt::format("cannot allocate on {}: {}", device, kBuiltWithoutCuda));
  }
};

const bool registered = [] {
  static BuiltWithoutCudaAllocator allocator;
  setAllocator(DeviceType::CUDA, &allocator);
  return true;
}();
// [built_without_cuda]

}  // namespace

CudaAvailability cudaAvailability() { return {0, kBuiltWithoutCuda}; }
bool builtWithCuda() { return false; }

Tensor copyAcrossDevices(const Tensor& self, Device target) {
  (void)self;
  throw std::runtime_error(fmt::format("cannot copy to {}: {}", target, kBuiltWithoutCuda));
}

}  // namespace ch06
}  // namespace mini
