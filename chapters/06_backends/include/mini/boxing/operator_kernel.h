#pragma once
/// \file
/// \brief OperatorKernel: the base class of every kernel a KernelFunction owns.

#include "mini/util/intrusive_ptr.h"

namespace mini {
inline namespace ch06 {

// [operator_kernel]
/// A kernel written as a class: its operator() is the kernel, and its
/// members are state the kernel keeps between calls (a cache, a counter, a
/// handle to a library). c10::OperatorKernel is the same empty base. The
/// KernelFunction owns the object through an intrusive_ptr, so copies of a
/// dispatch table share it and the last table to go deletes it.
///
/// Every other kind of kernel becomes one of these too: a function pointer
/// or a lambda is wrapped into a functor (wrap_function_into_functor.h), so
/// a KernelFunction has one way to call whatever it holds.
class OperatorKernel : public intrusive_ptr_target {
 public:
  ~OperatorKernel() override = default;
};
// [operator_kernel]

}  // namespace ch06
}  // namespace mini
