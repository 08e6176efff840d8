// Exercise 05.1: the backward node and the Autograd kernel of hypot.
//
// The expected values are PyTorch 1.13's:
//   a = torch.tensor([3.0, -1.2, 0.5], dtype=torch.float64, requires_grad=True)
//   b = torch.tensor([4.0, 0.6, -2.2], dtype=torch.float64, requires_grad=True)
//   c = torch.hypot(a, b); c.grad_fn.name()    # HypotBackward0
//   c.backward(torch.tensor([1.0, 2.0, -0.5], dtype=torch.float64)); a.grad, b.grad
// and at a = b = 0 both gradients are nan.
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/exercises/myhypot_autograd.h"
#include "mini/op_registration/library.h"
#include "support/below_autograd_probe.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;

// myhypot's kernel on ADInplaceOrView, for the probe: note what autograd does
// below the Autograd kernel, then go on down to the CPU kernel.
Tensor myhypotBelowAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  mini_test::belowAutogradProbe();
  return myhypotOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, other);
}

TEST(Exercise05_1, ComputesAndRecordsHypotBackward) {
  runExercise([] {
    const Tensor c = myhypot(fromValues({3, -1.2}, {2}, true), fromValues({4, 0.6}, {2}));
    EXPECT_EQ(values(c)[0], 5);
    EXPECT_DOUBLE_EQ(values(c)[1], 1.3416407864998738);
    // Its name is the header's HypotBackward0; SavesOnlyWhatAWantedGradientReads checks the node's type.
    ASSERT_NE(c.gradFn(), nullptr) << "an input requires grad: the result must have a grad_fn";
  });
}

TEST(Exercise05_1, GradientsArePyTorchs) {
  runExercise([] {
    const Tensor a = fromValues({3, -1.2, 0.5}, {3}, true);
    const Tensor b = fromValues({4, 0.6, -2.2}, {3}, true);
    myhypot(a, b).backward(fromValues({1, 2, -0.5}, {3}));
    const double torchA[] = {0.6, -1.7888543819998317, -0.11081055179448407};
    const double torchB[] = {0.8, 0.8944271909999159, 0.4875664278957299};
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_DOUBLE_EQ(values(a.grad())[i], torchA[i]) << "d hypot/d self at element " << i;
      EXPECT_DOUBLE_EQ(values(b.grad())[i], torchB[i]) << "d hypot/d other at element " << i;
    }
  });
}

TEST(Exercise05_1, GradientsMatchFiniteDifferences) {
  runExercise([] {
    // gradcheck throws GradcheckError on a mismatch, as torch's does: EXPECT_NO_THROW reports
    // it on this line, with both Jacobians, where an escaping exception would name runExercise.
    (void)myhypot(fromValues({0.5}, {1}, true), fromValues({1.5}, {1}, true));  // a stub: SKIPPED, not caught below
    EXPECT_NO_THROW(gradcheck([](const TensorList& x) { return myhypot(x[0], x[1]); },
                              {fromValues({0.5, -1, 2}, {3}, true), fromValues({1.5, 2, -0.3}, {3}, true)}));
  });
}

TEST(Exercise05_1, AtTheOriginTheGradientIsNaN) {
  runExercise([] {
    const Tensor a = fromValues({0}, {1}, true);
    const Tensor b = fromValues({0}, {1}, true);
    myhypot(a, b).backward(ones({1}));
    EXPECT_TRUE(std::isnan(values(a.grad())[0])) << "0 / 0, as in PyTorch; got " << values(a.grad())[0];
    EXPECT_TRUE(std::isnan(values(b.grad())[0])) << "0 / 0, as in PyTorch; got " << values(b.grad())[0];
  });
}

TEST(Exercise05_1, RecordsNothingWithoutGradOrUnderNoGrad) {
  runExercise([] {
    EXPECT_EQ(myhypot(ones({2}), ones({2})).gradFn(), nullptr);
    NoGradGuard noGrad;
    EXPECT_EQ(myhypot(fromValues({1}, {1}, true), ones({1})).gradFn(), nullptr);
  });
}

