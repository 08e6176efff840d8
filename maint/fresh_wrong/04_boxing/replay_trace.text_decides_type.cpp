// Mistake: I read a number argument by its text (3 is an Int, 3.5 a Double) instead of asking the schema's type

// Exercise 04.5: replaying a trace through the dispatcher.
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/exercises/replay_trace.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

namespace {
bool isInputLine(const std::string& line) { return line.find(" = input ") != std::string::npos; }

std::vector<std::string> splitTopLevel(const std::string& text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
      if (i + 1 < text.size() && text[i + 1] == ' ') ++i;
      continue;
    }
    current += c;
  }
  if (!current.empty()) parts.push_back(current);
  return parts;
}

IValue readArgument(const std::string& text, const SchemaType& type, const std::map<std::string, IValue>& values) {
  if (text.starts_with("%")) {
    return values.at(text);
  }
  if (text.starts_with("[")) {
    std::vector<Tensor> tensors;
    for (const std::string& name : splitTopLevel(text.substr(1, text.size() - 2))) {
      tensors.push_back(values.at(name).toTensor());
    }
    return IValue(tensors);
  }
  if (text == "None") {
    return IValue();
  }
  const SchemaType::Kind kind = type.kind() == SchemaType::Kind::Optional ? type.element().kind() : type.kind();
  switch (kind) {
    case SchemaType::Kind::Int: return IValue(static_cast<std::int64_t>(std::stoll(text)));
    case SchemaType::Kind::Bool: return IValue(text == "True");
    case SchemaType::Kind::Scalar:
      if (text.find_first_of(".eE") != std::string::npos) return IValue(std::stod(text));
      return IValue(static_cast<std::int64_t>(std::stoll(text)));
    default: return IValue(text);
  }
}
}  // namespace

std::map<std::string, IValue> replayTrace(const Trace& trace, const std::vector<Tensor>& inputs) {
  std::size_t numInputs = 0;
  for (const std::string& line : trace.lines()) {
    numInputs += isInputLine(line) ? 1 : 0;
  }
  if (numInputs != inputs.size()) {
    throw std::invalid_argument(
        fmt::format("replayTrace: the trace has {} inputs but {} were given", numInputs, inputs.size()));
  }
  std::map<std::string, IValue> values;
  std::size_t nextInput = 0;
  for (const std::string& line : trace.lines()) {
    if (isInputLine(line)) {
      values[line.substr(0, line.find(" = input "))] = inputs[nextInput++];
      continue;
    }
    const std::size_t open = line.find('(');
    const std::size_t eq = line.rfind(" = ", open);
    const std::string lhs = eq == std::string::npos ? "" : line.substr(0, eq);
    const std::size_t nameStart = eq == std::string::npos ? 0 : eq + 3;
    const std::string qualified = line.substr(nameStart, open - nameStart);
    const std::size_t colons = qualified.find("::");
    const std::size_t dot = qualified.find('.', colons == std::string::npos ? 0 : colons);
    const std::string name = dot == std::string::npos ? qualified : qualified.substr(0, dot);
    const std::string overload = dot == std::string::npos ? "" : qualified.substr(dot + 1);
    const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow(name, overload);
    const std::vector<std::string> texts = splitTopLevel(line.substr(open + 1, line.rfind(')') - open - 1));
    Stack stack;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      push(stack, readArgument(texts[i], op.schema().arguments[i].type, values));
    }
    op.callBoxed(&stack);
    const std::vector<std::string> results = splitTopLevel(lhs);
    for (std::size_t r = 0; r < results.size() && r < stack.size(); ++r) {
      if (results[r].starts_with("%")) {
        values[results[r]] = stack[r];
      }
    }
  }
  return values;
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
