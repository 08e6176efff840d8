// Exercise 05.5: fixing the recursion with the guard.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/exercises/myrelu_autograd.h"
#include "mini/op_registration/library.h"
#include "support/below_autograd_probe.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// myrelu's kernel on ADInplaceOrView, for the probe: note what autograd does
// below the Autograd kernel, then go on down to the CPU kernel.
Tensor myreluBelowAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  mini_test::belowAutogradProbe();
  return myreluOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self);
}

TEST(Exercise05_5, ReturnsInsteadOfRecursing) {
  runExercise([] {
    const Tensor y = myrelu(fromValues({-1, 2}, {2}, true));
    EXPECT_EQ(y.data()[0], 0);
    EXPECT_EQ(y.data()[1], 2);
    EXPECT_EQ(currentDispatchDepth(), 0);
  });
}

TEST(Exercise05_5, RecordsReluBackward) {
  runExercise([] {
    const Tensor y = myrelu(fromValues({-1, 2}, {2}, true));
    ASSERT_NE(y.gradFn(), nullptr);
    EXPECT_EQ(y.gradFn()->name(), "ReluBackward0");
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return myrelu(x[0]); }, {fromValues({-0.5, 1.5, 2}, {3}, true)}));
  });
}

TEST(Exercise05_5, LeavesThisThreadsKeySetsAsTheyWere) {
  runExercise([] {
    (void)myrelu(fromValues({1}, {1}, true));
    EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  });
}

TEST(Exercise05_5, KernelsBelowItRecordNothing) {
  runExercise([] {
    Library probe(Library::IMPL, "myops", DispatchKey::ADInplaceOrView, SourceSite::here());
    probe.impl("myrelu", &myreluBelowAutograd);
    mini_test::belowAutograd() = {};
    (void)myrelu(fromValues({-1, 2}, {2}, true));
    ASSERT_TRUE(mini_test::belowAutograd().reached) << "the call never reached myrelu's ADInplaceOrView kernel";
    EXPECT_FALSE(mini_test::belowAutograd().recorded)
        << "a kernel below myreluAutograd ran neg() on a tensor that requires grad, and autograd recorded it: "
           "hold an AutoDispatchBelowADInplaceOrView guard around the redispatch, so that nothing below the "
           "Autograd kernel records the call again";
  });
}

}  // namespace
}  // namespace mini
