// [counted_allocator]
// The backend's memory: 64-byte aligned host blocks, each counted while it
// is live. setAllocator(PrivateUse1, ...) at load time is all it takes for
// `empty(..., device=privateuseone)` and every Storage on this device to
// come from here.
#include <atomic>
#include <cstdlib>
#include <new>

#include "counted_device.h"
#include "mini/core/allocator.h"

namespace {

std::atomic<std::size_t> liveBytes{0};
std::atomic<std::size_t> liveAllocations{0};
std::atomic<std::size_t> totalAllocations{0};

// The size sits in a 64-byte header before the block, so the deleter (a
// plain function pointer, as DataPtr wants) knows what to subtract.
constexpr std::size_t kHeader = 64;

void countedFree(void* data) {
  if (data == nullptr) {
    return;
  }
  char* block = static_cast<char*>(data) - kHeader;
  liveBytes -= *reinterpret_cast<std::size_t*>(block);
  --liveAllocations;
  std::free(block);
}

class CountedAllocator final : public mini::Allocator {
 public:
  mini::DataPtr allocate(std::size_t nbytes, mini::Device device) override {
    if (nbytes == 0) {
      return mini::DataPtr(nullptr, &countedFree, device);
    }
    const std::size_t rounded = (kHeader + nbytes + 63) / 64 * 64;
    char* block = static_cast<char*>(std::aligned_alloc(64, rounded));
    if (block == nullptr) {
      throw std::bad_alloc();
    }
    *reinterpret_cast<std::size_t*>(block) = nbytes;
    liveBytes += nbytes;
    ++liveAllocations;
    ++totalAllocations;
    return mini::DataPtr(block + kHeader, &countedFree, device);
  }
};

const bool registered = [] {
  static CountedAllocator allocator;
  mini::setAllocator(mini::DeviceType::PrivateUse1, &allocator);
  return true;
}();

}  // namespace
// [counted_allocator]

extern "C" std::size_t countedDeviceLiveBytes() { return liveBytes; }
extern "C" std::size_t countedDeviceLiveAllocations() { return liveAllocations; }
extern "C" std::size_t countedDeviceTotalAllocations() { return totalAllocations; }
