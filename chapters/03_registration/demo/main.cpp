// Chapter 03 demo: the custom-operator recipe end to end.
//
// myops::myadd is def()'d and given a CPU kernel in src/extension/myadd.cpp, by static
// registration before main. Here we call it, look at its registrations and
// computed table, add an autograd kernel for a scope (and step below it with
// a guard), and make three mistakes. Run with MINI_DISPATCH_TRACE=1 to see
// every hop, MINI_DISPATCH_EXPLAIN=1 to see why each went where it went.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"
#include "mini/op_registration/schema_parser.h"

namespace {

using namespace mini;

void section(std::string_view title) { fmt::print("\n== {}\n", title); }

// Runs `body`, which must throw, and prints the error it throws.
template <class Body>
void showError(std::string_view what, Body body) {
  try {
    body();
    fmt::print("{}: no error?!\n", what);
  } catch (const std::exception& error) {
    fmt::print("{}:\n{}\n", what, error.what());
  }
}

constexpr std::string_view kUsageLine = "ch03_demo [--help]";
constexpr std::string_view kAbout = R"(Parses a schema, calls myops::myadd through its dispatching function, prints
its registrations and computed table, adds an autograd kernel for a scope,
and makes three mistakes. MINI_DISPATCH_TRACE=1 prints every hop,
MINI_DISPATCH_EXPLAIN=1 why each went where it went.
)";

// The demo takes no arguments. --help says what it does; anything else is
// refused (status 2, one line on stderr), not silently ignored, so a typo
// never looks like a run. Returns the exit status when main must stop.
std::optional<int> handleArguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--help") {
      fmt::print(stderr, "ch03_demo: unknown argument '{}' (usage: {})\n", argv[i], kUsageLine);
      return 2;
    }
  }
  if (argc > 1) {
    fmt::print("usage: {}\n\n{}", kUsageLine, kAbout);
    return 0;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  if (const std::optional<int> status = handleArguments(argc, argv)) {
    return *status;
  }
  section("1. A schema is parsed, not just stored");
  const FunctionSchema out =
      parseSchema("myops::myadd.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  fmt::print("name {}, overload '{}', {} arguments, keyword-only: {}\n", out.name, out.overload_name,
             out.arguments.size(), out.arguments[2].name);
  showError("a schema with a missing ')'", [] { parseSchema("myops::myadd(Tensor self -> Tensor"); });

  section("2. The recipe: call myadd through its dispatching function");
  // [demo_call]
  const Tensor a = makeTensor(1);
  const Tensor b = makeTensor(2);
  fmt::print("myadd({}, {}) = {}\n", a, b, myadd(a, b));
  // [demo_call]
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "");
  fmt::print("-- dumpState\n{}-- dumpComputedTable\n{}", op.dumpState(), op.dumpComputedTable());

  section("3. An autograd kernel for a scope, then gone again");
  {
    // [demo_autograd_scope]
    Library autograd(Library::IMPL, "myops", DispatchKey::Autograd, SourceSite::here());
    autograd.impl("myadd", &myadd_autograd);
    // [demo_autograd_scope]
    const Tensor c = makeTensor(3, BackendComponent::CPUBit, /*requiresGrad=*/true);
    fmt::print("myadd({}, {}) = {}\n", c, b, myadd(c, b));
    fmt::print("-- dumpComputedTable\n{}", op.dumpComputedTable());
    // [demo_exclude_guard]
    // The guard the autograd kernel uses, around a call of our own: this
    // thread's excluded set now holds AutogradCPU, so the same call skips the
    // autograd kernel and lands on CPU (no grad_fn).
    const ExcludeDispatchKeyGuard belowAutograd(kAutogradDispatchKeySetWithADInplaceOrView);
    fmt::print("below autograd: myadd({}, {}) = {}\n", c, b, myadd(c, b));
    // [demo_exclude_guard]
  }
  fmt::print("-- dumpComputedTable after the Library is destroyed\n{}", op.dumpComputedTable());
  fmt::print("myadd({}, {}) = {}\n", a, b, myadd(a, b));

  section("4. Mistakes, in PyTorch's words");
  showError("a Meta tensor (no Meta kernel, no AutogradMeta fallback)",
            [] { myadd(makeTensor(1, BackendComponent::MetaBit), makeTensor(2, BackendComponent::MetaBit)); });
  showError("typed<>() with the wrong C++ signature", [&] { op.typed<Tensor(Tensor, Tensor)>(); });
  showError("a second def() of myops::myadd", [] {
    Library again(Library::FRAGMENT, "myops", std::nullopt, SourceSite::here());
    again.def("myadd(Tensor self, Tensor other) -> Tensor");
  });
  return 0;
}
