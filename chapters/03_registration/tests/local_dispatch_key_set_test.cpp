// Thread-local state and the include and exclude guards.
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "mini/core/local_dispatch_key_set.h"

namespace mini {
namespace {

// Every test starts and must end with the defaults; a leak would show here.
class LocalDispatchKeySetTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet); }
  void TearDown() override { EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet); }
};

TEST_F(LocalDispatchKeySetTest, DefaultsAreThoseOfPyTorch) {
  EXPECT_EQ(fmt::format("{}", localDispatchKeySet().included), "DispatchKeySet(BackendSelect, ADInplaceOrView)");
  EXPECT_EQ(fmt::format("{}", localDispatchKeySet().excluded), "DispatchKeySet(AutocastCPU, AutocastCUDA)");
}

TEST_F(LocalDispatchKeySetTest, ExcludeGuardExcludesForItsScopeOnly) {
  {
    ExcludeDispatchKeyGuard guard(DispatchKey::Tracer);
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
    EXPECT_EQ(localDispatchKeySet().included, kDefaultLocalDispatchKeySet.included);
  }
  EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
}

TEST_F(LocalDispatchKeySetTest, ExcludeGuardRemovesOnlyWhatItAdded) {
  {
    // AutocastCPU is excluded already: the guard must not take it away on exit.
    ExcludeDispatchKeyGuard guard(DispatchKeySet{DispatchKey::AutocastCPU, DispatchKey::Batched});
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::Batched));
  }
  EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::AutocastCPU));
}

TEST_F(LocalDispatchKeySetTest, NestedGuardsOnTheSameKeyRestoreInOrder) {
  {
    ExcludeDispatchKeyGuard outer(DispatchKey::Tracer);
    {
      ExcludeDispatchKeyGuard inner(DispatchKeySet{DispatchKey::Tracer, DispatchKey::Batched});
      EXPECT_TRUE(localDispatchKeySet().excluded.hasAll(DispatchKeySet{DispatchKey::Tracer, DispatchKey::Batched}));
    }
    // The inner guard added only Batched, so the outer guard's Tracer stays.
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
    EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::Batched));
  }
  EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
}

TEST_F(LocalDispatchKeySetTest, ExcludeGuardRestoresExactlyPerBackendKeysAndTheirBackendBits) {
  {
    ExcludeDispatchKeyGuard guard(DispatchKey::AutogradCPU);  // a functionality bit and a backend bit
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::AutogradCPU));
  }
  // TearDown checks that no stray CPU bit was left in the excluded set.
}

TEST_F(LocalDispatchKeySetTest, ExceptionThroughAGuardStillRestores) {
  try {
    ExcludeDispatchKeyGuard guard(DispatchKey::Tracer);
    throw std::runtime_error("kernel failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
}

TEST_F(LocalDispatchKeySetTest, AnotherThreadSeesTheDefaultsNotOurGuards) {
  ExcludeDispatchKeyGuard guard(DispatchKey::Tracer);
  LocalDispatchKeySet seenByOtherThread;
  std::thread other([&] { seenByOtherThread = localDispatchKeySet(); });
  other.join();
  EXPECT_EQ(seenByOtherThread, kDefaultLocalDispatchKeySet);
  EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::Tracer));
}

TEST_F(LocalDispatchKeySetTest, AnotherThreadsGuardsDoNotReachUs) {
  std::thread other([] {
    ExcludeDispatchKeyGuard guard(DispatchKey::Batched);
    setLocalDispatchKeySet({DispatchKey::Tracer, DispatchKey::Batched});
  });
  other.join();
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

// The include guard, core code since chapter 02.
TEST_F(LocalDispatchKeySetTest, IncludeGuardRemovesOnlyWhatItAdded) {
  {
    // BackendSelect is included by default and must survive this guard.
    IncludeDispatchKeyGuard guard(DispatchKeySet{DispatchKey::BackendSelect, DispatchKey::Batched});
    EXPECT_TRUE(localDispatchKeySet().included.has(DispatchKey::Batched));
    { IncludeDispatchKeyGuard inner(DispatchKey::Batched); }
    EXPECT_TRUE(localDispatchKeySet().included.has(DispatchKey::Batched));
  }
}

}  // namespace
}  // namespace mini
