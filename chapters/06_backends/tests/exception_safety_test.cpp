// Exception safety, both halves:
// - a kernel that throws leaves this thread's included/excluded keys as they
//   were (every guard unwinds) and the dispatcher as usable as before;
// - a registration that fails half-way leaves no trace: no kernel, no schema,
//   no operator, no namespace, and no newly published table.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/tensor.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"
#include "mini/op_registration/schema_parser.h"

namespace mini {
namespace {

// boom(Tensor self, int x) -> int: the CPU kernel throws for a negative x,
// inside guards of its own; the AutogradCPU kernel steps below autograd with
// AutoDispatchBelowADInplaceOrView, as every autograd kernel does, and
// redispatches, so the exception unwinds through a redispatch, three guards
// and two DispatchDepthGuards.
using BoomSignature = std::int64_t(const Tensor&, std::int64_t);

std::int64_t boomCpu(const Tensor&, std::int64_t x) {
  const ExcludeDispatchKeyGuard belowCpu{DispatchKeySet(DispatchKey::CPU)};
  const IncludeDispatchKeyGuard withMeta{DispatchKeySet(DispatchKey::Meta)};
  if (x < 0) {
    throw std::runtime_error("boom: negative input");
  }
  return x + 1;
}

std::int64_t boomAutogradCpu(DispatchKeySet dispatchKeySet, const Tensor& self, std::int64_t x) {
  const AutoDispatchBelowADInplaceOrView belowAutograd;
  const auto op = Dispatcher::singleton().findSchemaOrThrow("exception_safety::boom", "").typed<BoomSignature>();
  return op.redispatch(dispatchKeySet.remove(DispatchKey::AutogradCPU), self, x);
}

Tensor cpuTensor() { return scalarTensor(0.0); }

std::int64_t intKernel(std::int64_t x) { return x; }
double floatKernel(double x) { return x; }

class ExceptionSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    library_.emplace(Library::DEF, "exception_safety", std::nullopt, SourceSite::here());
    library_->def("boom(Tensor self, int x) -> int");
    library_->impl("boom", DispatchKey::CPU, &boomCpu);
    library_->impl("boom", DispatchKey::AutogradCPU, &boomAutogradCpu);
  }

  static TypedOperatorHandle<BoomSignature> boom() {
    return Dispatcher::singleton().findSchemaOrThrow("exception_safety::boom", "").typed<BoomSignature>();
  }

  std::optional<Library> library_;
};

TEST_F(ExceptionSafety, AThrowingKernelLeavesTheThreadLocalKeysAsTheyWere) {
  const LocalDispatchKeySet before = localDispatchKeySet();

  EXPECT_THROW(boom().call(cpuTensor(), -1), std::runtime_error);
  EXPECT_EQ(localDispatchKeySet(), before);
  EXPECT_EQ(currentDispatchDepth(), 0);

  // The dispatcher is as usable as before: the same call path, no leftovers.
  EXPECT_EQ(boom().call(cpuTensor(), 41), 42);
  EXPECT_EQ(localDispatchKeySet(), before);
  EXPECT_EQ(currentDispatchDepth(), 0);
}

// The same inside a guard of the caller's own: its state is restored too, to
// the guarded state, not to the default.
TEST_F(ExceptionSafety, AThrowingKernelUnderTheCallersGuardLeavesTheCallersKeys) {
  const ExcludeDispatchKeyGuard belowAutograd{DispatchKeySet(DispatchKey::AutogradCPU)};
  const LocalDispatchKeySet before = localDispatchKeySet();
  EXPECT_THROW(boom().call(cpuTensor(), -1), std::runtime_error);
  EXPECT_EQ(localDispatchKeySet(), before);
  EXPECT_EQ(boom().call(cpuTensor(), 1), 2);
}

// A DEF block whose second impl has the wrong type: the exception leaves the
// block, the Library's destructor undoes what it had registered, and the
// namespace, both operators and the kernel are gone.
TEST(FailedRegistration, ALibraryBlockThatThrowsHalfWayLeavesNoTrace) {
  const auto block = [] {
    Library library(Library::DEF, "halfway", std::nullopt, SourceSite::here());
    library.def("first(int x) -> int");
    library.impl("first", DispatchKey::Meta, &intKernel);
    library.def("second(int x) -> int");
    library.impl("second", DispatchKey::Meta, &floatKernel);  // float(float) against int(int): throws
  };
  EXPECT_THROW(block(), std::invalid_argument);

  EXPECT_FALSE(Dispatcher::singleton().findOp("halfway::first").has_value());
  EXPECT_FALSE(Dispatcher::singleton().findOp("halfway::second").has_value());
  // The namespace was released too: a new DEF block for it is not a duplicate.
  EXPECT_NO_THROW(Library(Library::DEF, "halfway", std::nullopt, SourceSite::here()).def("first(int x) -> int"));
}

