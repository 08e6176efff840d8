// Autograd as a dispatch key: which kernels run, in which order, and what
// happens when a kernel forgets to step below autograd. Then
// MINI_DISPATCH_EXPLAIN: the exact block each kind of hop prints (a kernel on
// the key, a thread-local guard, an alias key, a fallthrough, a boxed backend
// fallback and its boxed redispatch, a missing kernel, Autograd then CPU),
// the formatters on their own, and silence when it is off.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autocast/autocast_guard.h"
#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/dispatch/dispatch_explain.h"
#include "mini/dispatch_modes/torch_dispatch_mode.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"
#include "support/dispatcher_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::handleOf;

TEST(AutogradKey, EveryCpuTensorCarriesItRequiresGradOrNot) {
  const DispatchKeySet expected{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU,
                                DispatchKey::AutocastCPU};
  EXPECT_EQ(ones({2}).keySet(), expected);
  EXPECT_EQ(fromValues({1}, {1}, true).keySet(), expected);
  EXPECT_EQ(exp(fromValues({1}, {1}, true)).keySet(), expected);
}

TEST(AutogradKey, TheAutogradKernelFillsAutogradCPU) {
  const std::string table = handleOf<_ops::add_Tensor>().dumpComputedTable();
  // Registered by the generated VariableType.cpp (codegen/gen_autograd.py), in the build tree.
  EXPECT_THAT(table, ::testing::ContainsRegex("AutogradCPU: registered at build/[^/]+/chapters/06_backends/"
                                              "generated/autograd/VariableType.cpp:[0-9]+ \\[autograd kernel\\]"));
}

TEST(AutogradKey, AfterAutogradKeepsADInplaceOrViewAndTheBackend) {
  const DispatchKeySet call{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU};
  EXPECT_EQ(call & kAfterAutogradKeySet, (DispatchKeySet{DispatchKey::CPU, DispatchKey::ADInplaceOrView}));
  EXPECT_EQ(call & kAfterADInplaceOrViewKeySet, DispatchKeySet{DispatchKey::CPU});
}

TEST(AutogradKey, TheGuardExcludesAutogradForItsScope) {
  {
    AutoDispatchBelowADInplaceOrView guard;
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::AutogradFunctionality));
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::ADInplaceOrView));
    // Below autograd, an operator on a tensor that requires grad records nothing.
    EXPECT_EQ(exp(fromValues({1}, {1}, true)).gradFn(), nullptr);
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

TEST(AutogradKey, UnderNoGradTheAutogradKernelStillRunsButRecordsNothing) {
  NoGradGuard noGrad;
  const Tensor y = mul(fromValues({1}, {1}, true), ones({1}));
  EXPECT_EQ(y.gradFn(), nullptr);
}

TEST(AutogradKey, InplaceOperatorsPassThroughADInplaceOrView) {
  // The version bump lives in the ADInplaceOrView kernel: calling the CPU
  // kernel directly writes without it.
  Tensor a = ones({2});
  addInplaceCpu(a, ones({2}));
  EXPECT_EQ(a.version(), 0u);
  a.add_(ones({2}));
  EXPECT_EQ(a.version(), 1u);
}

// [broken_kernel]
// An Autograd kernel that calls its own operator through the public path,
// with no guard: the key set is computed again from the tensors, which still
// carry AutogradCPU, so the call comes back here.
Tensor loopingAutograd(const Tensor& self) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("test05::loop", "").typed<Tensor(const Tensor&)>();
  return op.call(self);
}
// [broken_kernel]

// The same kernel, fixed: step below autograd, then redispatch.
Tensor fixedAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("test05::fixed", "").typed<Tensor(const Tensor&)>();
  AutoDispatchBelowADInplaceOrView guard;
  return op.redispatch(dispatchKeySet & kAfterAutogradKeySet, self);
}

// An autocast kernel that forgot to exclude its key: its call comes back to it.
Tensor loopingAutocast(const Tensor& self) {
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("test05::autocast_loop", "").typed<Tensor(const Tensor&)>();
  return op.call(self);
}

