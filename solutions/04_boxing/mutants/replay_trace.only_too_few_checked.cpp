// Mutant: refuses too few inputs only and ignores extra ones
// Must fail: Exercise04_5.ExtraInputsAreRefusedToo
// Exercise 04.5: replaying a trace through the dispatcher.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-45
// Declared in: mini/exercises/replay_trace.h
#include "mini/exercises/replay_trace.h"

#include <cstdint>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

namespace {

/// "a, [b, c], d" split at the commas outside brackets.
std::vector<std::string> splitTopLevel(std::string_view text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : text) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
    } else if (!(c == ' ' && current.empty())) {
      current += c;
    }
  }
  if (!current.empty()) {
    parts.push_back(current);
  }
  return parts;
}

/// One argument's text as the IValue its schema type asks for.
IValue argumentValue(const std::string& text, const SchemaType& type, const std::map<std::string, IValue>& values) {
  if (text == "None") {
    return IValue();
  }
  const SchemaType& base = type.kind() == SchemaType::Kind::Optional ? type.element() : type;
  switch (base.kind()) {
    case SchemaType::Kind::Tensor: return values.at(text);
    case SchemaType::Kind::List: {
      std::vector<Tensor> tensors;
      for (const std::string& name : splitTopLevel(std::string_view(text).substr(1, text.size() - 2))) {
        tensors.push_back(values.at(name).toTensor());
      }
      return tensors;
    }
    case SchemaType::Kind::Float: return std::stod(text);
    case SchemaType::Kind::Int: return std::int64_t{std::stoll(text)};
    case SchemaType::Kind::Bool: return text == "True";
    case SchemaType::Kind::String: return text.substr(1, text.size() - 2);
    default: throw std::invalid_argument(fmt::format("replayTrace: cannot read `{}` as a {}", text, type.toString()));
  }
}

/// Runs one call line, `results = name(arguments)`, and binds its results.
void replayCall(const std::string& line, std::map<std::string, IValue>& values) {
  const std::size_t open = line.find('(');
  const std::size_t equals = line.rfind(" = ", open);
  const std::string callee =
      line.substr(equals == std::string::npos ? 0 : equals + 3, open - (equals == std::string::npos ? 0 : equals + 3));
  const std::size_t dot = callee.find('.', callee.find("::"));
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow(
      callee.substr(0, dot), dot == std::string::npos ? "" : callee.substr(dot + 1));
  const std::vector<std::string> arguments =
      splitTopLevel(std::string_view(line).substr(open + 1, line.size() - open - 2));
  Stack stack;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    stack.push_back(argumentValue(arguments[i], op.schema().arguments.at(i).type, values));
  }
  // A call, not a kernel: the replayed tensors' keys pick the path.
  op.callBoxed(&stack);
  const std::vector<std::string> results = equals == std::string::npos
                                               ? std::vector<std::string>{}
                                               : splitTopLevel(std::string_view(line).substr(0, equals));
  for (std::size_t r = 0; r < results.size(); ++r) {
    if (results[r].starts_with('%')) {
      values[results[r]] = stack.at(r);
    }
  }
}

}  // namespace

std::map<std::string, IValue> replayTrace(const Trace& trace, const std::vector<Tensor>& inputs) {
  std::size_t numInputs = 0;
  for (const std::string& line : trace.lines()) {
    numInputs += line.find(" = input ") != std::string::npos ? 1 : 0;
  }
  if (numInputs > inputs.size()) {
    throw std::invalid_argument(
        fmt::format("replayTrace: the trace has {} inputs but {} were given", numInputs, inputs.size()));
  }
  std::map<std::string, IValue> values;
  std::size_t nextInput = 0;
  for (const std::string& line : trace.lines()) {
    const std::size_t input = line.find(" = input ");
    if (input != std::string::npos) {
      values[line.substr(0, input)] = inputs[nextInput++];
    } else {
      replayCall(line, values);
    }
  }
  return values;
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
