// Mistake: A fixed-size list spelled as one number: I wrapped the number in brackets once instead of repeating it

// Exercise 03.1: the value of a default, as PyTorch 1.13's schema parser reads it.
#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercises/default_value.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {
std::string floatText(double value) {
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".en") == std::string::npos) {
    text += ".0";
  }
  return text;
}

std::string constant(const std::string& token, bool asFloat) {
  if (token == "None" || token == "True" || token == "False") {
    return token;
  }
  if (token.front() == '"' || token.front() == '\'') {
    return "'" + token.substr(1, token.size() - 2) + "'";
  }
  if (std::isalpha(static_cast<unsigned char>(token.front())) || token.front() == '_') {
    if (token == "float") return "6";
    if (token == "complex") return "9";
    if (token == "long") return "4";
    if (token == "strided") return "0";
    if (token == "Mean") return "1";
    if (token == "contiguous_format") return "0";
    throw std::invalid_argument(fmt::format("invalid numeric default value '{}'", token));
  }
  if (asFloat || token.find_first_of(".eE") != std::string::npos) {
    return floatText(std::stod(token));
  }
  return std::to_string(std::stoll(token));
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  const std::string inner = text.substr(1, text.size() - 2);
  std::size_t start = 0;
  while (start < inner.size()) {
    const std::size_t comma = inner.find(", ", start);
    items.push_back(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 2;
  }
  return items;
}
}  // namespace

std::string defaultValue(const Argument& argument) {
  if (!argument.default_value) {
    throw std::invalid_argument(fmt::format("argument '{}' has no default", argument.name));
  }
  const std::string& text = *argument.default_value;
  const SchemaType& type = argument.type;
  if (type.kind() == SchemaType::Kind::Optional) {
    return constant(text, false);
  }
  if (type.kind() == SchemaType::Kind::List) {
    const bool asFloat = type.element().kind() == SchemaType::Kind::Float;
    std::vector<std::string> values;
    if (text.front() == '[') {
      for (const std::string& item : splitList(text)) {
        values.push_back(constant(item, asFloat));
      }
    } else {
      values.push_back(constant(text, asFloat));
    }
    return fmt::format("[{}]", fmt::join(values, ", "));
  }
  return constant(text, type.kind() == SchemaType::Kind::Float);
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
