// The table on its own: fresh tables built inside each test, so nothing here
// depends on what the chapter (or the learner's exercises) registered.
#include <gtest/gtest.h>

#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
namespace {

Tensor first(const Tensor& a, const Tensor&) { return a; }
Tensor second(const Tensor&, const Tensor& b) { return b; }

const DispatchKeySet kCPUCall{DispatchKey::CPU, DispatchKey::AutogradCPU};

TEST(OperatorTable, TheHighestKeyOfTheCallPicksTheKernel) {
  OperatorTable<BinaryKernel> table("test::pick");
  KernelRegistrar cpu(table, DispatchKey::CPU, &first);
  KernelRegistrar autograd(table, DispatchKey::AutogradCPU, &second);
  EXPECT_EQ(table.lookup(kCPUCall), &second);
  EXPECT_EQ(table.lookup(DispatchKey::CPU), &first);
  EXPECT_EQ(table.call(kCPUCall, makeTensor(1), makeTensor(2)).item(), 2);
}

TEST(OperatorTable, FallthroughKeysAreSkippedUnlessTheOperatorHasAKernelThere) {
  OperatorTable<BinaryKernel> table("test::fallthrough");
  KernelRegistrar cpu(table, DispatchKey::CPU, &first);
  const DispatchKeySet call{DispatchKey::CPU, DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView};
  EXPECT_EQ(table.dispatchKeySetFor(call), DispatchKeySet(DispatchKey::CPU));
  EXPECT_EQ(table.lookup(call), &first);
  {
    KernelRegistrar inplace(table, DispatchKey::ADInplaceOrView, &second);
    EXPECT_EQ(table.lookup(call), &second);
  }
  EXPECT_EQ(table.lookup(call), &first);  // deregistering lets the key through again
}

TEST(OperatorTable, MissingKernelErrorNamesOperatorKeyAndRegisteredKeys) {
  OperatorTable<BinaryKernel> table("test::pick");
  const int line = __LINE__ + 1;
  KernelRegistrar cpu(table, DispatchKey::CPU, &first);
  try {
    table.lookup(DispatchKeySet{DispatchKey::Meta, DispatchKey::AutogradMeta});
    FAIL() << "lookup of an empty slot must throw";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()),
              fmt::format("Could not run 'test::pick' with arguments from the 'AutogradMeta' backend. "
                          "'test::pick' is only available for these backends: [CPU].\n"
                          "CPU: registered at chapters/02_keyset/tests/operator_table_test.cpp:{}",
                          line));
  }
}

TEST(OperatorTable, EmptyKeySetReachesTheUndefinedSlot) {
  OperatorTable<BinaryKernel> table("test::empty");
  try {
    table.lookup(DispatchKeySet());
    FAIL() << "an empty key set has no kernel";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(
        std::string(error.what()).rfind("Could not run 'test::empty' with arguments from the 'Undefined' backend.", 0),
        0u)
        << error.what();
  }
}

TEST(OperatorTable, SecondKernelOnOneKeyIsRefusedNamingBothSites) {
  OperatorTable<BinaryKernel> table("test::pick");
  const int originalLine = __LINE__ + 1;
  KernelRegistrar original(table, DispatchKey::AutogradCUDA, &first);
  const int duplicateLine = __LINE__ + 2;
  try {
    KernelRegistrar duplicate(table, DispatchKey::AutogradCUDA, &second);
    FAIL() << "a second kernel on AutogradCUDA must be refused";
  } catch (const std::logic_error& error) {
    EXPECT_EQ(std::string(error.what()),
              fmt::format("Tried to register a kernel for 'test::pick' on key 'AutogradCUDA' twice. Each key "
                          "takes a single kernel. Duplicate registration: registered at "
                          "chapters/02_keyset/tests/operator_table_test.cpp:{}. Original registration: "
                          "registered at chapters/02_keyset/tests/operator_table_test.cpp:{}",
                          duplicateLine, originalLine));
  }
  EXPECT_EQ(table.lookup(DispatchKey::AutogradCUDA), &first);
}

TEST(OperatorTable, KeysWithoutASlotAreRefusedWithTheValidOnes) {
  OperatorTable<BinaryKernel> table("test::alias");
  for (DispatchKey key : {DispatchKey::Autograd, DispatchKey::Dense, DispatchKey::Undefined}) {
    try {
      KernelRegistrar alias(table, key, &first);
      FAIL() << toString(key) << " must be refused";
    } catch (const std::invalid_argument& error) {
      EXPECT_EQ(std::string(error.what())
                    .rfind(fmt::format("Tried to register a kernel for 'test::alias' on '{}', which is not a runtime "
                                       "key. Register on one of: [CPU, CUDA, Meta, PrivateUse1, BackendSelect, ",
                                       key),
                           0),
                0u)
          << error.what();
    }
  }
  EXPECT_TRUE(table.registeredKeys().empty());
}

TEST(OperatorTable, RegistrarRemovesItsKernelWhenItGoesOutOfScope) {
  OperatorTable<BinaryKernel> table("test::scoped");
  {
    KernelRegistrar scoped(table, DispatchKey::PrivateUse1, &first);
    EXPECT_EQ(table.registeredKeys(), std::vector{DispatchKey::PrivateUse1});
  }
  EXPECT_TRUE(table.registeredKeys().empty());
  EXPECT_FALSE(table.registrationSite(DispatchKey::PrivateUse1).has_value());
  EXPECT_THROW(table.lookup(DispatchKey::PrivateUse1), std::runtime_error);
}

}  // namespace
}  // namespace mini
