// Computing the dispatch table: PyTorch 1.13's rules, the cases the
// conformance data cannot show (FPGA and AutogradOther, Undefined), several
// kernels on one key, deregistration, and the fallthrough mask.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mini/core/alias_keys.h"
#include "mini/op_registration/library.h"
#include "mini/util/warning.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

using mini_test::ScopedFoo;

std::string why(const ScopedFoo& foo, DispatchKey key) {
  return foo.entry().computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key).why;
}

std::string kernelName(const ScopedFoo& foo, DispatchKey key) {
  return foo.entry().computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key).kernel->debug;
}

TEST(AliasKeys, SetsAreThoseOfPyTorch) {
  EXPECT_EQ(fmt::format("{}", getRuntimeDispatchKeySet(DispatchKey::Autograd)),
            "DispatchKeySet(AutogradOther, AutogradCPU, AutogradCUDA, AutogradMeta, AutogradPrivateUse1)");
  EXPECT_EQ(fmt::format("{}", getRuntimeDispatchKeySet(DispatchKey::CompositeExplicitAutograd)),
            "DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, FPGA)");
  EXPECT_TRUE(isIncludedInAlias(DispatchKey::AutogradMeta, DispatchKey::CompositeImplicitAutograd));
  EXPECT_FALSE(isIncludedInAlias(DispatchKey::BackendSelect, DispatchKey::CompositeImplicitAutograd));
  EXPECT_FALSE(isIncludedInAlias(DispatchKey::Undefined, DispatchKey::CompositeExplicitAutograd));
  EXPECT_EQ(getAutogradKeyFromBackend(DispatchKey::FPGA), DispatchKey::AutogradOther);
  EXPECT_EQ(getAutogradKeyFromBackend(DispatchKey::Meta), DispatchKey::AutogradMeta);
  EXPECT_EQ(getBackendKeySetFromAutograd(DispatchKey::AutogradCUDA), DispatchKeySet(DispatchKey::CUDA));
  EXPECT_EQ(fmt::format("{}", kAfterAutogradKeySet & DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU,
                                                                    DispatchKey::ADInplaceOrView}),
            "DispatchKeySet(CPU, ADInplaceOrView)");
}

TEST(DispatchTable, NothingRegisteredLeavesTheGlobalFallbacks) {
  const ScopedFoo foo({});
  EXPECT_EQ(foo.handle().dumpComputedTable(),
            "BackendSelect: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:18 "
            "[backend fallback]\n"
            "ADInplaceOrView: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:19 "
            "[backend fallback]\n"
            "AutogradOther: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:20 "
            "[backend fallback]\n"
            "AutogradCPU: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:21 "
            "[backend fallback]\n"
            "AutogradCUDA: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:22 "
            "[backend fallback]\n"
            "AutocastCPU: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:23 "
            "[backend fallback]\n"
            "AutocastCUDA: fallthrough registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:24 "
            "[backend fallback]\n");
}

TEST(DispatchTable, AutogradOtherIsAmbiguousWhenAnAutogradOtherBackendHasAKernel) {
  // Checked against libtorch 1.13 by hand (tests/data/README.md): FPGA + CIA.
  const ScopedFoo foo({DispatchKey::FPGA, DispatchKey::CompositeImplicitAutograd});
  EXPECT_EQ(why(foo, DispatchKey::AutogradOther), "ambiguous autogradother");
  EXPECT_EQ(kernelName(foo, DispatchKey::AutogradOther), "ambiguous_autogradother");
  EXPECT_EQ(why(foo, DispatchKey::CPU), "math kernel");
  EXPECT_EQ(why(foo, DispatchKey::AutogradCPU), "math kernel");
  EXPECT_EQ(why(foo, DispatchKey::FPGA), "kernel");
  // A call that reaches the ambiguous slot explains itself.
  const Tensor fpga(DispatchKeySet{DispatchKey::FPGA, DispatchKey::AutogradOther}, 1);
  try {
    foo.handle().typed<Tensor(const Tensor&)>().call(fpga);
    FAIL() << "the ambiguous kernel must not run";
  } catch (const std::logic_error& error) {
    EXPECT_NE(std::string(error.what()).find("This kernel on Dispatchkey AutogradOther is ambiguous"),
              std::string::npos);
  }
}

TEST(DispatchTable, AutogradOtherIsAmbiguousOnlyWithAMathKernel) {
  // torch 1.13, kernels on FPGA alone: "AutogradOther: fallthrough registered
  // at ./aten/src/ATen/core/VariableFallbackKernel.cpp:35 [backend fallback]".
  // The ambiguity is between running the math kernel and not: none, none.
  const ScopedFoo foo({DispatchKey::FPGA});
  EXPECT_EQ(why(foo, DispatchKey::AutogradOther), "backend fallback");
  EXPECT_EQ(why(ScopedFoo({DispatchKey::FPGA, DispatchKey::CompositeExplicitAutograd}), DispatchKey::AutogradOther),
            "backend fallback");
}

