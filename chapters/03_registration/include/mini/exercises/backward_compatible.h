#pragma once
/// \file
/// \brief Exercise 03.4's declaration: whether an operator's new schema still
///        serves every call written against its old one. The dispatcher never
///        calls it; PyTorch runs the same check on its own schemas in CI.

#include <optional>
#include <string>

#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Why `updated` is not backward compatible with `old`, or nothing when it
/// is: c10::FunctionSchema::isBackwardCompatibleWith(old), with the reason
/// the course gives for each way to fail (see the lesson's exercise 03.4).
std::optional<std::string> backwardIncompatibility(const FunctionSchema& updated, const FunctionSchema& old);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
