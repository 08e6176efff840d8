#pragma once
/// \file
/// \brief The arithmetic of the elementwise operators, written once for the
///        CPU loops and the CUDA kernels.
///
/// nvcc compiles a function for the GPU only if it is marked `__device__`; a
/// plain C++ compiler does not know the word. MINI_HOST_DEVICE is both
/// `__host__ __device__` under nvcc and nothing elsewhere, so this header is
/// included by cpu_kernels.cpp and by the .cu files alike, and the CPU tests
/// check the very expressions the GPU runs.

#include <math.h>  // ::expf and ::exp, the names device code has too

#include <type_traits>

#if defined(__CUDACC__)
#define MINI_HOST_DEVICE __host__ __device__
#else
#define MINI_HOST_DEVICE
#endif

namespace mini {
inline namespace ch06 {

/// The arithmetic of integer tensors wraps around, as torch's does (int64
/// 2^63 - 1 + 1 is -2^63). In C++ a signed overflow is undefined, so the
/// sum is taken in the unsigned type, where it wraps, and converted back.
template <class T>
MINI_HOST_DEVICE T wrapping(T a, T b, char op) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    const U x = static_cast<U>(a), y = static_cast<U>(b);
    return static_cast<T>(op == '+' ? x + y : op == '-' ? x - y : x * y);
  } else {
    return static_cast<T>(op == '+' ? a + b : op == '-' ? a - b : a * b);
  }
}

// [functors]
/// One functor per operator, a template over the element type so the
/// dispatch on dtype picks the instantiation. Bool arithmetic follows torch:
/// true + true is true (logical or), true * false is false (logical and).
///
/// add and sub take an alpha (`add(a, b, alpha=2)` is a + 2 * b), held in the
/// loop's type, as 1.13's loop converts it once; 1 unless a kernel sets it,
/// and then exact, so a + 1 * b is a + b to the bit. The product is rounded
/// on its own before the sum, as c10's Half and BFloat16 arithmetic rounds
/// each operation, and as 1.13's CPU add does for float16. For bfloat16,
/// 1.13's vector loop, which takes whole blocks of 32 elements, fuses the
/// two in float, so with alpha other than 1 the last bit can differ there.
/// The CPU's sub is add with -alpha, as in 1.13; SubOp is the GPU's.
template <class T>
struct AddOp {
  T alpha = static_cast<T>(1.0f);
  MINI_HOST_DEVICE T operator()(T a, T b) const { return wrapping(a, wrapping(alpha, b, '*'), '+'); }
};

template <class T>
struct SubOp {
  MINI_HOST_DEVICE T operator()(T a, T b) const { return wrapping(a, b, '-'); }
};

template <class T>
struct MulOp {
  MINI_HOST_DEVICE T operator()(T a, T b) const { return wrapping(a, b, '*'); }
};

/// True division: only ever instantiated for floating types (an int64
/// division is promoted to float32 first, as torch.div does).
template <class T>
struct DivOp {
  MINI_HOST_DEVICE T operator()(T a, T b) const { return a / b; }
};

template <class T>
struct NegOp {
  // 0 - a for integers, where it wraps; -a for floats, where 0 - 0. is 0.
  // but -0. is -0.
  MINI_HOST_DEVICE T operator()(T a) const {
    if constexpr (std::is_integral_v<T>) {
      return wrapping(T(0), a, '-');
    } else {
      return static_cast<T>(-a);
    }
  }
};

/// Written as "0 where negative, else a", as torch's clamp_min(self, 0):
/// relu(NaN) is NaN and relu(-0.) is -0., where "a if positive" gave 0.
template <class T>
struct ReluOp {
  MINI_HOST_DEVICE T operator()(T a) const { return a < T(0) ? T(0) : a; }
};

/// expf for float, exp for double: both exist in host and device code under
/// these names, which std::exp does not guarantee for device code. The `::`
/// matters: inside namespace mini the operator mini::exp(const Tensor&)
/// would hide the C function from a file that declares the operators first.
/// Half and BFloat16 go through expf and are rounded once, as ATen's are.
template <class T>
struct ExpOp {
  MINI_HOST_DEVICE T operator()(T a) const {
    if constexpr (sizeof(T) <= sizeof(float)) {
      return static_cast<T>(::expf(static_cast<float>(a)));
    } else {
      return ::exp(a);
    }
  }
};

/// relu's backward (torch's threshold_backward): 0 where the forward result
/// is at most 0, else the gradient, so a NaN result passes its gradient on.
template <class T>
struct ReluBackwardOp {
  MINI_HOST_DEVICE T operator()(T grad, T result) const { return result <= T(0) ? T(0) : grad; }
};
// [functors]

/// 1 / (1 + exp(-a)), in float for float, Half and BFloat16 and rounded
/// once (1.13's loops compute in opmath_t), in double for double.
template <class T>
struct SigmoidOp {
  MINI_HOST_DEVICE T operator()(T a) const {
    if constexpr (sizeof(T) <= sizeof(float)) {
      return static_cast<T>(1.0f / (1.0f + ::expf(-static_cast<float>(a))));
    } else {
      return 1.0 / (1.0 + ::exp(-a));
    }
  }
};

/// sigmoid's backward from its result: grad * (1 - result) * result, each
/// operation in T and rounded (Half's and BFloat16's arithmetic), as 1.13's
/// CUDA loop and its CPU loop for Half; the CPU's BFloat16 loop computes in
/// float and rounds once (src/native/cpu/binary_ops_kernel.cpp).
template <class T>
struct SigmoidBackwardOp {
  MINI_HOST_DEVICE T operator()(T grad, T result) const { return grad * (T(1) - result) * result; }
};

}  // namespace ch06
}  // namespace mini
