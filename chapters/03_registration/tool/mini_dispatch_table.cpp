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
//
// With --pytorch 2.x it answers as PyTorch 2.x's dispatcher does (the same
// slot rules, 2.x's key order and global fallbacks; see kPyTorch2 below), so
// its output can be compared with a 2.x's too.
//
// With --dot it draws, in graphviz's DOT, the computed tables of several
// operators at once as a grid (operators down, runtime keys across), each
// cell coloured by the rule of computeDispatchTableEntryWithDebug() that
// filled it. The docs build draws chapter 03's picture this way:
//
//   mini-dispatch-table --dot --fallback Batched myadd=CPU,AutogradCPU linear=CompositeImplicitAutograd
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/schema_parser.h"

namespace {

using namespace mini;

// The keys PythonDispatcher supports, in its order: the runtime keys it
// prints, then the alias keys.
constexpr std::array<std::string_view, 9> kRuntimeKeys = {"CPU",          "CUDA",          "Meta",
                                                          "PrivateUse1",  "AutogradOther", "AutogradCPU",
                                                          "AutogradCUDA", "AutogradMeta",  "AutogradPrivateUse1"};
constexpr std::array<std::string_view, 3> kAliasKeys = {"Autograd", "CompositeImplicitAutograd",
                                                        "CompositeExplicitAutograd"};
constexpr std::string_view kOperator = "__mini_dispatch_table__::foo";

// What a wrong argument is answered with, on one line.
constexpr std::string_view kUsageLine =
    "mini-dispatch-table [--help] [--pytorch 1.13|2.x] [--registrations] [KEY ...] | --dot [--fallback KEY ...] "
    "OP=KEY[,KEY ...] ...";

constexpr std::string_view kUsage = R"(usage: mini-dispatch-table [--pytorch 1.13|2.x] [--registrations] [KEY ...]
       mini-dispatch-table --dot [--fallback KEY ...] OP=KEY[,KEY ...] ...

Registers a kernel named fn_<KEY> on each KEY for a fresh operator
`foo(Tensor x) -> Tensor` and prints the dispatch table PyTorch 1.13 would
compute for it, in the format of torch._python_dispatcher.PythonDispatcher.

  --pytorch 2.x    answer as PyTorch 2.x would: Meta after PrivateUse1, and
                   a boxed fallback kernel on Meta and every Autograd key
                   where 1.13 has a fallthrough or nothing (default 1.13)
  --registrations  print the registered kernels instead of the computed table
  --dot            draw the computed tables of operators OP (each with kernels
                   fn_<KEY> on its KEYs) as a graphviz grid, one row per
                   operator, one column per runtime key, cells coloured by how
                   they were filled; any runtime or alias key is allowed
  --fallback KEY   (with --dot) a backend fallback on runtime key KEY first
  --help           print this help

KEY is one of: CPU CUDA Meta PrivateUse1 AutogradOther AutogradCPU AutogradCUDA
AutogradMeta AutogradPrivateUse1 Autograd CompositeImplicitAutograd
CompositeExplicitAutograd. Exit status 2 for a set PythonDispatcher refuses,
and for an unknown argument.
)";

