// Exercise 03.2: which kernel fills a slot, against the dispatcher's own
// answer and, with CompositeExplicitAutogradNonFunctional, against PyTorch 1.13.
#include <sstream>

#include <gtest/gtest.h>

#include "mini/exercises/explain_slot.h"
#include "support/dispatcher_support.h"
#include "support/exercise_source.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::SlotFill;
using mini_test::runExercise;
using mini_test::ScopedFoo;

SlotFill explain(const ScopedFoo& foo, DispatchKey key) {
  return exercises::explainSlot(foo.entry(), Dispatcher::singleton(), key);
}

std::string describe(const SlotFill& fill) {
  return fill.registeredOn ? fmt::format("fn_{} [{}]", *fill.registeredOn, fill.rule) : fmt::format("[{}]", fill.rule);
}

// The alias key whose kernel each of the chapter's alias rules runs.
std::optional<DispatchKey> registeredOn(const std::string& why, DispatchKey key) {
  if (why == "kernel") return key;
  if (why == "default backend kernel") return DispatchKey::CompositeExplicitAutograd;
  if (why == "math kernel") return DispatchKey::CompositeImplicitAutograd;
  if (why == "autograd kernel") return DispatchKey::Autograd;
  return std::nullopt;
}

TEST(Exercise03_2, AgreesWithTheDispatcherWithoutANonFunctionalKernel) {
  runExercise([] {
    for (const auto& keys : mini_test::subsetsOf(mini_test::registrationKeys(), 3)) {
      const ScopedFoo foo(keys);
      for (DispatchKey key : mini_test::allRuntimeKeys()) {
        const ComputedEntry expected = foo.entry().computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key);
        const SlotFill fill = explain(foo, key);
        ASSERT_EQ(describe(fill), describe({std::string(expected.why), registeredOn(expected.why, key)}))
            << "slot " << toString(key) << " of " << foo.entry().dumpState();
      }
    }
  });
}

// An operator with kernels fn_<Key> on `registered` (names joined by
// spaces), the slot asked for, and what torch 1.13's computed table
// (torch._C._dispatch_dump_table) fills it with: the key of the kernel, or
// "-" for a backend fallback, the ambiguous AutogradOther kernel or none.
// maint/reference/check_nonfunctional_cases.py asks torch again.
struct NonFunctionalCase {
  const char* registered;
  const char* slot;
  const char* kernel;
  const char* rule;
};

constexpr NonFunctionalCase kCases[] = {
    {"CompositeExplicitAutogradNonFunctional", "CPU", "CompositeExplicitAutogradNonFunctional",
     "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional", "FPGA", "CompositeExplicitAutogradNonFunctional",
     "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional", "Undefined", "CompositeExplicitAutogradNonFunctional",
     "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional", "AutogradCPU", "-", "backend fallback"},
    {"CompositeExplicitAutogradNonFunctional CompositeExplicitAutograd", "CPU",
     "CompositeExplicitAutogradNonFunctional", "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional CompositeExplicitAutograd", "Undefined",
     "CompositeExplicitAutogradNonFunctional", "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional CompositeImplicitAutograd", "Meta",
     "CompositeExplicitAutogradNonFunctional", "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional CompositeImplicitAutograd", "AutogradCPU", "CompositeImplicitAutograd",
     "math kernel"},
    {"CompositeExplicitAutogradNonFunctional CompositeImplicitAutograd", "AutogradOther", "CompositeImplicitAutograd",
     "math kernel"},
    {"CompositeExplicitAutograd CompositeImplicitAutograd", "AutogradCPU", "-", "backend fallback"},
    {"CompositeExplicitAutogradNonFunctional CPU CompositeImplicitAutograd", "CPU", "CPU", "kernel"},
    {"CompositeExplicitAutogradNonFunctional CPU CompositeImplicitAutograd", "CUDA",
     "CompositeExplicitAutogradNonFunctional", "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional CPU CompositeImplicitAutograd", "AutogradCPU", "-", "backend fallback"},
    {"CompositeExplicitAutogradNonFunctional CPU CompositeImplicitAutograd", "AutogradCUDA",
     "CompositeImplicitAutograd", "math kernel"},
    {"CompositeExplicitAutogradNonFunctional Autograd", "AutogradCUDA", "Autograd", "autograd kernel"},
    {"CompositeExplicitAutogradNonFunctional Autograd", "PrivateUse1", "CompositeExplicitAutogradNonFunctional",
     "default backend kernel"},
    {"CompositeExplicitAutogradNonFunctional FPGA CompositeImplicitAutograd", "AutogradOther", "-",
     "ambiguous autogradother"},
    {"CompositeExplicitAutogradNonFunctional FPGA", "AutogradOther", "-", "backend fallback"},
    {"CompositeExplicitAutogradNonFunctional AutogradCPU CompositeImplicitAutograd", "AutogradCPU", "AutogradCPU",
     "kernel"},
    {"CompositeExplicitAutogradNonFunctional AutogradCPU CompositeImplicitAutograd", "AutogradMeta",
     "CompositeImplicitAutograd", "math kernel"},
};

TEST(Exercise03_2, PlacesTheNonFunctionalKernelAsPyTorchDoes) {
  runExercise([] {
    for (const NonFunctionalCase& c : kCases) {
      std::vector<DispatchKey> keys;
      std::istringstream names(c.registered);
      for (std::string name; names >> name;) keys.push_back(parseDispatchKey(name));
      const ScopedFoo foo(keys);
      const std::string kernel = c.kernel;
      const SlotFill expected{c.rule, kernel == "-" ? std::nullopt : std::optional(parseDispatchKey(kernel))};
      EXPECT_EQ(describe(explain(foo, parseDispatchKey(c.slot))), describe(expected))
          << "slot " << c.slot << " with kernels on {" << c.registered
          << "}, as torch 1.13's computed table has it: the non-functional kernel comes before "
             "CompositeExplicitAutograd's, serves calls without tensors, and holds no math kernel back";
    }
  });
}

TEST(Exercise03_2, WritesTheRulesItself) {
  runExercise([] {
    const ScopedFoo cpuOnly({DispatchKey::CPU});
    (void)explain(cpuOnly, DispatchKey::CPU);  // a stub throws ExerciseNotDone here: SKIPPED
    mini_test::expectDoesNotCall("explain_slot.cpp", "computeDispatchTableEntryWithDebug",
                                 "that is the dispatcher's own answer, which the other tests compare yours with, "
                                 "and it knows nothing of CompositeExplicitAutogradNonFunctional");
  });
}

}  // namespace
}  // namespace mini
