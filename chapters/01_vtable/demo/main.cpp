// Chapter 01 demo: one operation, three ways to dispatch it.
//
// Run with MINI_DISPATCH_TRACE=1 to see each trip through a table. The gdb
// scripts in ../gdb break inside the functions this program calls.
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "mini/exercise.h"
#include "mini/if_else_ladder.h"
#include "mini/kernel_registrar.h"
#include "mini/magnitude.h"
#include "mini/operators.h"
#include "mini/virtual_number.h"

namespace {

using namespace mini;

// Prints the registrations of a table: which key, registered where.
void printTable(const OperatorTableBase& table) {
  fmt::print("  table of '{}':\n", table.name());
  for (DispatchKey key : table.registeredKeys()) {
    fmt::print("    {:<12} registered at {}\n", key, *table.registrationSite(key));
  }
}

// Called through a reference to the base class: the vtable picks the
// override, and gdb shows no frame between this function and the override.
double magnitudeOf(const VirtualNumber& number) { return number.magnitude(); }

// Runs an exercise's code, or says it is not done yet (the learner build).
template <class Body>
void tryExercise(Body body) {
  try {
    body();
  } catch (const ExerciseNotDone& stub) {
    fmt::print("  ({}: see chapters/01_vtable/README.md)\n", stub.what());
  }
}

// Runs `body` and prints the error it throws: the demo shows each error the
// table raises, with the text a user would get.
template <class Body>
void printError(const char* what, Body body) {
  try {
    body();
    fmt::print("  {}: no error?\n", what);
  } catch (const std::exception& error) {
    fmt::print("  {}:\n    {}\n", what, error.what());
  }
}

Number subRectangular(const Number& a, const Number& b) { return rectangular(a.first - b.first, a.second - b.second); }

constexpr std::string_view kUsageLine = "ch01_demo [--help]";
constexpr std::string_view kAbout = R"(Dispatches one operation three ways: an if/else ladder, a table per operator
filled by registrars, and a C++ vtable; then shows the errors a table
raises. MINI_DISPATCH_TRACE=1 prints each trip through a table.
)";

// The demo takes no arguments. --help says what it does; anything else is
// refused (status 2, one line on stderr), not silently ignored, so a typo
// never looks like a run. Returns the exit status when main must stop.
std::optional<int> handleArguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--help") {
      fmt::print(stderr, "ch01_demo: unknown argument '{}' (usage: {})\n", argv[i], kUsageLine);
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
  const Number a = rectangular(1, 1);
  const Number b = polar(2, 0.5);

  fmt::print("1. The if/else ladder: every case inside the operator\n");
  fmt::print("  addWithLadder({}, {}) = {}\n", a, b, addWithLadder(a, b));

  fmt::print("2. A table per operator, filled by registrars before main\n");
  printTable(addTable());
  printTable(mulTable());
  fmt::print("  add({}, {}) = {}\n", a, a, add(a, a));
  fmt::print("  add({}, {}) = {}\n", a, b, add(a, b));
  fmt::print("  mul({}, {}) = {}\n", b, b, mul(b, b));
  tryExercise([] { fmt::print("  add(Real(2), Real(3)) = {}\n", add(real(2), real(3))); });
  tryExercise([&] { fmt::print("  magnitude({}) = {}\n", a, magnitude(a)); });

  fmt::print("3. A C++ vtable: dispatch on `this` alone\n");
  const VirtualRectangular vr(3, 4);
  const VirtualPolar vp(2, 0.5);
  fmt::print("  magnitude of VirtualRectangular(3, 4) = {}\n", magnitudeOf(vr));
  fmt::print("  magnitude of VirtualPolar(2, 0.5) = {}\n", magnitudeOf(vp));
  tryExercise([&] {
    const auto sum = vr.add(vp);
    fmt::print("  VirtualRectangular(3, 4) + VirtualPolar(2, 0.5) = {} + {}i\n", sum->realPart(), sum->imagPart());
  });

  fmt::print("4. What the table says when it cannot help\n");
  OperatorTable<BinaryKernel> subTable("sub");
  KernelRegistrar registerSub(subTable, DispatchKey::Rectangular, &subRectangular);
  printError("sub on a Polar number (no kernel)", [&] { subTable.call(computeDispatchKey(a, b), a, b); });
  printError("a second Polar kernel for add",
             [] { KernelRegistrar again(addTable(), DispatchKey::Polar, &subRectangular); });
  return 0;
}
