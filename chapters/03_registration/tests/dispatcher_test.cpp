// The Dispatcher, Library and the registration macros: the call path, the
// handles, and every error of the lesson in PyTorch's words.
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"
#include "support/dispatcher_support.h"

// Static registration from a test file: a namespace of its own, with a
// fragment and an IMPL block, as another library would write them.
namespace {
mini::Tensor twiceCPU(const mini::Tensor& x) { return mini::makeTensor(2 * x.item()); }
mini::Tensor twiceMath(const mini::Tensor& x) { return mini::makeTensor(20 * x.item()); }
}  // namespace

MINI_LIBRARY(testops, m) { m.def("twice(Tensor x) -> Tensor"); }
MINI_LIBRARY_FRAGMENT(testops, m) {
  m.def("twice.math(Tensor x) -> Tensor", mini::SourceSite{"fragment.cpp", 7});
  m.impl("twice.math", &twiceMath);  // no key in a fragment: CompositeImplicitAutograd
}
MINI_LIBRARY_IMPL(testops, CPU, m) { m.impl("twice", &twiceCPU); }

namespace mini {
namespace {

using mini_test::ScopedFoo;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// what() of the exception `body` throws.
template <class Body>
std::string errorOf(Body body) {
  try {
    body();
  } catch (const std::exception& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected an error";
  return "";
}

TEST(Dispatcher, StaticRegistrationsAreThereBeforeMain) {
  const OperatorHandle twice = Dispatcher::singleton().findSchemaOrThrow("testops::twice", "");
  EXPECT_EQ(twice.schema().toString(), "testops::twice(Tensor x) -> Tensor");
  EXPECT_EQ(twice.typed<Tensor(const Tensor&)>().call(makeTensor(3)).item(), 6);
  // The overload is found by name and overload name, and runs its CIA kernel.
  const auto math = Dispatcher::singleton().findSchemaOrThrow("testops::twice", "math").typed<Tensor(const Tensor&)>();
  EXPECT_EQ(math.call(makeTensor(3)).item(), 60);
  EXPECT_THAT(math.dumpState(), HasSubstr("debug: registered at fragment.cpp:7\n"));
}

TEST(Dispatcher, TheRecipeCallsTheCPUKernel) {
  const Tensor sum = myadd(makeTensor(1), makeTensor(2));
  EXPECT_EQ(sum.item(), 3);
  EXPECT_FALSE(sum.requiresGrad());
}

TEST(Dispatcher, AnAutogradKernelRedispatchesToTheBackend) {
  Library autograd(Library::IMPL, "myops", DispatchKey::Autograd, SourceSite::here());
  autograd.impl("myadd", &myadd_autograd);
  const Tensor sum = myadd(makeTensor(1, BackendComponent::CPUBit, true), makeTensor(2));
  EXPECT_EQ(sum.item(), 3);
  EXPECT_EQ(sum.gradFn(), "MyAddBackward0");
  const OperatorEntry& entry = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").entry();
  EXPECT_EQ(
      std::string(entry.computeDispatchTableEntryWithDebug(Dispatcher::singleton(), DispatchKey::AutogradCPU).why),
      "autograd kernel");
}

TEST(Dispatcher, TraceLinesAreIndentedByDepth) {
  // The format; the demo's output (docs) shows the real thing with the
  // trace on.
  EXPECT_EQ(formatTraceLine("call", "myops::myadd", DispatchKey::AutogradCPU, 0),
            "[call] op=[myops::myadd], key=[AutogradCPU]");
  EXPECT_EQ(formatTraceLine("redispatch", "myops::myadd", DispatchKey::CPU, 1),
            " [redispatch] op=[myops::myadd], key=[CPU]");
}

TEST(DispatcherErrors, MissingKernelNamesOperatorKeyKernelsAndTable) {
  const std::string error =
      errorOf([] { myadd(makeTensor(1, BackendComponent::MetaBit), makeTensor(2, BackendComponent::MetaBit)); });
  EXPECT_THAT(error, StartsWith("Could not run 'myops::myadd' with arguments from the 'AutogradMeta' backend."));
  EXPECT_THAT(error, HasSubstr("'myops::myadd' is only available for these backends: [CPU, BackendSelect, "
                               "ADInplaceOrView, AutogradOther, AutogradCPU, AutogradCUDA, AutocastCPU, AutocastCUDA]."
                               "\n\nCPU: registered at chapters/03_registration/src/extension/myadd.cpp:"));
  EXPECT_THAT(error, HasSubstr("\nAutogradCPU: fallthrough registered at "));
}

TEST(DispatcherErrors, MissingKernelWithoutTensors) {
  const ScopedFoo foo({DispatchKey::CPU});
  const std::string error = errorOf([&] { foo.entry().lookup(DispatchKeySet()); });
  EXPECT_THAT(error, StartsWith("There were no tensor arguments to this function"));
}

TEST(DispatcherErrors, DuplicateDefNamesBothSites) {
  const std::string error = errorOf([] {
    Library again(Library::FRAGMENT, "myops", std::nullopt, SourceSite{"again.cpp", 3});
    again.def("myadd(Tensor self, Tensor other) -> Tensor", SourceSite{"again.cpp", 4});
  });
  EXPECT_THAT(error, StartsWith("Tried to register an operator (myops::myadd(Tensor self, Tensor other) -> Tensor) "
                                "with the same name and overload name multiple times. Each overload's schema should "
                                "only be registered with a single call to def(). Duplicate registration: registered "
                                "at again.cpp:4. Original registration: registered at "
                                "chapters/03_registration/src/extension/myadd.cpp:"));
}

TEST(DispatcherErrors, WrongTypedSignatureSaysCorrectAndUsed) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "");
  const std::string error = errorOf([&] { op.typed<Tensor(const Tensor&)>(); });
  EXPECT_THAT(error, StartsWith("Tried to access or call an operator with a wrong signature.\n"
                                "  operator: myops::myadd(Tensor self, Tensor other) -> Tensor\n"));
  EXPECT_THAT(error, HasSubstr("  correct signature:  mini::ch03::Tensor (mini::ch03::Tensor const&, "
                               "mini::ch03::Tensor const&)\n"));
  EXPECT_THAT(error, HasSubstr("  accessed/called as: mini::ch03::Tensor (mini::ch03::Tensor const&)\n"));
}

TEST(DispatcherErrors, UnknownOperatorAndForgottenDef) {
  EXPECT_EQ(errorOf([] { Dispatcher::singleton().findSchemaOrThrow("myops::mysub", ""); }),
            "Could not find schema for myops::mysub.");
  Library impls(Library::IMPL, "nodef", DispatchKey::CPU, SourceSite::here());
  impls.impl("foo", &mini_test::identityKernel);
  EXPECT_EQ(errorOf([] { Dispatcher::singleton().findSchemaOrThrow("nodef::foo", ""); }),
            "Could not find schema for nodef::foo. but we found an implementation; did you forget to def() the "
            "operator?");
  EXPECT_FALSE(Dispatcher::singleton().findSchema("nodef::foo", "").has_value());
  EXPECT_TRUE(Dispatcher::singleton().findOp("nodef::foo").has_value());
}

TEST(DispatcherErrors, TwoFallbacksOnOneKey) {
  const std::string error = errorOf([] {
    Library second(Library::IMPL, "_", DispatchKey::AutogradCPU, SourceSite::here());
    second.fallback(KernelFunction::makeFallthrough(), SourceSite{"second.cpp", 9});
  });
  EXPECT_THAT(error, StartsWith("Tried to register multiple backend fallbacks for the same dispatch key "
                                "AutogradCPU; previous registration registered at "
                                "chapters/03_registration/src/dispatch/global_fallbacks.cpp:21, new registration "
                                "registered at second.cpp:9"));
}

TEST(DispatcherErrors, KernelNotMatchingTheSchema) {
  Library library(Library::FRAGMENT, "mismatch", std::nullopt, SourceSite{"lib.cpp", 1});
  library.def("f(Tensor self, int n) -> Tensor", SourceSite{"lib.cpp", 2});
  const std::string error = errorOf([&] {
    library.impl("f", DispatchKey::CPU, &mini_test::identityKernel, SourceSite{"lib.cpp", 3});
  });
  EXPECT_EQ(error,
            "Inferred operator schema for a C++ kernel function doesn't match the expected function schema.\n"
            "  operator: mismatch::f\n"
            "  expected schema: mismatch::f(Tensor self, int n) -> Tensor\n"
            "    registered at lib.cpp:2\n"
            "  inferred schema: (Tensor _0) -> Tensor _0\n"
            "    registered at lib.cpp:3\n"
            "  reason: The number of arguments is different. 2 vs 1.");
  // An impl() before its def() is checked when the def() arrives, and the def is refused.
  Library early(Library::IMPL, "late", DispatchKey::CPU, SourceSite::here());
  early.impl("g", &mini_test::identityKernel);
  Library late(Library::FRAGMENT, "late", std::nullopt, SourceSite::here());
  EXPECT_THAT(errorOf([&] { late.def("g(int n) -> Tensor"); }),
              HasSubstr("Type mismatch in argument 1: int vs Tensor"));
  EXPECT_FALSE(Dispatcher::singleton().findSchema("late::g", "").has_value());
}

// A schema with PyTorch's other types registers and prints as written; no C++
// kernel of ours has such a type, so a kernel for it is refused by the check.
TEST(DispatcherErrors, KernelForATypeNoKernelTakesIsRefused) {
  Library library(Library::FRAGMENT, "exotic", std::nullopt, SourceSite{"lib.cpp", 1});
  library.def("f(Dict(str, t) d) -> Tensor", SourceSite{"lib.cpp", 2});
  library.def("g(str self, ...) -> str", SourceSite{"lib.cpp", 3});
  EXPECT_EQ(Dispatcher::singleton().findSchema("exotic::g", "")->schema().toString(),
            "exotic::g(str self, ...) -> str");
  EXPECT_THAT(errorOf([&] {
                library.impl("f", DispatchKey::CPU, &mini_test::identityKernel, SourceSite{"lib.cpp", 4});
              }),
              HasSubstr("reason: Type mismatch in argument 1: Dict(str, t) vs Tensor"));
}

// Same schema as identityKernel, another C++ type: Tensor, not const Tensor&.
Tensor byValueKernel(Tensor x) { return x; }

TEST(DispatcherErrors, KernelsOfOneOperatorMustShareACppType) {
  Library library(Library::FRAGMENT, "cpptypes", std::nullopt, SourceSite{"lib.cpp", 1});
  library.def("f(Tensor x) -> Tensor", SourceSite{"lib.cpp", 2});
  library.impl("f", DispatchKey::CPU, &mini_test::identityKernel, SourceSite{"lib.cpp", 3});
  EXPECT_EQ(errorOf([&] {
              library.impl("f", DispatchKey::CUDA, &byValueKernel, SourceSite{"lib.cpp", 4});
            }),
            "Mismatch in kernel C++ signatures\n"
            "  operator: cpptypes::f(Tensor x) -> Tensor\n"
            "  kernel 1: mini::ch03::Tensor (mini::ch03::Tensor const&)\n"
            "    dispatch key: CPU\n"
            "    registered at lib.cpp:3\n"
            "  kernel 2: mini::ch03::Tensor (mini::ch03::Tensor)\n"
            "    dispatch key: CUDA\n"
            "    registered at lib.cpp:4");
}

// Another schema and another C++ type than the first kernel's.
Tensor twoTensorKernel(const Tensor& x, const Tensor&) { return x; }

// c10's OperatorEntry::registerKernel compares the C++ signature before the
// schema: a kernel wrong on both counts is reported as the signature mismatch.
TEST(DispatcherErrors, TheCppSignatureIsCheckedBeforeTheSchema) {
  Library library(Library::FRAGMENT, "bothwrong", std::nullopt, SourceSite{"lib.cpp", 1});
  library.def("f(Tensor x) -> Tensor", SourceSite{"lib.cpp", 2});
  library.impl("f", DispatchKey::CPU, &mini_test::identityKernel, SourceSite{"lib.cpp", 3});
  const std::string error = errorOf([&] {
    library.impl("f", DispatchKey::CUDA, &twoTensorKernel, SourceSite{"lib.cpp", 4});
  });
  EXPECT_THAT(error, HasSubstr("Mismatch in kernel C++ signatures\n  operator: bothwrong::f(Tensor x) -> Tensor\n"));
  EXPECT_THAT(error, Not(HasSubstr("Inferred operator schema")));
}

TEST(DispatcherErrors, KernelOnAFunctionalityKeyIsRefused) {
  Library library(Library::FRAGMENT, "functionality", std::nullopt, SourceSite{"lib.cpp", 1});
  library.def("f(Tensor x) -> Tensor", SourceSite{"lib.cpp", 2});
  EXPECT_EQ(errorOf([&] {
              library.impl("f", DispatchKey::Dense, &mini_test::identityKernel, SourceSite{"lib.cpp", 3});
            }),
            "Tried to register a kernel for functionality::f on Dense, which is neither a runtime key nor an alias "
            "key. Registration: registered at lib.cpp:3");
}

TEST(DispatcherErrors, FallbackOnAnAliasKeyIsRefused) {
  const std::string error = errorOf([] {
    Library autograd(Library::IMPL, "_", DispatchKey::Autograd, SourceSite::here());
    autograd.fallback(KernelFunction::makeFallthrough(), SourceSite{"fallback.cpp", 5});
  });
  EXPECT_EQ(error,
            "Tried to register a backend fallback for Autograd, which is not a runtime key. Registration: "
            "registered at fallback.cpp:5");
}

TEST(DispatcherErrors, RedispatchOntoAFallthroughKeySaysSo) {
  // A call masks AutogradCPU out (its global fallback is a fallthrough); a
  // redispatch with a hand-made key set that keeps it lands on the marker.
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<Tensor(const Tensor&)>();
  const std::string error = errorOf([&] {
    op.redispatch(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU}, makeTensor(1));
  });
  EXPECT_EQ(error, fmt::format("fallthrough_kernel was executed for operator {} but it should have been "
                               "short-circuited by the dispatcher. This could occur if you redispatched with a key "
                               "set holding a key whose kernel is a fallthrough.",
                               foo.name()));
  // Without the fallthrough key, the same redispatch runs the CPU kernel.
  EXPECT_EQ(op.redispatch(DispatchKeySet(DispatchKey::CPU), makeTensor(1)).item(), 1);
}

