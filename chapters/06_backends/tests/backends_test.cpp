// Chapter 06 on the dispatcher: factories through BackendSelect, kernels on
// the CPU, CUDA and Meta keys, tensor.to(), and chapter 05's autograd on
// every dtype and broadcast shape.
#include <cmath>

#include <functional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/native/factories.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Factories, TakeTorchsDefaultsFloat32OnTheCpu) {
  const Tensor z = zeros({2, 3});
  EXPECT_EQ(z.dtype(), ScalarType::Float);
  EXPECT_EQ(z.device(), kCpu);
  EXPECT_EQ(z.sizes(), (Sizes{2, 3}));
  EXPECT_THAT(values(z), ElementsAre(0, 0, 0, 0, 0, 0));
  EXPECT_THAT(values(ones({2}, {ScalarType::Long})), ElementsAre(1, 1));
  EXPECT_EQ(ones({2}, {ScalarType::Long}).dtype(), ScalarType::Long);
  EXPECT_THAT(values(full({3}, 2.5, {ScalarType::Double})), ElementsAre(2.5, 2.5, 2.5));
  EXPECT_THAT(values(arange(0, 5, 2, {ScalarType::Long})), ElementsAre(0, 2, 4));
  EXPECT_THAT(values(arange(1, 2, 0.25)), ElementsAre(1, 1.25, 1.5, 1.75));
  EXPECT_EQ(empty({4, 1}).numel(), 4);
  EXPECT_EQ(fmt::format("{}", arange(0, 2, 1, {ScalarType::Long}).to(ScalarType::Bool)),
            // repr(torch.tensor([False, True])): bool is a default dtype, and values are padded to one width
            "tensor([False,  True])");
}

TEST(Factories, RequiresGradMakesALeafAndIsOnlyForFloatingTypes) {
  const Tensor leaf = ones({2}, TensorOptions{}.withRequiresGrad(true));
  EXPECT_TRUE(leaf.requiresGrad());
  EXPECT_TRUE(leaf.isLeaf());
  EXPECT_EQ(errorOf([] { ones({2}, TensorOptions{ScalarType::Long}.withRequiresGrad(true)); }),
            "only Tensors of floating point dtype can require gradients, got int64");
}

TEST(Factories, RandnRepeatsForOneSeed) {
  manualSeed(42);
  const std::vector<double> first = values(randn({5}, {ScalarType::Double}));
  manualSeed(42);
  EXPECT_EQ(values(randn({5}, {ScalarType::Double})), first);
  EXPECT_NE(values(randn({5}, {ScalarType::Double})), first);
  double mean = 0;
  manualSeed(0);
  for (double value : values(randn({4000}))) {
    mean += value / 4000;
  }
  EXPECT_NEAR(mean, 0.0, 0.1);
  EXPECT_EQ(errorOf([] { randn({2}, {ScalarType::Long}); }), "\"normal_kernel_cpu\" not implemented for 'Long'");
}

TEST(BackendSelect, EachFactoryHasAKernelThere) {
  for (const auto* name : {"aten::empty", "aten::zeros", "aten::ones", "aten::full", "aten::arange", "aten::randn"}) {
    const std::string table = Dispatcher::singleton().findSchemaOrThrow(name, "").dumpComputedTable();
    // Written in src/native/backend_select_kernels.cpp, registered from ops.yaml.
    EXPECT_THAT(table, ::testing::ContainsRegex("BackendSelect: registered at build/[^/]+/chapters/06_backends/"
                                                "generated/RegisterBackendSelect.cpp"))
        << name;
  }
}

TEST(BackendSelect, TheDeviceArgumentPicksTheBackend) {
  const Tensor meta = zeros({2, 3}, {ScalarType::Double, kMeta});
  EXPECT_EQ(meta.device(), kMeta);
  EXPECT_EQ(meta.dtype(), ScalarType::Double);
  EXPECT_TRUE(meta.keySet().has(DispatchKey::Meta));
  EXPECT_TRUE(meta.keySet().has(DispatchKey::AutogradMeta));
  EXPECT_TRUE(zeros({1}).keySet().has(DispatchKey::CPU));
}

