#include "mini/core/allocator.h"

#include <array>
#include <atomic>
#include <stdexcept>

namespace mini {
inline namespace ch06 {

namespace {

constexpr std::size_t kNumDeviceTypes = 4;

// Atomic because a backend's library may register while other threads
// allocate; a plain array of pointers is all the state there is.
std::array<std::atomic<Allocator*>, kNumDeviceTypes>& allocatorTable() {
  static std::array<std::atomic<Allocator*>, kNumDeviceTypes> table{};
  return table;
}

}  // namespace

void setAllocator(DeviceType type, Allocator* allocator) {
  allocatorTable()[static_cast<std::size_t>(type)].store(allocator, std::memory_order_release);
}

Allocator& getAllocator(DeviceType type) {
  Allocator* allocator = allocatorTable()[static_cast<std::size_t>(type)].load(std::memory_order_acquire);
  if (type == DeviceType::CPU && allocator == nullptr) {
    // The host allocator needs no registrar: asking is enough.
    return cpuAllocator();
  }
  if (allocator == nullptr) {
    throw std::runtime_error(fmt::format("no allocator is registered for device type '{}': {}", deviceTypeName(type),
                                         type == DeviceType::PrivateUse1
                                             ? "load the out-of-tree backend's library first"
                                             : "this build cannot hold tensors on that device"));
  }
  return *allocator;
}

}  // namespace ch06
}  // namespace mini
