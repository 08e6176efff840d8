#include "mini/core/type_promotion.h"

#include <array>
#include <optional>

namespace mini {
inline namespace ch06 {

namespace {

constexpr ScalarType b1 = ScalarType::Bool;
constexpr ScalarType i8 = ScalarType::Long;
constexpr ScalarType f4 = ScalarType::Float;
constexpr ScalarType f8 = ScalarType::Double;

// Rows and columns in enum order, read as c10's _promoteTypesLookup is.
constexpr std::array<std::array<ScalarType, 4>, 4> kPromotionTable = {{
    /*        b1  i8  f4  f8 */
    /* b1 */ {b1, i8, f4, f8},
    /* i8 */ {i8, i8, f4, f8},
    /* f4 */ {f4, f4, f4, f8},
    /* f8 */ {f8, f8, f8, f8},
}};

enum class Category { Bool, Integral, Floating };

Category categoryOf(ScalarType type) {
  if (type == ScalarType::Bool) {
    return Category::Bool;
  }
  return isFloatingType(type) ? Category::Floating : Category::Integral;
}

std::optional<ScalarType> promoteSkippingNone(std::optional<ScalarType> a, ScalarType b) {
  return a ? promoteTypes(*a, b) : b;
}

}  // namespace

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  return kPromotionTable[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}

ScalarType resultType(std::initializer_list<PromotionOperand> operands) {
  std::optional<ScalarType> dimensioned;
  std::optional<ScalarType> zeroDim;
  for (const PromotionOperand& operand : operands) {
    if (operand.zeroDim) {
      zeroDim = promoteSkippingNone(zeroDim, operand.dtype);
    } else {
      dimensioned = promoteSkippingNone(dimensioned, operand.dtype);
    }
  }
  if (!dimensioned) {
    return zeroDim.value_or(kDefaultFloatType);
  }
  if (!zeroDim || categoryOf(*zeroDim) <= categoryOf(*dimensioned)) {
    return *dimensioned;
  }
  return promoteTypes(*dimensioned, *zeroDim);
}

bool canCast(ScalarType from, ScalarType to) { return categoryOf(from) <= categoryOf(to); }

ScalarType toFloatingResult(ScalarType type) { return isFloatingType(type) ? type : kDefaultFloatType; }

}  // namespace ch06
}  // namespace mini
