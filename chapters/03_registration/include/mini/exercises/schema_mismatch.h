#pragma once
/// \file
/// \brief Exercise 03.4's declaration: it mirrors a piece of the dispatcher
///        and is tested against the real one. The dispatcher never calls it.

#include <optional>
#include <string>

#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.4 (exercises/schema_mismatch.cpp): why a kernel's inferred
/// schema cannot serve the def()'d one, in PyTorch's words, or nothing.
std::optional<std::string> describeSchemaMismatch(const FunctionSchema& inferred, const FunctionSchema& specified);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
