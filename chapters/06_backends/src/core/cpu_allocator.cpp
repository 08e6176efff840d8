#include <new>

#include "mini/core/allocator.h"

namespace mini {
inline namespace ch06 {

namespace {

// A cache line: the CPU kernels' contiguous loops then start aligned, which
// is what lets the compiler use aligned vector loads without a peeled prologue.
constexpr std::align_val_t kCpuAlignment{64};

class CpuAllocator final : public Allocator {
 public:
  DataPtr allocate(std::size_t nbytes, Device device) override {
    if (nbytes == 0) {
      return DataPtr(nullptr, &freeHost, device);
    }
    return DataPtr(::operator new(nbytes, kCpuAlignment), &freeHost, device);
  }

 private:
  static void freeHost(void* data) { ::operator delete(data, kCpuAlignment); }
};

}  // namespace

Allocator& cpuAllocator() {
  static CpuAllocator allocator;
  return allocator;
}

}  // namespace ch06
}  // namespace mini
