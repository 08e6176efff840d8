// Mistake: I compared all old arguments position by position and treated the extra ones at the end as the added ones,
// without splitting off the out arguments

// Exercise 03.4: is an operator's new schema backward compatible with its old one?
#include <fmt/format.h>

#include "mini/exercises/backward_compatible.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {
std::string qualified(const FunctionSchema& schema) {
  return schema.overload_name.empty() ? schema.name : schema.name + "." + schema.overload_name;
}

std::size_t outStart(const FunctionSchema& schema) {
  for (std::size_t i = 0; i < schema.arguments.size(); ++i) {
    const Argument& a = schema.arguments[i];
    if (a.kwarg_only && a.alias && a.alias->is_write) {
      return i;
    }
  }
  return schema.arguments.size();
}

bool accepts(const SchemaType& wider, const SchemaType& narrower) {
  if (wider == narrower) {
    return true;
  }
  if (wider.kind() == SchemaType::Kind::Optional) {
    if (narrower.kind() == SchemaType::Kind::Optional) {
      return accepts(wider.element(), narrower.element());
    }
    return accepts(wider.element(), narrower);
  }
  if (wider.kind() == SchemaType::Kind::Scalar) {
    return narrower.kind() == SchemaType::Kind::Int || narrower.kind() == SchemaType::Kind::Float;
  }
  return false;
}

std::optional<std::string> argumentIncompatibility(const Argument& updated, const Argument& old) {
  if (updated.name != old.name) {
    return fmt::format("argument '{}' is now named '{}'", old.name, updated.name);
  }
  if (updated.alias != old.alias) {
    return fmt::format("argument '{}' was {}, is {}: its alias annotation changed", old.name,
                       old.type.toString(old.alias), updated.type.toString(updated.alias));
  }
  if (updated.kwarg_only && !old.kwarg_only) {
    return fmt::format("argument '{}' became keyword-only", old.name);
  }
  if (!accepts(updated.type, old.type)) {
    return fmt::format("argument '{}' was {}, is {}, which does not accept every {}", old.name, old.type.toString(),
                       updated.type.toString(), old.type.toString());
  }
  if (old.default_value && updated.default_value != old.default_value) {
    return fmt::format("argument '{}' had the default {}, has {}", old.name, *old.default_value,
                       updated.default_value.value_or("none"));
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::string> backwardIncompatibility(const FunctionSchema& updated, const FunctionSchema& old) {
  if (updated.name != old.name || updated.overload_name != old.overload_name) {
    return fmt::format("{} is another operator than {}", qualified(updated), qualified(old));
  }
  if (updated.returns.size() != old.returns.size()) {
    return fmt::format("The number of returns is different: was {}, is {}", old.returns.size(), updated.returns.size());
  }
  for (std::size_t i = 0; i < old.returns.size(); ++i) {
    const Argument& was = old.returns[i];
    const Argument& is = updated.returns[i];
    if (is.name != was.name || is.alias != was.alias || !accepts(was.type, is.type)) {
      return fmt::format("return {} was {}, is {}", i + 1, was.toString(), is.toString());
    }
  }
  const std::size_t oldOut = old.arguments.size();
  const std::size_t newOut = updated.arguments.size();
  for (std::size_t i = 0; i < oldOut; ++i) {
    if (i >= newOut) {
      return fmt::format("argument '{}' was removed", old.arguments[i].name);
    }
    if (auto reason = argumentIncompatibility(updated.arguments[i], old.arguments[i])) {
      return reason;
    }
  }
  for (std::size_t i = oldOut; i < newOut; ++i) {
    const Argument& added = updated.arguments[i];
    if (!added.default_value) {
      return fmt::format(
          "Function schema not backward compatible since the new argument '{}' of type {} did not provide a default "
          "value.",
          added.name, added.type.toString());
    }
  }
  for (std::size_t j = 0; oldOut + j < old.arguments.size(); ++j) {
    const Argument& was = old.arguments[oldOut + j];
    if (newOut + j >= updated.arguments.size()) {
      return fmt::format("out argument '{}' was removed", was.name);
    }
    const Argument& is = updated.arguments[newOut + j];
    if (!(is == was)) {
      return fmt::format("out argument '{}' was {}, is {}", was.name, was.toString(), is.toString());
    }
  }
  return std::nullopt;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
