// Exercise 02.3: UnexcludeDispatchKeyGuard.
#include <optional>
#include <stdexcept>

#include <gtest/gtest.h>

#include "mini/operators.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

DispatchKeySet excluded() { return localDispatchKeySet().excluded; }

// What an exclude guard on AutogradCPU leaves excluded: the defaults, the
// Autograd functionality bit and the CPU backend bit.
DispatchKeySet defaultsAndAutogradCPU() {
  return kDefaultLocalDispatchKeySet.excluded | DispatchKeySet(DispatchKey::AutogradCPU);
}

TEST(Exercise02_3, TakesAnExcludedKeyOutForItsScopeOnly) {
  runExercise([] {
    ExcludeDispatchKeyGuard below(DispatchKey::AutogradCPU);
    {
      UnexcludeDispatchKeyGuard guard(DispatchKey::AutogradCPU);
      EXPECT_EQ(excluded(), kDefaultLocalDispatchKeySet.excluded)
          << "inside the guard AutogradCPU must be excluded no more, its CPU backend bit included (operator- "
             "never clears backend bits)";
    }
    EXPECT_EQ(excluded(), defaultsAndAutogradCPU()) << "the guard's end must exclude AutogradCPU again";
  });
}

TEST(Exercise02_3, LeavesAKeyThatWasNotExcludedAlone) {
  runExercise([] {
    {
      UnexcludeDispatchKeyGuard guard(DispatchKey::AutogradCPU);
      EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
    }
    EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet)
        << "AutogradCPU was not excluded before the guard, so its end must not exclude it";
  });
}

TEST(Exercise02_3, TakesOutOnlyTheKeysItIsGiven) {
  runExercise([] {
    {
      UnexcludeDispatchKeyGuard guard(DispatchKey::AutocastCPU);
      EXPECT_EQ(excluded(), DispatchKeySet(DispatchKey::AutocastCUDA)) << "AutocastCUDA is excluded by default";
      EXPECT_EQ(localDispatchKeySet().included, kDefaultLocalDispatchKeySet.included)
          << "the guard changes the excluded set only";
    }
    EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  });
}

TEST(Exercise02_3, AnUnexcludedKeyRunsItsKernelAgain) {
  runExercise([] {
    IncludeDispatchKeyGuard tracing(DispatchKey::Tracer);
    ExcludeDispatchKeyGuard below(DispatchKey::Tracer);
    // Tracer is excluded: add runs on CPU. That is the chapter's exclude guard, not the answer's work
    // (a throw here still fails the test).
    (void)add(makeTensor(1), makeTensor(2));
    UnexcludeDispatchKeyGuard again(DispatchKey::Tracer);
    try {
      add(makeTensor(1), makeTensor(2));
      FAIL() << "Tracer is no longer excluded, and add has no Tracer kernel";
    } catch (const std::runtime_error&) {
      // Refused, as it must be: the words are the dispatcher's, not the answer's.
    }
  });
}

TEST(Exercise02_3, NestedGuardsOnTheSameKey) {
  runExercise([] {
    ExcludeDispatchKeyGuard below(DispatchKey::AutogradCPU);
    {
      UnexcludeDispatchKeyGuard outer(DispatchKey::AutogradCPU);
      {
        UnexcludeDispatchKeyGuard inner(DispatchKey::AutogradCPU);  // finds nothing to take out
      }
      EXPECT_EQ(excluded(), kDefaultLocalDispatchKeySet.excluded)
          << "the inner guard took nothing out, so its end must put nothing back";
    }
    EXPECT_EQ(excluded(), defaultsAndAutogradCPU());
  });
}

TEST(Exercise02_3, AGuardThatEndsFirstKeepsTheKeysOfALaterOne) {
  runExercise([] {
    // Guards need not end in the reverse order of their start: each puts
    // back only what it took, so putting back the whole state it saw would
    // undo the later exclude guard's work.
    std::optional<UnexcludeDispatchKeyGuard> first(std::in_place, DispatchKey::AutocastCPU);
    ExcludeDispatchKeyGuard second(DispatchKey::Tracer);
    first.reset();
    EXPECT_TRUE(excluded().has(DispatchKey::Tracer))
        << "the first guard's end took away Tracer, which a later guard excluded and still holds: excluded is "
        << fmt::format("{}", excluded());
    EXPECT_TRUE(excluded().has(DispatchKey::AutocastCPU)) << fmt::format("{}", excluded());
  });
}

// That another thread keeps its own key sets is localDispatchKeySet's doing (thread_local),
// tested in tests/local_dispatch_key_set_test.cpp: an answer that goes through it cannot fail it.

TEST(Exercise02_3, RestoresWhenAnExceptionLeavesTheScope) {
  runExercise([] {
    try {
      UnexcludeDispatchKeyGuard guard(DispatchKey::AutocastCPU);
      throw std::runtime_error("leaving early");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  });
}

}  // namespace
}  // namespace mini
