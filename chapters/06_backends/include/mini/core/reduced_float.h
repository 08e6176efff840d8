#pragma once
/// \file
/// \brief What Half and BFloat16 share: two bytes of storage, arithmetic in
///        float, and a round to nearest even on the way back (c10's Half.h and
///        BFloat16.h give each type the same set of operators).
///
/// A CPU has no 16-bit floating-point arithmetic the compiler can count on,
/// so a kernel instantiated for Half computes each operation in float and
/// rounds the result into two bytes: that is what ATen's CPU loops do too
/// (their opmath_t of Half is float). Written without C++20 so that nvcc,
/// which compiles the .cu files as C++17, can include it.

#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__CUDACC__)
#define MINI_REDUCED_HOST_DEVICE __host__ __device__
#else
#define MINI_REDUCED_HOST_DEVICE
#endif

namespace mini {
inline namespace ch06 {

/// The bits of a float and back, with memcpy: a union would be undefined
/// behaviour in C++, and std::bit_cast is C++20.
MINI_REDUCED_HOST_DEVICE inline std::uint32_t floatBits(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}
MINI_REDUCED_HOST_DEVICE inline float floatFromBits(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

/// The base of Half and BFloat16 (CRTP): `Derived` supplies
/// `static std::uint16_t fromFloat(float)` and `static float toFloat(std::uint16_t)`;
/// this gives it the constructor from float, the conversion to float and the
/// arithmetic, each operation in float and rounded once.
template <class Derived>
struct ReducedFloat {
  /// The two bytes a tensor's storage holds.
  std::uint16_t x;

  struct FromBits {};
  ReducedFloat() = default;
  MINI_REDUCED_HOST_DEVICE constexpr ReducedFloat(std::uint16_t bits, FromBits) : x(bits) {}
  // Implicit, as c10's: `scalar_t(0)` and `static_cast<scalar_t>(double)` in a
  // kernel written for float and double then work for Half too.
  MINI_REDUCED_HOST_DEVICE ReducedFloat(float value) : x(Derived::fromFloat(value)) {}
  MINI_REDUCED_HOST_DEVICE operator float() const { return Derived::toFloat(x); }

  static MINI_REDUCED_HOST_DEVICE Derived bits(std::uint16_t raw) {
    Derived value;
    value.x = raw;
    return value;
  }
};

/// Whether T is Half or BFloat16: the types whose arithmetic goes through float.
template <class T>
inline constexpr bool isReducedFloat = std::is_base_of_v<ReducedFloat<T>, T>;

/// The type a kernel computes an element of T in: float for Half and
/// BFloat16 (ATen's opmath_type), T itself otherwise.
template <class T>
using OpMathType = std::conditional_t<isReducedFloat<T>, float, T>;

// The operators: float arithmetic, rounded to the operands' type. A mixed
// operation (Half * float) is float arithmetic, as in c10.
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T operator+(T a, T b) {
  return T(static_cast<float>(a) + static_cast<float>(b));
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T operator-(T a, T b) {
  return T(static_cast<float>(a) - static_cast<float>(b));
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T operator*(T a, T b) {
  return T(static_cast<float>(a) * static_cast<float>(b));
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T operator/(T a, T b) {
  return T(static_cast<float>(a) / static_cast<float>(b));
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T operator-(T a) {
  // The sign bit alone: -0 stays distinct from 0, and NaN keeps its payload.
  return T::bits(static_cast<std::uint16_t>(a.x ^ 0x8000u));
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T& operator+=(T& a, T b) {
  return a = a + b;
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T& operator-=(T& a, T b) {
  return a = a - b;
}
template <class T, std::enable_if_t<isReducedFloat<T>, int> = 0>
MINI_REDUCED_HOST_DEVICE T& operator*=(T& a, T b) {
  return a = a * b;
}

}  // namespace ch06
}  // namespace mini
