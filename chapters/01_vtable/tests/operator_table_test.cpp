// The table on its own: fresh tables built inside each test, so nothing here
// depends on what the chapter (or the learner's exercises) registered.
#include <gtest/gtest.h>

#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
namespace {

Number first(const Number& a, const Number&) { return a; }
Number second(const Number&, const Number& b) { return b; }

TEST(OperatorTable, LookupReturnsTheKernelRegisteredForTheKey) {
  OperatorTable<BinaryKernel> table("test::pick");
  KernelRegistrar a(table, DispatchKey::Rectangular, &first);
  KernelRegistrar b(table, DispatchKey::Polar, &second);
  EXPECT_EQ(table.lookup(DispatchKey::Rectangular), &first);
  EXPECT_EQ(table.lookup(DispatchKey::Polar), &second);
  EXPECT_EQ(table.call(DispatchKey::Polar, real(1), real(2)).first, 2);
}

TEST(OperatorTable, MissingKeyErrorNamesOperatorKeyAndRegisteredKeys) {
  OperatorTable<BinaryKernel> table("test::pick");
  const int line = __LINE__ + 1;
  KernelRegistrar a(table, DispatchKey::Polar, &first);
  try {
    table.lookup(DispatchKey::Rectangular);
    FAIL() << "lookup of an empty row must throw";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()),
              fmt::format("Could not run 'test::pick' with arguments from the 'Rectangular' backend. "
                          "'test::pick' is only available for these backends: [Polar].\n"
                          "Polar: registered at chapters/01_vtable/tests/operator_table_test.cpp:{}",
                          line));
  }
}

TEST(OperatorTable, SecondKernelOnOneKeyIsRefusedNamingBothSites) {
  OperatorTable<BinaryKernel> table("test::pick");
  const int originalLine = __LINE__ + 1;
  KernelRegistrar original(table, DispatchKey::Polar, &first);
  const int duplicateLine = __LINE__ + 2;
  try {
    KernelRegistrar duplicate(table, DispatchKey::Polar, &second);
    FAIL() << "a second kernel on Polar must be refused";
  } catch (const std::logic_error& error) {
    EXPECT_EQ(std::string(error.what()),
              fmt::format("Tried to register a kernel for 'test::pick' on key 'Polar' twice. Each key "
                          "takes a single kernel. Duplicate registration: registered at "
                          "chapters/01_vtable/tests/operator_table_test.cpp:{}. Original registration: "
                          "registered at chapters/01_vtable/tests/operator_table_test.cpp:{}",
                          duplicateLine, originalLine));
  }
  // The refused registration left the original in place.
  EXPECT_EQ(table.lookup(DispatchKey::Polar), &first);
}

TEST(OperatorTable, RegistrationOrderDoesNotMatter) {
  OperatorTable<BinaryKernel> forward("test::forward");
  OperatorTable<BinaryKernel> backward("test::backward");
  KernelRegistrar f1(forward, DispatchKey::Real, &first);
  KernelRegistrar f2(forward, DispatchKey::Polar, &second);
  KernelRegistrar b2(backward, DispatchKey::Polar, &second);
  KernelRegistrar b1(backward, DispatchKey::Real, &first);
  for (DispatchKey key : {DispatchKey::Real, DispatchKey::Polar}) {
    EXPECT_EQ(forward.lookup(key), backward.lookup(key)) << toString(key);
  }
  EXPECT_EQ(forward.registeredKeys(), backward.registeredKeys());
}

TEST(OperatorTable, RegistrarRemovesItsKernelWhenItGoesOutOfScope) {
  OperatorTable<BinaryKernel> table("test::scoped");
  {
    KernelRegistrar scoped(table, DispatchKey::Real, &first);
    EXPECT_EQ(table.registeredKeys(), std::vector{DispatchKey::Real});
  }
  EXPECT_TRUE(table.registeredKeys().empty());
  EXPECT_FALSE(table.registrationSite(DispatchKey::Real).has_value());
  EXPECT_THROW(table.lookup(DispatchKey::Real), std::runtime_error);
  // The key is free again.
  KernelRegistrar again(table, DispatchKey::Real, &second);
  EXPECT_EQ(table.lookup(DispatchKey::Real), &second);
}

TEST(DispatchKey, PrintsItsName) {
  EXPECT_EQ(fmt::format("{}", DispatchKey::Real), "Real");
  EXPECT_EQ(fmt::format("{}", DispatchKey::Rectangular), "Rectangular");
  EXPECT_EQ(fmt::format("{}", DispatchKey::Polar), "Polar");
}

}  // namespace
}  // namespace mini
