// vmap: each batching rule against a loop over the samples, the for-loop
// fallback, in_dims and out_dims, nested vmap, and per-sample gradients by
// vmap over a function that computes a gradient.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/dispatch_modes/autograd_grad.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/functorch/vmap.h"
#include "mini/op_registration/schema_parser.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;

/// Numbers 0.5, 1.5, ... shaped `sizes`: distinct, so a wrong index shows.
Tensor counting(const Sizes& sizes, double start = 0.5) {
  std::int64_t numel = 1;
  for (const std::int64_t size : sizes) {
    numel *= size;
  }
  std::vector<double> data(static_cast<std::size_t>(numel));
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = start + static_cast<double>(i) * (i % 2 == 0 ? 1.0 : -0.75);
  }
  return fromValues(data, sizes);
}

/// Sample `row` of `batch` along dimension 0, as its own tensor.
Tensor sample(const Tensor& batch, std::int64_t row) {
  const std::vector<double> all = values(batch);
  const Sizes sizes(batch.sizes().begin() + 1, batch.sizes().end());
  const std::size_t per = all.size() / static_cast<std::size_t>(batch.sizes()[0]);
  const auto first = all.begin() + static_cast<std::ptrdiff_t>(per * static_cast<std::size_t>(row));
  return fromValues(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(per)), sizes);
}

/// What vmap must equal: `f` on each sample, the results' values one after the other.
std::vector<double> loopOver(const std::function<Tensor(const Tensor&)>& f, const Tensor& batch) {
  std::vector<double> out;
  for (std::int64_t row = 0; row < batch.sizes()[0]; ++row) {
    const std::vector<double> one = values(f(sample(batch, row)));
    out.insert(out.end(), one.begin(), one.end());
  }
  return out;
}

Tensor vmapOne(const std::function<Tensor(const Tensor&)>& f, const Tensor& batch) {
  return vmap([&f](const std::vector<Tensor>& in) { return std::vector<Tensor>{f(in[0])}; }, {0})({batch})[0];
}

// [rules_against_loops]
TEST(Vmap, EachBatchingRuleAgreesWithALoopOverTheSamples) {
  const Tensor batch = counting({3, 2, 4});
  const Tensor shared = counting({4}, -1.25);
  const Tensor matrixRight = counting({4, 5}, 0.25);
  const Tensor matrixLeft = counting({3, 2}, 0.75);
  const std::vector<std::pair<std::string, std::function<Tensor(const Tensor&)>>> cases{
      {"exp", [](const Tensor& x) { return exp(x); }},
      {"add, an unbatched other", [&](const Tensor& x) { return add(x, shared); }},
      {"mul, both batched", [](const Tensor& x) { return mul(x, neg(x)); }},
      {"div, a 0-d sample against a 1-d other", [&](const Tensor& x) { return div(shared, sum(x)); }},
      {"sum", [](const Tensor& x) { return sum(x); }},
      {"sum over a dimension", [](const Tensor& x) { return sum(x, {-1}, true); }},
      {"view", [](const Tensor& x) { return x.view({8}); }},
      {"matmul, the left batched", [&](const Tensor& x) { return matmul(x, matrixRight); }},
      {"matmul, the right batched", [&](const Tensor& x) { return matmul(matrixLeft, x); }},
      {"matmul, both batched",
       [](const Tensor& x) {
         return matmul(x, x.view({4, 2}));
       }},
  };
  for (const auto& [name, f] : cases) {
    testing::internal::CaptureStdout();
    Tensor batched;
    {
      const ScopedDispatchTrace trace(true);
      batched = vmapOne(f, batch);
    }
    const std::string trace = testing::internal::GetCapturedStdout();
    EXPECT_EQ(values(batched), loopOver(f, batch)) << name;
    // Each operator here has a rule: none may take the loop.
    EXPECT_EQ(trace.find("no batching rule"), std::string::npos) << name << "\n" << trace;
  }
}
// [rules_against_loops]

