#include "mini/dispatch/dispatch_explain.h"

#include <array>
#include <utility>

#include <fmt/format.h>

#include "mini/dispatch/dispatch_trace.h"
#include "mini/dispatch/operator_entry.h"

namespace mini {
inline namespace ch06 {

namespace {

// The label column of `mini why`, so the two read alike.
std::string line(std::string_view label, std::string_view text) { return fmt::format("{:<13} {}", label, text); }

// The alias rules of computeDispatchTableEntryWithDebug(), by the name it
// gives each: their kernel sits on the alias key, not on the slot's key.
constexpr std::array<std::pair<std::string_view, DispatchKey>, 3> kAliasRules{{
    {"default backend kernel", DispatchKey::CompositeExplicitAutograd},
    {"math kernel", DispatchKey::CompositeImplicitAutograd},
    {"autograd kernel", DispatchKey::Autograd},
}};

}  // namespace

std::string formatArgumentLine(const ArgumentKeySet& argument) {
  return line("argument", fmt::format("{}: {}", argument.name, argument.keySet));
}

std::string formatFallthroughLine(DispatchKeySet unmasked, DispatchKeySet dispatchKeySet) {
  // operator- keeps the backend bits: the functionalities the mask took out
  // come back as runtime keys of the call's backends (AutogradCPU).
  std::string skipped;
  for (DispatchKey key : (unmasked - dispatchKeySet).keys()) {
    skipped += fmt::format("{}{}", skipped.empty() ? "" : ", ", key);
  }
  return line("fallthrough", fmt::format("{}  (in (arguments | included) - excluded, masked off as fallthrough)",
                                         skipped.empty() ? "none" : skipped));
}

std::string formatSlotLines(DispatchKeySet dispatchKeySet) {
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  return fmt::format(
      "{}\n{}", line("dispatched on", fmt::format("{}, highest key {}", dispatchKeySet, key)),
      line("slot", fmt::format("{} ({})", dispatchKeySet.getDispatchTableIndexForDispatchKeySet(), key)));
}

std::string describeComputedEntry(DispatchKey key, const ComputedEntry& entry) {
  const std::string_view why = entry.why;
  const AnnotatedKernel& kernel = *entry.kernel;
  const std::string_view fallthrough = kernel.kernel.isFallthrough() ? "fallthrough " : "";
  if (why == "kernel") {
    return fmt::format("a {}kernel on {}, {}", fallthrough, key, kernel.debug);
  }
  if (why == "backend fallback") {
    return fmt::format("the backend fallback for {}, {}{}", key, fallthrough, kernel.debug);
  }
  for (const auto& [rule, alias] : kAliasRules) {
    if (why == rule) {
      return fmt::format("alias key {} ({}), {}", alias, rule, kernel.debug);
    }
  }
  if (why == "ambiguous autogradother") {
    return "ambiguous: AutogradOther serves several backends and one of them has a kernel of its own";
  }
  return fmt::format("missing: no kernel on {}, no alias key's kernel for it, no backend fallback", key);
}

// [format_explanation]
std::string formatExplanation(const DispatchExplanation& explanation) {
  std::string out;
  for (const ArgumentKeySet& argument : explanation.arguments) {
    out += formatArgumentLine(argument) + "\n";
  }
  out += line("included", fmt::format("{}", explanation.local.included)) + "\n";
  out += line("excluded", fmt::format("{}", explanation.local.excluded)) + "\n";
  if (explanation.unmasked) {
    out += formatFallthroughLine(*explanation.unmasked, explanation.dispatchKeySet) + "\n";
  } else {
    out += line("redispatch",
                "the set as the kernel above passed it down (its own, masked); arguments, "
                "thread sets and fallthrough mask are not read") +
           "\n";
  }
  out += formatSlotLines(explanation.dispatchKeySet) + "\n";
  out += line("filled by", explanation.filledBy);
  return out;
}
// [format_explanation]

std::string formatExplainedHop(std::string_view event, std::string_view op, DispatchKey key,
                               std::string_view explanation, int depth) {
  std::string out = formatTraceLine(event, op, key, depth);
  std::string_view rest = explanation;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    out += fmt::format("\n{:{}}{}", "", depth + 2, rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  return out;
}

std::string explainHop(const OperatorEntry& entry, const std::vector<std::optional<DispatchKeySet>>& argumentKeySets,
                       DispatchKeySet dispatchKeySet, bool redispatch) {
  DispatchExplanation explanation;
  DispatchKeySet tensorKeys;
  for (std::size_t position = 0; position < argumentKeySets.size(); ++position) {
    if (!argumentKeySets[position]) {
      continue;
    }
    // An operator called through a handle has its def(); the position names
    // an argument of one that has not.
    const bool named = entry.hasSchema() && position < entry.schema().arguments.size();
    explanation.arguments.push_back(
        {named ? entry.schema().arguments[position].name : fmt::format("#{}", position), *argumentKeySets[position]});
    tensorKeys = tensorKeys | *argumentKeySets[position];
  }
  explanation.local = localDispatchKeySet();
  if (!redispatch) {
    explanation.unmasked = (tensorKeys | explanation.local.included) - explanation.local.excluded;
  }
  explanation.dispatchKeySet = dispatchKeySet;
  explanation.filledBy = entry.describeDispatchTableEntry(dispatchKeySet.highestPriorityKey());
  return formatExplanation(explanation);
}

std::string explainBoxed(const OperatorEntry& entry, DispatchKeySet dispatchKeySet, bool redispatch,
                         const Stack& stack) {
  // A boxed call needs the schema to find its arguments on the stack.
  const std::size_t count = entry.hasSchema() ? entry.schema().arguments.size() : 0;
  std::vector<std::optional<DispatchKeySet>> keySets(count);
  for (std::size_t position : count == 0 ? std::vector<std::size_t>() : entry.schema().tensorArgumentPositions()) {
    const IValue& argument = peek(stack, position, count);
    DispatchKeySet keys;  // None, for an absent Tensor?, carries none
    if (argument.isTensor()) {
      keys = argument.tensorKeySet();
    } else if (argument.isTensorList()) {
      for (const Tensor& tensor : argument.toTensorList()) {
        keys = keys | tensor.keySet();
      }
    }
    keySets[position] = keys;
  }
  return explainHop(entry, keySets, dispatchKeySet, redispatch);
}

}  // namespace ch06
}  // namespace mini
