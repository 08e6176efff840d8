#pragma once
/// \file
/// \brief Memory per device: the Allocator interface, the owning DataPtr, and
///        the registry that maps a device type to its allocator.

#include <cstddef>
#include <memory>

#include "mini/core/device.h"

namespace mini {
inline namespace ch06 {

/// Owning pointer to a block of device memory plus the device it is on. The
/// deleter comes from the allocator that made it, so whoever frees a
/// storage need not know whether it holds host memory, cudaMalloc memory or
/// an out-of-tree device's memory: c10::DataPtr for the same reason.
class DataPtr {
 public:
  using Deleter = void (*)(void*);

  DataPtr() = default;
  DataPtr(void* data, Deleter deleter, Device device) : data_(data, deleter), device_(device) {}

  void* get() const { return data_.get(); }
  Device device() const { return device_; }
  explicit operator bool() const { return static_cast<bool>(data_); }

 private:
  std::unique_ptr<void, Deleter> data_{nullptr, [](void*) {}};
  Device device_;
};

// [allocator]
/// One per device type. Storage calls allocate(); the DataPtr it returns
/// frees itself. PyTorch's c10::Allocator has the same one virtual that
/// matters; a backend written outside the core brings its own.
class Allocator {
 public:
  virtual ~Allocator() = default;
  /// `nbytes` of memory on `device`; zero bytes may give a null DataPtr.
  virtual DataPtr allocate(std::size_t nbytes, Device device) = 0;
};

/// Makes `allocator` the one for `type` (c10::SetAllocator). The allocator
/// must outlive every storage it made: backends register a static one.
void setAllocator(DeviceType type, Allocator* allocator);

/// The allocator for `type`. Throws naming the device type if none is
/// registered: a CUDA build that found no nvcc, or an out-of-tree backend
/// whose library was not loaded.
Allocator& getAllocator(DeviceType type);
// [allocator]

/// The host allocator: 64-byte aligned blocks, so that the vectorised fast
/// paths of the CPU kernels load whole cache lines.
Allocator& cpuAllocator();

}  // namespace ch06
}  // namespace mini
