// Exercise 02.2: the keys below a key, against PyTorch 1.13's FULL_AFTER.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mini/full_after.h"
#include "mini/operators.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

struct Case {
  DispatchKey key;
  const char* expected;
};

// torch._C._dispatch_keyset_full_after(key) in PyTorch 1.13, keeping the keys
// this chapter has; maint/reference/check_full_after_cases.py asks torch again. Every
// backend bit is set in each: below Dense they are bits without a
// functionality (CPUBit), from BackendSelect on Dense makes them CPU, CUDA.
const Case kCases[] = {
    {DispatchKey::Dense, "DispatchKeySet(CPUBit, CUDABit, MetaBit, PrivateUse1Bit)"},
    {DispatchKey::CPU, "DispatchKeySet(CPUBit, CUDABit, MetaBit, PrivateUse1Bit)"},
    {DispatchKey::BackendSelect, "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1)"},
    {DispatchKey::ADInplaceOrView, "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect)"},
    {DispatchKey::AutogradOther, "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView)"},
    {DispatchKey::AutogradFunctionality,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther)"},
    {DispatchKey::AutogradCPU,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther)"},
    {DispatchKey::AutogradPrivateUse1,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther)"},
    {DispatchKey::Tracer,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther, AutogradCPU, "
     "AutogradCUDA, AutogradMeta, AutogradPrivateUse1)"},
    {DispatchKey::AutocastCPU,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther, AutogradCPU, "
     "AutogradCUDA, AutogradMeta, AutogradPrivateUse1, Tracer)"},
    {DispatchKey::AutocastCUDA,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther, AutogradCPU, "
     "AutogradCUDA, AutogradMeta, AutogradPrivateUse1, Tracer, AutocastCPU)"},
    {DispatchKey::Batched,
     "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther, AutogradCPU, "
     "AutogradCUDA, AutogradMeta, AutogradPrivateUse1, Tracer, AutocastCPU, AutocastCUDA)"},
};

// Every key fullAfter is asked about: the functionalities and the runtime keys.
std::vector<DispatchKey> askedKeys() {
  std::vector<DispatchKey> keys;
  for (int k = 1; k < static_cast<int>(DispatchKey::EndOfFunctionalityKeys); ++k) {
    keys.push_back(static_cast<DispatchKey>(k));
  }
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    keys.push_back(key);
  }
  return keys;
}

TEST(Exercise02_2, MatchesPyTorchsFullAfter) {
  runExercise([] {
    for (const Case& c : kCases) {
      EXPECT_EQ(fmt::format("{}", fullAfter(c.key)), c.expected)
          << "fullAfter(" << c.key << ") against PyTorch 1.13's DispatchKeySet(FULL_AFTER, " << c.key << ")";
    }
  });
}

TEST(Exercise02_2, LeavesTheKeyItselfOut) {
  runExercise([] {
    for (DispatchKey key : askedKeys()) {
      EXPECT_FALSE(fullAfter(key).has(key)) << "fullAfter(" << key << ") has " << key << ": a kernel on " << key
                                            << " that redispatches with this mask runs itself again, forever";
    }
  });
}

TEST(Exercise02_2, LeavesOutEveryKeyAbove) {
  runExercise([] {
    for (DispatchKey key : askedKeys()) {
      for (DispatchKey above : DispatchKeySet(DispatchKeySet::FULL).keys()) {
        if (toFunctionalityKey(above) > toFunctionalityKey(key)) {
          EXPECT_FALSE(fullAfter(key).has(above)) << "fullAfter(" << key << ") keeps " << above << ", which is above "
                                                  << key << ": a kernel below it must never run a layer above itself";
        }
      }
    }
  });
}

TEST(Exercise02_2, KeepsEveryBackend) {
  runExercise([] {
    for (DispatchKey key : askedKeys()) {
      EXPECT_EQ(fullAfter(key).raw() & DispatchKeySet::kBackendMask, DispatchKeySet::kBackendMask)
          << "fullAfter(" << key << ") = " << fullAfter(key)
          << " lost backend bits: backends have no order, and below AutogradCUDA a cpu + cuda call must still "
             "carry both";
    }
  });
}

TEST(Exercise02_2, ARuntimeKeyStandsForItsFunctionality) {
  runExercise([] {
    for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
      EXPECT_EQ(fullAfter(key), fullAfter(toFunctionalityKey(key)))
          << "fullAfter(" << key << ") differs from fullAfter(" << toFunctionalityKey(key)
          << "): a runtime key's priority is its functionality's (toFunctionalityKey), not its place in the enum";
    }
  });
}

// A CPU tensor's call while tracing, stepped down one kernel at a time as
// kernels that redispatch do: each masks the set with fullAfter of its key.
TEST(Exercise02_2, StepsACallDownOneLayerAtATime) {
  runExercise([] {
    IncludeDispatchKeyGuard tracing(DispatchKey::Tracer);
    DispatchKeySet keys = computeDispatchKeySet(makeTensor(1), makeTensor(2));
    std::vector<std::string> ran;
    // Bounded: a mask that keeps its own key would run that kernel forever.
    for (DispatchKey key = keys.highestPriorityKey(); key != DispatchKey::Undefined && ran.size() < 8;
         key = keys.highestPriorityKey()) {
      ran.push_back(fmt::format("{}", key));
      keys = keys & fullAfter(key);
    }
    EXPECT_EQ(fmt::format("{}", fmt::join(ran, ", ")), "Tracer, AutogradCPU, ADInplaceOrView, BackendSelect, CPU");
  });
}

}  // namespace
}  // namespace mini
