// MINI_DISPATCH_EXPLAIN: the exact block each kind of hop prints (a kernel on
// the key, a thread-local guard, an alias key, a fallthrough, a boxed backend
// fallback (the Python key's, through a mode) and its boxed redispatch, a missing kernel, a redispatch), the
// formatters on their own, and silence when it is off.
#include <string>

#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/dispatch/dispatch_explain.h"
#include "mini/dispatch_modes/torch_dispatch_mode.h"
#include "mini/op_registration/library.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

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

TEST(DispatchExplain, ACallOnCPUSaysWhichKernelFilledTheSlot) {
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const Tensor x = ones({1});
  EXPECT_EQ(explained([&] { op.call(x); }),
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
  const Tensor x = fromValues({1}, {1}, true);
  EXPECT_EQ(explained([&] { op.call(x); }),
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
  const Tensor x = ones({1});
  EXPECT_EQ(explained([&] { op.call(x); }),
            cpuCallHead(foo, "AutogradCPU") +
                "  fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off "
                "as fallthrough)\n"
                "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
                "  slot          10 (AutogradCPU)\n"
                "  filled by     alias key CompositeImplicitAutograd (math kernel), fn_CompositeImplicitAutograd\n");
}

TEST(DispatchExplain, AFallthroughSlotNamesTheFallthroughFallback) {
  // A call never lands on a fallthrough slot (the mask skips it); a
  // redispatch, which uses its set as given, can, and is told what is there.
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const std::string debug = Dispatcher::singleton().backendFallback(DispatchKey::AutogradCPU)->debug;
  const Tensor x = ones({1});
  const std::string out = explained([&] {
    EXPECT_THROW(op.redispatch(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU}, x), std::exception);
  });
  EXPECT_EQ(out, fmt::format("[redispatch] op=[{}], key=[AutogradCPU]\n"
                             "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                             "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                             "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                             "  redispatch    the set as the kernel above passed it down (its own, masked); "
                             "arguments, thread sets and fallthrough mask are not read\n"
                             "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
                             "  slot          10 (AutogradCPU)\n"
                             "  filled by     the backend fallback for AutogradCPU, fallthrough {}\n",
                             foo.name(), debug));
  EXPECT_EQ(debug.rfind("registered at chapters/05_autograd/src/dispatch/global_fallbacks.cpp:", 0), 0u);
}

// A mode whose handler steps straight down to the backend with a boxed
// redispatch: the Python key's fallback (part 3, section 8) is a boxed backend
// fallback, and the handler's redispatch reads its argument off the stack.
class RedispatchToCpuMode : public TorchDispatchMode {
 public:
  std::string name() const override { return "RedispatchToCpuMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override {
    op.redispatchBoxed(DispatchKeySet(DispatchKey::CPU), stack);
  }
};

TEST(DispatchExplain, ABoxedBackendFallbackAndItsBoxedRedispatch) {
  // A typed call reaches the boxed fallback; its boxed redispatch reads the
  // argument off the stack. The mode is stashed while its handler runs, so
  // the redispatch's thread sets no longer include Python.
  const std::string debug = Dispatcher::singleton().backendFallback(DispatchKey::Python)->debug;
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const TorchDispatchModeGuard mode(std::make_shared<RedispatchToCpuMode>());
  const Tensor x = ones({1});
  EXPECT_EQ(explained([&] { op.call(x); }),
            fmt::format("[call] op=[{0}], key=[Python]\n"
                        "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                        "  included      DispatchKeySet(BackendSelect, Python, ADInplaceOrView)\n"
                        "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                        "  fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  (in (arguments | included) - "
                        "excluded, masked off as fallthrough)\n"
                        "  dispatched on DispatchKeySet(CPU, Python), highest key Python\n"
                        "  slot          7 (Python)\n"
                        "  filled by     the backend fallback for Python, {1}\n"
                        " [redispatch] op=[{0}], key=[CPU]\n"
                        "   argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                        "   included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                        "   excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                        "   redispatch    the set as the kernel above passed it down (its own, masked); arguments, "
                        "thread sets and fallthrough mask are not read\n"
                        "   dispatched on DispatchKeySet(CPU), highest key CPU\n"
                        "   slot          1 (CPU)\n"
                        "   filled by     a kernel on CPU, fn_CPU\n",
                        foo.name(), debug));
  EXPECT_EQ(debug.rfind("registered at chapters/05_autograd/src/dispatch_modes/torch_dispatch_mode.cpp:", 0), 0u);
}

TEST(DispatchExplain, AMissingKernelIsSaidBeforeTheError) {
  // A Meta kernel only: a CPU tensor's call finds nothing on CPU.
  const ScopedFoo foo({DispatchKey::Meta});
  const auto op = foo.handle().typed<FooSignature>();
  const Tensor x = ones({1});
  const std::string out = explained([&] { EXPECT_THROW(op.call(x), std::runtime_error); });
  EXPECT_EQ(out, cpuCallHead(foo, "CPU") +
                     "  fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  (in (arguments | included) - "
                     "excluded, masked off as fallthrough)\n"
                     "  dispatched on DispatchKeySet(CPU), highest key CPU\n"
                     "  slot          1 (CPU)\n"
                     "  filled by     missing: no kernel on CPU, no alias key's kernel for it, no backend fallback\n");
}

TEST(DispatchExplain, AutogradThenCPU) {
  // add's Autograd kernel excludes autograd and redispatches with its own
  // set, masked: the second hop says which set it was given.
  const OperatorEntry& entry = addOp().entry();
  const std::string autograd = entry.getKernelForDispatchKey(DispatchKey::Autograd)->debug;
  const std::string cpu = entry.getKernelForDispatchKey(DispatchKey::CPU)->debug;
  const Tensor a = fromValues({1}, {1}, true);
  const Tensor b = ones({1});
  EXPECT_EQ(explained([&] { add(a, b); }),
            "[call] op=[aten::add.Tensor], key=[AutogradCPU]\n"
            "  argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "  argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
            "  included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
            "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
            "  fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off as "
            "fallthrough)\n"
            "  dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU\n"
            "  slot          10 (AutogradCPU)\n"
            "  filled by     alias key Autograd (autograd kernel), " +
                autograd +
                "\n"
                " [redispatch] op=[aten::add.Tensor], key=[CPU]\n"
                "   argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                "   argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                "   included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                "   excluded      DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, "
                "AutocastCUDA)\n"
                "   redispatch    the set as the kernel above passed it down (its own, masked); arguments, thread "
                "sets and fallthrough mask are not read\n"
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
    add(fromValues({1}, {1}), fromValues({1}, {1}));
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