TEST(DispatcherErrors, CallingAMissingKernelDirectly) {
  // lookup() reports an empty slot as "Could not run"; only a KernelFunction
  // called by hand reaches its own check.
  const ScopedFoo foo({DispatchKey::CPU});
  const std::string error =
      errorOf([&] { KernelFunction().call<Tensor, const Tensor&>(foo.handle(), DispatchKeySet(), makeTensor(1)); });
  EXPECT_EQ(error, fmt::format("Tried to call a missing kernel of {}", foo.name()));
}

TEST(LibraryErrors, NamespacesAndBlocks) {
  EXPECT_THAT(errorOf([] {
                Library(Library::DEF, "myops", std::nullopt, SourceSite{"x.cpp", 1});
              }),
              StartsWith("Only a single MINI_LIBRARY can be used to register the namespace myops;"));
  Library fragment(Library::FRAGMENT, "mine", std::nullopt, SourceSite{"x.cpp", 1});
  EXPECT_THAT(errorOf([&] { fragment.def("theirs::f(Tensor x) -> Tensor"); }),
              StartsWith("Explicitly provided namespace (theirs) in schema string does not match namespace of "
                         "enclosing MINI_LIBRARY_FRAGMENT block (mine)."));
  Library impls(Library::IMPL, "mine", DispatchKey::CPU, SourceSite{"x.cpp", 1});
  EXPECT_THAT(errorOf([&] { impls.def("f(Tensor x) -> Tensor"); }),
              StartsWith("Cannot define an operator inside of a MINI_LIBRARY_IMPL block."));
  EXPECT_THAT(errorOf([&] { impls.impl("f", DispatchKey::CUDA, &mini_test::identityKernel); }),
              StartsWith("Explicitly provided dispatch key (CUDA) is inconsistent with the dispatch key of the "
                         "enclosing MINI_LIBRARY_IMPL block (CPU)."));
  EXPECT_THAT(errorOf([&] { fragment.fallback(KernelFunction::makeFallthrough()); }),
              StartsWith("Cannot define a fallback in a MINI_LIBRARY_FRAGMENT block"));
}

