// Structured kernels from ops.yaml: the functional, in-place and out= variants
// of each operator agree; out= resizes and checks as PyTorch 1.13 does; the
// in-place wrapper refuses a result that is not self's; Meta computes the
// shapes and dtypes the CPU produces.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/core/grad_mode.h"
#include "mini/native/factories.h"
#include "mini/util/warning.h"
#include "support/backend_test_helpers.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::handleOf;
using mini_test::valuesOf;
using ::testing::ContainsRegex;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// The warnings `body` raises, collected instead of printed.
std::vector<std::string> warningsOf(const std::function<void()>& body) {
  std::vector<std::string> warnings;
  auto previous = setWarningHandler([&](const std::string& message) { warnings.push_back(message); });
  body();
  setWarningHandler(previous);
  return warnings;
}

// One binary operator's three entry points, by their generated names
// (add's and sub's with their default alpha).
struct BinaryVariants {
  std::string name;
  std::function<Tensor(const Tensor&, const Tensor&)> functional;
  std::function<Tensor&(Tensor&, const Tensor&)> inplace;
  std::function<Tensor&(Tensor&, const Tensor&, const Tensor&)> out;
};

TEST(Structured, BinaryVariantsAgree) {
  const std::vector<BinaryVariants> operators = {
      {"add", [](const Tensor& a, const Tensor& b) { return add(a, b); },
       [](Tensor& a, const Tensor& b) -> Tensor& { return a.add_(b); },
       [](Tensor& out, const Tensor& a, const Tensor& b) -> Tensor& { return add_out(out, a, b); }},
      {"sub", [](const Tensor& a, const Tensor& b) { return sub(a, b); },
       [](Tensor& a, const Tensor& b) -> Tensor& { return a.sub_(b); },
       [](Tensor& out, const Tensor& a, const Tensor& b) -> Tensor& { return sub_out(out, a, b); }},
      {"mul", &mul, [](Tensor& a, const Tensor& b) -> Tensor& { return a.mul_(b); }, &mul_out},
      {"div", &div, [](Tensor& a, const Tensor& b) -> Tensor& { return a.div_(b); }, &div_out},
      {"atan2", &atan2, [](Tensor& a, const Tensor& b) -> Tensor& { return a.atan2_(b); }, &atan2_out}};
  const Tensor a = cpuTensor({1, -2, 3, 4, 5, -6}, {2, 3});
  const Tensor b = cpuTensor({2, 4, -8}, {3});
  for (const BinaryVariants& op : operators) {
    SCOPED_TRACE(op.name);
    const Tensor functional = op.functional(a, b);
    Tensor inplace = cpuTensor(valuesOf(a), a.sizes());
    op.inplace(inplace, b);
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    Tensor& returned = op.out(out, a, b);
    EXPECT_TRUE(returned.isSameAs(out));
    EXPECT_EQ(out.sizes(), functional.sizes());
    EXPECT_EQ(valuesOf(inplace), valuesOf(functional));
    EXPECT_EQ(valuesOf(out), valuesOf(functional));
  }
}

struct UnaryVariants {
  std::string name;
  Tensor (*functional)(const Tensor&);
  Tensor& (*inplace)(Tensor&);
  Tensor& (*out)(Tensor&, const Tensor&);
};

TEST(Structured, UnaryVariantsAgree) {
  const std::vector<UnaryVariants> operators = {
      {"neg", &neg, &neg_, &neg_out}, {"relu", &relu, &relu_, &relu_out}, {"exp", &exp, &exp_, &exp_out}};
  const Tensor a = cpuTensor({1, -2, 3, 0.5}, {2, 2}, ScalarType::Float);
  for (const UnaryVariants& op : operators) {
    SCOPED_TRACE(op.name);
    const Tensor functional = op.functional(a);
    Tensor inplace = cpuTensor(valuesOf(a), a.sizes(), ScalarType::Float);
    op.inplace(inplace);
    Tensor out = emptyTensor({0}, {ScalarType::Float, kCpu});
    op.out(out, a);
    EXPECT_EQ(valuesOf(inplace), valuesOf(functional));
    EXPECT_EQ(valuesOf(out), valuesOf(functional));
    EXPECT_EQ(out.dtype(), ScalarType::Float);
  }
}

