#pragma once
/// \file
/// \brief cpu_kernel and cpu_kernel_vec: the loops of the kernel files
///        (ATen's native/cpu/Loops.h), one element at a time or one
///        Vectorized<T> at a time.
///
/// Like vectorized.h, for the kernel files only, inside the namespace of
/// the capability they are compiled for.

#include <cstdint>
#include <type_traits>

#include "mini/core/tensor.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/cpu/vectorized.h"

namespace mini {
inline namespace ch06 {
inline namespace CPU_CAPABILITY {

using vec::Vectorized;

namespace detail {

/// The element type a scalar op returns, read from its call operator as
/// ATen's function_traits does: the loop needs no template argument.
template <class CallOperator>
struct call_operator_traits;
template <class C, class R, class... A>
struct call_operator_traits<R (C::*)(A...) const> {
  using result_type = R;
};
template <class F>
using scalar_op_result_t = typename call_operator_traits<decltype(&F::operator())>::result_type;

/// The operands are all contiguous and have out's shape: the loop can walk
/// flat pointers (a one-element add allocates nothing on this path).
template <class... Inputs>
bool allContiguous(const Tensor& out, const Inputs&... inputs) {
  return out.isContiguous() && ((inputs.sizes() == out.sizes() && inputs.isContiguous()) && ...);
}

// [vectorized_loop]
/// out[i] = op(inputs[i]...) for i in [begin, end): Vectorized<T>::size()
/// elements at a time through vop, then the tail, shorter than a vector,
/// one by one through op. Out may be one of the inputs (an in-place add):
/// each vector is loaded whole before it is stored.
template <class T, class Op, class VOp, class... In>
void vectorized_loop(std::int64_t begin, std::int64_t end, T* out, const Op& op, const VOp& vop, const In*... inputs) {
  constexpr std::int64_t kWidth = Vectorized<T>::size();
  std::int64_t i = begin;
  for (; i + kWidth <= end; i += kWidth) {
    vop(Vectorized<T>::loadu(inputs + i)...).store(out + i);
  }
  for (; i < end; ++i) {
    out[i] = op(inputs[i]...);
  }
}
// [vectorized_loop]

/// Any other layout: each operand read through its strides as if it had
/// out's shape (a broadcast input has stride 0 where it repeats).
template <class T, class Op, class... Inputs>
void strided_loop(const Tensor& out, const Op& op, const Inputs&... inputs) {
  const Sizes& shape = out.sizes();
  cpuElementwiseLoop(shape, StridedPointer<T>{out.dataPtr<T>(), out.strides()}, op,
                     StridedPointer<const T>{inputs.template dataPtr<const T>(),
                                             expandedStrides(inputs.sizes(), inputs.strides(), shape)}...);
}

}  // namespace detail

// [cpu_kernel_vec]
/// out = op(inputs...) elementwise, every operand of out's dtype. Flat
/// operands go through detail::vectorized_loop, in chunks of kGrainSize on
/// several threads; any other layout (a transposed view, a broadcast input)
/// through the strided loop of cpu_loops.h, element by element. Both give
/// the same bits: vop is op on each lane.
template <class Op, class VOp, class... Inputs>
void cpu_kernel_vec(const Tensor& out, const Op& op, const VOp& vop, const Inputs&... inputs) {
  using T = detail::scalar_op_result_t<Op>;
  if (detail::allContiguous(out, inputs...)) {
    T* data = out.dataPtr<T>();
    parallelFor(0, out.numel(), kGrainSize, [&](std::int64_t begin, std::int64_t end) {
      detail::vectorized_loop(begin, end, data, op, vop, inputs.template dataPtr<const T>()...);
    });
    return;
  }
  detail::strided_loop<T>(out, op, inputs...);
}
// [cpu_kernel_vec]

/// The same without a vector op, for functions with no vector form here
/// (exp, sin, atan2: ATen's use Sleef's vector versions).
template <class Op, class... Inputs>
void cpu_kernel(const Tensor& out, const Op& op, const Inputs&... inputs) {
  using T = detail::scalar_op_result_t<Op>;
  if (detail::allContiguous(out, inputs...)) {
    cpuContiguousLoop(out.numel(), out.dataPtr<T>(), op, inputs.template dataPtr<const T>()...);
    return;
  }
  detail::strided_loop<T>(out, op, inputs...);
}

}  // namespace CPU_CAPABILITY
}  // namespace ch06
}  // namespace mini
