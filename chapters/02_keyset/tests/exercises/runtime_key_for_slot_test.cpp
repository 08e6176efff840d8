// Exercise 02.4: the runtime key in a slot, the inverse of the slot index.
#include <stdexcept>

#include <gtest/gtest.h>

#include "mini/dispatch_key_set.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise02_4, SlotZeroIsUndefined) {
  runExercise([] { EXPECT_EQ(runtimeKeyForSlot(0), DispatchKey::Undefined); });
}

TEST(Exercise02_4, PerBackendBlocksAddTheBackend) {
  runExercise([] {
    EXPECT_EQ(runtimeKeyForSlot(1), DispatchKey::CPU);
    EXPECT_EQ(runtimeKeyForSlot(4), DispatchKey::PrivateUse1);
    EXPECT_EQ(runtimeKeyForSlot(5), DispatchKey::BackendSelect);
    EXPECT_EQ(runtimeKeyForSlot(9), DispatchKey::AutogradCUDA);
    EXPECT_EQ(runtimeKeyForSlot(15), DispatchKey::Batched);
  });
}

TEST(Exercise02_4, InvertsTheSlotOfEveryRuntimeKey) {
  runExercise([] {
    for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
      EXPECT_EQ(runtimeKeyForSlot(getDispatchTableIndexForDispatchKey(key)), key) << toString(key);
    }
  });
}

TEST(Exercise02_4, SlotPastTheTableIsRefused) {
  runExercise([] {
    try {
      runtimeKeyForSlot(kNumRuntimeEntries);
      FAIL() << "slot 16 does not exist";
    } catch (const std::out_of_range& error) {
      EXPECT_EQ(std::string(error.what()), "Slot 16 is past the end of an operator's table (16 slots)");
    }
  });
}

}  // namespace
}  // namespace mini
