// Exercise 05.1: the Autograd kernel of a multiplication.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/exercises/mymul_autograd.h"
#include "mini/op_registration/library.h"
#include "support/below_autograd_probe.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// mymul's kernel on ADInplaceOrView, for the probe: note what autograd does
// below the Autograd kernel, then go on down to the CPU kernel.
Tensor mymulBelowAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  mini_test::belowAutogradProbe();
  return mymulOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, other);
}

TEST(Exercise05_1, MultipliesAndRecordsMulBackward) {
  runExercise([] {
    const Tensor a = fromValues({1, 2}, {2}, true);
    const Tensor c = mymul(a, fromValues({3, 4}, {2}));
    EXPECT_EQ(c.data()[0], 3);
    EXPECT_EQ(c.data()[1], 8);
    ASSERT_NE(c.gradFn(), nullptr);
    EXPECT_EQ(c.gradFn()->name(), "MulBackward0");
  });
}

TEST(Exercise05_1, GradientsMatchFiniteDifferences) {
  runExercise([] {
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return mymul(x[0], x[1]); },
                          {fromValues({0.5, -1, 2}, {3}, true), fromValues({1.5, 2, -0.3}, {3}, true)}));
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return mymul(x[0], x[1]); },
                          {fromValues({0.5, -1, 2}, {3}, true), scalarTensor(1.7, true)}));
  });
}

TEST(Exercise05_1, RecordsNothingWithoutGradOrUnderNoGrad) {
  runExercise([] {
    EXPECT_EQ(mymul(ones({2}), ones({2})).gradFn(), nullptr);
    NoGradGuard noGrad;
    EXPECT_EQ(mymul(fromValues({1}, {1}, true), ones({1})).gradFn(), nullptr);
  });
}

TEST(Exercise05_1, SavesOnlyWhatAWantedGradientReads) {
  runExercise([] {
    // Only b needs a gradient, and it reads a: b itself need not be saved,
    // so changing b (under no_grad) before backward is fine...
    const Tensor a = fromValues({1, 2}, {2});
    Tensor b = fromValues({3, 4}, {2}, true);
    const Tensor c = mymul(a, b);
    {
      NoGradGuard noGrad;
      add_(b, ones({2}));
    }
    sum(c).backward();
    EXPECT_EQ(b.grad().data()[0], 1);
    EXPECT_EQ(b.grad().data()[1], 2);
  });
}

TEST(Exercise05_1, KeepsNoInputWhoseGradientIsNotWanted) {
  runExercise([] {
    // Only b needs a gradient, and it reads a: MulBackward0 keeps a and not
    // b, which it would otherwise keep alive for nothing (PyTorch's
    // generated VariableType saves each input only when the gradient that
    // reads it is wanted, task_should_compute_output).
    const Tensor a = fromValues({1, 2}, {2});
    const Tensor b = fromValues({3, 4}, {2}, true);
    const auto node = std::dynamic_pointer_cast<MulBackward0>(mymul(a, b).gradFn());
    ASSERT_NE(node, nullptr);
    EXPECT_TRUE(node->self.unpack("MulBackward0").defined()) << "the gradient of other reads self: save it";
    EXPECT_FALSE(node->other.unpack("MulBackward0").defined())
        << "MulBackward0 keeps `other` although `self` needs no gradient: save an input only when "
           "node->needsInputGrad(i) says the gradient that reads it is wanted";
  });
}

TEST(Exercise05_1, ASavedInputChangedInPlaceIsCaught) {
  runExercise([] {
    // ...but a is saved, and changing it is the version error.
    Tensor a = fromValues({1, 2}, {2});
    const Tensor b = fromValues({3, 4}, {2}, true);
    const Tensor c = mymul(a, b);
    add_(a, ones({2}));
    try {
      sum(c).backward();
      FAIL() << "a was saved at version 0 and is now at version 1";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("modified by an inplace operation"), std::string::npos) << error.what();
    }
  });
}

TEST(Exercise05_1, KernelsBelowItRecordNothing) {
  runExercise([] {
    Library probe(Library::IMPL, "myops", DispatchKey::ADInplaceOrView, SourceSite::here());
    probe.impl("mymul", &mymulBelowAutograd);
    mini_test::belowAutograd() = {};
    (void)mymul(fromValues({1, 2}, {2}, true), fromValues({3, 4}, {2}));
    ASSERT_TRUE(mini_test::belowAutograd().reached) << "the call never reached mymul's ADInplaceOrView kernel";
    EXPECT_FALSE(mini_test::belowAutograd().recorded)
        << "a kernel below mymulAutograd ran neg() on a tensor that requires grad, and autograd recorded it: "
           "hold an AutoDispatchBelowADInplaceOrView guard around the redispatch, so that nothing below the "
           "Autograd kernel records the call again";
  });
}

}  // namespace
}  // namespace mini