TEST(RegistrationHandle, DestroyingTheLastRegistrationRemovesTheOperator) {
  {
    Library library(Library::FRAGMENT, "temporary", std::nullopt, SourceSite::here());
    library.def("f(Tensor x) -> Tensor");
    EXPECT_TRUE(Dispatcher::singleton().findSchema("temporary::f", "").has_value());
  }
  EXPECT_FALSE(Dispatcher::singleton().findOp("temporary::f").has_value());
  // And the namespace can be defined again.
  Library again(Library::DEF, "temporary", std::nullopt, SourceSite::here());
  again.def("f(Tensor x) -> Tensor");
}

TEST(RegistrationHandle, MovedHandlesUndoOnce) {
  std::vector<RegistrationHandleRAII> handles;
  {
    FunctionSchema schema = parseSchema("moved::f(Tensor x) -> Tensor");
    RegistrationHandleRAII handle = Dispatcher::singleton().registerDef(std::move(schema), "here");
    handles.push_back(std::move(handle));
  }
  EXPECT_TRUE(Dispatcher::singleton().findSchema("moved::f", "").has_value());
  handles.clear();
  EXPECT_FALSE(Dispatcher::singleton().findOp("moved::f").has_value());
}

TEST(InferSchema, FromCppTypes) {
  EXPECT_EQ(inferFunctionSchema<Tensor(const Tensor&, const Tensor&)>().toString(),
            "(Tensor _0, Tensor _1) -> Tensor _0");
  EXPECT_EQ((inferFunctionSchema<std::tuple<Tensor, Tensor>(std::optional<Tensor>, std::vector<std::int64_t>, double,
                                                            bool, std::string)>()
                 .toString()),
            "(Tensor? _0, int[] _1, float _2, bool _3, str _4) -> (Tensor _0, Tensor _1)");
  EXPECT_EQ(inferFunctionSchema<void(std::vector<Tensor>)>().toString(), "(Tensor[] _0) -> ()");
  // A leading DispatchKeySet is the dispatcher's, not the operator's.
  EXPECT_EQ(inferKernelSchema<decltype(myadd_autograd)>().toString(), "(Tensor _0, Tensor _1) -> Tensor _0");
}

TEST(DispatchKeyExtractor, TensorArgumentsOnly) {
  const Tensor cuda = makeTensor(1, BackendComponent::CUDABit);
  EXPECT_EQ(keySetOfArgument(std::int64_t{3}), DispatchKeySet());
  EXPECT_EQ(keySetOfArgument(std::optional<Tensor>()), DispatchKeySet());
  EXPECT_EQ(keySetOfArgument(std::optional<Tensor>(cuda)), cuda.keySet());
  EXPECT_EQ(keySetOfArgument(std::vector<Tensor>{makeTensor(1), cuda}), makeTensor(1).keySet() | cuda.keySet());
}

}  // namespace
}  // namespace mini