TEST(DispatchTable, ACallWithoutTensorsTakesTheCompositesOnly) {
  EXPECT_EQ(why(ScopedFoo({DispatchKey::CompositeExplicitAutograd}), DispatchKey::Undefined), "default backend kernel");
  EXPECT_EQ(why(ScopedFoo({DispatchKey::CompositeImplicitAutograd}), DispatchKey::Undefined), "math kernel");
  EXPECT_EQ(why(ScopedFoo({DispatchKey::CPU, DispatchKey::Autograd}), DispatchKey::Undefined), "missing");
}

TEST(DispatchTable, NewestKernelWinsWithAWarningAndTheOlderIsInactive) {
  std::vector<std::string> warnings;
  auto previous = setWarningHandler([&](const std::string& message) { warnings.push_back(message); });
  {
    ScopedFoo foo({DispatchKey::CPU});
    foo.add(DispatchKey::CPU);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0],
              fmt::format("Overriding a previously registered kernel for the same operator and the same dispatch "
                          "key\n  operator: {}(Tensor x) -> Tensor\n    registered at test\n  dispatch key: CPU\n"
                          "  previous kernel: fn_CPU\n       new kernel: fn_CPU",
                          foo.name()));
    const std::string state = foo.handle().dumpState();
    EXPECT_NE(state.find("CPU: fn_CPU :: (Tensor _0) -> Tensor _0 [ unboxed ]\n"
                         "CPU (inactive): fn_CPU :: (Tensor _0) -> Tensor _0 [ unboxed ]\n"),
              std::string::npos)
        << state;
  }
  setWarningHandler(previous);
}

TEST(DispatchTable, DeregistrationRecomputesIncludingTheAutogradSlotOfABackend) {
  Library library(Library::FRAGMENT, "deregistration", std::nullopt, SourceSite::here());
  library.def("foo(Tensor x) -> Tensor");
  library.impl("foo", DispatchKey::CompositeImplicitAutograd, &mini_test::identityKernel);
  const OperatorEntry& entry = Dispatcher::singleton().findSchemaOrThrow("deregistration::foo", "").entry();
  const auto whyOf = [&](DispatchKey key) {
    return std::string(entry.computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key).why);
  };
  EXPECT_EQ(whyOf(DispatchKey::AutogradCPU), "math kernel");
  {
    Library cpu(Library::IMPL, "deregistration", DispatchKey::CPU, SourceSite::here());
    cpu.impl("foo", &mini_test::identityKernel);
    EXPECT_EQ(whyOf(DispatchKey::AutogradCPU), "backend fallback");
    // The live table agrees: AutogradCPU is fallthrough, so a CPU call lands on CPU.
    EXPECT_FALSE(entry.dispatchKeyExtractor()
                     .nonFallthroughKeysForBackend(BackendComponent::CPUBit)
                     .has(DispatchKey::AutogradCPU));
  }
  EXPECT_EQ(whyOf(DispatchKey::AutogradCPU), "math kernel");
  EXPECT_TRUE(entry.dispatchKeyExtractor()
                  .nonFallthroughKeysForBackend(BackendComponent::CPUBit)
                  .has(DispatchKey::AutogradCPU));
}

TEST(DispatchTable, TheLiveTableAlwaysEqualsTheComputedOne) {
  // Registration order must not matter, and every slot the rules can touch
  // must be refreshed: register in both orders and compare with a recompute.
  for (const auto& keys : mini_test::subsetsOf(mini_test::registrationKeys(), 3)) {
    for (bool reversed : {false, true}) {
      std::vector<DispatchKey> order = keys;
      if (reversed) std::reverse(order.begin(), order.end());
      const ScopedFoo foo(order);
      for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
        const ComputedEntry expected = foo.entry().computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key);
        if (!expected.kernel->kernel.isValid()) continue;  // lookup() would throw "Could not run"
        const KernelFunction& live = foo.entry().lookup(DispatchKeySet(key));
        ASSERT_EQ(live.isFallthrough(), expected.kernel->kernel.isFallthrough()) << toString(key);
        ASSERT_EQ(live.functionAddress(), expected.kernel->kernel.functionAddress()) << toString(key);
      }
    }
  }
}

TEST(FallthroughMask, PerBackendMasksWhenAutogradKeysDisagree) {
  // AutogradCPU falls through (global fallback), AutogradMeta has no
  // fallback: one shared Autograd bit cannot say both.
  const ScopedFoo foo({DispatchKey::CPU, DispatchKey::Meta});
  const DispatchKeyExtractor& extractor = foo.entry().dispatchKeyExtractor();
  EXPECT_FALSE(extractor.nonFallthroughKeysForBackend(BackendComponent::CPUBit).has(DispatchKey::AutogradCPU));
  EXPECT_TRUE(extractor.nonFallthroughKeysForBackend(BackendComponent::MetaBit).has(DispatchKey::AutogradMeta));
  // So a CPU call lands on CPU, a Meta call stops at AutogradMeta.
  const Tensor cpu = makeTensor(1);
  const Tensor meta = makeTensor(1, BackendComponent::MetaBit);
  EXPECT_EQ(extractor.getDispatchKeySetUnboxed(cpu).highestPriorityKey(), DispatchKey::CPU);
  EXPECT_EQ(extractor.getDispatchKeySetUnboxed(meta).highestPriorityKey(), DispatchKey::AutogradMeta);
}

}  // namespace
}  // namespace mini
