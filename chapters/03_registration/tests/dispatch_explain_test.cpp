// MINI_DISPATCH_EXPLAIN: the exact block each kind of hop prints (a kernel on
// the key, a thread-local guard, an alias key, a fallthrough, a backend
// fallback, a missing kernel, a redispatch), the formatters on their own, and
// silence when it is off.
#include <string>

#include <gtest/gtest.h>

#include "mini/dispatch/dispatch_explain.h"
#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

using mini_test::identityKernel;
using mini_test::ScopedFoo;
using FooSignature = Tensor(const Tensor&);

// What `body` prints on stdout while this thread explains.
template <class Body>
std::string explained(Body body) {
  const ScopedDispatchExplain explain(true);
  testing::internal::CaptureStdout();
  body();
  return testing::internal::GetCapturedStdout();
}

// The lines every call of foo on a CPU tensor starts with, the thread's sets
// as every thread starts.
std::string cpuCallHead(const ScopedFoo& foo, std::string_view key) {
  return fmt::format(
      "[call] op=[{}], key=[{}]\n"
      "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
      "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
      "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n",
      foo.name(), key);
}

// Every line but the last of a call of foo on a Meta tensor: it lands on
// AutogradMeta, whatever fills that slot.
std::string metaCallHead(const ScopedFoo& foo) {
  return fmt::format(
      "[call] op=[{}], key=[AutogradMeta]\n"
      "  argument      x: DispatchKeySet(Meta, ADInplaceOrView, AutogradMeta)\n"
      "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
      "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
      "  fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off as "
      "fallthrough)\n"
      "  dispatched on DispatchKeySet(Meta, AutogradMeta), highest key AutogradMeta\n"
      "  slot          11 (AutogradMeta)\n",
      foo.name());
}

TEST(DispatchExplain, ACallOnCPUSaysWhichKernelFilledTheSlot) {
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  EXPECT_EQ(explained([&] { op.call(makeTensor(1)); }),
            cpuCallHead(foo, "CPU") +
                "  fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  (in (arguments | included) - excluded, "
                "masked off as fallthrough)\n"
                "  dispatched on DispatchKeySet(CPU), highest key CPU\n"
                "  slot          1 (CPU)\n"
                "  filled by     a kernel on CPU, fn_CPU\n");
}

TEST(DispatchExplain, AnExcludeGuardShowsInTheExcludedSet) {
  // With an Autograd kernel the call would land on AutogradCPU; the guard
  // takes autograd out of the thread's sets, and the explanation says so.
  const ScopedFoo foo({DispatchKey::CPU, DispatchKey::Autograd});
  const auto op = foo.handle().typed<FooSignature>();
  const ExcludeDispatchKeyGuard belowAutograd(kAutogradDispatchKeySetWithADInplaceOrView);
  EXPECT_EQ(explained([&] { op.call(makeTensor(1, BackendComponent::CPUBit, true)); }),
            fmt::format("[call] op=[{}], key=[CPU]\n"
                        "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                        "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                        "  excluded      DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, "
                        "AutocastCPU, AutocastCUDA)\n"
                        "  fallthrough   BackendSelect  (in (arguments | included) - excluded, masked off as "
                        "fallthrough)\n"
                        "  dispatched on DispatchKeySet(CPU), highest key CPU\n"
                        "  slot          1 (CPU)\n"
                        "  filled by     a kernel on CPU, fn_CPU\n",
                        foo.name()));
}

TEST(DispatchExplain, AnAliasKeySlotNamesTheAliasKey) {
  // A math kernel fills CPU and AutogradCPU alike, so AutogradCPU is not
  // fallthrough for this operator and the call lands there.
  const ScopedFoo foo({DispatchKey::CompositeImplicitAutograd});
  const auto op = foo.handle().typed<FooSignature>();
  EXPECT_EQ(explained([&] { op.call(makeTensor(1)); }),
            cpuCallHead(foo, "AutogradCPU") +
                "  fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off "
                "as fallthrough)\n"
                "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
                "  slot          9 (AutogradCPU)\n"
                "  filled by     alias key CompositeImplicitAutograd (math kernel), fn_CompositeImplicitAutograd\n");
}

TEST(DispatchExplain, AFallthroughSlotNamesTheFallthroughFallback) {
  // A call never lands on a fallthrough slot (the mask skips it); a
  // redispatch, which uses its set as given, can, and is told what is there.
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const std::string debug = Dispatcher::singleton().backendFallback(DispatchKey::AutogradCPU)->debug;
  const std::string out = explained([&] {
    EXPECT_THROW(op.redispatch(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU}, makeTensor(1)),
                 std::exception);
  });
  EXPECT_EQ(out, fmt::format("[redispatch] op=[{}], key=[AutogradCPU]\n"
                             "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                             "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                             "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                             "  redispatch    the set as the kernel above passed it down (its own, masked); "
                             "arguments, thread sets and fallthrough mask are not read\n"
                             "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
                             "  slot          9 (AutogradCPU)\n"
                             "  filled by     the backend fallback for AutogradCPU, fallthrough {}\n",
                             foo.name(), debug));
  EXPECT_EQ(debug.rfind("registered at chapters/03_registration/src/dispatch/global_fallbacks.cpp:", 0), 0u);
}

