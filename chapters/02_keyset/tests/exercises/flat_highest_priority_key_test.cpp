// Exercise 02.1: the highest-priority key of a flat key set.
#include <gtest/gtest.h>

#include "mini/flat_dispatch_key_set.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise02_1, HighestBitWins) {
  runExercise([] {
    EXPECT_EQ((FlatDispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU}).highestPriorityKey(),
              DispatchKey::AutogradCPU);
    EXPECT_EQ((FlatDispatchKeySet{DispatchKey::Batched, DispatchKey::CPU, DispatchKey::Tracer}).highestPriorityKey(),
              DispatchKey::Batched);
    EXPECT_EQ(FlatDispatchKeySet(DispatchKey::CPU).highestPriorityKey(), DispatchKey::CPU);
  });
}

TEST(Exercise02_1, EmptySetIsUndefined) {
  runExercise([] { EXPECT_EQ(FlatDispatchKeySet().highestPriorityKey(), DispatchKey::Undefined); });
}

TEST(Exercise02_1, EverySingleKeyIsItsOwnHighest) {
  runExercise([] {
    for (DispatchKey key : kFlatKeyOrder) {
      EXPECT_EQ(FlatDispatchKeySet(key).highestPriorityKey(), key) << toString(key);
      // Adding every lower key changes nothing.
      FlatDispatchKeySet withLower(key);
      for (int bit = 0; bit < flatBitOf(key); ++bit) {
        withLower = withLower | kFlatKeyOrder[bit];
      }
      EXPECT_EQ(withLower.highestPriorityKey(), key) << toString(key);
    }
  });
}

}  // namespace
}  // namespace mini
