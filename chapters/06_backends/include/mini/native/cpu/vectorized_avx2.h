#pragma once
/// \file
/// \brief Vectorized<float> and Vectorized<double> in the AVX2 build: one
///        256-bit register each (ATen's vec256_float.h, vec256_double.h).
///
/// Each operation is one instruction on 8 floats or 4 doubles. IEEE
/// arithmetic rounds each lane as the scalar operation would, so the
/// results are the default build's to the bit, NaN included; the kernel
/// files are compiled with -ffp-contract=off so that no a * b + c becomes a
/// fused multiply-add, which rounds once instead of twice.

#include <immintrin.h>

#include "mini/native/cpu/vectorized.h"

namespace mini {
inline namespace ch06 {
namespace vec {
inline namespace CPU_CAPABILITY {

// [vectorized_avx2]
template <>
class Vectorized<float> {
 public:
  using value_type = float;
  static constexpr std::int64_t size() { return 8; }

  Vectorized() = default;
  explicit Vectorized(__m256 values) : values_(values) {}
  explicit Vectorized(float value) : values_(_mm256_set1_ps(value)) {}

  static Vectorized loadu(const void* pointer) {
    return Vectorized(_mm256_loadu_ps(static_cast<const float*>(pointer)));
  }
  void store(void* pointer) const { _mm256_storeu_ps(static_cast<float*>(pointer), values_); }
  operator __m256() const { return values_; }

  // -a flips the sign bit, as the scalar negation does (-0. from 0.).
  Vectorized neg() const { return Vectorized(_mm256_xor_ps(_mm256_set1_ps(-0.0F), values_)); }

 private:
  __m256 values_;
};

template <>
class Vectorized<double> {
 public:
  using value_type = double;
  static constexpr std::int64_t size() { return 4; }

  Vectorized() = default;
  explicit Vectorized(__m256d values) : values_(values) {}
  explicit Vectorized(double value) : values_(_mm256_set1_pd(value)) {}

  static Vectorized loadu(const void* pointer) {
    return Vectorized(_mm256_loadu_pd(static_cast<const double*>(pointer)));
  }
  void store(void* pointer) const { _mm256_storeu_pd(static_cast<double*>(pointer), values_); }
  operator __m256d() const { return values_; }

  Vectorized neg() const { return Vectorized(_mm256_xor_pd(_mm256_set1_pd(-0.0), values_)); }

 private:
  __m256d values_;
};

inline Vectorized<float> operator+(const Vectorized<float>& a, const Vectorized<float>& b) {
  return Vectorized<float>(_mm256_add_ps(a, b));
}
inline Vectorized<float> operator-(const Vectorized<float>& a, const Vectorized<float>& b) {
  return Vectorized<float>(_mm256_sub_ps(a, b));
}
inline Vectorized<float> operator*(const Vectorized<float>& a, const Vectorized<float>& b) {
  return Vectorized<float>(_mm256_mul_ps(a, b));
}
inline Vectorized<float> operator/(const Vectorized<float>& a, const Vectorized<float>& b) {
  return Vectorized<float>(_mm256_div_ps(a, b));
}
inline Vectorized<double> operator+(const Vectorized<double>& a, const Vectorized<double>& b) {
  return Vectorized<double>(_mm256_add_pd(a, b));
}
inline Vectorized<double> operator-(const Vectorized<double>& a, const Vectorized<double>& b) {
  return Vectorized<double>(_mm256_sub_pd(a, b));
}
inline Vectorized<double> operator*(const Vectorized<double>& a, const Vectorized<double>& b) {
  return Vectorized<double>(_mm256_mul_pd(a, b));
}
inline Vectorized<double> operator/(const Vectorized<double>& a, const Vectorized<double>& b) {
  return Vectorized<double>(_mm256_div_pd(a, b));
}
// [vectorized_avx2]

}  // namespace CPU_CAPABILITY
}  // namespace vec
}  // namespace ch06
}  // namespace mini