TEST(Meta, OperatorsComputeShapesAndDtypesOnly) {
  const Tensor a = empty({3, 1}, {ScalarType::Long, kMeta});
  const Tensor b = empty({4}, {ScalarType::Float, kMeta});
  const Tensor c = add(a, b);
  EXPECT_EQ(c.sizes(), (Sizes{3, 4}));
  EXPECT_EQ(c.dtype(), ScalarType::Float);
  EXPECT_EQ(c.device(), kMeta);
  EXPECT_EQ(div(a, a).dtype(), ScalarType::Float);
  EXPECT_EQ(sum(c).sizes(), Sizes{});
  EXPECT_EQ(matmul(empty({2, 5}, {ScalarType::Float, kMeta}), empty({5, 7}, {ScalarType::Float, kMeta})).sizes(),
            (Sizes{2, 7}));
  EXPECT_EQ(t(c).sizes(), (Sizes{4, 3}));
  // repr(torch.empty(3, 4, device='meta')) in 1.13: the device, then the size
  EXPECT_EQ(fmt::format("{}", c), "tensor(..., device='meta', size=(3, 4))");
}

TEST(Meta, ShapeErrorsAreTheSameAsOnTheCpu) {
  const Tensor a = empty({2, 3}, {ScalarType::Float, kMeta});
  EXPECT_EQ(errorOf([&] { matmul(a, a); }), "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  EXPECT_EQ(errorOf([&] {
              add(a, empty({4}, {ScalarType::Float, kMeta}));
            }),
            errorOf([&] {
              add(empty({2, 3}), empty({4}));
            }));
}

TEST(Meta, TouchingDataFailsClearly) {
  const Tensor a = ones({2}, {ScalarType::Float, kMeta});
  EXPECT_THAT(errorOf([&] { a.item(); }), HasSubstr("a Tensor with 2 elements"));
  EXPECT_THAT(errorOf([&] { sum(a).item(); }), HasSubstr("cannot copy out of meta tensor; no data!"));
  EXPECT_THAT(errorOf([&] { a.rawData(); }), HasSubstr("Cannot access data of a meta tensor"));
}

TEST(Meta, AutogradRecordsTheGraphOnMetaToo) {
  const Tensor w = empty({3, 2}, TensorOptions{ScalarType::Float, kMeta}.withRequiresGrad(true));
  const Tensor y = relu(matmul(empty({4, 3}, {ScalarType::Float, kMeta}), w));
  EXPECT_EQ(y.gradFn()->name(), "ReluBackward0");
  sum(y).backward(ones({}, {ScalarType::Float, kMeta}));
  ASSERT_TRUE(w.grad().defined());
  EXPECT_EQ(w.grad().sizes(), (Sizes{3, 2}));
  EXPECT_EQ(w.grad().device(), kMeta);
}

TEST(To, CopiesToAnotherDtypeOrDevice) {
  const Tensor a = fromValues({1.5, -2, 3}, {3});
  const Tensor asLong = a.to(ScalarType::Long);
  EXPECT_EQ(asLong.dtype(), ScalarType::Long);
  EXPECT_THAT(values(asLong), ElementsAre(1, -2, 3));
  EXPECT_TRUE(a.to(kCpu).is_same(a));
  const Tensor meta = a.to(kMeta);
  EXPECT_EQ(meta.device(), kMeta);
  EXPECT_EQ(meta.sizes(), (Sizes{3}));
  EXPECT_THAT(errorOf([&] { meta.to(kCpu); }), HasSubstr("cannot copy out of meta tensor; no data! (to cpu)"));
}

TEST(To, IsDifferentiable) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor y = sum(mul(a.to(ScalarType::Float), a.to(ScalarType::Float)));
  EXPECT_EQ(y.dtype(), ScalarType::Float);
  y.backward();
  EXPECT_EQ(a.grad().dtype(), ScalarType::Double);
  EXPECT_THAT(values(a.grad()), ElementsAre(2, 4));
}

