#include "mini/util/checked_convert.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {

// -2^63 <= value < 2^63: NaN fails both comparisons.
bool int64Holds(double value) { return value >= -0x1p63 && value < 0x1p63; }

// float's inf and NaN are fine; a finite value past its largest is not.
bool floatHolds(double value) {
  return !std::isfinite(value) || std::fabs(value) <= static_cast<double>(std::numeric_limits<float>::max());
}

}  // namespace

void checkConvertible(double value, ScalarType dtype, std::string_view op) {
  const bool holds = dtype == ScalarType::Long    ? int64Holds(value)
                     : dtype == ScalarType::Float ? floatHolds(value)
                                                  : true;  // bool and double hold every double
  if (!holds) {
    // The C++ name PyTorch's message gives the type.
    throw std::runtime_error(fmt::format("{}: value cannot be converted to type {} without overflow", op,
                                         dtype == ScalarType::Long ? "int64_t" : "float"));
  }
}

}  // namespace ch06
}  // namespace mini
