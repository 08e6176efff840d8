#pragma once
/// \file
/// \brief The dtypes each CPU loop takes, by operator, as 1.13's kernels
///        list them in their AT_DISPATCH.

#include "mini/aten/dispatch_scalar_type.h"

namespace mini {
inline namespace ch06 {

// The two-byte floats where torch has a loop for them, BFloat16 alone where
// only it has one. The name a kernel gives its dispatch is the one 1.13's
// loop gives ("exp_vml_cpu" not implemented for 'Half'), where it is not
// the operator's.
using ArithmeticTypes = AllTypesAnd<ScalarType::Bool, ScalarType::Half, ScalarType::BFloat16>;
using SubtractionTypes = AllTypesAnd<ScalarType::Half, ScalarType::BFloat16>;
using DivisionTypes = FloatingTypesAnd<ScalarType::Half, ScalarType::BFloat16>;
using BFloat16Types = AllTypesAnd<ScalarType::BFloat16>;
using BFloat16FloatingTypes = FloatingTypesAnd<ScalarType::BFloat16>;

}  // namespace ch06
}  // namespace mini
