// IncludeDispatchKeyGuard: scoped, nested, out of order, through an exception,
// per thread.
#include <optional>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "mini/operators.h"

namespace mini {
namespace {

DispatchKeySet included() { return localDispatchKeySet().included; }

TEST(IncludeDispatchKeyGuardTest, IncludesForItsScopeOnly) {
  {
    IncludeDispatchKeyGuard guard(DispatchKey::Tracer);
    EXPECT_EQ(included(),
              (DispatchKeySet{DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView, DispatchKey::Tracer}));
    EXPECT_EQ(localDispatchKeySet().excluded, kDefaultLocalDispatchKeySet.excluded);
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

TEST(IncludeDispatchKeyGuardTest, AnIncludedKeyChangesWhichKernelRuns) {
  IncludeDispatchKeyGuard guard(DispatchKey::Tracer);
  try {
    add(makeTensor(1), makeTensor(2));
    FAIL() << "add has no Tracer kernel";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("from the 'Tracer' backend"), std::string::npos) << error.what();
  }
}

TEST(IncludeDispatchKeyGuardTest, RemovesOnlyWhatItAdded) {
  {
    // BackendSelect is included by default and must survive this guard.
    IncludeDispatchKeyGuard guard(DispatchKeySet{DispatchKey::BackendSelect, DispatchKey::Batched});
    EXPECT_TRUE(included().has(DispatchKey::Batched));
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

TEST(IncludeDispatchKeyGuardTest, NestedGuardsRestoreInOrder) {
  {
    IncludeDispatchKeyGuard outer(DispatchKey::Tracer);
    {
      IncludeDispatchKeyGuard inner(DispatchKeySet{DispatchKey::Tracer, DispatchKey::AutogradCUDA});
      EXPECT_TRUE(included().has(DispatchKey::AutogradCUDA));
    }
    EXPECT_TRUE(included().has(DispatchKey::Tracer));
    EXPECT_FALSE(included().has(DispatchKey::AutogradCUDA));
    EXPECT_FALSE(included().hasBackend(BackendComponent::CUDABit));  // no stray backend bit
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

TEST(IncludeDispatchKeyGuardTest, AGuardThatEndsFirstKeepsTheKeysOfALaterOne) {
  // Guards need not end in the reverse order of their start (one may live
  // in a std::optional or an object): each removes only what it added, as
  // c10::impl::IncludeDispatchKeyGuard does, so putting back the set it
  // saw would take away the later guard's key.
  std::optional<IncludeDispatchKeyGuard> first(std::in_place, DispatchKey::Tracer);
  IncludeDispatchKeyGuard second(DispatchKey::Batched);
  first.reset();
  EXPECT_TRUE(included().has(DispatchKey::Batched))
      << "the first guard's end removed Batched, which the second guard added and still holds: included is "
      << fmt::format("{}", included());
  EXPECT_FALSE(included().has(DispatchKey::Tracer)) << fmt::format("{}", included());
}

TEST(IncludeDispatchKeyGuardTest, RestoresWhenAnExceptionLeavesTheScope) {
  try {
    IncludeDispatchKeyGuard guard(DispatchKey::Tracer);
    add(makeTensor(1), makeTensor(2));  // throws: no Tracer kernel
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

TEST(IncludeDispatchKeyGuardTest, OtherThreadsAreUnaffected) {
  IncludeDispatchKeyGuard guard(DispatchKey::Tracer);
  LocalDispatchKeySet seen;
  std::thread other([&] { seen = localDispatchKeySet(); });
  other.join();
  EXPECT_EQ(seen, kDefaultLocalDispatchKeySet);
}

}  // namespace
}  // namespace mini
