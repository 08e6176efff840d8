#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/boxing/ivalue.h"
#include "mini/core/device.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/schema_parser.h"
#include "mini/util/source_site.h"
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
  b.add_(ones({2}));
  EXPECT_TRUE(a.is_same(b));
  EXPECT_THAT(values(a), ElementsAre(2, 3));
}

TEST(Tensor, PrintsLikeTorch) {
  // Each expected string is repr() of the torch 1.13 expression beside it.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const auto floats = [](std::vector<double> v, Sizes sizes) {
    return toDtypeCpu(fromValues(std::move(v), std::move(sizes)), ScalarType::Float);
  };
  // torch.tensor([1., 2., 3., 4.])
  EXPECT_EQ(fmt::format("{}", floats({1, 2, 3, 4}, {4})), "tensor([1., 2., 3., 4.])");
  // torch.tensor([1.5, 2., -3., 4.])
  EXPECT_EQ(fmt::format("{}", floats({1.5, 2, -3, 4}, {4})), "tensor([ 1.5000,  2.0000, -3.0000,  4.0000])");
  // torch.tensor([[1., 2.5], [3., 4.]], dtype=torch.float64)
  EXPECT_EQ(fmt::format("{}", fromValues({1, 2.5, 3, 4}, {2, 2})),
            "tensor([[1.0000, 2.5000],\n        [3.0000, 4.0000]], dtype=torch.float64)");
  // torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True), and that times 2
  EXPECT_EQ(fmt::format("{}", fromValues({1, 2}, {2}, true)),
            "tensor([1., 2.], dtype=torch.float64, requires_grad=True)");
  EXPECT_EQ(fmt::format("{}", mul(fromValues({1, 2}, {2}, true), scalarTensor(2))),
            "tensor([2., 4.], dtype=torch.float64, grad_fn=<MulBackward0>)");
  // torch.tensor([1, -20]); torch.tensor([True, False]); torch.tensor(7.)
  EXPECT_EQ(fmt::format("{}", toDtypeCpu(fromValues({1, -20}, {2}), ScalarType::Long)), "tensor([  1, -20])");
  EXPECT_EQ(fmt::format("{}", toDtypeCpu(fromValues({1, 0}, {2}), ScalarType::Bool)), "tensor([ True, False])");
  EXPECT_EQ(fmt::format("{}", floats({7}, {})), "tensor(7.)");
  // torch.tensor([nan, inf, -inf, 1.]); torch.tensor([1e-5, 1.]); torch.zeros(2, 2, 2)
  EXPECT_EQ(fmt::format("{}", floats({nan, inf, -inf, 1}, {4})), "tensor([nan, inf, -inf, 1.])");
  EXPECT_EQ(fmt::format("{}", floats({1e-5, 1}, {2})), "tensor([1.0000e-05, 1.0000e+00])");
  EXPECT_EQ(fmt::format("{}", floats(std::vector<double>(8, 0.0), {2, 2, 2})),
            "tensor([[[0., 0.],\n         [0., 0.]],\n\n        [[0., 0.],\n         [0., 0.]]])");
  // torch.arange(30.): a row wraps at 80 columns
  std::vector<double> thirty(30);
  for (std::size_t i = 0; i < thirty.size(); ++i) thirty[i] = static_cast<double>(i);
  EXPECT_EQ(fmt::format("{}", floats(thirty, {30})),
            "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
            "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
            "        28., 29.])");
  // torch.tensor([], dtype=torch.int64); torch.zeros(0, 3)
  EXPECT_EQ(fmt::format("{}", toDtypeCpu(fromValues({}, {0}), ScalarType::Long)), "tensor([], dtype=torch.int64)");
  EXPECT_EQ(fmt::format("{}", floats({}, {0, 3})), "tensor([], size=(0, 3))");
  EXPECT_EQ(fmt::format("{}", Tensor()), "tensor(undefined)");
}

TEST(Tensor, ViewsShareStorageAndVersion) {
  Tensor base = fromValues({1, 2, 3, 4}, {2, 2});
  Tensor flat = base.view({4});
  EXPECT_EQ(flat.sizes(), (Sizes{4}));
  flat.add_(ones({4}));
  EXPECT_THAT(values(base), ElementsAre(2, 3, 4, 5));
  EXPECT_EQ(base.version(), 1u);
  EXPECT_EQ(flat.version(), 1u);
  EXPECT_EQ(errorOf([&] { base.view({3}); }), "shape '[3]' is invalid for input of size 4");
}

