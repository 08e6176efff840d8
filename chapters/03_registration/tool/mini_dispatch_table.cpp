// mini-dispatch-table: what would the dispatcher do with these registrations?
//
// The counterpart of PyTorch's torch/_python_dispatcher.py. It defines a fresh
// operator `foo(Tensor x) -> Tensor`, registers a kernel named fn_<Key> on
// each key given, and prints the computed dispatch table (or, with
// --registrations, the registrations) in PythonDispatcher's format, so its
// output can be compared line by line with libtorch 1.13's.
//
//   mini-dispatch-table CPU AutogradCPU CompositeImplicitAutograd
//   mini-dispatch-table --registrations CPU Autograd
#include <algorithm>
#include <array>
#include <cstdio>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatcher.h"
#include "mini/schema_parser.h"

namespace {

using namespace mini;

// The keys PythonDispatcher supports, in its order: the runtime keys it
// prints, then the alias keys.
constexpr std::array<std::string_view, 9> kRuntimeKeys = {
    "CPU", "CUDA", "Meta", "PrivateUse1", "AutogradOther", "AutogradCPU", "AutogradCUDA", "AutogradMeta",
    "AutogradPrivateUse1"};
constexpr std::array<std::string_view, 3> kAliasKeys = {"Autograd", "CompositeImplicitAutograd",
                                                        "CompositeExplicitAutograd"};
constexpr std::string_view kOperator = "__mini_dispatch_table__::foo";

constexpr std::string_view kUsage = R"(usage: mini-dispatch-table [--registrations] [KEY ...]

Registers a kernel named fn_<KEY> on each KEY for a fresh operator
`foo(Tensor x) -> Tensor` and prints the dispatch table PyTorch 1.13 would
compute for it, in the format of torch._python_dispatcher.PythonDispatcher.

  --registrations  print the registered kernels instead of the computed table
  --help           print this help

KEY is one of: CPU CUDA Meta PrivateUse1 AutogradOther AutogradCPU AutogradCUDA
AutogradMeta AutogradPrivateUse1 Autograd CompositeImplicitAutograd
CompositeExplicitAutograd. Exit status 2 for a set PythonDispatcher refuses.
)";

// A refused registration set: message for stderr, exit status 2.
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The one kernel every key gets; only its name (fn_<Key>) differs.
Tensor foo(const Tensor& x) { return x; }

bool isSupported(std::string_view key) {
  return std::ranges::find(kRuntimeKeys, key) != kRuntimeKeys.end() ||
         std::ranges::find(kAliasKeys, key) != kAliasKeys.end();
}

// Python's repr of a list of strings: ['CPU', 'CPU'].
std::string pythonList(const std::vector<std::string>& items) {
  std::vector<std::string> quoted;
  for (const std::string& item : items) {
    quoted.push_back(fmt::format("'{}'", item));
  }
  return fmt::format("[{}]", fmt::join(quoted, ", "));
}

// PythonDispatcher.register's checks, in its order and words.
void checkRegistrationSet(const std::vector<std::string>& keys) {
  std::vector<std::string> sorted = keys;
  std::ranges::sort(sorted);
  if (std::ranges::adjacent_find(sorted) != sorted.end()) {
    throw Refused(fmt::format("Overriden is not allowed but found duplicates in {}.", pythonList(keys)));
  }
  const auto has = [&](std::string_view key) { return std::ranges::find(keys, key) != keys.end(); };
  if (has("CompositeImplicitAutograd") && has("CompositeExplicitAutograd")) {
    throw Refused("Registration to both CompositeImplicitAutograd and CompositeExplicitAutograd is not allowed.");
  }
}

std::vector<RegistrationHandleRAII> registerKernels(const std::vector<std::string>& keys) {
  std::vector<RegistrationHandleRAII> handles;
  FunctionSchema schema = parseSchema("foo(Tensor x) -> Tensor");
  schema.name = std::string(kOperator);
  handles.push_back(Dispatcher::singleton().registerDef(std::move(schema), "registered at mini-dispatch-table"));
  for (const std::string& key : keys) {
    if (!isSupported(key)) {
      std::vector<std::string> supported(kRuntimeKeys.begin(), kRuntimeKeys.end());
      supported.insert(supported.end(), kAliasKeys.begin(), kAliasKeys.end());
      throw Refused(fmt::format("{} is not supported, please select a dispatch key in {}.", key, pythonList(supported)));
    }
    handles.push_back(Dispatcher::singleton().registerImpl(std::string(kOperator), parseDispatchKey(key),
                                                           KernelFunction::makeFromUnboxedFunction(&foo),
                                                           inferKernelSchema<decltype(foo)>(), "fn_" + key));
  }
  return handles;
}

std::string header(std::string_view title) {
  return fmt::format("{}\n{:<15} {}\n{}\n", title, "key", "kernel", std::string(27, '-'));
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    result.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return result;
}

// [python_dispatcher_format]
// PythonDispatcher.dispatchTable(): the rows of dumpComputedTable() for the
// runtime keys it knows, "registered at <file>" of the fallbacks removed.
std::string computedTable(const OperatorHandle& op) {
  static const std::regex registeredAt("registered at \\S+ \\[");
  std::string out = header("Computed Dispatch Table");
  for (const std::string& line : lines(op.dumpComputedTable())) {
    const std::string key = line.substr(0, line.find(':'));
    if (std::ranges::find(kRuntimeKeys, key) != kRuntimeKeys.end()) {
      const std::string entry = std::regex_replace(line.substr(line.find(": ") + 2), registeredAt, "[");
      out += fmt::format("{:<15} {}\n", key, entry);
    }
  }
  return out;
}

// PythonDispatcher.registrations(): the kernel lines of dumpState(), the key
// (alias keys keep their "[alias]") and the kernel's name.
std::string registrationsTable(const OperatorHandle& op) {
  std::string out = header("Registered Kernels");
  for (const std::string& line : lines(op.dumpState())) {
    const std::string key = line.substr(0, line.find(':'));
    const bool known = std::ranges::any_of(kRuntimeKeys, [&](auto k) { return key.starts_with(k); }) ||
                       std::ranges::any_of(kAliasKeys, [&](auto k) { return key.starts_with(k); });
    if (known) {
      const std::string rest = line.substr(line.find(": ") + 2);
      out += fmt::format("{:<15} {}\n", key, rest.substr(0, rest.find(' ')));
    }
  }
  return out;
}
// [python_dispatcher_format]

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> keys(argv + 1, argv + argc);
  bool showRegistrations = false;
  if (!keys.empty() && (keys.front() == "--help" || keys.front() == "-h")) {
    fmt::print("{}", kUsage);
    return 0;
  }
  if (!keys.empty() && keys.front() == "--registrations") {
    showRegistrations = true;
    keys.erase(keys.begin());
  }
  try {
    for (const std::string& key : keys) {
      if (key.starts_with("-")) {
        throw Refused(fmt::format("unknown option {} (see --help)", key));
      }
    }
    checkRegistrationSet(keys);
    const std::vector<RegistrationHandleRAII> handles = registerKernels(keys);
    const OperatorHandle op = *Dispatcher::singleton().findOp(kOperator);
    fmt::print("{}", showRegistrations ? registrationsTable(op) : computedTable(op));
  } catch (const Refused& refused) {
    fmt::print(stderr, "error: {}\n", refused.what());
    return 2;
  }
  return 0;
}