TEST(Structured, SumAndMatmulFunctionalAndOutAgree) {
  const Tensor m = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor sumOut = emptyTensor({0}, {ScalarType::Double, kCpu});
  sum_out(sumOut, m, {1}, true);
  EXPECT_EQ(sumOut.sizes(), (Sizes{2, 1}));
  EXPECT_EQ(valuesOf(sumOut), valuesOf(sum(m, {1}, true)));
  EXPECT_THAT(valuesOf(sum(m, {0, 1})), ElementsAre(21));

  const Tensor k = cpuTensor({1, 0, 0, 1, 2, 2}, {3, 2});
  Tensor product = emptyTensor({0}, {ScalarType::Double, kCpu});
  matmul_out(product, m, k);
  EXPECT_EQ(product.sizes(), (Sizes{2, 2}));
  EXPECT_EQ(valuesOf(product), valuesOf(matmul(m, k)));
}

TEST(Structured, SumOverAnEmptyDimListSumsEverything) {
  const Tensor m = cpuTensor({1, 2, 3, 4}, {2, 2});
  // torch.sum(torch.tensor([[1., 2.], [3., 4.]]), dim=[]) == tensor(10.) in 1.13
  const Tensor all = sum(m, std::vector<std::int64_t>{}, false);
  EXPECT_EQ(all.dim(), 0);
  EXPECT_THAT(valuesOf(all), ElementsAre(10));
  // torch.sum(torch.ones(2, 3), dim=[], keepdim=True) == tensor([[6.]])
  const Tensor kept = sum(cpuTensor({1, 1, 1, 1, 1, 1}, {2, 3}), std::vector<std::int64_t>{}, true);
  EXPECT_EQ(kept.sizes(), (Sizes{1, 1}));
  EXPECT_THAT(valuesOf(kept), ElementsAre(6));
}

TEST(Structured, SumRefusesADimNamedTwice) {
  const Tensor m = cpuTensor({1, 2, 3, 4}, {2, 2});
  // torch.sum(x, dim=[0, 0]) and torch.sum(x, dim=[0, -2]) in 1.13:
  // RuntimeError: dim 0 appears multiple times in the list of dims
  EXPECT_EQ(errorOf([&] { sum(m, {0, 0}, false); }), "dim 0 appears multiple times in the list of dims");
  EXPECT_EQ(errorOf([&] { sum(m, {0, -2}, false); }), "dim 0 appears multiple times in the list of dims");
}

TEST(Structured, ReluKeepsNaNAndNegativeZero) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (ScalarType dtype : {ScalarType::Float, ScalarType::Double}) {
    // torch.relu(torch.tensor([nan, -0., -1., 2.])) == tensor([nan, -0., 0., 2.]) in 1.13
    const std::vector<double> result = valuesOf(relu(cpuTensor({nan, -0.0, -1, 2}, {4}, dtype)));
    EXPECT_TRUE(std::isnan(result[0])) << result[0];
    EXPECT_EQ(result[1], 0);
    EXPECT_TRUE(std::signbit(result[1]));
    EXPECT_EQ(result[2], 0);
    EXPECT_FALSE(std::signbit(result[2]));
    EXPECT_EQ(result[3], 2);
  }
}

TEST(Structured, ReluBackwardPassesTheGradientOfANaN) {
  // x = torch.tensor([nan, -0., 1.], dtype=torch.float64, requires_grad=True);
  // torch.relu(x).sum().backward(); x.grad == tensor([1., 0., 1.]) in 1.13
  const Tensor x = fromValues({std::numeric_limits<double>::quiet_NaN(), -0.0, 1}, {3}, true);
  sum(relu(x)).backward();
  EXPECT_THAT(valuesOf(x.grad()), ElementsAre(1, 0, 1));
}

TEST(Structured, BoolOperandsOfSubAndReluAreRefusedInPyTorchsWords) {
  const Tensor flags = cpuTensor({1, 0}, {2}, ScalarType::Bool);
  const Tensor floats = cpuTensor({1, 2}, {2}, ScalarType::Float);
  // torch.sub(torch.tensor([True]), torch.tensor([False])) in 1.13:
  EXPECT_EQ(errorOf([&] { sub(flags, flags); }),
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
            "operator instead.");
  // torch.sub(torch.tensor([1.]), torch.tensor([True])), and with the operands swapped:
  const std::string oneBool =
      "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
      "the `~` or `logical_not()` operator instead.";
  EXPECT_EQ(errorOf([&] { sub(floats, flags); }), oneBool);
  EXPECT_EQ(errorOf([&] { sub(flags, floats); }), oneBool);
  // torch.relu(torch.tensor([True])) in 1.13:
  EXPECT_EQ(errorOf([&] { relu(flags); }), "Boolean inputs not supported for relu");
}

