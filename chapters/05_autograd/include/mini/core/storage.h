#pragma once
/// \file
/// \brief The memory behind a tensor, shared by its views, with the version
///        counter that in-place operations bump.

#include <cstdint>
#include <vector>

namespace mini {
inline namespace ch05 {

// [storage]
/// The elements of one or more tensors. A view (mini::view) is a second
/// TensorImpl on the same Storage, so writing through one is seen by the
/// other. This chapter stores float64 only; chapter 06 adds dtypes.
///
/// The version counter lives here too. PyTorch keeps it in TensorImpl and
/// shares it between a tensor, its views and its detached aliases; here
/// exactly those share the storage, so one counter per storage says the same
/// thing with one field fewer.
struct Storage {
  std::vector<double> values;
  /// Bumped by every in-place operator on any tensor of this storage. A saved
  /// tensor remembers the version it was saved at; backward compares.
  std::uint32_t version = 0;
};
// [storage]

}  // namespace ch05
}  // namespace mini
