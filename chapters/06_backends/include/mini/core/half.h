#pragma once
/// \file
/// \brief torch.float16: IEEE 754 binary16, stored in two bytes (c10::Half).

#include "mini/core/reduced_float.h"

namespace mini {
inline namespace ch06 {

// [half]
/// 1 sign bit, 5 exponent bits, 10 mantissa bits: about 3 decimal digits,
/// largest finite value 65504. The conversions are c10's (from the FP16
/// library): float to half rounds to nearest, ties to even, overflows to
/// inf, and keeps NaN a NaN.
struct Half : ReducedFloat<Half> {
  using ReducedFloat::ReducedFloat;

  static MINI_REDUCED_HOST_DEVICE std::uint16_t fromFloat(float value) {
    // Scaling by 2^112 and back by 2^-110 lets the float unit do the
    // rounding: adding the bias below shifts the 10 mantissa bits to the
    // bottom of the float, and the addition rounds to nearest even there.
    const float scaleToInf = floatFromBits(0x77800000u);   // 2^112
    const float scaleToZero = floatFromBits(0x08800000u);  // 2^-110
    const float magnitude = value < 0 ? -value : value;
    float base = (magnitude * scaleToInf) * scaleToZero;
    const std::uint32_t w = floatBits(value);
    const std::uint32_t shl1W = w + w;
    const std::uint32_t sign = w & 0x80000000u;
    std::uint32_t bias = shl1W & 0xFF000000u;
    if (bias < 0x71000000u) {
      bias = 0x71000000u;  // subnormal halves: a fixed exponent
    }
    base = floatFromBits((bias >> 1) + 0x07800000u) + base;
    const std::uint32_t bits = floatBits(base);
    const std::uint32_t exponentBits = (bits >> 13) & 0x00007C00u;
    const std::uint32_t mantissaBits = bits & 0x00000FFFu;
    const std::uint32_t nonSign = exponentBits + mantissaBits;
    return static_cast<std::uint16_t>((sign >> 16) | (shl1W > 0xFF000000u ? 0x7E00u : nonSign));
  }

  static MINI_REDUCED_HOST_DEVICE float toFloat(std::uint16_t half) {
    const std::uint32_t w = static_cast<std::uint32_t>(half) << 16;
    const std::uint32_t sign = w & 0x80000000u;
    const std::uint32_t twoW = w + w;
    // Normal halves: move the exponent and mantissa into place and rescale.
    const float normalized = floatFromBits((twoW >> 4) + (0xE0u << 23)) * floatFromBits(0x07800000u);  // 2^-112
    // Subnormal halves: the mantissa as the low bits of 0.5's float, minus 0.5.
    const float denormalized = floatFromBits((twoW >> 17) | (126u << 23)) - 0.5f;
    const std::uint32_t result = sign | (twoW < (1u << 27) ? floatBits(denormalized) : floatBits(normalized));
    return floatFromBits(result);
  }
};
// [half]

}  // namespace ch06
}  // namespace mini
