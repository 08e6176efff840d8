// Autograd as a dispatch key: which kernels run, in which order, and what
// happens when a kernel forgets to step below autograd.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

TEST(AutogradKey, EveryCpuTensorCarriesItRequiresGradOrNot) {
  const DispatchKeySet expected{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU,
                                DispatchKey::AutocastCPU};
  EXPECT_EQ(ones({2}).keySet(), expected);
  EXPECT_EQ(fromValues({1}, {1}, true).keySet(), expected);
  EXPECT_EQ(exp(fromValues({1}, {1}, true)).keySet(), expected);
}

TEST(AutogradKey, TheAutogradKernelFillsAutogradCPU) {
  const std::string table = addOp().dumpComputedTable();
  // Registered by the generated RegisterAutograd.cpp, in the build tree.
  EXPECT_THAT(table, ::testing::ContainsRegex("AutogradCPU: registered at build/[^/]+/chapters/06_backends/"
                                              "generated/RegisterAutograd.cpp:[0-9]+ \\[autograd kernel\\]"));
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
  add_(a, ones({2}));
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

MINI_LIBRARY(test05, m) {
  m.def("loop(Tensor self) -> Tensor");
  m.def("fixed(Tensor self) -> Tensor");
}

MINI_LIBRARY_IMPL(test05, CPU, m) {
  m.impl("loop", &negCpu);
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

TEST(RecursionDepth, TheGuardAndARedispatchFixIt) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("test05::fixed", "").typed<Tensor(const Tensor&)>();
  EXPECT_EQ(op.call(ones({1})).item(), -1);
}

TEST(RecursionDepth, RealNestingStaysFarBelowTheLimit) {
  // The deepest path of the chapter: add_ -> Autograd -> ADInplaceOrView -> CPU.
  Tensor a = ones({1});
  add_(a, ones({1}));
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
