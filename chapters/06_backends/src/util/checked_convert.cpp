#include "mini/util/checked_convert.h"
#include "mini/util/operator_error.h"

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

// The same for the two-byte floats, up to their largest finite values:
// 65504 for float16, (2 - 2^-7) * 2^127 for bfloat16.
bool holdsUpTo(double value, double largest) { return !std::isfinite(value) || std::fabs(value) <= largest; }

// The C++ name PyTorch's message gives the type.
std::string_view cppTypeName(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Long: return "int64_t";
    case ScalarType::Half: return "at::Half";
    case ScalarType::BFloat16: return "at::BFloat16";
    default: return "float";
  }
}

}  // namespace

void checkConvertible(double value, ScalarType dtype, std::string_view op) {
  const bool holds = dtype == ScalarType::Long       ? int64Holds(value)
                     : dtype == ScalarType::Float    ? floatHolds(value)
                     : dtype == ScalarType::Half     ? holdsUpTo(value, 65504.0)
                     : dtype == ScalarType::BFloat16 ? holdsUpTo(value, 0x1.fep127)
                                                     : true;  // bool and double hold every double
  if (!holds) {
    throw OperatorRuntimeError(
        op, fmt::format("value cannot be converted to type {} without overflow", cppTypeName(dtype)));
  }
}

}  // namespace ch06
}  // namespace mini
