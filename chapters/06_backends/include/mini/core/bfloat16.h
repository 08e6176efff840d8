#pragma once
/// \file
/// \brief torch.bfloat16: the top half of a float, stored in two bytes (c10::BFloat16).

#include "mini/core/reduced_float.h"

namespace mini {
inline namespace ch06 {

// [bfloat16]
/// 1 sign bit, 8 exponent bits, 7 mantissa bits: float's range with about
/// 2 decimal digits. Converting to float appends 16 zero bits; converting
/// from float rounds the low 16 bits away, to nearest, ties to even (c10's
/// round_to_nearest_even), and any NaN becomes the quiet NaN 0x7FC0.
struct BFloat16 : ReducedFloat<BFloat16> {
  using ReducedFloat::ReducedFloat;

  static MINI_REDUCED_HOST_DEVICE std::uint16_t fromFloat(float value) {
    if (value != value) {
      return 0x7FC0u;
    }
    const std::uint32_t bits = floatBits(value);
    // 0x7FFF plus the lowest kept bit: a tie rounds up only when that makes
    // the kept part even.
    const std::uint32_t roundingBias = 0x7FFFu + ((bits >> 16) & 1u);
    return static_cast<std::uint16_t>((bits + roundingBias) >> 16);
  }

  static MINI_REDUCED_HOST_DEVICE float toFloat(std::uint16_t bfloat) {
    return floatFromBits(static_cast<std::uint32_t>(bfloat) << 16);
  }

  /// float(BFloat16(value)) without leaving float: the same rounding, with
  /// no branch, so a loop of it vectorises (the bfloat16 matmul's inner loop).
  static MINI_REDUCED_HOST_DEVICE float roundedFloat(float value) {
    const std::uint32_t bits = floatBits(value);
    const std::uint32_t rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
    return floatFromBits(value != value ? 0x7FC00000u : rounded);
  }
};
// [bfloat16]

}  // namespace ch06
}  // namespace mini