TEST(Structured, OutKeepsItsDtypeWhenTheResultCastsToIt) {
  // int64 + int64 into float32: computed and stored as float32, as in torch.
  Tensor out = emptyTensor({0}, {ScalarType::Float, kCpu});
  add_out(out, cpuTensor({1, 2}, {2}, ScalarType::Long), cpuTensor({3, 4}, {2}, ScalarType::Long));
  EXPECT_EQ(out.dtype(), ScalarType::Float);
  EXPECT_THAT(valuesOf(out), ElementsAre(4, 6));
}

// [out_resize_test]
TEST(Structured, OutResizesANonEmptyTensorWithPyTorchsWarning) {
  Tensor out = zeros({2}, {ScalarType::Float});
  const std::vector<std::string> warnings = warningsOf([&] { add_out(out, ones({3, 1}), ones({2})); });
  EXPECT_EQ(out.sizes(), (Sizes{3, 2}));
  EXPECT_THAT(valuesOf(out), ElementsAre(2, 2, 2, 2, 2, 2));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0],
            "aten::add.out: An output with one or more elements was resized since it had shape [2], which does not "
            "match the required output shape [3, 2]. This behavior is deprecated, and in a future PyTorch release "
            "outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by "
            "resizing it, inplace, to zero elements with t.resize_(0).");
}
// [out_resize_test]

TEST(Structured, OutResizesAnEmptyTensorSilentlyAndReusesARightSizedOne) {
  Tensor out = emptyTensor({0}, {ScalarType::Float, kCpu});
  EXPECT_THAT(warningsOf([&] { mul_out(out, ones({2, 2}), ones({2})); }), IsEmpty());
  EXPECT_EQ(out.sizes(), (Sizes{2, 2}));
  const void* storage = out.rawData();
  EXPECT_THAT(warningsOf([&] { mul_out(out, ones({2, 2}), ones({2, 2})); }), IsEmpty());
  EXPECT_EQ(out.rawData(), storage);
}

TEST(Structured, OutRefusesAnArgumentThatRequiresGrad) {
  const Tensor leaf = ones({2}, TensorOptions{}.withRequiresGrad(true));
  Tensor out = emptyTensor({2}, {ScalarType::Float, kCpu});
  // a = torch.ones(2, requires_grad=True); torch.add(a, a, out=torch.empty(2)) in 1.13:
  EXPECT_EQ(errorOf([&] { add_out(out, leaf, leaf); }),
            "add(): functions with out=... arguments don't support automatic differentiation, but one of the "
            "arguments requires grad.");
  // torch.sum(a, dim=[0], out=torch.empty(())):
  EXPECT_EQ(errorOf([&] { sum_out(out, leaf, {0}, false); }),
            "sum(): functions with out=... arguments don't support automatic differentiation, but one of the "
            "arguments requires grad.");
  // torch.add(torch.ones(2), torch.ones(2), out=torch.empty(2, requires_grad=True)): the same.
  Tensor outLeaf = ones({2}, TensorOptions{}.withRequiresGrad(true));
  EXPECT_EQ(errorOf([&] { add_out(outLeaf, ones({2}), ones({2})); }),
            "add(): functions with out=... arguments don't support automatic differentiation, but one of the "
            "arguments requires grad.");
  // Under no_grad 1.13 computes into out, which does not require grad.
  {
    NoGradGuard noGrad;
    add_out(out, leaf, leaf);
  }
  EXPECT_THAT(valuesOf(out), ElementsAre(2, 2));
  EXPECT_FALSE(out.requiresGrad());
}

TEST(Structured, OutChecksDtypeAndDevice) {
  Tensor longOut = emptyTensor({0}, {ScalarType::Long, kCpu});
  EXPECT_EQ(errorOf([&] { add_out(longOut, ones({2}), ones({2})); }),
            "add: result type Float can't be cast to the desired output type Long");
  Tensor doubleOut = emptyTensor({0}, {ScalarType::Double, kCpu});
  EXPECT_EQ(errorOf([&] {
              matmul_out(doubleOut, ones({2, 2}), ones({2, 2}));
            }),
            "aten::matmul.out: Expected out tensor to have dtype float, but got double instead");
  Tensor metaOut = emptyTensor({0}, {ScalarType::Float, kMeta});
  EXPECT_EQ(errorOf([&] { add_out(metaOut, ones({2}), ones({2})); }),
            "aten::add.out: Expected out tensor to have device cpu, but got meta instead");
}