TEST(Exercise05_1, SavesOnlyWhatAWantedGradientReads) {
  runExercise([] {
    // Only b needs a gradient, and it reads b and the result, not a.
    const Tensor a = fromValues({3, 1}, {2});
    const Tensor b = fromValues({4, 1}, {2}, true);
    const auto node = std::dynamic_pointer_cast<HypotBackward0>(myhypot(a, b).gradFn());
    ASSERT_NE(node, nullptr);
    EXPECT_FALSE(node->self.unpack("HypotBackward0").defined())
        << "HypotBackward0 keeps `self` although self needs no gradient: other's gradient reads other, not self";
    EXPECT_TRUE(node->other.unpack("HypotBackward0").defined()) << "the gradient of other reads other: save it";
  });
}

TEST(Exercise05_1, AnUnsavedInputMayChange) {
  runExercise([] {
    Tensor a = fromValues({3, 1}, {2});
    const Tensor b = fromValues({4, 1}, {2}, true);
    const Tensor c = myhypot(a, b);
    add_(a, ones({2}));  // a needs no gradient and was not saved
    sum(c).backward();
    EXPECT_DOUBLE_EQ(values(b.grad())[0], 0.8);
  });
}

TEST(Exercise05_1, ASavedInputChangedInPlaceIsCaught) {
  runExercise([] {
    const Tensor a = fromValues({3, 1}, {2});
    Tensor b = fromValues({4, 1}, {2}, true);
    const Tensor c = myhypot(b, a);  // b is self now, and its gradient reads it
    {
      NoGradGuard noGrad;
      add_(b, ones({2}));
    }
    try {
      sum(c).backward();
      FAIL() << "b was saved at version 0 and is now at version 1";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("modified by an inplace operation"), std::string::npos) << error.what();
    }
  });
}

TEST(Exercise05_1, AStaleResultIsNamedAsTheNodesOutput) {
  runExercise([] {
    Tensor c = myhypot(fromValues({3}, {1}, true), fromValues({4}, {1}));
    {
      NoGradGuard noGrad;
      add_(c, ones({1}));
    }
    try {
      c.backward();
      FAIL() << "the result was saved at version 0 and is now at version 1";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("output 0 of HypotBackward0"), std::string::npos)
          << "save the result after setHistory, so that the error names it as the node's output: " << error.what();
    }
  });
}

TEST(Exercise05_1, TheNodeIsFreedWithItsResult) {
  runExercise([] {
    std::weak_ptr<Node> node;
    {
      const Tensor c = myhypot(fromValues({3}, {1}, true), fromValues({4}, {1}));
      node = c.gradFn();
    }
    EXPECT_TRUE(node.expired())
        << "HypotBackward0 outlives its result: the result it saved holds it as grad_fn. Save the result after "
           "setHistory, as the node's output (isOutput true), so that it is kept detached";
  });
}

TEST(Exercise05_1, KernelsBelowItRecordNothing) {
  runExercise([] {
    Library probe(Library::IMPL, "myops", DispatchKey::ADInplaceOrView, SourceSite::here());
    probe.impl("myhypot", &myhypotBelowAutograd);
    mini_test::belowAutograd() = {};
    (void)myhypot(fromValues({1, 2}, {2}, true), fromValues({3, 4}, {2}));
    ASSERT_TRUE(mini_test::belowAutograd().reached) << "the call never reached myhypot's ADInplaceOrView kernel";
    EXPECT_FALSE(mini_test::belowAutograd().recorded)
        << "a kernel below myhypotAutograd ran neg() on a tensor that requires grad, and autograd recorded it: "
           "compute below autograd under an AutoDispatchBelowADInplaceOrView guard";
  });
}

}  // namespace
}  // namespace mini
