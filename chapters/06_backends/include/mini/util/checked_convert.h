#pragma once
/// \file
/// \brief A number into a dtype without undefined behaviour: fill values are
/// checked, copied elements are converted as PyTorch's CPU kernels show them.

#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

/// PyTorch's Scalar::to (c10::checked_convert): refuses a value `dtype`
/// cannot hold, because converting it is undefined in C++. int64 holds no
/// NaN, no inf and nothing beyond 2^63; float holds inf and NaN but no finite
/// value beyond its range; bool and double hold every double. Throws
/// "{op}: value cannot be converted to type int64_t without overflow".
void checkConvertible(double value, ScalarType dtype, std::string_view op);

/// One element of copy_ (and of every dtype conversion, which is a copy_):
/// a floating value an integer type cannot hold becomes the type's lowest
/// value, what x86's conversion instruction gives and so what PyTorch prints
/// for torch.tensor([inf]).long(), instead of C++'s undefined behaviour.
/// copy_ does not refuse them: PyTorch's does not either.
template <class To, class From>
To convertElement(From value) {
  if constexpr (std::is_integral_v<To> && !std::is_same_v<To, bool> && std::is_floating_point_v<From>) {
    // The lowest int64 is -2^63, exact in float and double; 2^63 is its negation.
    constexpr From lowest = static_cast<From>(std::numeric_limits<To>::min());
    if (!(value >= lowest && value < -lowest)) {  // NaN fails both
      return std::numeric_limits<To>::min();
    }
  }
  return static_cast<To>(value);
}

}  // namespace ch06
}  // namespace mini
