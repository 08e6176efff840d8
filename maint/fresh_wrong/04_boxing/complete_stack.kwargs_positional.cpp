// Mistake: I counted every argument as positional, so a fourth value fills steps instead of being refused

// Exercise 04.3: a stack from the caller's arguments and the schema's defaults.
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "mini/exercises/complete_stack.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

namespace {
IValue parseDefault(const std::string& text, const SchemaType& type) {
  if (text == "None") {
    return IValue();
  }
  const SchemaType::Kind kind = type.kind() == SchemaType::Kind::Optional ? type.element().kind() : type.kind();
  switch (kind) {
    case SchemaType::Kind::Float: return IValue(std::stod(text));
    case SchemaType::Kind::Int: return IValue(static_cast<std::int64_t>(std::stoll(text)));
    case SchemaType::Kind::Bool: return IValue(text == "True");
    case SchemaType::Kind::Scalar:
      if (text.find_first_of(".eE") != std::string::npos) {
        return IValue(std::stod(text));
      }
      return IValue(static_cast<std::int64_t>(std::stoll(text)));
    case SchemaType::Kind::String: return IValue(text.substr(1, text.size() - 2));
    default: throw std::invalid_argument(fmt::format("cannot read the default '{}' of type {}", text, type.toString()));
  }
}
}  // namespace

void completeStackForSchema(const FunctionSchema& schema, Stack& stack) {
  std::size_t positional = 0;
  positional = schema.arguments.size();
  if (stack.size() > positional) {
    if (positional < schema.arguments.size()) {
      throw std::invalid_argument(
          fmt::format("{}() takes {} positional argument(s) but {} was/were given.  Declaration: {}", schema.name,
                      positional, stack.size(), schema));
    }
    throw std::invalid_argument(
        fmt::format("{}() expected at most {} argument(s) but received {} argument(s). Declaration: {}", schema.name,
                    schema.arguments.size(), stack.size(), schema));
  }
  for (std::size_t i = stack.size(); i < schema.arguments.size(); ++i) {
    const Argument& argument = schema.arguments[i];
    if (!argument.default_value) {
      throw std::invalid_argument(
          fmt::format("{}() is missing value for argument '{}'. Declaration: {}", schema.name, argument.name, schema));
    }
    push(stack, parseDefault(*argument.default_value, argument.type));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
