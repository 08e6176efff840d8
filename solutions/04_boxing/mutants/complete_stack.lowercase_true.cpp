// Mutant: compares a Bool default with "true", as C++ spells it, where the schema writes Python's "True"
// Must fail: Exercise04_3.ABoolDefaultTrueIsTrue
// Exercise 04.3: a stack from the caller's arguments and the schema's defaults.
// The lesson: chapters/04_boxing/part1_ivalue_and_stack.md#exercise-43
// Declared in: mini/exercises/complete_stack.h
#include "mini/exercises/complete_stack.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

namespace {

// The schema keeps a default as text; the type, not the text, says which
// IValue it is: `float weight=1` must pop as a Double.
IValue defaultValue(const FunctionSchema& schema, const Argument& argument) {
  const std::string& text = *argument.default_value;
  if (text == "None") {
    return IValue();
  }
  const SchemaType& type = argument.type.kind() == SchemaType::Kind::Optional ? argument.type.element() : argument.type;
  switch (type.kind()) {
    case SchemaType::Kind::Bool: return IValue(text == "true");
    case SchemaType::Kind::Int: return IValue(std::int64_t{std::stoll(text)});
    case SchemaType::Kind::Float: return IValue(std::stod(text));
    case SchemaType::Kind::Scalar:
      // A Scalar keeps the kind of number it was written as.
      if (text.find_first_of(".eE") == std::string::npos) {
        return IValue(std::int64_t{std::stoll(text)});
      }
      return IValue(std::stod(text));
    case SchemaType::Kind::String: return IValue(text.substr(1, text.size() - 2));
    default:
      throw std::invalid_argument(fmt::format("{}(): the default {} of '{}' ({}) is not one exercise 04.3 reads",
                                              schema.name, text, argument.name, argument.type.toString()));
  }
}

}  // namespace

void completeStackForSchema(const FunctionSchema& schema, Stack& stack) {
  const auto positional = static_cast<std::size_t>(
      std::count_if(schema.arguments.begin(), schema.arguments.end(), [](const Argument& a) { return !a.kwarg_only; }));
  if (stack.size() > positional) {
    if (positional < schema.arguments.size()) {
      throw std::invalid_argument(
          fmt::format("{}() takes {} positional argument(s) but {} was/were given.  "
                      "Declaration: {}",
                      schema.name, positional, stack.size(), schema));
    }
    throw std::invalid_argument(
        fmt::format("{}() expected at most {} argument(s) but received {} argument(s). Declaration: {}", schema.name,
                    positional, stack.size(), schema));
  }
  for (std::size_t i = stack.size(); i < schema.arguments.size(); ++i) {
    const Argument& argument = schema.arguments[i];
    if (!argument.default_value) {
      throw std::invalid_argument(
          fmt::format("{}() is missing value for argument '{}'. Declaration: {}", schema.name, argument.name, schema));
    }
    stack.push_back(defaultValue(schema, argument));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
