// Exercise 03.1: the value of a default, as PyTorch 1.13's schema parser reads it.
// The lesson: chapters/03_registration/part1_schemas_and_libraries.md#exercise-31
// Declared in: mini/exercises/default_value.h
#include "mini/exercises/default_value.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {

// The names 1.13's parseSingleConstant turns into integers: at::kFloat,
// at::kComplexFloat, at::kLong, at::kStrided, Reduction::Mean,
// MemoryFormat::Contiguous. Every other bare word is refused there.
constexpr std::array<std::pair<std::string_view, int>, 6> kNamedValues{{
    {"float", 6},
    {"complex", 9},
    {"long", 4},
    {"strided", 0},
    {"Mean", 1},
    {"contiguous_format", 0},
}};

// Python's repr of a float: fmt's shortest round-trip text, which already
// switches to an exponent where Python does, plus the ".0" Python adds to a
// whole number.
std::string pythonFloat(double value) {
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  return text;
}

// The schema keeps a string in double quotes with its escapes; Python
// writes it in single quotes.
std::string pythonString(std::string_view quoted) { return fmt::format("'{}'", quoted.substr(1, quoted.size() - 2)); }

// One constant: its own token says what it is; `asFloat` (a float type)
// only turns an int into a float.
std::string constant(std::string_view spelled, bool asFloat) {
  if (spelled == "None" || spelled == "True" || spelled == "False") return std::string(spelled);
  if (spelled.front() == '"') return pythonString(spelled);
  if (std::isalpha(static_cast<unsigned char>(spelled.front()))) {
    const auto* named = std::find_if(kNamedValues.begin(), kNamedValues.end(),
                                     [&](const auto& entry) { return entry.first == spelled; });
    if (named == kNamedValues.end()) {
      throw std::invalid_argument(fmt::format("invalid numeric default value '{}'", spelled));
    }
    return std::to_string(named->second);
  }
  const std::string number(spelled);
  if (asFloat || number.find_first_of(".e") != std::string::npos) return pythonFloat(std::stod(number));
  return std::to_string(std::stoll(number));
}

// "[1, 2]" into its items; "[]" into none.
std::vector<std::string_view> listItems(std::string_view spelled) {
  std::vector<std::string_view> items;
  std::string_view rest = spelled.substr(1, spelled.size() - 2);
  while (!rest.empty()) {
    const std::size_t comma = rest.find(", ");
    items.push_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
  }
  return items;
}

}  // namespace

std::string defaultValue(const Argument& argument) {
  if (!argument.default_value) {
    throw std::invalid_argument(fmt::format("argument '{}' has no default value", argument.name));
  }
  const std::string_view spelled = *argument.default_value;
  const SchemaType& type = argument.type;
  if (type.kind() != SchemaType::Kind::List || spelled == "None") {
    // An optional is read as one constant of the optional's own kind, so
    // `float? a=1` stays an int and `int[2]? s=1` is no list.
    return constant(spelled, type.kind() == SchemaType::Kind::Float);
  }
  const bool asFloat = type.element().kind() == SchemaType::Kind::Float;
  std::vector<std::string> values;
  if (spelled.front() != '[') {
    values.assign(type.fixedSize().value_or(1), constant(spelled, asFloat));
  } else {
    for (std::string_view item : listItems(spelled)) values.push_back(constant(item, asFloat));
  }
  return fmt::format("[{}]", fmt::join(values, ", "));
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
