#include <gtest/gtest.h>

#include <fmt/format.h>

#include "mini/aten/operators.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Tensor, HoldsValuesWithSizes) {
  const Tensor m = fromValues({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(m.sizes(), (Sizes{2, 3}));
  EXPECT_EQ(m.numel(), 6);
  EXPECT_EQ(m.dim(), 2);
  EXPECT_EQ(m.dtype(), ScalarType::Double);
  EXPECT_EQ(scalarTypeName(m.dtype()), "float64");
  EXPECT_EQ(scalarTensor(3).dim(), 0);
  EXPECT_EQ(scalarTensor(3).item(), 3);
}

TEST(Tensor, RejectsValuesThatDoNotFitTheSizes) {
  EXPECT_EQ(errorOf([] { fromValues({1, 2, 3}, {2, 2}); }), "shape [2, 2] is invalid for input of size 3");
  EXPECT_EQ(errorOf([] {
              (void)fromValues({1, 2}, {2}).item();
            }),
            "a Tensor with 2 elements cannot be converted to Scalar");
}

TEST(Tensor, CopiesAreHandlesToOneTensor) {
  Tensor a = fromValues({1, 2}, {2});
  Tensor b = a;
  add_(b, ones({2}));
  EXPECT_TRUE(a.is_same(b));
  EXPECT_THAT(values(a), ElementsAre(2, 3));
}

TEST(Tensor, PrintsLikeTorch) {
  // Each expected string is repr() of the same float64 tensor in torch 1.13:
  // torch.tensor([[1., 2.5], [3., 4.]], dtype=torch.float64)
  EXPECT_EQ(fmt::format("{}", fromValues({1, 2.5, 3, 4}, {2, 2})),
            "tensor([[1.0000, 2.5000],\n        [3.0000, 4.0000]], dtype=torch.float64)");
  // torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True), and that times 2
  EXPECT_EQ(fmt::format("{}", fromValues({1, 2}, {2}, true)),
            "tensor([1., 2.], dtype=torch.float64, requires_grad=True)");
  EXPECT_EQ(fmt::format("{}", mul(fromValues({1, 2}, {2}, true), scalarTensor(2))),
            "tensor([2., 4.], dtype=torch.float64, grad_fn=<MulBackward0>)");
  // torch.tensor(7., dtype=torch.float64); torch.tensor([1., -20.], dtype=torch.float64)
  EXPECT_EQ(fmt::format("{}", scalarTensor(7)), "tensor(7., dtype=torch.float64)");
  EXPECT_EQ(fmt::format("{}", fromValues({1, -20}, {2})), "tensor([  1., -20.], dtype=torch.float64)");
  EXPECT_EQ(fmt::format("{}", Tensor()), "tensor(undefined)");
}

TEST(Tensor, ViewsShareStorageAndVersion) {
  Tensor base = fromValues({1, 2, 3, 4}, {2, 2});
  Tensor flat = view(base, {4});
  EXPECT_EQ(flat.sizes(), (Sizes{4}));
  add_(flat, ones({4}));
  EXPECT_THAT(values(base), ElementsAre(2, 3, 4, 5));
  EXPECT_EQ(base.version(), 1u);
  EXPECT_EQ(flat.version(), 1u);
  EXPECT_EQ(errorOf([&] { view(base, {3}); }), "shape '[3]' is invalid for input of size 4");
}

TEST(Tensor, InplaceOperatorsBumpTheVersionOutOfPlaceOnesDoNot) {
  Tensor a = fromValues({1, 2}, {2});
  const Tensor sumOfA = add(a, a);
  EXPECT_EQ(a.version(), 0u);
  mul_(a, scalarTensor(3));
  add_(a, scalarTensor(1));
  EXPECT_EQ(a.version(), 2u);
  EXPECT_EQ(sumOfA.version(), 0u);
  EXPECT_THAT(values(a), ElementsAre(4, 7));
}

TEST(Tensor, DetachSharesDataButNotHistory) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor b = exp(a);
  const Tensor d = b.detach();
  EXPECT_FALSE(d.requiresGrad());
  EXPECT_EQ(d.gradFn(), nullptr);
  EXPECT_EQ(d.data().data(), b.data().data());
}

TEST(Operators, ComputeTheRightNumbers) {
  const Tensor a = fromValues({1, 2, 3, 4}, {2, 2});
  const Tensor b = fromValues({5, 6, 7, 8}, {2, 2});
  EXPECT_THAT(values(add(a, b)), ElementsAre(6, 8, 10, 12));
  EXPECT_THAT(values(sub(a, b)), ElementsAre(-4, -4, -4, -4));
  EXPECT_THAT(values(mul(a, b)), ElementsAre(5, 12, 21, 32));
  EXPECT_THAT(values(div(b, a)), ElementsAre(5, 3, 7.0 / 3, 2));
  EXPECT_THAT(values(neg(a)), ElementsAre(-1, -2, -3, -4));
  EXPECT_EQ(sum(a).item(), 10);
  EXPECT_THAT(values(matmul(a, b)), ElementsAre(19, 22, 43, 50));
  EXPECT_THAT(values(relu(sub(a, full({2, 2}, 2.5)))), ElementsAre(0, 0, 0.5, 1.5));
  EXPECT_DOUBLE_EQ(exp(scalarTensor(1)).item(), std::exp(1.0));
  EXPECT_THAT(values(t(fromValues({1, 2, 3, 4, 5, 6}, {2, 3}))), ElementsAre(1, 4, 2, 5, 3, 6));
  EXPECT_THAT(values(mul(a, scalarTensor(10))), ElementsAre(10, 20, 30, 40));
}

TEST(Operators, RejectMismatchedSizes) {
  EXPECT_EQ(errorOf([] { add(ones({2}), ones({3})); }),
            "add: the size of tensor a ([2]) must match the size of tensor b ([3]); this chapter broadcasts only a "
            "one-element tensor");
  EXPECT_EQ(errorOf([] {
              matmul(ones({2, 3}), ones({2, 3}));
            }),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
}

}  // namespace
}  // namespace mini