MINI_LIBRARY(test05, m) {
  m.def("loop(Tensor self) -> Tensor");
  m.def("autocast_loop(Tensor self) -> Tensor");
  m.def("fixed(Tensor self) -> Tensor");
}

MINI_LIBRARY_IMPL(test05, CPU, m) {
  m.impl("loop", &negCpu);
  m.impl("autocast_loop", &negCpu);
  m.impl("fixed", &negCpu);
}

MINI_LIBRARY_IMPL(test05, Autograd, m) {
  m.impl("loop", &loopingAutograd);
  m.impl("fixed", &fixedAutograd);
}

TEST(RecursionDepth, AKernelThatCallsItselfGetsAClearError) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("test05::loop", "").typed<Tensor(const Tensor&)>();
  const std::string error = errorOf([] { op.call(ones({1})); });
  EXPECT_EQ(error,
            fmt::format("'test05::loop': more than {} nested dispatcher calls, the last one to its 'AutogradCPU' "
                        "kernel. A kernel keeps calling the operator it implements: an Autograd kernel must step "
                        "below autograd before it calls the operator again, with `AutoDispatchBelowADInplaceOrView "
                        "guard;` and `op.redispatch(dispatchKeySet & kAfterAutogradKeySet, ...)`.",
                        kMaxDispatchDepth));
  EXPECT_EQ(currentDispatchDepth(), 0) << "every level unwound";
}

MINI_LIBRARY_IMPL(test05, AutocastCPU, m) { m.impl("autocast_loop", &loopingAutocast); }

// The advice is the recursing key's: an autocast kernel gets autocast's,
// not autograd's (a learner of exercises 06.7 and 06.10 met the latter).
TEST(RecursionDepth, AnAutocastKernelGetsAutocastsAdvice) {
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("test05::autocast_loop", "").typed<Tensor(const Tensor&)>();
  const autocast::AutocastGuard autocastOn(DeviceType::CPU);
  const std::string error = errorOf([] { op.call(ones({1})); });
  EXPECT_EQ(error, fmt::format("'test05::autocast_loop': more than {} nested dispatcher calls, the last one to its "
                               "'AutocastCPU' kernel. A kernel keeps calling the operator it implements: an autocast "
                               "kernel must exclude its autocast key before it calls the operator again, with `const "
                               "ExcludeDispatchKeyGuard noAutocast = excludeAutocast(device);` held (a named "
                               "variable, not a temporary) until that call returns.",
                               kMaxDispatchDepth));
  EXPECT_EQ(currentDispatchDepth(), 0) << "every level unwound";
}

TEST(RecursionDepth, TheGuardAndARedispatchFixIt) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("test05::fixed", "").typed<Tensor(const Tensor&)>();
  EXPECT_EQ(op.call(ones({1})).item(), -1);
}

TEST(RecursionDepth, RealNestingStaysFarBelowTheLimit) {
  // The deepest path of the chapter: add_ -> Autograd -> ADInplaceOrView -> CPU.
  Tensor a = ones({1});
  a.add_(ones({1}));
  EXPECT_EQ(currentDispatchDepth(), 0);
}

// cos (sin's backward) has no formula in this chapter: its Autograd row is
// the boxed autograd-not-implemented fallback.
TEST(NotImplementedFallback, ForwardRunsTheCpuKernel) {
  EXPECT_DOUBLE_EQ(cos(scalarTensor(0.5)).item(), std::cos(0.5));
  EXPECT_EQ(cos(scalarTensor(0.5)).gradFn(), nullptr);
}

TEST(NotImplementedFallback, BackwardNamesTheOperator) {
  const Tensor x = fromValues({0.5, 1}, {2}, true);
  const Tensor y = cos(x);
  ASSERT_NE(y.gradFn(), nullptr);
  EXPECT_EQ(y.gradFn()->name(), "NotImplemented");
  EXPECT_EQ(errorOf([&] { sum(mul(y, y)).backward(); }), "derivative for aten::cos is not implemented");
}

