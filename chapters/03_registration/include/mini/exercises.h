#pragma once
/// \file
/// \brief This chapter's exercises: each mirrors a piece of the dispatcher and
///        is tested against the real one. The dispatcher never calls them.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "mini/dispatcher.h"
#include "mini/function_schema.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.1 (exercises/parse_schema_type.cpp): the type of one argument,
/// `Tensor(a!)?[]` and the rest of the `type` rule of schema_parser.h,
/// with its alias annotation. Anything else throws std::invalid_argument.
std::pair<SchemaType, std::optional<AliasInfo>> parseSchemaType(std::string_view text);

/// Exercise 03.2 (exercises/explain_slot.cpp): which of PyTorch 1.13's rules
/// fills the slot of runtime key `key`: "kernel", "default backend kernel",
/// "ambiguous autogradother", "math kernel", "autograd kernel", "backend
/// fallback" or "missing". Must agree with computeDispatchTableEntryWithDebug.
std::string explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key);

/// Exercise 03.3 (exercises/fallthrough_mask.cpp): the operator's
/// non-fallthrough keys for a call whose highest backend is `backend`.
DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend);

/// Exercise 03.4 (exercises/schema_mismatch.cpp): why a kernel's inferred
/// schema cannot serve the def()'d one, in PyTorch's words, or nothing.
std::optional<std::string> describeSchemaMismatch(const FunctionSchema& inferred, const FunctionSchema& specified);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
