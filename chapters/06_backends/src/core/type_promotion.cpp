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
constexpr ScalarType f2 = ScalarType::Half;
constexpr ScalarType bf = ScalarType::BFloat16;

// Rows and columns in enum order, read as c10's _promoteTypesLookup is;
// torch.promote_types of 1.13 for every pair (test: ScalarTypes.PromotionTableIsTorchs).
// float16 and bfloat16 meet at float32: neither holds the other's values.
constexpr std::array<std::array<ScalarType, 6>, 6> kPromotionTable = {{
    /*        b1  i8  f4  f8  f2  bf */
    /* b1 */ {b1, i8, f4, f8, f2, bf},
    /* i8 */ {i8, i8, f4, f8, f2, bf},
    /* f4 */ {f4, f4, f4, f8, f4, f4},
    /* f8 */ {f8, f8, f8, f8, f8, f8},
    /* f2 */ {f2, f2, f4, f8, f2, f4},
    /* bf */ {bf, bf, f4, f8, f4, bf},
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

/// c10's combine_categories: the higher group's type, unless the lower
/// group's category is higher; then the two promoted.
std::optional<ScalarType> combineCategories(std::optional<ScalarType> higher, std::optional<ScalarType> lower) {
  if (!higher || !lower) {
    return higher ? higher : lower;
  }
  if (categoryOf(*lower) <= categoryOf(*higher)) {
    return higher;
  }
  return promoteTypes(*higher, *lower);
}

}  // namespace

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  return kPromotionTable[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}

ScalarType resultType(std::initializer_list<PromotionOperand> operands) {
  std::optional<ScalarType> dimensioned;
  std::optional<ScalarType> zeroDim;
  std::optional<ScalarType> wrapped;
  for (const PromotionOperand& operand : operands) {
    if (!operand.zeroDim) {
      dimensioned = promoteSkippingNone(dimensioned, operand.dtype);
    } else if (operand.wrappedNumber) {
      // A Python float is a float64 tensor, but counts as the default type.
      wrapped = promoteSkippingNone(wrapped, isFloatingType(operand.dtype) ? kDefaultFloatType : operand.dtype);
    } else {
      zeroDim = promoteSkippingNone(zeroDim, operand.dtype);
    }
  }
  return combineCategories(dimensioned, combineCategories(zeroDim, wrapped)).value_or(kDefaultFloatType);
}

bool canCast(ScalarType from, ScalarType to) { return categoryOf(from) <= categoryOf(to); }

ScalarType toFloatingResult(ScalarType type) { return isFloatingType(type) ? type : kDefaultFloatType; }

}  // namespace ch06
}  // namespace mini