TEST(NotImplementedFallback, UnderNoGradRecordsNothing) {
  NoGradGuard noGrad;
  EXPECT_EQ(cos(fromValues({1}, {1}, true)).gradFn(), nullptr);
}

}  // namespace
}  // namespace mini

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
  const Tensor x = ones({1});  // made first: a factory is a dispatcher call too
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
  const Tensor x = ones({1});  // made first: a factory is a dispatcher call too
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
  EXPECT_EQ(debug.rfind("registered at chapters/06_backends/src/dispatch/global_fallbacks.cpp:", 0), 0u);
}

// A mode whose handler steps straight down to the backend with a boxed
// redispatch: the Python key's fallback (the dispatch modes) is a boxed
// backend fallback, and the handler's redispatch reads its argument off the stack.
class RedispatchToCpuMode : public TorchDispatchMode {
 public:
  std::string name() const override { return "RedispatchToCpuMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override {
    op.redispatchBoxed(DispatchKeySet(DispatchKey::CPU), stack);
  }
};

TEST(DispatchExplain, ABoxedBackendFallbackAndItsBoxedRedispatch) {
  // A typed call reaches the boxed fallbacks (PythonTLSSnapshot's first,
  // which notes the thread's keys, then Python's); their boxed redispatches
  // read the argument off the stack. The mode is stashed while its handler
  // runs, so the redispatch's thread sets no longer include Python, and
  // every key above Python is excluded.
  const std::string debug = Dispatcher::singleton().backendFallback(DispatchKey::Python)->debug;
  const std::string snapshotDebug = Dispatcher::singleton().backendFallback(DispatchKey::PythonTLSSnapshot)->debug;
  const ScopedFoo foo({DispatchKey::CPU});
  const auto op = foo.handle().typed<FooSignature>();
  const Tensor x = ones({1});  // made first: a factory is a dispatcher call too
  const TorchDispatchModeGuard mode(std::make_shared<RedispatchToCpuMode>());
  EXPECT_EQ(
      explained([&] { op.call(x); }),
      fmt::format("[call] op=[{0}], key=[PythonTLSSnapshot]\n"
                  "  argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                  "  included      DispatchKeySet(BackendSelect, Python, ADInplaceOrView, PythonTLSSnapshot)\n"
                  "  excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                  "  fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  (in (arguments | included) - "
                  "excluded, masked off as fallthrough)\n"
                  "  dispatched on DispatchKeySet(CPU, Python, PythonTLSSnapshot), highest key PythonTLSSnapshot\n"
                  "  slot          18 (PythonTLSSnapshot)\n"
                  "  filled by     the backend fallback for PythonTLSSnapshot, {2}\n"
                  " [redispatch] op=[{0}], key=[Python]\n"
                  "   argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                  "   included      DispatchKeySet(BackendSelect, Python, ADInplaceOrView, PythonTLSSnapshot)\n"
                  "   excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)\n"
                  "   redispatch    the set as the kernel above passed it down (its own, masked); arguments, "
                  "thread sets and fallthrough mask are not read\n"
                  "   dispatched on DispatchKeySet(CPU, Python), highest key Python\n"
                  "   slot          7 (Python)\n"
                  "   filled by     the backend fallback for Python, {1}\n"
                  "  [redispatch] op=[{0}], key=[CPU]\n"
                  "    argument      x: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)\n"
                  "    included      DispatchKeySet(BackendSelect, ADInplaceOrView)\n"
                  "    excluded      DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, Tracer, "
                  "AutocastCPU, AutocastCUDA, Batched, PythonTLSSnapshot)\n"
                  "    redispatch    the set as the kernel above passed it down (its own, masked); arguments, "
                  "thread sets and fallthrough mask are not read\n"
                  "    dispatched on DispatchKeySet(CPU), highest key CPU\n"
                  "    slot          1 (CPU)\n"
                  "    filled by     a kernel on CPU, fn_CPU\n",
                  foo.name(), debug, snapshotDebug));
  EXPECT_EQ(snapshotDebug.rfind("registered at chapters/06_backends/src/dispatch_modes/python_fallback_kernel.cpp:", 0),
            0u);
  EXPECT_EQ(debug.rfind("registered at chapters/06_backends/src/dispatch_modes/torch_dispatch_mode.cpp:", 0), 0u);
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
  const OperatorEntry& entry = handleOf<_ops::add_Tensor>().entry();
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
