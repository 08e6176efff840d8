// Chapter 04 demo: one operator called unboxed and boxed, then three boxed
// fallbacks on operators they were never told about.
//
// Run with MINI_DISPATCH_TRACE=1 to see each hop. The gdb scripts in ../gdb
// break inside the kernels and fallbacks this program reaches.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/extension/myops.h"
#include "mini/fallbacks/batched_fallback.h"
#include "mini/fallbacks/counting_fallback.h"
#include "mini/fallbacks/tracer.h"

namespace {

using namespace mini;

// Errors are part of the lesson: print the first line instead of stopping.
void printError(const std::function<void()>& call) {
  try {
    call();
  } catch (const std::exception& error) {
    const std::string message = error.what();
    fmt::print("  error: {}\n", message.substr(0, message.find('\n')));
  }
}

constexpr std::string_view kUsageLine = "ch04_demo [--help]";
constexpr std::string_view kAbout = R"(Calls one operator unboxed and boxed, then runs three boxed fallbacks on
operators they were never told about. MINI_DISPATCH_TRACE=1 prints every
hop.
)";

// The demo takes no arguments. --help says what it does; anything else is
// refused (status 2, one line on stderr), not silently ignored, so a typo
// never looks like a run. Returns the exit status when main must stop.
std::optional<int> handleArguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--help") {
      fmt::print(stderr, "ch04_demo: unknown argument '{}' (usage: {})\n", argv[i], kUsageLine);
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
  const Tensor a = makeTensor({1, 2, 3});
  const Tensor b = makeTensor({10, 20, 30});

  fmt::print("1. The same operator, unboxed and boxed\n");
  // [demo_unboxed]
  const Tensor sum = myadd(a, b);
  // [demo_unboxed]
  fmt::print("  unboxed: myadd({}, {}) = {}\n", a, b, sum);
  // [demo_boxed]
  const OperatorHandle add = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "");
  Stack stack;
  push(stack, a, b);
  fmt::print("  boxed:   stack before = [{}]\n", fmt::join(stack, ", "));
  add.callBoxed(stack);
  fmt::print("           stack after  = [{}]\n", fmt::join(stack, ", "));
  // [demo_boxed]
  fmt::print("  sizeof(IValue) = {} bytes, sizeof(Tensor) = {} bytes\n", sizeof(IValue), sizeof(Tensor));
  printError([] { (void)IValue(makeTensor(1)).toInt(); });

  fmt::print("2. The Tracer fallback, on operators it never saw\n");
  {
    // [demo_tracer]
    TracingScope tracing;
    const Tensor scaled = myscale(myadd(a, b), 0.5);
    const Tensor total = mysum(mymul(scaled, a));
    (void)mynumel(total);
    // [demo_tracer]
    for (const std::string& line : tracing.trace().lines()) {
      fmt::print("  {}\n", line);
    }
  }

  fmt::print("3. The Batched fallback: vmap by a loop over rows\n");
  {
    // [demo_batched]
    const Tensor rows = makeBatchedTensor({{1, 2, 3}, {4, 5, 6}});
    fmt::print("  mysum({}) = {}\n", rows, mysum(rows));
    fmt::print("  myscale({}, 10) = {}\n", rows, myscale(rows, 10));
    fmt::print("  myadd({}, {}) = {}\n", rows, a, myadd(rows, a));
    // [demo_batched]
    printError([&] { (void)mynumel(rows); });
    printError([&] {
      Tensor self = rows;
      (void)myadd_(self, a);
    });
  }

  fmt::print("4. The counting fallback: how often each operator ran\n");
  {
    // [demo_counting]
    CountingScope counting;
    Tensor acc = makeTensor({0, 0, 0});
    for (int step = 0; step < 3; ++step) {
      myadd_(acc, myscale(a, step));
    }
    (void)mysum(makeBatchedTensor({{1}, {2}, {3}, {4}}));
    // [demo_counting]
    fmt::print("  acc = {}\n", acc);
    for (const auto& [name, count] : counting.counts()) {
      fmt::print("  {:<16} {}\n", name, count);
    }
  }
  return 0;
}