// The training script's argmax and _log_softmax, one rule for both
// (reduceOneDimBatchRule), and slice: each dimension moved past the batch,
// and argmax with no dimension over each sample's every element.
TEST(Vmap, ArgmaxLogSoftmaxAndSliceHaveARule) {
  const Tensor batch = counting({3, 2, 4});
  const std::vector<std::pair<std::string, std::function<Tensor(const Tensor&)>>> cases{
      {"_log_softmax, the last dimension", [](const Tensor& x) { return _log_softmax(x, -1, false); }},
      {"_log_softmax, the first dimension", [](const Tensor& x) { return _log_softmax(x, 0, false); }},
      {"_log_softmax of a 0-d sample", [](const Tensor& x) { return _log_softmax(sum(x), 0, false); }},
      {"argmax, a dimension", [](const Tensor& x) { return argmax(x, 1, false); }},
      {"argmax, keepdim", [](const Tensor& x) { return argmax(x, -2, true); }},
      {"argmax, every element", [](const Tensor& x) { return argmax(x); }},
      {"argmax, every element, keepdim", [](const Tensor& x) { return argmax(x, std::nullopt, true); }},
      {"argmax of a 0-d sample", [](const Tensor& x) { return argmax(sum(x), 0, true); }},
      {"slice, rows 1 to the end", [](const Tensor& x) { return slice(x, 0, 1, std::nullopt, 1); }},
      {"slice, every other column from the end", [](const Tensor& x) { return slice(x, -1, -3, 100, 2); }},
  };
  for (const auto& [name, f] : cases) {
    testing::internal::CaptureStdout();
    Tensor batched;
    {
      const ScopedDispatchTrace trace(true);
      batched = vmapOne(f, batch);
    }
    const std::string trace = testing::internal::GetCapturedStdout();
    EXPECT_EQ(values(batched), loopOver(f, batch)) << name;
    EXPECT_EQ(trace.find("no batching rule"), std::string::npos) << name << "\n" << trace;
    Sizes expected{3};
    const Sizes one = f(sample(batch, 0)).sizes();
    expected.insert(expected.end(), one.begin(), one.end());
    EXPECT_EQ(batched.sizes(), expected) << name;
  }
}

// The comparisons take the binary rule too, both overloads, and give the
// loop's bools.
TEST(Vmap, TheComparisonsHaveARule) {
  const Tensor batch = counting({3, 4});
  const Tensor shared = counting({4}, -0.25);
  const std::vector<std::pair<const char*, std::function<Tensor(const Tensor&)>>> cases = {
      {"lt, a shared other", [&](const Tensor& x) { return lt(x, shared); }},
      {"ge, both batched", [](const Tensor& x) { return ge(x, neg(x)); }},
      {"eq.Scalar", [](const Tensor& x) { return eq(x, Scalar(1.25)); }},
      {"gt.Scalar", [](const Tensor& x) { return x.gt(Scalar(1)); }},
  };
  for (const auto& [name, f] : cases) {
    testing::internal::CaptureStdout();
    Tensor batched;
    {
      const ScopedDispatchTrace trace(true);
      batched = vmapOne(f, batch);
    }
    const std::string trace = testing::internal::GetCapturedStdout();
    EXPECT_EQ(batched.dtype(), ScalarType::Bool) << name;
    EXPECT_EQ(values(batched), loopOver(f, batch)) << name;
    EXPECT_EQ(trace.find("no batching rule"), std::string::npos) << name << "\n" << trace;
  }
}

TEST(Vmap, AnOperatorWithoutARuleRunsOncePerSampleAndSaysSo) {
  const Tensor batch = counting({3, 2, 4});
  const auto copy = [](const Tensor& x) { return clone(x); };
  testing::internal::CaptureStdout();
  Tensor result;
  {
    const ScopedDispatchTrace trace(true);
    result = vmapOne(copy, batch);
  }
  const std::string trace = testing::internal::GetCapturedStdout();
  EXPECT_NE(trace.find("[vmap: no batching rule, one call per sample] op=[aten::clone], key=[Batched]"),
            std::string::npos)
      << trace;
  EXPECT_EQ(result.sizes(), (Sizes{3, 2, 4}));
  EXPECT_EQ(values(result), loopOver(copy, batch));
}

