#pragma once
/// \file
/// \brief Exercise 03.1's declaration: it mirrors a piece of the dispatcher
///        and is tested against the real one. The dispatcher never calls it.

#include <optional>
#include <string_view>
#include <utility>

#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.1 (exercises/parse_schema_type.cpp): the type of one argument,
/// `Tensor(a!)?[]` and the rest of the `type` rule of schema_parser.h,
/// with its alias annotation. Anything else throws std::invalid_argument.
std::pair<SchemaType, std::optional<AliasInfo>> parseSchemaType(std::string_view text);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
