#pragma once
/// \file
/// \brief Vectorized<T>: 32 bytes of T as one value (ATen's
///        at::vec::Vectorized, ATen/cpu/vec/vec_base.h), for the loops of
///        src/native/cpu/*_kernel.cpp.
///
/// Included only by the kernel files, which CMake compiles once per CPU
/// capability with CPU_CAPABILITY defined as DEFAULT or AVX2: everything
/// here lives in a namespace of that name, so the two builds' copies of
/// each function are different functions, and the linker never swaps an
/// AVX2 one into the default build.

#include <array>
#include <cstdint>
#include <cstring>

#include "mini/native/elementwise_functors.h"

#ifndef CPU_CAPABILITY
#error "vectorized.h is for the kernel files, which CMake compiles with CPU_CAPABILITY=DEFAULT or AVX2"
#endif

namespace mini {
inline namespace ch06 {
namespace vec {
inline namespace CPU_CAPABILITY {

// [vectorized]
/// The generic Vectorized<T>: an array of 32 bytes' worth of T, and each
/// operation a loop over it with the scalar functor (AddOp<T>, ...), so
/// its results are the scalar loop's to the bit for every dtype: integers
/// wrap, bool adds as or, Half and BFloat16 round once per element. The
/// loop's length is a constant, so the compiler may still vectorise it for
/// the instructions the build allows.
template <class T>
class Vectorized {
 public:
  using value_type = T;
  static constexpr std::int64_t size() { return 32 / static_cast<std::int64_t>(sizeof(T)); }

  Vectorized() = default;
  /// Every lane `value`: a scalar operand broadcast across the vector.
  explicit Vectorized(T value) { values_.fill(value); }

  static Vectorized loadu(const void* pointer) {
    Vectorized result;
    std::memcpy(result.values_.data(), pointer, sizeof(values_));
    return result;
  }
  void store(void* pointer) const { std::memcpy(pointer, values_.data(), sizeof(values_)); }

  T operator[](std::int64_t lane) const { return values_[static_cast<std::size_t>(lane)]; }

  /// f applied to each lane: a vector operation for a function that has no
  /// vector instruction (exp, sin), with the scalar function's results.
  template <class F>
  Vectorized map(const F& f) const {
    Vectorized result;
    for (std::size_t i = 0; i < values_.size(); ++i) {
      result.values_[i] = f(values_[i]);
    }
    return result;
  }
  template <class F>
  Vectorized zipWith(const Vectorized& other, const F& f) const {
    Vectorized result;
    for (std::size_t i = 0; i < values_.size(); ++i) {
      result.values_[i] = f(values_[i], other.values_[i]);
    }
    return result;
  }
  Vectorized neg() const { return map(NegOp<T>{}); }

 private:
  std::array<T, static_cast<std::size_t>(size())> values_;
};

template <class T>
Vectorized<T> operator+(const Vectorized<T>& a, const Vectorized<T>& b) {
  return a.zipWith(b, AddOp<T>{});
}
template <class T>
Vectorized<T> operator-(const Vectorized<T>& a, const Vectorized<T>& b) {
  return a.zipWith(b, SubOp<T>{});
}
template <class T>
Vectorized<T> operator*(const Vectorized<T>& a, const Vectorized<T>& b) {
  return a.zipWith(b, MulOp<T>{});
}
template <class T>
Vectorized<T> operator/(const Vectorized<T>& a, const Vectorized<T>& b) {
  return a.zipWith(b, DivOp<T>{});
}
// [vectorized]

}  // namespace CPU_CAPABILITY
}  // namespace vec
}  // namespace ch06
}  // namespace mini

#if defined(CPU_CAPABILITY_AVX2)
#include "mini/native/cpu/vectorized_avx2.h"
#endif