TEST(Vmap, InDimsOutDimsAndASharedInput) {
  const Tensor columns = counting({4, 3});  // the batch is dimension 1: three samples of 4
  const Tensor shared = counting({4}, 2.0);
  const VmapFunction f = vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{mul(in[0], in[1])}; },
                              {1, std::nullopt}, {1});
  const Tensor result = f({columns, shared})[0];
  EXPECT_EQ(result.sizes(), (Sizes{4, 3})) << "out_dims=1 puts the batch back as dimension 1";
  const Tensor rowsFirst = clone(moveDim(columns, 1, 0));
  EXPECT_EQ(values(moveDim(result, 1, 0)), loopOver([&](const Tensor& x) { return mul(x, shared); }, rowsFirst));
}

TEST(Vmap, AResultThatIgnoresTheBatchIsRepeated) {
  const Tensor shared = counting({2});
  const Tensor result =
      vmap([&shared](const std::vector<Tensor>&) { return std::vector<Tensor>{exp(shared)}; }, {0})({counting({3})})[0];
  EXPECT_EQ(result.sizes(), (Sizes{3, 2}));
  std::vector<double> repeated;
  for (int i = 0; i < 3; ++i) {
    const std::vector<double> one = values(exp(shared));
    repeated.insert(repeated.end(), one.begin(), one.end());
  }
  EXPECT_EQ(values(result), repeated);
}

// [nested_vmap]
TEST(Vmap, NestedVmapMapsTwoDimensionsAtTwoLevels) {
  const Tensor grid = counting({2, 3, 4});
  const Tensor shared = counting({4}, -0.5);
  std::vector<std::int64_t> levelsSeen;
  const auto perElement = [&](const std::vector<Tensor>& in) {
    levelsSeen.push_back(currentVmapLevel());
    return std::vector<Tensor>{sum(mul(exp(in[0]), shared))};
  };
  const Tensor result = vmap(vmap(perElement, {0}), {0})({grid})[0];
  EXPECT_EQ(levelsSeen, (std::vector<std::int64_t>{2})) << "called once, inside both levels";
  ASSERT_EQ(result.sizes(), (Sizes{2, 3}));
  std::vector<double> expected;
  for (std::int64_t i = 0; i < 2; ++i) {
    const std::vector<double> row =
        loopOver([&](const Tensor& x) { return sum(mul(exp(x), shared)); }, sample(grid, i));
    expected.insert(expected.end(), row.begin(), row.end());
  }
  EXPECT_EQ(values(result), expected);
}
// [nested_vmap]

// [per_sample_grads]
/// A linear model's per-sample losses, (x·w + b - y)², one per row of x.
Tensor perSampleLosses(const Tensor& x, const Tensor& y, const Tensor& w, const Tensor& b) {
  const Tensor error = sub(add(matmul(x, w), b), y);
  return sum(mul(error, error), {1});
}

