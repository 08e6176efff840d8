#pragma once
/// \file
/// \brief What a Tensor handle points at: storage, sizes, dtype, autograd state.

#include <memory>

#include "mini/autograd_meta.h"
#include "mini/storage.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch05 {

// [tensor_impl]
/// One tensor. Contiguous, row-major, offset 0 into its storage: a view here
/// is a reshape (mini::view), which needs nothing more. Chapter 06 adds
/// strides, offsets and devices.
struct TensorImpl {
  std::shared_ptr<Storage> storage;
  Sizes sizes;
  ScalarType dtype = ScalarType::Double;
  AutogradMeta autograd;
};
// [tensor_impl]

}  // namespace ch05
}  // namespace mini
