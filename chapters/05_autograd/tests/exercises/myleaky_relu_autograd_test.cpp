// Exercise 05.5: myops::myleaky_relu, an Autograd kernel with nothing below
// it. The values and gradients are PyTorch 1.13's
// (torch.nn.functional.leaky_relu on float64, slope -0.5 and the default 0.01).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/core/alias_keys.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/exercises/myleaky_relu_autograd.h"
#include "mini/op_registration/library.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;
using ::testing::ElementsAre;

std::vector<double> valuesOf(const Tensor& tensor) { return {tensor.data().begin(), tensor.data().end()}; }

TEST(Exercise05_5, ComputesLeakyRelu) {
  runExercise([] {
    EXPECT_THAT(valuesOf(myleaky_relu(fromValues({-2, 0, 3}, {3}), -0.5)), ElementsAre(1, 0, 3));
    EXPECT_THAT(valuesOf(myleaky_relu(fromValues({-2, 0, 3}, {3}))), ElementsAre(-0.02, 0, 3))
        << "the default slope is 0.01";
  });
}

TEST(Exercise05_5, RecordsOneLeakyReluBackward) {
  runExercise([] {
    const Tensor x = fromValues({-2, 0, 3}, {3}, true);
    const Tensor y = myleaky_relu(x, -0.5);
    ASSERT_NE(y.gradFn(), nullptr) << "the result of a call on a tensor that requires grad has a node";
    EXPECT_EQ(y.gradFn()->name(), "LeakyReluBackward0");
    sum(y).backward();
    EXPECT_THAT(valuesOf(x.grad()), ElementsAre(-0.5, -0.5, 1))
        << "grad where self > 0, grad * negative_slope elsewhere, at 0 too; with a negative slope the result's "
           "sign is not the input's";
    // gradcheck throws GradcheckError on a mismatch, as torch's does: EXPECT_NO_THROW reports
    // it on this line, with both Jacobians, where an escaping exception would name runExercise.
    EXPECT_NO_THROW(gradcheck([](const TensorList& in) { return myleaky_relu(in[0]); },
                              {fromValues({-0.5, 1.5, -2, 2}, {4}, true)}));
  });
}

// A stand-in for relu's Autograd kernel on AutogradCPU (a key's own kernel
// wins over the Autograd alias's): it counts the calls autograd sees.
int reluCallsSeenByAutograd = 0;
Tensor countingReluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  ++reluCallsSeenByAutograd;
  AutoDispatchBelowADInplaceOrView guard;
  return reluOp().redispatch(dispatchKeySet & kAfterAutogradKeySet, self);
}

TEST(Exercise05_5, TheOperatorsItIsMadeOfRecordNothing) {
  runExercise([] {
    Library counting(Library::IMPL, "aten", DispatchKey::AutogradCPU, SourceSite::here());
    counting.impl("relu", &countingReluAutograd);
    reluCallsSeenByAutograd = 0;
    (void)myleaky_relu(fromValues({-2, 3}, {2}, true), 0.1);
    EXPECT_EQ(reluCallsSeenByAutograd, 0)
        << "relu's Autograd kernel ran inside myleaky_relu's: the operators it is made of must run below "
           "autograd (hold an AutoDispatchBelowADInplaceOrView while computing), or each records a node of its "
           "own that the graph never uses";
  });
}

}  // namespace
}  // namespace mini
