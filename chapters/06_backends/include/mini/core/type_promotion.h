#pragma once
/// \file
/// \brief Which dtype `a + b` has when a and b differ: c10's promoteTypes and
///        the result_type rule that lets a zero-dimensional tensor not win.

#include <initializer_list>

#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

// [promote_types]
/// The smallest type both can be converted to without losing their kind:
/// bool + int64 is int64, int64 + float32 is float32. A table, like c10's,
/// because the real lattice is not a line (uint8 + int8 is int16).
ScalarType promoteTypes(ScalarType a, ScalarType b);
// [promote_types]

/// One operand as result_type sees it: its dtype and whether it has
/// dimensions. PyTorch lets a zero-dimensional tensor (a scalar that happens
/// to be a tensor) decide the result only when it is of a higher category:
/// a float32 tensor times a float64 scalar stays float32, while an int64
/// tensor times a float64 scalar becomes float64.
///
/// A wrapped number (a Python number the binding made a tensor of, c10's
/// is_wrapped_number) counts lower still, and a floating one counts as the
/// default float type: an int64 tensor times 2.5 is float32, not float64.
struct PromotionOperand {
  PromotionOperand(ScalarType dtype, bool zeroDim, bool wrappedNumber = false)
      : dtype(dtype), zeroDim(zeroDim), wrappedNumber(wrappedNumber) {}
  ScalarType dtype;
  bool zeroDim;
  bool wrappedNumber;
};

/// torch.result_type over several operands: promote within the dimensioned
/// ones, within the zero-dimensional ones and within the wrapped numbers,
/// then let each lower group win only if its category (bool < integer <
/// floating) is higher than what the groups above it gave.
ScalarType resultType(std::initializer_list<PromotionOperand> operands);

/// Whether an in-place result of type `from` may be written into a tensor
/// of type `to` (c10's canCast): not across categories downwards, so float
/// into int64 and int64 into bool are refused, float64 into float32 is not.
bool canCast(ScalarType from, ScalarType to);

/// What true division and exp compute in: integers and bools become the
/// default float type (float32), floats stay as they are.
ScalarType toFloatingResult(ScalarType type);

}  // namespace ch06
}  // namespace mini