TEST(To, CudaFailsWithTheReasonWhereItCannotRun) {
  if (cudaAvailability().devices > 0) {
    GTEST_SKIP() << "a GPU is present: the gpu-labelled tests cover CUDA";
  }
  const std::string error = errorOf([] { fromValues({1}, {1}).to(cudaDevice(0)); });
  if (builtWithCuda()) {
    EXPECT_THAT(error, HasSubstr("CUDA error in "));
    EXPECT_THAT(error, HasSubstr("(while running 'empty')"));
  } else {
    EXPECT_THAT(error, HasSubstr("mini was built without CUDA"));
  }
}

TEST(Autograd, BroadcastGradientsAreSummedBackToTheInputsShape) {
  const Tensor a = fromValues({1, 2, 3}, {3, 1}, true);
  const Tensor b = fromValues({10, 20, 30, 40}, {4}, true);
  sum(mul(a, b)).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(100, 100, 100));
  EXPECT_EQ(a.grad().sizes(), (Sizes{3, 1}));
  EXPECT_THAT(values(b.grad()), ElementsAre(6, 6, 6, 6));
}

TEST(Autograd, GradcheckWithBroadcasting) {
  const auto a = fromValues({0.5, 1.5, -2}, {3, 1}, true);
  const auto b = fromValues({1.25, -0.75}, {2}, true);
  const std::vector<std::function<Tensor(const TensorList&)>> operators = {
      [](const TensorList& in) { return add(in[0], in[1], 2.5); },  // other's gradient is grad * alpha
      [](const TensorList& in) { return sub(in[0], in[1], -3); },
      [](const TensorList& in) { return mul(in[0], in[1]); }, [](const TensorList& in) { return div(in[0], in[1]); }};
  for (const auto& op : operators) {
    EXPECT_TRUE(gradcheck(op, {a, b}));
  }
}

TEST(Autograd, GradcheckRefusesFloat32WithTheReason) {
  const Tensor a = ones({2}, TensorOptions{}.withRequiresGrad(true));
  EXPECT_THAT(errorOf([&] { gradcheck([](const TensorList& in) { return exp(in[0]); }, {a}); }),
              HasSubstr("gradcheck needs float64 CPU inputs"));
}

// gradcheck needs float64; in float32 each operator's backward must give
// what it gives in float64, to float32's precision, and in float32.
TEST(Autograd, Float32GradientsMatchFloat64OnEveryOperator) {
  using Function = Tensor (*)(const Tensor&, const Tensor&);
  const std::vector<std::pair<const char*, Function>> functions = {
      {"add", [](const Tensor& a, const Tensor& b) { return add(a, b); }},
      {"sub", [](const Tensor& a, const Tensor& b) { return sub(a, b); }},
      {"mul", [](const Tensor& a, const Tensor& b) { return mul(a, b); }},
      {"div", [](const Tensor& a, const Tensor& b) { return div(a, b); }},
      {"neg", [](const Tensor& a, const Tensor&) { return neg(a); }},
      {"relu", [](const Tensor& a, const Tensor&) { return relu(a); }},
      {"exp", [](const Tensor& a, const Tensor&) { return exp(a); }},
      {"matmul", [](const Tensor& a, const Tensor& b) { return matmul(a, t(b)); }},
      {"view", [](const Tensor& a, const Tensor&) { return a.view({4}); }},
  };
  for (const auto& [name, function] : functions) {
    std::vector<std::vector<double>> grads;
    for (ScalarType dtype : {ScalarType::Double, ScalarType::Float}) {
      const Tensor a = fromValues({0.5, -1.5, 2, 0.25}, {2, 2}).to(dtype).setRequiresGrad(true);
      const Tensor b = fromValues({1.25, -0.75, 3, 2}, {2, 2}).to(dtype).setRequiresGrad(true);
      const Tensor y = sum(mul(function(a, b), function(a, b)));
      y.backward();
      EXPECT_EQ(a.grad().dtype(), dtype) << name;
      grads.push_back(values(a.grad()));
    }
    for (std::size_t i = 0; i < grads[0].size(); ++i) {
      EXPECT_NEAR(grads[1][i], grads[0][i], 1e-4 * (1 + std::abs(grads[0][i]))) << name << " element " << i;
    }
  }
}

}  // namespace
}  // namespace mini