TEST(Structured, InplaceRefusesAResultThatIsNotSelfs) {
  Tensor small = ones({2});
  EXPECT_EQ(errorOf([&] {
              small.add_(ones({3, 2}));
            }),
            // torch.ones(2).add_(torch.ones(3, 2)) in 1.13:
            "output with shape [2] doesn't match the broadcast shape [3, 2]");
  Tensor integers = ones({2}, {ScalarType::Long});
  EXPECT_EQ(errorOf([&] { exp_(integers); }), "exp: result type Float can't be cast to the desired output type Long");
  EXPECT_EQ(errorOf([&] { integers.div_(integers); }),
            "div: result type Float can't be cast to the desired output type Long");
  // A narrower other is fine: computed in self's dtype.
  Tensor floats = ones({2});
  floats.sub_(ones({2}, {ScalarType::Double}));
  EXPECT_EQ(floats.dtype(), ScalarType::Float);
  EXPECT_THAT(valuesOf(floats), ElementsAre(0, 0));
}

TEST(Structured, InplaceAndOutBumpTheVersion) {
  Tensor x = ones({2});
  const auto before = x.unsafeGetTensorImpl()->storage->version;
  relu_(x);
  Tensor out = emptyTensor({2}, {ScalarType::Float, kCpu});
  neg_out(out, x);
  EXPECT_EQ(x.unsafeGetTensorImpl()->storage->version, before + 1);
  EXPECT_EQ(out.unsafeGetTensorImpl()->storage->version, 1U);
}

TEST(Structured, MetaShapesAndDtypesMatchTheCpu) {
  const Tensor a = cpuTensor({1, 2, 3}, {3, 1}, ScalarType::Long);
  const Tensor b = cpuTensor({1, 2}, {2}, ScalarType::Float);
  const Tensor m = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Double);
  auto onMeta = [](const Tensor& tensor) { return _to_copy(tensor, tensor.dtype(), kMeta); };
  const std::vector<std::pair<std::string, std::function<Tensor(const Tensor&, const Tensor&, const Tensor&)>>> cases =
      {
          {"add", [](const Tensor& x, const Tensor& y, const Tensor&) { return add(x, y); }},
          {"div", [](const Tensor& x, const Tensor& y, const Tensor&) { return div(x, y); }},
          {"exp", [](const Tensor& x, const Tensor&, const Tensor&) { return exp(x); }},
          {"neg", [](const Tensor& x, const Tensor&, const Tensor&) { return neg(x); }},
          {"sum", [](const Tensor&, const Tensor&, const Tensor& z) { return sum(z, {0}, true); }},
          {"matmul", [](const Tensor&, const Tensor&, const Tensor& z) { return matmul(t(z), z); }},
      };
  for (const auto& [name, run] : cases) {
    SCOPED_TRACE(name);
    const Tensor real = run(a, b, m);
    const Tensor shape = run(onMeta(a), onMeta(b), onMeta(m));
    EXPECT_TRUE(shape.device().isMeta());
    EXPECT_EQ(shape.sizes(), real.sizes());
    EXPECT_EQ(shape.dtype(), real.dtype());
  }
  Tensor metaOut = emptyTensor({0}, {ScalarType::Float, kMeta});
  add_out(metaOut, onMeta(a), onMeta(b));
  EXPECT_EQ(metaOut.sizes(), (Sizes{3, 2}));
}

TEST(Structured, TheTablesNameTheGeneratedFiles) {
  EXPECT_THAT(handleOf<_ops::add_Tensor>().dumpComputedTable(),
              ContainsRegex("CPU: registered at build/[^/]+/chapters/06_backends/generated/RegisterCPU.cpp:[0-9]+"));
  EXPECT_THAT(handleOf<_ops::add_out>().dumpComputedTable(),
              ContainsRegex("Meta: registered at build/[^/]+/chapters/06_backends/generated/RegisterMeta.cpp:[0-9]+"));
}

}  // namespace
}  // namespace mini
