#pragma once
/// \file
/// \brief The bytes behind a tensor, on one device, shared by its views, with
///        the version counter that in-place operations bump.

#include <cstddef>
#include <cstdint>

#include "mini/core/allocator.h"

namespace mini {
inline namespace ch06 {

// [storage]
/// Untyped bytes on one device. Chapter 05's storage was a vector<double>;
/// now the element type belongs to the tensor (two tensors may even view one
/// storage with different sizes and strides), and the bytes come from the
/// allocator of the storage's device.
///
/// A Meta storage has a size and no bytes: shapes can be computed, data
/// cannot be read. The version counter is chapter 05's, unchanged.
struct Storage {
  /// `nbytes` from the allocator of `device`; nothing is allocated on Meta.
  Storage(std::size_t nbytes, Device device);

  /// The first byte, or null on Meta (and for zero bytes).
  void* data() const { return dataPtr.get(); }
  Device device() const { return dataPtr.device(); }

  DataPtr dataPtr;
  std::size_t nbytes = 0;
  /// Bumped by every in-place operator on any tensor of this storage.
  std::uint32_t version = 0;
};
// [storage]

}  // namespace ch06
}  // namespace mini
