// The flat model: one bit per key. (Its highestPriorityKey is exercise 02.1,
// tested in tests/exercises.)
#include <stdexcept>

#include <gtest/gtest.h>

#include "mini/flat_dispatch_key_set.h"

namespace mini {
namespace {

TEST(FlatDispatchKeySet, EachKeyOwnsOneBitInPriorityOrder) {
  EXPECT_EQ(FlatDispatchKeySet(DispatchKey::CPU).raw(), 0x1u);
  EXPECT_EQ(FlatDispatchKeySet(DispatchKey::CUDA).raw(), 0x2u);
  EXPECT_LT(FlatDispatchKeySet(DispatchKey::AutogradCPU).raw(), FlatDispatchKeySet(DispatchKey::Tracer).raw());
  EXPECT_LT(FlatDispatchKeySet(DispatchKey::BackendSelect).raw(), FlatDispatchKeySet(DispatchKey::AutogradCPU).raw());
  EXPECT_EQ(flatBitOf(DispatchKey::Batched), 14);
}

TEST(FlatDispatchKeySet, SetAlgebraIsBitwise) {
  const FlatDispatchKeySet a{DispatchKey::CPU, DispatchKey::AutogradCPU};
  const FlatDispatchKeySet b{DispatchKey::CUDA, DispatchKey::AutogradCPU};
  EXPECT_EQ(a | b, (FlatDispatchKeySet{DispatchKey::CPU, DispatchKey::CUDA, DispatchKey::AutogradCPU}));
  EXPECT_EQ(a & b, FlatDispatchKeySet(DispatchKey::AutogradCPU));
  EXPECT_EQ(a - b, FlatDispatchKeySet(DispatchKey::CPU));
  EXPECT_TRUE(a.has(DispatchKey::AutogradCPU));
  EXPECT_FALSE(a.has(DispatchKey::CUDA));
  EXPECT_TRUE((a - a).empty());
  // No sharing of bits: {CPU, AutogradCUDA} does not contain AutogradCPU.
  EXPECT_FALSE((FlatDispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCUDA}).has(DispatchKey::AutogradCPU));
}

TEST(FlatDispatchKeySet, ListsAndPrintsItsKeysLowestFirst) {
  const FlatDispatchKeySet set{DispatchKey::Tracer, DispatchKey::CPU, DispatchKey::AutogradCPU};
  EXPECT_EQ(set.keys(), (std::vector{DispatchKey::CPU, DispatchKey::AutogradCPU, DispatchKey::Tracer}));
  EXPECT_EQ(fmt::format("{}", set), "FlatDispatchKeySet(CPU, AutogradCPU, Tracer)");
  EXPECT_EQ(fmt::format("{}", FlatDispatchKeySet()), "FlatDispatchKeySet()");
}

TEST(FlatDispatchKeySet, KeysWithoutABitAreRefusedByName) {
  try {
    FlatDispatchKeySet set(DispatchKey::Autograd);
    FAIL() << "an alias key has no bit";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what())
                  .rfind("DispatchKey Autograd has no bit in the flat key set: only runtime "
                         "keys do (CPU, CUDA, ",
                         0),
              0u)
        << error.what();
  }
  EXPECT_THROW(flatBitOf(DispatchKey::Dense), std::invalid_argument);
}

}  // namespace
}  // namespace mini
