// torch.autograd.grad and torch.autograd.backward over several outputs
// (mini/autograd/engine.h): the engine's run with outputs to capture,
// which runs only the nodes that lead to them and fills no .grad.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/engine.h"
#include "mini/functorch/vmap.h"
#include "mini/generated/Functions.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

TEST(AutogradGrad, ReturnsTheGradientsAndFillsNoGrad) {
  const Tensor x = fromValues({1, 2, 3}, {3}, true);
  const Tensor w = fromValues({4, 5, 6}, {3}, true);
  const TensorList grads = autograd::grad({sum(mul(x, w))}, {x, w});
  ASSERT_EQ(grads.size(), 2u);
  EXPECT_THAT(values(grads[0]), ElementsAre(4, 5, 6));
  EXPECT_THAT(values(grads[1]), ElementsAre(1, 2, 3));
  EXPECT_FALSE(x.grad().defined()) << "grad() returns the gradients; AccumulateGrad must not run";
  EXPECT_FALSE(w.grad().defined());
}

TEST(AutogradGrad, TheGradientOfAnIntermediateStopsThere) {
  // h = exp(x): the gradient wanted arrives at ExpBackward0, which must not
  // run: had it run, it would have freed its saved result, and the
  // backward through it below would fail.
  const Tensor x = fromValues({0, 1}, {2}, true);
  const Tensor h = exp(x);
  const TensorList grads = autograd::grad({sum(mul(h, h))}, {h});
  EXPECT_THAT(values(grads[0]), ElementsAre(2.0, 2 * std::exp(1.0)));  // 2h
  EXPECT_FALSE(x.grad().defined());
  sum(h).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(1.0, std::exp(1.0)));
}

TEST(AutogradGrad, ABranchThatLeadsToNoInputDoesNotRun) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor z = fromValues({0, 0}, {2}, true);
  const Tensor e = exp(z);
  const TensorList grads = autograd::grad({sum(add(mul(x, scalarTensor(3)), e))}, {x});
  EXPECT_THAT(values(grads[0]), ElementsAre(3, 3));
  // ExpBackward0 kept what it saved: it did not run.
  EXPECT_EQ(errorOf([&] { sum(e).backward(); }), "");
  EXPECT_THAT(values(z.grad()), ElementsAre(1, 1));
}

TEST(AutogradGrad, SeveralOutputsMeetInOneRun) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor h = mul(x, x);  // shared: its node runs once, with both gradients summed
  const TensorList grads = autograd::grad({sum(h), sum(mul(h, scalarTensor(3)))}, {x});
  EXPECT_THAT(values(grads[0]), ElementsAre(8, 16));  // (1 + 3) * 2x
}

TEST(AutogradGrad, BackwardOfSeveralOutputsRunsASharedGraphOnce) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor h = mul(x, x);
  // Two backward() calls would free h's node after the first.
  autograd::backward({sum(h), sum(mul(h, scalarTensor(3)))});
  EXPECT_THAT(values(x.grad()), ElementsAre(8, 16));
}

TEST(AutogradGrad, GradientsOfNonScalarOutputsAreGiven) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor y = mul(x, scalarTensor(3));
  EXPECT_THAT(values(autograd::grad({y}, {x}, {fromValues({1, 10}, {2})})[0]), ElementsAre(3, 30));
  EXPECT_EQ(errorOf([&] { (void)autograd::grad({mul(x, x)}, {x}); }),
            "grad can be implicitly created only for scalar outputs");
  EXPECT_EQ(errorOf([&] {
              (void)autograd::grad({mul(x, x)}, {x}, {fromValues({1, 2, 3}, {3})});
            }),
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a shape of "
            "torch.Size([2]).");
}

TEST(AutogradGrad, AnUnusedInputIsAnErrorUnlessAllowed) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor unused = fromValues({5}, {1}, true);
  const Tensor y = sum(mul(x, scalarTensor(2)));
  const TensorList grads = autograd::grad({y}, {x, unused}, {}, /*retainGraph=*/true, /*allowUnused=*/true);
  EXPECT_THAT(values(grads[0]), ElementsAre(2, 2));
  EXPECT_FALSE(grads[1].defined());
  EXPECT_EQ(errorOf([&] {
              (void)autograd::grad({y}, {x, unused});
            }),
            "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
            "this is the desired behavior.");
}

TEST(AutogradGrad, WhatCannotBeDifferentiatedIsRefused) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor constant = fromValues({1, 2}, {2});
  EXPECT_EQ(errorOf([&] { (void)autograd::grad({sum(constant)}, {x}); }),
            "element 0 of tensors does not require grad and does not have a grad_fn");
  EXPECT_EQ(errorOf([&] { (void)autograd::grad({sum(mul(x, constant))}, {constant}); }),
            "One of the differentiated Tensors does not require grad");
  EXPECT_EQ(errorOf([&] { (void)autograd::grad({sum(x)}, {}); }), "grad requires non-empty inputs.");
  // No outputs at all: no input is reached, as in 1.13.
  EXPECT_EQ(errorOf([&] { (void)autograd::grad({}, {x}); }),
            "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
            "this is the desired behavior.");
  EXPECT_EQ(errorOf([&] { autograd::backward({}); }), "");
}

TEST(AutogradGrad, AGradientGetsItsOutputsDtype) {
  // The output is the input: the seed itself comes back, in x's dtype.
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor seed = _to_copy(fromValues({1, 1}, {2}), ScalarType::Long, kCpu);
  const TensorList grads = autograd::grad({x}, {x}, {seed});
  EXPECT_EQ(grads[0].dtype(), x.dtype()) << "the int64 seed must come back in x's dtype";
  EXPECT_THAT(values(grads[0]), ElementsAre(1, 1));
}

TEST(AutogradGrad, UnderVmapTheGradientsAreBatchedNotTheOutputs) {
  // 1.13's is_grads_batched: the rows of the identity as seeds, one run.
  const Tensor x = fromValues({1, 2, 3}, {3}, true);
  const Tensor y = mul(mul(x, x), scalarTensor(2));
  const VmapFunction vjp = vmap(
      [&](const std::vector<Tensor>& seed) { return autograd::grad({y}, {x}, {seed[0]}, /*retainGraph=*/true); }, {0});
  const Tensor identity = fromValues({1, 0, 0, 0, 1, 0, 0, 0, 1}, {3, 3});
  EXPECT_THAT(values(vjp({identity})[0]), ElementsAre(4, 0, 0, 0, 8, 0, 0, 0, 12));
  const VmapFunction ofABatchedOutput =
      vmap([&](const std::vector<Tensor>& rows) { return autograd::grad({sum(mul(rows[0], x))}, {x}); }, {0});
  EXPECT_EQ(errorOf([&] { (void)ofABatchedOutput({identity}); }),
            "torch.autograd.grad(outputs, inputs, grad_outputs) called inside torch.vmap. We do not support the case "
            "where any outputs are vmapped tensors (output 0 is being vmapped over). Please call autograd.grad() "
            "outside torch.vmap or file a bug report with your use case.");
}

}  // namespace
}  // namespace mini