// An operator with only an int(int) kernel on Meta, and a snapshot of it to
// compare with after a registration that should fail.
class OperatorWithIntKernel {
 public:
  explicit OperatorWithIntKernel(const std::string& name)
      : impl_(Dispatcher::singleton().registerImpl(name, DispatchKey::Meta,
                                                   KernelFunction::makeFromUnboxedRuntimeFunction(&intKernel),
                                                   inferKernelSchema<decltype(intKernel)>(), "int kernel")),
        op_(*Dispatcher::singleton().findOp(name)),
        stateBefore_(op_.dumpState()),
        tableBefore_(&op_.entry().dispatchTable()) {}

  // The same registrations, and no table published since.
  void expectUnchanged() const {
    EXPECT_EQ(op_.dumpState(), stateBefore_);
    EXPECT_EQ(&op_.entry().dispatchTable(), tableBefore_);
  }

 private:
  RegistrationHandleRAII impl_;
  OperatorHandle op_;
  std::string stateBefore_;
  const DispatchTable* tableBefore_;
};

// A def() that disagrees with an impl() already there is refused; the impl
// stays exactly as it was and no table is published.
TEST(FailedRegistration, ADefThatMismatchesAnExistingKernelLeavesNoSchema) {
  const OperatorWithIntKernel op("mismatch::op");
  FunctionSchema schema = parseSchema("op(float x) -> float");
  schema.name = "mismatch::op";
  EXPECT_THROW(Dispatcher::singleton().registerDef(std::move(schema), "float def"), std::invalid_argument);

  EXPECT_FALSE(Dispatcher::singleton().findSchema("mismatch::op", "").has_value());
  op.expectUnchanged();
}

// A kernel of another C++ type than the operator's first is refused before it
// touches the operator: no kernel, no new table.
TEST(FailedRegistration, AKernelOfTheWrongCppTypeLeavesTheTableAsItWas) {
  const OperatorWithIntKernel op("signature::op");
  EXPECT_THROW(Dispatcher::singleton().registerImpl("signature::op", DispatchKey::CPU,
                                                    KernelFunction::makeFromUnboxedRuntimeFunction(&floatKernel),
                                                    inferKernelSchema<decltype(floatKernel)>(), "float kernel"),
               std::invalid_argument);

  op.expectUnchanged();
}

// A kernel on a key that is neither runtime nor alias is refused before an
// operator is made for it.
TEST(FailedRegistration, AKernelOnANonRuntimeKeyMakesNoOperator) {
  EXPECT_THROW(Dispatcher::singleton().registerImpl("nokey::op", DispatchKey::Dense,
                                                    KernelFunction::makeFromUnboxedRuntimeFunction(&intKernel),
                                                    inferKernelSchema<decltype(intKernel)>(), "int kernel"),
               std::invalid_argument);
  EXPECT_FALSE(Dispatcher::singleton().findOp("nokey::op").has_value());
}

// A second fallback on one key is refused; the first stays, and when it goes
// the key has none.
TEST(FailedRegistration, ASecondFallbackOnAKeyLeavesTheFirst) {
  {
    const RegistrationHandleRAII first =
        Dispatcher::singleton().registerFallback(DispatchKey::AutogradMeta, KernelFunction::makeFallthrough(), "first");
    EXPECT_THROW(Dispatcher::singleton().registerFallback(DispatchKey::AutogradMeta, KernelFunction::makeFallthrough(),
                                                          "second"),
                 std::invalid_argument);
    ASSERT_NE(Dispatcher::singleton().backendFallback(DispatchKey::AutogradMeta), nullptr);
    EXPECT_EQ(Dispatcher::singleton().backendFallback(DispatchKey::AutogradMeta)->debug, "first");
  }
  EXPECT_EQ(Dispatcher::singleton().backendFallback(DispatchKey::AutogradMeta), nullptr);
}

}  // namespace
}  // namespace mini