// A refused registration set: message for stderr, exit status 2.
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An option this tool does not have: answered with the usage line, status 2.
struct UnknownArgument {
  std::string argument;
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

// PythonDispatcher.register's checks, in its order and words (2.x spells
// "Overridden" right; 1.13 wrote "Overriden").
void checkRegistrationSet(const std::vector<std::string>& keys, bool pytorch2 = false) {
  std::vector<std::string> sorted = keys;
  std::ranges::sort(sorted);
  if (std::ranges::adjacent_find(sorted) != sorted.end()) {
    throw Refused(fmt::format("{} is not allowed but found duplicates in {}.", pytorch2 ? "Overridden" : "Overriden",
                              pythonList(keys)));
  }
  const auto has = [&](std::string_view key) { return std::ranges::find(keys, key) != keys.end(); };
  if (has("CompositeImplicitAutograd") && has("CompositeExplicitAutograd")) {
    throw Refused("Registration to both CompositeImplicitAutograd and CompositeExplicitAutograd is not allowed.");
  }
}

// A fresh operator `name(Tensor x) -> Tensor`, def()'d by this tool.
RegistrationHandleRAII defineOperator(const std::string& name) {
  FunctionSchema schema = parseSchema("foo(Tensor x) -> Tensor");
  schema.name = name;
  return Dispatcher::singleton().registerDef(std::move(schema), "registered at mini-dispatch-table");
}

// The kernel fn_<key> on `key` of operator `name`.
RegistrationHandleRAII registerNamedKernel(const std::string& name, DispatchKey key) {
  return Dispatcher::singleton().registerImpl(name, key, KernelFunction::makeFromUnboxedFunction(&foo),
                                              inferKernelSchema<decltype(foo)>(), fmt::format("fn_{}", key));
}

std::vector<RegistrationHandleRAII> registerKernels(const std::vector<std::string>& keys) {
  std::vector<RegistrationHandleRAII> handles;
  handles.push_back(defineOperator(std::string(kOperator)));
  for (const std::string& key : keys) {
    if (!isSupported(key)) {
      std::vector<std::string> supported(kRuntimeKeys.begin(), kRuntimeKeys.end());
      supported.insert(supported.end(), kAliasKeys.begin(), kAliasKeys.end());
      throw Refused(
          fmt::format("{} is not supported, please select a dispatch key in {}.", key, pythonList(supported)));
    }
    handles.push_back(registerNamedKernel(std::string(kOperator), parseDispatchKey(key)));
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

// ---- PyTorch 2.x's answer (--pytorch 2.x) ----

// What 2.x changed for the keys this tool prints, read from torch 2.15.0
// (tests/data/pytorch-2.15.0-tables.txt). The rules that fill a slot from the
// operator's own kernels (1 to 4 of computeDispatchTableEntryWithDebug) are
// the same, so the chapter's dispatcher computes those; what differs is
// - the order: Meta is 2.x's last backend bit ("Meta must be at the end so
//   that meta key in tls triggers meta kernels", c10/core/DispatchKey.h), so
//   its slots follow PrivateUse1's, in the table and in DispatchKey order;
// - the global fallbacks of rule 5: a boxed kernel (one that runs, not a
//   fallthrough) on every Autograd key and on Meta, where 1.13 has
//   fallthroughs on AutogradOther, AutogradCPU and AutogradCUDA only.
//   PythonDispatcher prints such a row as "[backend fallback]": its regex
//   removes "registered at ...FallbackKernel.cpp" and there is no
//   "fallthrough" before it.
struct PyTorchRules {
  std::array<std::string_view, 9> tableOrder;
  std::array<std::string_view, 12> registrationOrder;
  std::array<std::string_view, 6> boxedFallbacks;
};

constexpr PyTorchRules kPyTorch2{
    {"CPU", "CUDA", "PrivateUse1", "Meta", "AutogradOther", "AutogradCPU", "AutogradCUDA", "AutogradPrivateUse1",
     "AutogradMeta"},
    {"AutogradOther", "CPU", "CUDA", "PrivateUse1", "Meta", "AutogradCPU", "AutogradCUDA", "AutogradPrivateUse1",
     "AutogradMeta", "Autograd[alias]", "CompositeImplicitAutograd[alias]", "CompositeExplicitAutograd[alias]"},
    {"Meta", "AutogradOther", "AutogradCPU", "AutogradCUDA", "AutogradPrivateUse1", "AutogradMeta"},
};

std::string computedTable2x(const OperatorHandle& op) {
  std::string out = header("Computed Dispatch Table");
  for (std::string_view name : kPyTorch2.tableOrder) {
    const ComputedEntry entry =
        op.entry().computeDispatchTableEntryWithDebug(Dispatcher::singleton(), parseDispatchKey(name));
    const std::string_view why = entry.why;
    if (why != "backend fallback" && why != "missing") {
      out += fmt::format("{:<15} {} [{}]\n", name, entry.kernel->debug, why);
    } else if (std::ranges::find(kPyTorch2.boxedFallbacks, name) != kPyTorch2.boxedFallbacks.end()) {
      out += fmt::format("{:<15} [backend fallback]\n", name);
    }
  }
  return out;
}

// The registrations in 2.x's DispatchKey order: 1.13's rows, Meta moved.
std::string registrationsTable2x(const OperatorHandle& op) {
  const std::vector<std::string> rows = lines(registrationsTable(op));
  std::vector<std::string> kernels(rows.begin() + 3, rows.end());
  const auto rank = [](const std::string& row) {
    return std::ranges::find(kPyTorch2.registrationOrder, row.substr(0, row.find(' '))) -
           kPyTorch2.registrationOrder.begin();
  };
  std::ranges::stable_sort(kernels, {}, rank);
  std::string out = header("Registered Kernels");
  for (const std::string& row : kernels) {
    out += row + "\n";
  }
  return out;
}

// ---- The grid picture (--dot) ----

// How a slot was filled: the `why` of computeDispatchTableEntryWithDebug(),
// except that a fallthrough (a kernel or a fallback that says "skip me") gets
// a colour of its own, since a call never stops there.
struct FillKind {
  std::string_view why;  ///< as the dispatcher says it, or "fallthrough"
  std::string_view colour;
  std::string_view meaning;  ///< the legend's words
};

// Rule order (see computeDispatchTableEntryWithDebug), then the two markers.
constexpr std::array<FillKind, 8> kFillKinds{{
    {"kernel", "#9ecae1", "kernel: registered on this key itself (rule 1)"},
    {"default backend kernel", "#fdd0a2", "default backend kernel: CompositeExplicitAutograd (rule 2)"},
    {"math kernel", "#a1d99b", "math kernel: CompositeImplicitAutograd (rule 3)"},
    {"ambiguous autogradother", "#fee391", "ambiguous: AutogradOther claimed twice (rule 3)"},
    {"autograd kernel", "#bcbddc", "autograd kernel: the Autograd alias (rule 4)"},
    {"backend fallback", "#fcbba1", "fallback: one kernel for every operator on this key (rule 5)"},
    {"fallthrough", "#d9d9d9", "fallthrough: the key is skipped, the call goes on below"},
    {"missing", "#ffffff", "missing: a call landing here is the \"Could not run\" error (rule 6)"},
}};

const FillKind& fillKindOf(const ComputedEntry& entry) {
  const std::string_view why = entry.kernel->kernel.isFallthrough() ? "fallthrough" : entry.why;
  const auto found = std::ranges::find(kFillKinds, why, &FillKind::why);
  if (found == kFillKinds.end()) {
    // A new rule in the dispatcher must get a colour here, not a wrong one.
    throw std::logic_error(fmt::format("mini-dispatch-table --dot has no colour for a slot filled as '{}'", why));
  }
  return *found;
}

// Every runtime key that has a slot, in slot order; Undefined (a call with
// no tensor arguments) first, as OperatorEntry lays its table out.
std::vector<DispatchKey> runtimeKeysInSlotOrder() {
  std::vector<DispatchKey> keys{DispatchKey::Undefined};
  const std::vector<DispatchKey> rest = DispatchKeySet(DispatchKeySet::FULL).keys();
  keys.insert(keys.end(), rest.begin(), rest.end());
  return keys;
}

// "AutogradPrivateUse1" -> "Autograd<BR/>PrivateUse1": two short lines keep
// seventeen columns readable.
std::string inTwoLines(const std::string& name) {
  for (std::size_t i = 1; name.size() > 8 && i < name.size(); ++i) {
    if (std::islower(static_cast<unsigned char>(name[i - 1])) && std::isupper(static_cast<unsigned char>(name[i]))) {
      return name.substr(0, i) + "<BR/>" + name.substr(i);
    }
  }
  return name;
}

// What a cell says: the kernel's name, or the marker's kind.
std::string cellText(const ComputedEntry& entry, const FillKind& kind) {
  const bool named = kind.why != "fallthrough" && kind.why != "missing" && kind.why != "ambiguous autogradother";
  return inTwoLines(named ? entry.kernel->debug : std::string(kind.why));
}

// One operator as the user named it, and the keys its kernels sit on.
struct OperatorSpec {
  std::string name;
  std::vector<DispatchKey> keys;
};

std::string qualifiedName(const OperatorSpec& spec) {
  return fmt::format("{}::{}", "__mini_dispatch_table__", spec.name);
}

// [dispatch_table_dot]
// The grid: one HTML-like table node (graphviz draws it as a real grid), and
// a legend node under it. Colours come from the dispatcher's own `why`, so
// the picture shows what the tables hold, not what a drawing claims.
std::string dispatchTableDot(const std::vector<OperatorSpec>& specs) {
  const std::vector<DispatchKey> keys = runtimeKeysInSlotOrder();
  std::string grid = "<TR><TD><B>operator</B></TD>";
  for (DispatchKey key : keys) {
    grid += fmt::format("<TD><B>{}</B></TD>", inTwoLines(fmt::format("{}", key)));
  }
  grid += "</TR>\n";
  for (const OperatorSpec& spec : specs) {
    const OperatorEntry& entry = Dispatcher::singleton().findOp(qualifiedName(spec))->entry();
    grid += fmt::format("<TR><TD ALIGN=\"LEFT\"><B>{}</B></TD>", spec.name);
    for (DispatchKey key : keys) {
      const ComputedEntry computed = entry.computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key);
      const FillKind& kind = fillKindOf(computed);
      grid += fmt::format("<TD BGCOLOR=\"{}\">{}</TD>", kind.colour, cellText(computed, kind));
    }
    grid += "</TR>\n";
  }
  std::string legend;
  for (const FillKind& kind : kFillKinds) {
    legend += fmt::format("<TR><TD BGCOLOR=\"{}\" WIDTH=\"24\"></TD><TD ALIGN=\"LEFT\">{}</TD></TR>\n", kind.colour,
                          kind.meaning);
  }
  return fmt::format(
      "digraph dispatch_table {{\n"
      "  rankdir=TB;\n"
      "  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];\n"
      "  grid [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\n{}</TABLE>>];\n"
      "  legend [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">\n{}</TABLE>>];\n"
      "  grid -> legend [style=invis];\n"
      "}}\n",
      grid, legend);
}
// [dispatch_table_dot]

// A key for --dot: any runtime or alias key, by PyTorch's name.
DispatchKey parseRegistrationKey(std::string_view name) {
  DispatchKey key{};
  try {
    key = parseDispatchKey(name);
  } catch (const std::invalid_argument& error) {
    throw Refused(error.what());
  }
  if (!isRuntimeDispatchKey(key) && !isAliasDispatchKey(key)) {
    throw Refused(fmt::format("{} is neither a runtime key nor an alias key: no kernel can sit on it.", name));
  }
  return key;
}

// "myadd=CPU,AutogradCPU" -> {myadd, [CPU, AutogradCPU]}; "relu=" has no kernels.
OperatorSpec parseOperatorSpec(const std::string& argument) {
  const std::size_t equals = argument.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw Refused(fmt::format("'{}' is not OP=KEY[,KEY ...] (for example myadd=CPU,AutogradCPU).", argument));
  }
  OperatorSpec spec{argument.substr(0, equals), {}};
  std::vector<std::string> names;
  for (std::size_t start = equals + 1; start < argument.size();) {
    const std::size_t comma = std::min(argument.find(',', start), argument.size());
    names.push_back(argument.substr(start, comma - start));
    start = comma + 1;
  }
  checkRegistrationSet(names);
  for (const std::string& name : names) {
    spec.keys.push_back(parseRegistrationKey(name));
  }
  return spec;
}

