#pragma once
// Running one case of the parity data on chapter 06: each statement in
// turn, its outcome compared with torch's. A disagreement ends the case;
// one that parity_differences.h names as deliberate ends it as accepted.

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/util/exercise.h"
#include "parity/parity_data.h"
#include "parity/parity_differences.h"
#include "parity/parity_ops.h"
#include "parity/parity_tensor_text.h"

namespace mini_parity {

/// What the chapter did for one statement: an error's message, or the
/// outcome in the data's own words (a tensor, `ok`, `true`, `3`, `[1,2]`).
struct Actual {
  bool threw = false;
  std::string text;
  std::optional<TensorText> tensor;
};

enum class Verdict { Agrees, Deliberate, Disagrees, ExerciseNotDone };

struct CaseResult {
  Verdict verdict = Verdict::Agrees;
  std::string detail;                       // the statement and the two outcomes, for a report
  std::vector<const Difference*> accepted;  // the entries that accepted a difference
};

inline Actual tensorOutcome(const mini::Tensor& tensor, bool withValues = true) {
  TensorText text = describe(tensor, withValues);
  return {false, toText(text), text};
}

inline Actual textOutcome(std::string text) { return {false, std::move(text), {}}; }

inline std::string boolText(bool value) { return value ? "true" : "false"; }

inline mini::Tensor& variable(Env& env, const std::string& name) {
  auto found = env.find(name);
  if (found == env.end()) throw std::runtime_error(fmt::format("no variable '{}'", name));
  return found->second;
}

/// `tensor NAME DTYPE SIZES (VALUES) [grad]`: the values written straight
/// into a new contiguous CPU tensor (no operator of the chapter runs).
inline mini::Tensor makeTensor(const std::vector<std::string>& words) {
  const mini::ScalarType dtype = parseDtype(words.at(2));
  const std::vector<std::int64_t> sizes = intList(words.at(3));
  const std::vector<std::string> values = bracketList(words.at(4));
  mini::Tensor tensor = mini::emptyTensor(sizes, {dtype, mini::kCpu});
  for (std::size_t i = 0; i < values.size(); ++i) {
    const char* text = values[i].c_str();
    switch (dtype) {
      case mini::ScalarType::Bool: tensor.dataPtr<bool>()[i] = std::strtoll(text, nullptr, 10) != 0; break;
      case mini::ScalarType::Long: tensor.dataPtr<std::int64_t>()[i] = std::strtoll(text, nullptr, 10); break;
      case mini::ScalarType::Float: tensor.dataPtr<float>()[i] = static_cast<float>(std::strtod(text, nullptr)); break;
      case mini::ScalarType::Double: tensor.dataPtr<double>()[i] = std::strtod(text, nullptr); break;
      // Rounded from float, as torch.tensor(values, dtype=torch.half) does.
      case mini::ScalarType::Half:
        tensor.dataPtr<mini::Half>()[i] = static_cast<float>(std::strtod(text, nullptr));
        break;
      case mini::ScalarType::BFloat16:
        tensor.dataPtr<mini::BFloat16>()[i] = static_cast<float>(std::strtod(text, nullptr));
        break;
    }
  }
  if (words.size() > 5 && words[5] == "grad") tensor.setRequiresGrad(true);
  return tensor;
}

/// Runs one statement on the chapter. Throws what the chapter throws.
inline Actual execute(const Statement& statement, Env& env) {
  const std::vector<std::string>& w = statement.words;
  const std::string& kind = w.at(0);
  if (kind == "tensor") {
    env[w.at(1)] = makeTensor(w);
    return textOutcome("ok");
  }
  if (kind == "strided") {
    const mini::Tensor& base = variable(env, w.at(2));
    const std::vector<std::int64_t> sizes = intList(w.at(3));
    const std::vector<std::int64_t> strides = intList(w.at(4));
    env[w.at(1)] = mini::makeView(base, sizes, strides, std::stoll(w.at(5)));
    return tensorOutcome(env[w.at(1)]);
  }
  if (kind == "call") {
    auto op = ops().find(w.at(2));
    if (op == ops().end()) throw std::runtime_error(fmt::format("the suite has no operator '{}'", w.at(2)));
    env.erase(w.at(1));  // a failed call leaves its variable unset, as on torch
    const std::vector<std::string> argWords(w.begin() + 3, w.end());
    mini::Tensor result = op->second(Args(argWords, env));
    env[w.at(1)] = result;
    return tensorOutcome(result, w.at(2) != "empty" && w.at(2) != "randn");
  }
  if (kind == "value") return tensorOutcome(variable(env, w.at(1)));
  if (kind == "grad") {
    const mini::Tensor& grad = variable(env, w.at(1)).grad();
    return grad.defined() ? tensorOutcome(grad) : textOutcome("none");
  }
  if (kind == "backward") {
    // `backward NAME [GRADIENT] [retain_graph]`: without the word the
    // graph's saved tensors are freed, and a second backward through it fails.
    const bool retain = w.back() == "retain_graph";
    const std::size_t words = w.size() - (retain ? 1 : 0);
    const mini::Tensor gradient = words > 2 ? variable(env, w.at(2)) : mini::Tensor();
    variable(env, w.at(1)).backward(gradient, retain);
    return textOutcome("ok");
  }
  if (kind == "version") return textOutcome(fmt::format("{}", variable(env, w.at(1)).version()));
  if (kind == "strides") return textOutcome(fmt::format("[{}]", fmt::join(variable(env, w.at(1)).strides(), ",")));
  if (kind == "offset") return textOutcome(fmt::format("{}", variable(env, w.at(1)).storageOffset()));
  if (kind == "requires_grad") return textOutcome(boolText(variable(env, w.at(1)).requiresGrad()));
  if (kind == "is_leaf") return textOutcome(boolText(variable(env, w.at(1)).isLeaf()));
  if (kind == "same") return textOutcome(boolText(variable(env, w.at(1)).is_same(variable(env, w.at(2)))));
  if (kind == "same_storage") {
    return textOutcome(boolText(variable(env, w.at(1)).unsafeGetTensorImpl()->storage ==
                                variable(env, w.at(2)).unsafeGetTensorImpl()->storage));
  }
  throw std::runtime_error(fmt::format("the suite has no statement '{}'", kind));
}

/// Why the chapter's outcome is not torch's, or nothing when it agrees.
/// An error agrees when the chapter's message contains torch's: the course
/// may say more (an operator's name in front), never something else.
inline std::optional<std::string> disagreement(const std::string& expected, const Actual& actual,
                                               Tolerance tolerance = {}) {
  if (expected.rfind("error ", 0) == 0) {
    const std::string message = unescapeMessage(expected.substr(6));
    if (!actual.threw) return fmt::format("no error, where torch raised: {}", message);
    if (actual.text.find(message) != std::string::npos) return {};
    return fmt::format("another error: {}", actual.text);
  }
  if (actual.threw) return fmt::format("error: {}", actual.text);
  if (actual.tensor) {
    if (auto why = tensorDiffers(parseTensorText(expected), *actual.tensor, tolerance)) {
      return fmt::format("{}: {}", *why, actual.text);
    }
    return {};
  }
  if (actual.text == expected) return {};
  return fmt::format("{}", actual.text);
}

/// Frees what every node reachable from the case's variables saved, as a
/// finished backward would, when the case ends. A case may end with a
/// reference cycle that 1.13 leaves too: a node saved an input as itself,
/// an in-place write gave that input a grad_fn whose edges lead back to the
/// node, and the backward that would have freed it stopped at the saved
/// tensor's error, or never ran (`y = x * w; x.add_(y)` in a loop grows
/// torch 1.13's memory). Freeing breaks those cycles, so the leak sanitizer
/// reports only what else a case leaks.
struct ReleaseGraphsAtEnd {
  explicit ReleaseGraphsAtEnd(Env& variables) : env(variables) {}
  Env& env;
  ~ReleaseGraphsAtEnd() {
    std::set<mini::Node*> seen;
    std::vector<std::shared_ptr<mini::Node>> pending;
    for (const auto& [name, tensor] : env) {
      if (tensor.defined() && tensor.gradFn() != nullptr) pending.push_back(tensor.gradFn());
    }
    while (!pending.empty()) {
      const std::shared_ptr<mini::Node> node = std::move(pending.back());
      pending.pop_back();
      if (!seen.insert(node.get()).second) continue;
      for (const mini::Edge& edge : node->nextEdges()) {
        if (edge.isValid()) pending.push_back(edge.function);
      }
      node->releaseVariables();
    }
  }
  ReleaseGraphsAtEnd(const ReleaseGraphsAtEnd&) = delete;
  ReleaseGraphsAtEnd& operator=(const ReleaseGraphsAtEnd&) = delete;
};

/// Runs one case; a disagreement is accepted only when an entry of
/// `differences` names it.
inline CaseResult runCase(const Case& test, const std::vector<Difference>& differences = kDeliberateDifferences,
                          Tolerance tolerance = {}) {
  Env env;
  const ReleaseGraphsAtEnd releaseGraphs(env);
  CaseResult result;
  for (const Statement& statement : test.statements) {
    Actual actual;
    try {
      actual = execute(statement, env);
    } catch (const mini::ExerciseNotDone& error) {
      // The learner build's stub (lerp's meta() is exercise 06.5): that case says nothing about torch.
      return {Verdict::ExerciseNotDone, error.what(), {}};
    } catch (const std::exception& error) {
      actual = {true, error.what(), {}};
    }
    const std::optional<std::string> why = disagreement(statement.expected, actual, tolerance);
    if (!why) continue;
    const std::string detail = fmt::format("line {}: `{}`\n      torch:   {}\n      chapter: {}", statement.line,
                                           statement.text, statement.expected, *why);
    if (const Difference* difference =
            findDifference(test.name + " " + statement.text, statement.expected, actual.text, differences)) {
      result.verdict = Verdict::Deliberate;
      result.detail = detail;
      result.accepted.push_back(difference);
      // Both sides failed: their variables agree, and the case goes on.
      if (actual.threw && statement.expected.rfind("error ", 0) == 0) continue;
      return result;
    }
    return {Verdict::Disagrees, detail, result.accepted};
  }
  return result;
}

}  // namespace mini_parity
