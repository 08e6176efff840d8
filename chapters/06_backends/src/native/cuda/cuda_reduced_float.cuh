#pragma once
// The two-byte floats on the GPU: mini::Half and mini::BFloat16 are the
// tensors' element types on the host (the dispatch on dtype instantiates the
// launchers with them); a kernel computes on CUDA's own __half and
// __nv_bfloat16, which have the same bits and the GPU's native conversions
// and arithmetic (cuda_fp16.h, cuda_bf16.h). The launchers reinterpret the
// pointers: same size, same layout, same rounding to nearest even.

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

#include "mini/core/bfloat16.h"
#include "mini/core/half.h"

namespace mini {
inline namespace ch06 {

template <class T>
struct NativeCudaType {
  using type = T;
};
template <>
struct NativeCudaType<Half> {
  using type = __half;
};
template <>
struct NativeCudaType<BFloat16> {
  using type = __nv_bfloat16;
};
template <class T>
using NativeCudaTypeOf = typename NativeCudaType<T>::type;

static_assert(sizeof(__half) == sizeof(Half) && sizeof(__nv_bfloat16) == sizeof(BFloat16));

template <class T>
NativeCudaTypeOf<std::remove_const_t<T>>* asNative(T* pointer) {
  return reinterpret_cast<NativeCudaTypeOf<std::remove_const_t<T>>*>(const_cast<std::remove_const_t<T>*>(pointer));
}

/// Whether T is one of CUDA's two-byte float types.
template <class T>
inline constexpr bool isNativeReduced = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

/// What a kernel adds T up in: float for the two-byte types (ATen's
/// acc_type on CUDA), T itself otherwise.
template <class T>
using CudaAccumulateType = std::conditional_t<isNativeReduced<T>, float, T>;

}  // namespace ch06
}  // namespace mini