// The --dot mode: fallbacks first (they serve every operator), then each
// operator with its kernels, then the picture. The handles unregister all
// of it when they go.
std::string drawDispatchTables(const std::vector<std::string>& arguments) {
  std::vector<RegistrationHandleRAII> handles;
  std::vector<OperatorSpec> specs;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--fallback" && i + 1 < arguments.size()) {
      const DispatchKey key = parseRegistrationKey(arguments[++i]);
      // Only drawn, never called: the operators' own kernel stands in for
      // the boxed fallback a real one would be (chapter 04).
      handles.push_back(Dispatcher::singleton().registerFallback(key, KernelFunction::makeFromUnboxedFunction(&foo),
                                                                 fmt::format("fallback_{}", key)));
    } else if (arguments[i].starts_with("-")) {
      throw UnknownArgument{arguments[i]};
    } else {
      specs.push_back(parseOperatorSpec(arguments[i]));
      if (std::ranges::count(specs, specs.back().name, &OperatorSpec::name) > 1) {
        throw Refused(fmt::format("operator {} is named twice.", specs.back().name));
      }
    }
  }
  for (const OperatorSpec& spec : specs) {
    handles.push_back(defineOperator(qualifiedName(spec)));
    for (DispatchKey key : spec.keys) {
      handles.push_back(registerNamedKernel(qualifiedName(spec), key));
    }
  }
  return dispatchTableDot(specs);
}

