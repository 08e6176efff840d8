// vmap in chapter 05: the Batched key above Tracer and Autograd, its
// for-loop fallback, and per-sample gradients by vmap over the backward
// pass, each compared with a plain loop over the samples and with what
// torch 1.13 gives (tests/data/vmap_reference.txt, maint/reference/gen_vmap_data.py).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "mini/aten/operators.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/functorch/per_sample_gradients.h"
#include "mini/functorch/vmap.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;

/// Row `i` of a 2-D tensor, as a 1-D tensor of its own.
Tensor row(const Tensor& matrix, std::int64_t i) {
  const auto length = matrix.sizes()[1];
  const auto first = matrix.data().begin() + i * length;
  return fromValues(std::vector<double>(first, first + length), {length});
}

/// name -> sizes and values, from maint/reference/gen_vmap_data.py's file.
std::map<std::string, std::pair<Sizes, std::vector<double>>> readTorchReference() {
  std::ifstream in(MINI_VMAP_REFERENCE);
  std::map<std::string, std::pair<Sizes, std::vector<double>>> out;
  for (std::string text; std::getline(in, text);) {
    if (text.empty() || text[0] == '#') {
      continue;
    }
    std::istringstream line(text);
    std::string name, sizes;
    line >> name >> sizes;
    auto& [referenceSizes, referenceValues] = out[name];
    std::istringstream sizeList(sizes.substr(1, sizes.size() - 2));
    for (std::string size; std::getline(sizeList, size, ',');) {
      referenceSizes.push_back(std::stoll(size));
    }
    for (double value = 0; line >> value;) {
      referenceValues.push_back(value);
    }
  }
  return out;
}

void expectTorchs(const Tensor& tensor, const std::string& name) {
  static const auto reference = readTorchReference();
  ASSERT_TRUE(reference.count(name)) << name << " is not in " << MINI_VMAP_REFERENCE;
  const auto& [sizes, expected] = reference.at(name);
  ASSERT_EQ(tensor.sizes(), sizes) << name;
  ASSERT_EQ(tensor.numel(), static_cast<std::int64_t>(expected.size())) << name;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(tensor.data()[i], expected[i], 1e-12) << name << ", element " << i;
  }
}

TEST(Vmap, TheLoopGivesWhatALoopOverTheSamplesGives) {
  const Tensor x = fromValues({1, -2, 3, 0.5, -1, 2}, {3, 2});
  const Tensor shared = fromValues({2, -3}, {2});
  const auto f = [](const Tensor& sample, const Tensor& other) { return relu(mul(exp(neg(sample)), other)); };
  const VmapFunction mapped =
      vmap([&](const std::vector<Tensor>& in) { return std::vector{f(in[0], in[1])}; }, {0, std::nullopt});
  const Tensor result = mapped({x, shared})[0];
  ASSERT_EQ(result.sizes(), (Sizes{3, 2}));
  for (std::int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(values(row(result, i)), values(f(row(x, i), shared))) << "sample " << i;
  }
  EXPECT_EQ(currentVmapLevel(), 0) << "the level is popped when the mapped call returns";
  expectTorchs(result, "vmap_shared");  // functorch.vmap(f, (0, None)) in 1.13
}

TEST(Vmap, TheFunctionSeesOneSampleAndTheBatchedKey) {
  const Tensor x = fromValues({1, 2, 3, 4, 5, 6}, {3, 2});
  (void)vmap(
      [](const std::vector<Tensor>& in) {
        EXPECT_EQ(in[0].sizes(), (Sizes{2})) << "the logical tensor is one sample";
        EXPECT_EQ(in[0].keySet().highestPriorityKey(), DispatchKey::Batched);
        EXPECT_EQ(currentVmapLevel(), 1);
        return std::vector{neg(in[0])};
      },
      {0})({x});
}

TEST(Vmap, AResultThatDoesNotDependOnTheBatchIsRepeated) {
  const Tensor x = fromValues({1, 2, 3}, {3});
  const Tensor constant = fromValues({7, 8}, {2});
  const Tensor result = vmap([&](const std::vector<Tensor>&) { return std::vector{constant}; }, {0})({x})[0];
  EXPECT_EQ(result.sizes(), (Sizes{3, 2}));
  EXPECT_THAT(values(result), ::testing::ElementsAre(7, 8, 7, 8, 7, 8));
}

TEST(Vmap, TheTraceSaysTheLoopRunsOneCallPerSample) {
  const Tensor x = fromValues({1, 2}, {2, 1});
  ::testing::internal::CaptureStdout();
  {
    const ScopedDispatchTrace trace(true);
    (void)vmap([](const std::vector<Tensor>& in) { return std::vector{neg(in[0])}; }, {0})({x});
  }
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_THAT(out, ::testing::HasSubstr("[call] op=[aten::neg], key=[Batched]\n"
                                        " [vmap: no batching rule, one call per sample] op=[aten::neg], key=[Batched]\n"
                                        "  [call] op=[aten::neg], key=[AutogradCPU]\n"));
}