TEST(DispatchExplain, ABackendFallbackNamesItsRegistration) {
  const RegistrationHandleRAII fallback = Dispatcher::singleton().registerFallback(
      DispatchKey::AutogradMeta, KernelFunction::makeFromUnboxedFunction(&identityKernel), "fallback_AutogradMeta");
  const ScopedFoo foo({DispatchKey::Meta});
  const auto op = foo.handle().typed<FooSignature>();
  EXPECT_EQ(explained([&] { op.call(makeTensor(1, BackendComponent::MetaBit)); }),
            metaCallHead(foo) + "  filled by     the backend fallback for AutogradMeta, fallback_AutogradMeta\n");
}

TEST(DispatchExplain, AMissingKernelIsSaidBeforeTheError) {
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const std::string out =
      explained([&] { EXPECT_THROW(op.call(makeTensor(1, BackendComponent::MetaBit)), std::runtime_error); });
  EXPECT_EQ(out, metaCallHead(foo) +
                     "  filled by     missing: no kernel on AutogradMeta, no alias key's kernel for it, no backend "
                     "fallback\n");
}

TEST(DispatchExplain, AnAutogradKernelsRedispatchIsExplainedOneLevelDeeper) {
  Library autograd(Library::IMPL, "myops", DispatchKey::Autograd, SourceSite::here());
  autograd.impl("myadd", &myadd_autograd, SourceSite{"autograd.cpp", 7});
  const std::string cpu = Dispatcher::singleton()
                              .findSchemaOrThrow("myops::myadd", "")
                              .entry()
                              .getKernelForDispatchKey(DispatchKey::CPU)
                              ->debug;
  const std::string out = explained([] { myadd(makeTensor(1, BackendComponent::CPUBit, true), makeTensor(2)); });
  EXPECT_EQ(out,
            "[call] op=[myops::myadd], key=[AutogradCPU]\n"
            "  argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "  argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
            "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
            "  fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off as "
            "fallthrough)\n"
            "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
            "  slot          9 (AutogradCPU)\n"
            "  filled by     alias key Autograd (autograd kernel), registered at autograd.cpp:7\n"
            " [redispatch] op=[myops::myadd], key=[CPU]\n"
            "   argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "   argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "   included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
            "   excluded      DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, "
            "AutocastCUDA)\n"
            "   redispatch    the set as the kernel above passed it down (its own, masked); arguments, thread sets "
            "and fallthrough mask are not read\n"
            "   dispatched on DispatchKeySet(CPU), highest key CPU\n"
            "   slot          1 (CPU)\n"
            "   filled by     a kernel on CPU, " +
                cpu + "\n");
}

TEST(DispatchExplain, OffMeansSilentAndTheGateCountsEachScope) {
  const int before = dispatchTraceRequests.load();
  {
    const ScopedDispatchExplain off(false);
    EXPECT_EQ(dispatchTraceRequests.load(), before + 1);
    testing::internal::CaptureStdout();
    myadd(makeTensor(1), makeTensor(2));
    const std::string out = testing::internal::GetCapturedStdout();
    if (!kDispatchTraceEnabled) {  // MINI_DISPATCH_TRACE=1 would print its trace line here
      EXPECT_EQ(out, "");
    }
  }
  EXPECT_EQ(dispatchTraceRequests.load(), before);
}

TEST(DispatchExplain, FormattersOnTheirOwn) {
  EXPECT_EQ(formatArgumentLine({"self", DispatchKeySet{DispatchKey::CPU}}), "argument      self: DispatchKeySet(CPU)");
  EXPECT_EQ(formatFallthroughLine(DispatchKeySet{DispatchKey::CPU}, DispatchKeySet{DispatchKey::CPU}),
            "fallthrough   none  (in (arguments | included) - excluded, masked off as fallthrough)");
  EXPECT_EQ(formatSlotLines(DispatchKeySet()),
            "dispatched on DispatchKeySet(), highest key Undefined\nslot          0 (Undefined)");
  EXPECT_EQ(formatExplainedHop("redispatch", "myops::myadd", DispatchKey::CPU, "a\nb", 1),
            " [redispatch] op=[myops::myadd], key=[CPU]\n   a\n   b");
  EXPECT_EQ(formatExplainedHop("call", "myops::myadd", DispatchKey::CPU, "", 0), "[call] op=[myops::myadd], key=[CPU]");
  const AnnotatedKernel kernel{KernelFunction::makeFallthrough(), std::nullopt, "registered at x.cpp:1"};
  EXPECT_EQ(describeComputedEntry(DispatchKey::CPU, {&kernel, "kernel"}),
            "a fallthrough kernel on CPU, registered at x.cpp:1");
  EXPECT_EQ(describeComputedEntry(DispatchKey::CPU, {&kernel, "default backend kernel"}),
            "alias key CompositeExplicitAutograd (default backend kernel), registered at x.cpp:1");
}

}  // namespace
}  // namespace mini
