#pragma once
// The counted device: an out-of-tree backend on PrivateUse1, built as its
// own shared library. It keeps tensors in host memory from its own
// allocator, which counts what is live, and it reuses the CPU kernels by
// viewing its memory as CPU tensors. Nothing in chapters/06_backends/src
// knows it exists: it registers an allocator and kernels when loaded.

#include <cstddef>

#include "mini/core/tensor.h"

extern "C" {
/// Bytes and blocks the counted allocator handed out and has not got back.
std::size_t countedDeviceLiveBytes();
std::size_t countedDeviceLiveAllocations();
/// Every allocation since the library was loaded.
std::size_t countedDeviceTotalAllocations();
}

namespace counted_device {

/// The device's tensors live at `privateuseone:0`.
inline constexpr mini::Device kCountedDevice{mini::DeviceType::PrivateUse1, 0};

/// A CPU tensor on the same bytes as `tensor` (same sizes, strides, dtype):
/// how this backend borrows the CPU kernels. It owns nothing and must not
/// outlive `tensor`.
mini::Tensor hostAlias(const mini::Tensor& tensor);

/// A new counted-device tensor holding a copy of the CPU tensor `host`.
mini::Tensor toCountedDevice(const mini::Tensor& host);

}  // namespace counted_device
