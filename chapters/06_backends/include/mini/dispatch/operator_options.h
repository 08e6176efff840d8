#pragma once
/// \file
/// \brief AliasAnalysisKind: what a def() says the JIT may assume about an
///        operator's aliasing (c10's ATen/core/dispatch/OperatorOptions.h).

#include <cstdint>
#include <string_view>

namespace mini {
inline namespace ch06 {

/// The dispatcher never reads it: it is kept with the schema because the JIT
/// does, and `torch._C._dispatch_dump` prints it. A string def() from C++
/// says FROM_SCHEMA (torch::schema's default), a def() whose schema is
/// inferred from the kernel says CONSERVATIVE, and a schema registered with
/// none at all is CONSERVATIVE "(default)".
enum class AliasAnalysisKind : std::uint8_t {
  INTERNAL_SPECIAL_CASE,
  CONSERVATIVE,   ///< may alias anything: the JIT assumes the worst
  FROM_SCHEMA,    ///< the schema's `(a)`/`(a!)` annotations say it all
  PURE_FUNCTION,  ///< no side effects, no aliasing
};

constexpr std::string_view toString(AliasAnalysisKind kind) {
  switch (kind) {
    case AliasAnalysisKind::CONSERVATIVE: return "CONSERVATIVE";
    case AliasAnalysisKind::FROM_SCHEMA: return "FROM_SCHEMA";
    case AliasAnalysisKind::PURE_FUNCTION: return "PURE_FUNCTION";
    case AliasAnalysisKind::INTERNAL_SPECIAL_CASE: return "INTERNAL_SPECIAL_CASE";
  }
  return "UNKNOWN";
}

}  // namespace ch06
}  // namespace mini