TEST(Tensor, Int64ArithmeticWrapsAroundAsTorchDoes) {
  // In torch 1.13: tensor([2**63-1]) + 1 is tensor([-2**63]); tensor([-2**63,
  // -2**63]).sum() is tensor(0); tensor([2**62]) * 4 is tensor([0]); and
  // -tensor([-2**63]) is tensor([-2**63]). (The fuzzer found sum's overflow,
  // which C++ leaves undefined.)
  const std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
  const std::int64_t highest = std::numeric_limits<std::int64_t>::max();
  Tensor top = zeros({1}, {ScalarType::Long});
  top.dataPtr<std::int64_t>()[0] = highest;
  EXPECT_EQ(add(top, full({1}, 1.0, {ScalarType::Long})).dataPtr<std::int64_t>()[0], lowest);
  Tensor pair = zeros({2}, {ScalarType::Long});
  pair.dataPtr<std::int64_t>()[0] = lowest;
  pair.dataPtr<std::int64_t>()[1] = lowest;
  EXPECT_EQ(sum(pair).dataPtr<std::int64_t>()[0], 0);
  EXPECT_EQ(mul(full({1}, 4611686018427387904.0, {ScalarType::Long}), full({1}, 4.0, {ScalarType::Long}))
                .dataPtr<std::int64_t>()[0],
            0);
  Tensor single = zeros({1}, {ScalarType::Long});
  single.dataPtr<std::int64_t>()[0] = lowest;
  EXPECT_EQ(neg(single).dataPtr<std::int64_t>()[0], lowest);
}

TEST(Tensor, ViewOfNoElementsWithAZeroAndMinusOneIsAmbiguous) {
  // torch.empty(0).view(-1, 0) in 1.13 (the fuzzer found a division by zero here):
  const Tensor none = zeros({0});
  EXPECT_EQ(errorOf([&] {
              none.view({-1, 0});
            }),
            "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can "
            "be any value and is ambiguous");
  // torch.empty(2, 0).view(-1, 5).shape is torch.Size([0, 5]).
  EXPECT_EQ(zeros({2, 0}).view({-1, 5}).sizes(), (Sizes{0, 5}));
}

TEST(Tensor, InplaceOperatorsBumpTheVersionOutOfPlaceOnesDoNot) {
  Tensor a = fromValues({1, 2}, {2});
  const Tensor sumOfA = add(a, a);
  EXPECT_EQ(a.version(), 0u);
  a.mul_(scalarTensor(3));
  a.add_(scalarTensor(1));
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
            "add: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  EXPECT_EQ(errorOf([] {
              matmul(ones({2, 3}), ones({2, 3}));
            }),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
}

// --- what GoogleTest prints: the text fmt prints, never "16-byte object" ---

template <typename T>
void expectPrintsAsFmt(const T& value) {
  EXPECT_EQ(::testing::PrintToString(value), fmt::format("{}", value));
}

TEST(Printing, FailedAssertionsShowTheLessonsText) {
  EXPECT_EQ(::testing::PrintToString(DispatchKeySet{DispatchKey::CPU}), "DispatchKeySet(CPU)");
  EXPECT_EQ(::testing::PrintToString(kDefaultLocalDispatchKeySet),
            "{included = DispatchKeySet(BackendSelect, ADInplaceOrView), "
            "excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}");
  expectPrintsAsFmt(DispatchKey::AutogradCPU);
  expectPrintsAsFmt(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU});
  expectPrintsAsFmt(fromValues({1.0, 2.0}, {2}, true));
  expectPrintsAsFmt(SourceSite{"kernels.cpp", 12});
  expectPrintsAsFmt(parseSchema("myops::myadd(Tensor self, Tensor other) -> Tensor"));
  expectPrintsAsFmt(IValue(2.5));
  expectPrintsAsFmt(IValue(scalarTensor(1.0)));
  expectPrintsAsFmt(Device{DeviceType::CUDA, 1});
  expectPrintsAsFmt(ScalarType::Float);
  const std::vector<IValue> stack{IValue(std::int64_t{3}), IValue(true)};
  EXPECT_EQ(::testing::PrintToString(stack), fmt::format("{{ {}, {} }}", stack[0], stack[1]));
}

}  // namespace
}  // namespace mini