// The PythonDispatcher mode: one operator, its table or its registrations,
// as 1.13 or (--pytorch 2.x) as 2.x would give them.
std::string pythonDispatcherOutput(std::vector<std::string> keys) {
  bool pytorch2 = false;
  if (!keys.empty() && keys.front() == "--pytorch") {
    if (keys.size() < 2 || (keys[1] != "1.13" && keys[1] != "2.x")) {
      throw UnknownArgument{keys.size() < 2 ? "--pytorch" : "--pytorch " + keys[1]};
    }
    pytorch2 = keys[1] == "2.x";
    keys.erase(keys.begin(), keys.begin() + 2);
  }
  bool showRegistrations = false;
  if (!keys.empty() && keys.front() == "--registrations") {
    showRegistrations = true;
    keys.erase(keys.begin());
  }
  for (const std::string& key : keys) {
    if (key.starts_with("-")) {
      throw UnknownArgument{key};
    }
  }
  checkRegistrationSet(keys, pytorch2);
  const std::vector<RegistrationHandleRAII> handles = registerKernels(keys);
  const OperatorHandle op = *Dispatcher::singleton().findOp(kOperator);
  if (pytorch2) {
    return showRegistrations ? registrationsTable2x(op) : computedTable2x(op);
  }
  return showRegistrations ? registrationsTable(op) : computedTable(op);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> arguments(argv + 1, argv + argc);
  if (!arguments.empty() && (arguments.front() == "--help" || arguments.front() == "-h")) {
    fmt::print("{}", kUsage);
    return 0;
  }
  try {
    if (!arguments.empty() && arguments.front() == "--dot") {
      arguments.erase(arguments.begin());
      fmt::print("{}", drawDispatchTables(arguments));
    } else {
      fmt::print("{}", pythonDispatcherOutput(arguments));
    }
  } catch (const UnknownArgument& unknown) {
    fmt::print(stderr, "mini-dispatch-table: unknown argument '{}' (usage: {})\n", unknown.argument, kUsageLine);
    return 2;
  } catch (const Refused& refused) {
    fmt::print(stderr, "error: {}\n", refused.what());
    return 2;
  } catch (const std::invalid_argument& registration) {
    // The dispatcher refused a registration (--fallback on a key that has one).
    fmt::print(stderr, "error: {}\n", registration.what());
    return 2;
  }
  return 0;
}
