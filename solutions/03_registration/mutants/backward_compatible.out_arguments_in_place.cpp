// Mutant: compares every old argument at its own position, out arguments too
// Must fail: Exercise03_4.OutArgumentsStayLastAndUnchanged
// Exercise 03.4: is an operator's new schema backward compatible with its old one?
// The lesson: chapters/03_registration/part4_custom_operator.md#exercise-34
// Declared in: mini/exercises/backward_compatible.h
#include <algorithm>

#include <fmt/format.h>

#include "mini/exercises/backward_compatible.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {

// Whether every value of type `old` is a value of type `updated`: the same
// type, an optional of a type that accepts it, or Scalar for a number. Lists
// take no wider element (an int[] is no int?[]) and keep their size.
bool accepts(const SchemaType& updated, const SchemaType& old) {
  if (updated == old) return true;
  if (updated.kind() == SchemaType::Kind::Optional) return accepts(updated.element(), old);
  return updated.kind() == SchemaType::Kind::Scalar &&
         (old.kind() == SchemaType::Kind::Int || old.kind() == SchemaType::Kind::Float);
}

std::optional<std::string> argumentIncompatibility(const Argument& updated, const Argument& old) {
  if (updated.name != old.name) return fmt::format("argument '{}' is now named '{}'", old.name, updated.name);
  if (updated.alias != old.alias) {
    return fmt::format("argument '{}' was {}, is {}: its alias annotation changed", old.name,
                       old.type.toString(old.alias), updated.type.toString(updated.alias));
  }
  if (updated.kwarg_only && !old.kwarg_only) return fmt::format("argument '{}' became keyword-only", old.name);
  if (!accepts(updated.type, old.type)) {
    return fmt::format("argument '{}' was {}, is {}, which does not accept every {}", old.name, old.type, updated.type,
                       old.type);
  }
  // A call that left the argument out got the old default; it must get the same.
  if (old.default_value && updated.default_value != old.default_value) {
    return fmt::format("argument '{}' had the default {}, has {}", old.name, *old.default_value,
                       updated.default_value.value_or("none"));
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> backwardIncompatibility(const FunctionSchema& updated, const FunctionSchema& old) {
  if (updated.operatorName() != old.operatorName()) {
    return fmt::format("{} is another operator than {}", updated.operatorName(), old.operatorName());
  }
  if (updated.returns.size() != old.returns.size()) {
    return fmt::format("The number of returns is different: was {}, is {}", old.returns.size(), updated.returns.size());
  }
  // What a caller receives may only narrow: it must still be what the caller
  // was promised, so the old type must accept the new one.
  for (std::size_t i = 0; i < old.returns.size(); ++i) {
    const Argument& was = old.returns[i];
    const Argument& is = updated.returns[i];
    if (is.name != was.name || is.alias != was.alias || !accepts(was.type, is.type)) {
      return fmt::format("return {} was {}, is {}", i + 1, was, is);
    }
  }
  const std::size_t oldOut = old.arguments.size();
  const std::size_t updatedOut = updated.arguments.size();
  for (std::size_t i = 0; i < oldOut; ++i) {
    if (i >= updatedOut) return fmt::format("argument '{}' was removed", old.arguments[i].name);
    if (auto why = argumentIncompatibility(updated.arguments[i], old.arguments[i])) return why;
  }
  // A call written against the old schema passes none of the new arguments.
  for (std::size_t i = oldOut; i < updatedOut; ++i) {
    const Argument& added = updated.arguments[i];
    if (!added.default_value) {
      return fmt::format(
          "Function schema not backward compatible since the new argument '{}' of type {} did not provide a "
          "default value.",
          added.name, added.type);
    }
  }
  for (std::size_t i = oldOut; i < old.arguments.size(); ++i) {
    const Argument& was = old.arguments[i];
    const std::size_t at = updatedOut + (i - oldOut);
    if (at >= updated.arguments.size()) return fmt::format("out argument '{}' was removed", was.name);
    if (updated.arguments[at] != was)
      return fmt::format("out argument '{}' was {}, is {}", was.name, was, updated.arguments[at]);
  }
  return std::nullopt;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