TEST(Vmap, PerSampleGradientsByVmapOverAGradientFunction) {
  const Tensor x = counting({4, 3}, 0.1);
  const Tensor y = counting({4, 1}, -0.3);
  const Tensor w = counting({3, 1}, 0.2).setRequiresGrad(true);
  const Tensor b = fromValues({0.05}, {1}, true);
  // One forward over the whole batch; then the backward pass, vmapped over
  // the rows of the identity: row i seeds sample i's loss only. This is
  // 1.13's torch.autograd.grad(losses, (w, b), eye(4), is_grads_batched=True).
  GradCapture capture({w, b});
  const Tensor losses = perSampleLosses(x, y, w, b);
  const VmapFunction gradients =
      vmap([&](const std::vector<Tensor>& seed) { return capture.grad(losses, seed[0]); }, {0});
  const Tensor identity = fromValues({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, {4, 4});
  const std::vector<Tensor> perSample = gradients({identity});
  ASSERT_EQ(perSample[0].sizes(), (Sizes{4, 3, 1}));
  ASSERT_EQ(perSample[1].sizes(), (Sizes{4, 1}));
  // The loop: one forward and one backward per example.
  std::vector<double> loopW, loopB;
  for (std::int64_t i = 0; i < 4; ++i) {
    const Tensor wi = counting({3, 1}, 0.2).setRequiresGrad(true);
    const Tensor bi = fromValues({0.05}, {1}, true);
    sum(perSampleLosses(sample(x, i).view({1, 3}), sample(y, i).view({1, 1}), wi, bi)).backward();
    const std::vector<double> gw = values(wi.grad()), gb = values(bi.grad());
    loopW.insert(loopW.end(), gw.begin(), gw.end());
    loopB.insert(loopB.end(), gb.begin(), gb.end());
  }
  const std::vector<double> vmapW = values(perSample[0]), vmapB = values(perSample[1]);
  ASSERT_EQ(vmapW.size(), loopW.size());
  for (std::size_t i = 0; i < loopW.size(); ++i) {
    EXPECT_NEAR(vmapW[i], loopW[i], 1e-12) << "w, element " << i;
  }
  for (std::size_t i = 0; i < loopB.size(); ++i) {
    EXPECT_NEAR(vmapB[i], loopB[i], 1e-12) << "b, sample " << i;
  }
}
// [per_sample_grads]

TEST(Vmap, BackwardOfABatchedResultInsideVmapIsNotSupported) {
  // Autograd records on the physical tensors, below the rules: the batched
  // wrapper has no history, as functorch's would not without its grad
  // transform. 1.13's message for a tensor without one.
  const Tensor w = counting({3, 1}).setRequiresGrad(true);
  const VmapFunction f = vmap(
      [&w](const std::vector<Tensor>& in) {
        sum(matmul(in[0].view({1, 3}), w)).backward();
        return std::vector<Tensor>{w.grad()};
      },
      {0});
  EXPECT_EQ(errorOf([&] {
              (void)f({counting({2, 3})});
            }),
            "element 0 of tensors does not require grad and does not have a grad_fn");
}

TEST(Vmap, TheFallbackRefusesAnInPlaceOperator) {
  EXPECT_EQ(errorOf([] {
              vmapOne(
                  [](const Tensor& x) {
                    Tensor copy = x;
                    return relu_(copy);
                  },
                  counting({2, 3}));
            }),
            "Batching rule not implemented for aten::relu_. The fallback path doesn't work on in-place or out= "
            "operators: it writes to 'self'.");
}

TEST(Vmap, TheFallbackRefusesAnEmptyBatch) {
  // No sample to call clone on: nothing tells the result's sizes.
  EXPECT_EQ(errorOf([] {
              vmapOne([](const Tensor& x) { return clone(x); }, fromValues({}, {0, 3}));
            }),
            "Batching rule not implemented for aten::clone. The fallback path does not support vmap over dims of "
            "size 0.");
}

TEST(Vmap, TheFallbackRefusesASampleOfAnOuterVmap) {
  const auto copy = [](const std::vector<Tensor>& in) { return std::vector<Tensor>{clone(in[0])}; };
  EXPECT_EQ(
      errorOf([&] {
        (void)vmap(vmap(copy, {0}), {0})({counting({2, 3, 4, 5})});
      }),
      "Batching rule not implemented for aten::clone. The loop slices plain tensors only, and this one is batched "
      "by an outer vmap too.");
}

TEST(Vmap, TheFallbackRefusesASampleThatRequiresGrad) {
  const Tensor leaf = counting({2, 3, 4}).setRequiresGrad(true);
  EXPECT_EQ(errorOf([&] { (void)vmapOne([](const Tensor& x) { return clone(x); }, leaf); }),
            "Batching rule not implemented for aten::clone. Its samples would be views made outside the dispatcher, "
            "which autograd does not see; this chapter has no select or stack operator.");
}

TEST(Vmap, TheFallbackRefusesAnOperatorWithTwoResults) {
  FunctionSchema schema = parseSchema("two(Tensor x) -> (Tensor, Tensor)");
  schema.name = "vmaptest::two";
  const RegistrationHandleRAII def = Dispatcher::singleton().registerDef(schema, "registered at test");
  const OperatorHandle two = *Dispatcher::singleton().findOp("vmaptest::two");
  EXPECT_EQ(errorOf([&] {
              (void)vmap(
                  [&two](const std::vector<Tensor>& in) {
                    Stack stack{IValue(in[0])};
                    two.callBoxed(&stack);
                    return std::vector<Tensor>{stack[0].toTensor()};
                  },
                  {0})({counting({2, 3})});
            }),
            "Batching rule not implemented for vmaptest::two. We could not generate a fallback: only operators "
            "returning one tensor are looped here.");
}

TEST(Vmap, MismatchedBatchSizesAreRefused) {
  const VmapFunction f =
      vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{add(in[0], in[1])}; }, {0, 0});
  EXPECT_EQ(errorOf([&] {
              (void)f({counting({2, 3}), counting({3, 3})});
            }),
            "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [2, 3] for the "
            "mapped dimension");
}

