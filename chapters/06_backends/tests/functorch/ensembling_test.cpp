// Model ensembling, one of the uses functorch gives for vmap: ten copies of
// a model, their weights stacked along a new first dimension, trained as
// one. One vmapped forward computes the ten losses, one backward their ten
// gradients; each must be what the model alone gives.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/functorch/vmap.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::values;

constexpr std::int64_t kModels = 10, kInputs = 3, kHidden = 4, kBatch = 5;

/// Different numbers for every model and every weight, so that a gradient
/// that lands in the wrong model shows.
std::vector<double> spread(std::int64_t numel, double start, double step) {
  std::vector<double> data(static_cast<std::size_t>(numel));
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = start + step * static_cast<double>(i % 7) - 0.05 * static_cast<double>(i % 5);
  }
  return data;
}

/// Model `model`'s part of a stacked tensor, as a leaf of its own.
Tensor modelPart(const std::vector<double>& stacked, const Sizes& sizes, std::int64_t model) {
  std::size_t per = 1;
  for (const std::int64_t size : sizes) {
    per *= static_cast<std::size_t>(size);
  }
  const auto first = stacked.begin() + static_cast<std::ptrdiff_t>(per * static_cast<std::size_t>(model));
  return fromValues(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(per)), sizes, true);
}

// [ensembling_model]
/// One model: a hidden layer with relu, then a linear read-out, and the sum
/// of its outputs over the batch as the loss. Written for one model's
/// weights; vmap runs it for ten.
Tensor modelLoss(const Tensor& x, const Tensor& w1, const Tensor& b1, const Tensor& w2) {
  const Tensor hidden = relu(add(matmul(x, w1), b1));
  return sum(matmul(hidden, w2));
}
// [ensembling_model]

TEST(Ensembling, TenModelsInOneVmappedForwardAndBackward) {
  const Tensor x = fromValues(spread(kBatch * kInputs, -0.4, 0.2), {kBatch, kInputs});
  const std::vector<double> w1Values = spread(kModels * kInputs * kHidden, -0.5, 0.17);
  const std::vector<double> b1Values = spread(kModels * kHidden, 0.1, -0.03);
  const std::vector<double> w2Values = spread(kModels * kHidden, 0.3, -0.11);
  // [ensembling_stacked]
  // functorch's combine_state_for_ensemble: each parameter of the ten models, stacked.
  const Tensor w1 = fromValues(w1Values, {kModels, kInputs, kHidden}, true);
  const Tensor b1 = fromValues(b1Values, {kModels, kHidden}, true);
  const Tensor w2 = fromValues(w2Values, {kModels, kHidden, 1}, true);
  // The weights are mapped over their first dimension, the data is shared
  // (in_dims (0, 0, 0, None)); autograd records on the stacked tensors,
  // below the batching rules, so one backward fills all ten gradients.
  const VmapFunction ensemble =
      vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{modelLoss(in[3], in[0], in[1], in[2])}; },
           {0, 0, 0, std::nullopt});
  const Tensor losses = ensemble({w1, b1, w2, x})[0];
  sum(losses).backward();
  // [ensembling_stacked]
  ASSERT_EQ(losses.sizes(), (Sizes{kModels}));
  ASSERT_EQ(w1.grad().sizes(), (Sizes{kModels, kInputs, kHidden}));
  ASSERT_EQ(b1.grad().sizes(), (Sizes{kModels, kHidden}));
  ASSERT_EQ(w2.grad().sizes(), (Sizes{kModels, kHidden, 1}));

  // Ten separate runs, one forward and one backward each.
  std::vector<double> loopLosses, loopW1, loopB1, loopW2;
  for (std::int64_t model = 0; model < kModels; ++model) {
    const Tensor w1i = modelPart(w1Values, {kInputs, kHidden}, model);
    const Tensor b1i = modelPart(b1Values, {kHidden}, model);
    const Tensor w2i = modelPart(w2Values, {kHidden, 1}, model);
    const Tensor loss = modelLoss(x, w1i, b1i, w2i);
    loss.backward();
    loopLosses.push_back(values(loss)[0]);
    for (const auto& [grads, leaf] : {std::pair{&loopW1, w1i}, std::pair{&loopB1, b1i}, std::pair{&loopW2, w2i}}) {
      const std::vector<double> grad = values(leaf.grad());
      grads->insert(grads->end(), grad.begin(), grad.end());
    }
  }
  const auto expectNear = [](const std::vector<double>& vmapped, const std::vector<double>& looped, const char* what) {
    ASSERT_EQ(vmapped.size(), looped.size()) << what;
    for (std::size_t i = 0; i < looped.size(); ++i) {
      EXPECT_NEAR(vmapped[i], looped[i], 1e-12) << what << ", element " << i;
    }
  };
  expectNear(values(losses), loopLosses, "loss");
  expectNear(values(w1.grad()), loopW1, "w1.grad");
  expectNear(values(b1.grad()), loopB1, "b1.grad");
  expectNear(values(w2.grad()), loopW2, "w2.grad");
}

}  // namespace
}  // namespace mini