TEST(Vmap, RefusesWhatThisChapterCannotMap) {
  const Tensor x = fromValues({1, 2, 3, 4}, {2, 2});
  const auto identity = [](const std::vector<Tensor>& in) { return in; };
  const auto identityOfNeg = [](const std::vector<Tensor>& in) { return std::vector{neg(in[0])}; };
  EXPECT_EQ(errorOf([&] { (void)vmap(identity, {1})({x}); }),
            "vmap: in_dim 1 for a 2-D input; this chapter maps over dimension 0 only (its tensors have no strides to "
            "move a dimension with)");
  EXPECT_EQ(
      errorOf([&] { (void)vmap([&](const std::vector<Tensor>& in) { return vmap(identity, {0})(in); }, {0})({x}); }),
      "vmap: nested vmap needs batching rules, which chapter 06 adds; this chapter's loop slices plain tensors "
      "only");
  EXPECT_EQ(errorOf([&] { (void)vmap(identity, {std::nullopt})({x}); }),
            "vmap: at least one input must be mapped over (every in_dim is None)");
  EXPECT_EQ(errorOf([&] {
              (void)vmap(identity, {0, 0})({x, fromValues({1, 2, 3}, {3})});
            }),
            "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [2, 3] for the "
            "mapped dimension");
  Tensor self = x;
  EXPECT_EQ(errorOf([&] {
              (void)vmap(
                  [](const std::vector<Tensor>& in) {
                    Tensor sample = in[0];
                    return std::vector{add_(sample, fromValues({1}, {}))};
                  },
                  {0})({self});
            }),
            "Batching rule not implemented for aten::add_.Tensor. The fallback path doesn't work on in-place or out= "
            "operators: it writes to 'self'.");
  EXPECT_EQ(errorOf([&] {
              (void)vmap(identityOfNeg, {0})({fromValues({1, 2}, {2}, true)});
            }),
            "Batching rule not implemented for aten::neg. Its samples would be copies made outside the dispatcher, "
            "which autograd does not see; this chapter has no select or stack operator.");
  const Tensor weight = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] {
              (void)vmap([&](const std::vector<Tensor>& in) { return std::vector{mul(in[0], weight)}; }, {0})({x});
            }),
            "Batching rule not implemented for aten::mul.Tensor. Its result requires grad, and this chapter has no "
            "stack operator that autograd sees.");
}

// [per_sample_gradients_test]
// vmap over an autograd computation: the backward pass of a linear model
// runs once, under vmap, seeded with the rows of the identity (1.13's
// autograd.grad(..., is_grads_batched=True)). Each formula the engine
// calls gets a batched gradient and goes through the Batched key's loop.
TEST(Vmap, PerSampleGradientsEqualALoopOfBackwardCalls) {
  const Tensor x = fromValues({1, 2, 3, -1, 0.5, 2, 0, -2, 1, 0.25, 1, -0.5}, {4, 3});
  const Tensor y = fromValues({1, 0, -1, 2}, {4, 1});
  const std::vector<double> w0{0.5, -0.25, 0.125};
  // loss_i = exp(x_i · w - y_i): no tensor is used twice (the next test uses one twice).
  const auto losses = [&](const Tensor& inputs, const Tensor& targets, const Tensor& w) {
    return view(exp(sub(matmul(inputs, w), targets)), {inputs.sizes()[0]});
  };
  const Tensor w = fromValues(w0, {3, 1}, true);
  const std::vector<Tensor> grads = perSampleGradients([&] { return losses(x, y, w); }, {w});
  ASSERT_EQ(grads.at(0).sizes(), (Sizes{4, 3, 1}));
  expectTorchs(grads[0], "grad_w");  // 1.13's autograd.grad(..., is_grads_batched=True)
  for (std::int64_t i = 0; i < 4; ++i) {
    const Tensor wi = fromValues(w0, {3, 1}, true);
    sum(losses(view(row(x, i), {1, 3}), fromValues({y.data()[static_cast<std::size_t>(i)]}, {1, 1}), wi)).backward();
    const auto first = grads[0].data().begin() + i * 3;
    EXPECT_EQ(std::vector<double>(first, first + 3), values(wi.grad())) << "sample " << i;
  }
}
// [per_sample_gradients_test]

TEST(Vmap, PerSampleGradientsAddTheTwoGradientsOfATensorUsedTwice) {
  // loss_i = z_i * exp(z_i), z = x · w - y: z's two uses send two batched
  // gradients into one slot of the engine's input buffer, which adds them
  // through the Batched fallback, sample by sample.
  const Tensor x = fromValues({0.5, -1, 2, 1.5, 0.25, -0.5, -2, 1, 0.75, 0.5, -1.25, 2}, {4, 3});
  const Tensor y = fromValues({0.5, -0.25, 1, 0}, {4, 1});
  const std::vector<double> w0 = {0.3, -0.2, 0.1};
  const auto losses = [&](const Tensor& inputs, const Tensor& targets, const Tensor& w) {
    const Tensor z = sub(matmul(inputs, w), targets);
    return view(mul(z, exp(z)), {inputs.sizes()[0]});
  };
  const Tensor w = fromValues(w0, {3, 1}, true);
  const std::vector<Tensor> grads = perSampleGradients([&] { return losses(x, y, w); }, {w});
  ASSERT_EQ(grads.at(0).sizes(), (Sizes{4, 3, 1}));
  for (std::int64_t i = 0; i < 4; ++i) {
    const Tensor wi = fromValues(w0, {3, 1}, true);
    sum(losses(view(row(x, i), {1, 3}), fromValues({y.data()[static_cast<std::size_t>(i)]}, {1, 1}), wi)).backward();
    const std::vector<double> expected = values(wi.grad());
    for (std::size_t j = 0; j < 3; ++j) {
      EXPECT_NEAR(grads[0].data()[static_cast<std::size_t>(i) * 3 + j], expected[j], 1e-12) << "sample " << i;
    }
  }
}

}  // namespace
}  // namespace mini