TEST(Vmap, InDimsMustMatchTheInputs) {
  const VmapFunction f = vmap([](const std::vector<Tensor>& in) { return in; }, {0, 0});
  EXPECT_EQ(errorOf([&] { (void)f({counting({2})}); }), "vmap: in_dims has 2 entries but the function got 1 inputs");
  const VmapFunction none = vmap([](const std::vector<Tensor>& in) { return in; }, {std::nullopt});
  EXPECT_EQ(errorOf([&] { (void)none({counting({2})}); }),
            "vmap: at least one input must be mapped over (every in_dim is None)");
}

TEST(Vmap, AnInDimOutOfRangeIsRefused) {
  const VmapFunction f = vmap([](const std::vector<Tensor>& in) { return in; }, {2});
  EXPECT_EQ(errorOf([&] {
              (void)f({counting({2, 3})});
            }),
            "vmap: in_dim 2 is out of range for a tensor of 2 dimensions");
}

TEST(Vmap, OutDimsMustMatchTheResults) {
  const VmapFunction f = vmap(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{in[0], in[0], in[0]};
      },
      {0}, {0, 1});
  EXPECT_EQ(errorOf([&] { (void)f({counting({2})}); }),
            "vmap: out_dims has 2 entries but the function returned 3 results");
}

TEST(Vmap, MatmulOfSamplesThatAreNot2DIsRefused) {
  const Tensor matrix = counting({3, 2});
  EXPECT_EQ(errorOf([&] {
              (void)vmapOne([&](const Tensor& x) { return matmul(x, matrix); }, counting({4, 3}));
            }),
            "aten::matmul: this chapter multiplies 2-D tensors only, got 1-D and 2-D (under vmap, per sample)");
}

TEST(Vmap, ABatchedTensorNeedsABatchDimension) {
  EXPECT_EQ(errorOf([] { (void)makeBatched(scalarTensor(1.0), 1); }),
            "vmap: a batched tensor needs a batch dimension; got a 0-dimensional value at level 1");
}

TEST(Vmap, MovingADimensionOfATensorThatRequiresGradIsRefused) {
  const Tensor w = counting({2, 3}).setRequiresGrad(true);
  EXPECT_EQ(errorOf([&] { (void)moveDim(w, 1, 0); }),
            "vmap: moving dimension 1 to 0 of a tensor that requires grad needs a permute operator, which this "
            "chapter lacks; map over dimension 0");
}

// moveDim takes the dimensions a batching rule passes it (exercise 06.9):
// one out of range is refused in torch.movedim's words, before any size is
// read, where it once read and wrote past the sizes' end.
TEST(Vmap, MoveDimRefusesADimensionOutOfRange) {
  const Tensor x = counting({2, 3});
  EXPECT_EQ(errorOf([&] { (void)moveDim(x, 3, 1); }),
            "moveDim(tensor, 3, 1) of a tensor of 2 dimensions: Dimension out of range (expected to be in range of "
            "[-2, 1], but got 3)");
  EXPECT_EQ(errorOf([&] { (void)moveDim(x, 0, -3); }),
            "moveDim(tensor, 0, -3) of a tensor of 2 dimensions: Dimension out of range (expected to be in range of "
            "[-2, 1], but got -3)");
  EXPECT_EQ(moveDim(x, -1, 0).sizes(), (Sizes{3, 2}));
}

}  // namespace
}  // namespace mini
