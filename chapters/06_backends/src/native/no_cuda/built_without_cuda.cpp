// Compiled instead of src/native/cuda/ when CMake found no nvcc: CUDA tensors then
// fail at their first allocation with a message that says why, instead of
// "no allocator" or a missing kernel.
#include <stdexcept>

#include "mini/core/allocator.h"
#include "mini/exercises/leaky_relu_cuda.h"
#include "mini/native/cuda/cuda_kernels.h"

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

[[noreturn]] void refuse(std::string_view op) {
  throw std::runtime_error(fmt::format("{}: {}", op, kBuiltWithoutCuda));
}

}  // namespace

CudaAvailability cudaAvailability() { return {0, kBuiltWithoutCuda}; }
bool builtWithCuda() { return false; }

// Every CUDA kernel exists in this build too, and says why it cannot run.
Tensor addCuda(const Tensor&, const Tensor&) { refuse("add"); }
Tensor subCuda(const Tensor&, const Tensor&) { refuse("sub"); }
Tensor mulCuda(const Tensor&, const Tensor&) { refuse("mul"); }
Tensor divCuda(const Tensor&, const Tensor&) { refuse("div"); }
Tensor negCuda(const Tensor&) { refuse("neg"); }
Tensor reluCuda(const Tensor&) { refuse("relu"); }
Tensor expCuda(const Tensor&) { refuse("exp"); }
Tensor reluBackwardCuda(const Tensor&, const Tensor&) { refuse("threshold_backward"); }
Tensor sumCuda(const Tensor&, std::optional<std::int64_t>, bool) { refuse("sum"); }
Tensor sumAllCuda(const Tensor&) { refuse("sum"); }
Tensor matmulCuda(const Tensor&, const Tensor&) { refuse("matmul"); }
void matmulIntoCuda(const Tensor&, const Tensor&, const Tensor&) { refuse("matmul"); }
void argmaxIntoCuda(const Tensor&, const Tensor&, std::optional<std::int64_t>) { refuse("argmax"); }
void comparisonIntoCuda(const Tensor&, const Tensor&, const Tensor&, Comparison which) {
  refuse(comparisonName(which));
}
Tensor& fillCuda_(Tensor&, double) { refuse("fill_"); }
Tensor& arangeFillCuda_(Tensor&, double, double) { refuse("arange"); }
Tensor toDtypeCuda(const Tensor&, ScalarType) { refuse("to"); }
Tensor& copyCuda_(Tensor&, const Tensor&) { refuse("copy_"); }
Tensor contiguousCuda(const Tensor&) { refuse("contiguous"); }

// Exercise 06.3's launcher, whose .cu file only nvcc compiles: its test
// links in every build and skips here, with the reason above.
bool launchLeakyReluCuda(const float*, float*, std::int64_t, float) { refuse("leaky_relu"); }

}  // namespace ch06
}  // namespace mini
