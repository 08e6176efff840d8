// Writes that would read an element after overwriting it are refused, as in
// PyTorch 1.13 (ATen/MemoryOverlap.cpp, from TensorIterator and copy_).
// Without the check, x.t().add_(x) gave [[2, 7], [5, 8]] and
// x.copy_(x.t()) gave [[1, 3], [3, 4]]: whatever the loop's order made.
// The outcomes are torch 1.13's (python3-torch 1.13.1), with
//   x = torch.tensor([[1., 2.], [3., 4.]])
//   e = torch.zeros(1, 2).expand(2, 2)   (stride 0 over 2 rows)
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/aten/memory_overlap.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

constexpr const char* kPartial =
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory "
    "location. Please clone() the tensor before performing the operation.";
constexpr const char* kInternal =
    "unsupported operation: more than one element of the written-to tensor refers to a single memory location. "
    "Please clone() the tensor before performing the operation.";

Tensor floatMatrix(ScalarType dtype = ScalarType::Float) { return fromValues({1, 2, 3, 4}, {2, 2}).to(dtype); }
// torch.zeros(1, 2).expand(2, 2): the course has no expand, so its geometry by hand.
Tensor expanded() { return makeView(zeros({1, 2}), {2, 2}, {0, 1}, 0); }

// x.t().add_(x), x.copy_(x.t()), x.t().copy_(x), torch.add(x, x, out=x.t()),
// torch.neg(x, out=x.t()), torch.exp(x, out=x.t()) all raise kPartial.
TEST(MemoryOverlap, AnInputThatPartlyOverlapsTheOutputIsRefused) {
  Tensor x = floatMatrix();
  EXPECT_EQ(errorOf([&] { x.t().add_(x); }), kPartial);
  EXPECT_EQ(errorOf([&] { x.copy_(x.t()); }), kPartial);
  EXPECT_EQ(errorOf([&] { x.t().copy_(x); }), kPartial);
  Tensor xT = x.t();
  EXPECT_EQ(errorOf([&] { add_out(xT, x, x); }), kPartial);
  EXPECT_EQ(errorOf([&] { neg_out(xT, x); }), kPartial);
  EXPECT_EQ(errorOf([&] { exp_out(xT, x); }), kPartial);
  EXPECT_THAT(values(x), ElementsAre(1, 2, 3, 4));  // nothing was written
}

// i = torch.tensor([[1, 2], [3, 4]]); i.copy_(i.t()) raises kPartial: every dtype.
TEST(MemoryOverlap, EveryDtypeIsChecked) {
  Tensor i = floatMatrix(ScalarType::Long);
  EXPECT_EQ(errorOf([&] { i.copy_(i.t()); }), kPartial);
}

// x = torch.zeros(2); x.view(1, 2).add_(x) raises kPartial: the same bytes
// walked with other strides count as a partial overlap in 1.13.
TEST(MemoryOverlap, TheSameBytesWithOtherStridesArePartial) {
  Tensor x = zeros({2});
  EXPECT_EQ(errorOf([&] { x.view({1, 2}).add_(x); }), kPartial);
}

// x.add_(x): [[2., 4.], [6., 8.]]; x.t().neg_(): [[-1., -3.], [-2., -4.]];
// x.copy_(x.view(2, 2)): x unchanged. A full overlap reads each element
// before writing it.
TEST(MemoryOverlap, AFullOverlapIsAllowed) {
  Tensor x = floatMatrix();
  x.add_(x);
  EXPECT_THAT(values(x), ElementsAre(2, 4, 6, 8));
  Tensor y = floatMatrix();
  EXPECT_THAT(values(y.t().neg_()), ElementsAre(-1, -3, -2, -4));
  Tensor z = floatMatrix();
  z.copy_(z.view({2, 2}));
  EXPECT_THAT(values(z), ElementsAre(1, 2, 3, 4));
}

// e.add_(1), e.copy_(x), e.exp_(), e.neg_(), e.relu_(), torch.mul(x, x, out=e),
// torch.matmul(x, x, out=e) (1.13 computes aside, then copy_ refuses) all raise kInternal.
TEST(MemoryOverlap, AWrittenTensorThatOverlapsItselfIsRefused) {
  EXPECT_EQ(errorOf([] { expanded().add_(scalarTensor(1)); }), kInternal);
  EXPECT_EQ(errorOf([] { expanded().copy_(floatMatrix()); }), kInternal);
  EXPECT_EQ(errorOf([] { expanded().exp_(); }), kInternal);
  EXPECT_EQ(errorOf([] { expanded().neg_(); }), kInternal);
  EXPECT_EQ(errorOf([] { expanded().relu_(); }), kInternal);
  Tensor e = expanded();
  EXPECT_EQ(errorOf([&] { mul_out(e, floatMatrix(), floatMatrix()); }), kInternal);
  EXPECT_EQ(errorOf([&] { matmul_out(e, floatMatrix(), floatMatrix()); }), kInternal);
}

// e.fill_(3): [[3., 3.], [3., 3.]] (one value, whichever element is last);
// x.copy_(x[0:1].expand(2, 2)): [[1., 2.], [1., 2.]] (an input may overlap itself).
TEST(MemoryOverlap, FillAndAnOverlappingInputAreAllowed) {
  EXPECT_THAT(values(expanded().fill_(3)), ElementsAre(3, 3, 3, 3));
  Tensor x = floatMatrix();
  x.copy_(makeView(x, {2, 2}, {0, 1}, 0));
  EXPECT_THAT(values(x), ElementsAre(1, 2, 1, 2));
}

// On the meta device: torch.empty(2, 2, device='meta').t().add_(x) raises
// kPartial (meta() runs the check), and x.copy_(x.t()) is accepted (1.13's
// copy_ into a meta tensor returns before it).
TEST(MemoryOverlap, MetaTensorsAreCheckedByMetaButNotByCopy) {
  Tensor m = empty({2, 2}, {ScalarType::Float, kMeta});
  EXPECT_EQ(errorOf([&] { m.t().add_(m); }), kPartial);
  EXPECT_EQ(errorOf([&] { m.copy_(m.t()); }), "");
}

// 1.13's answers for the layouts above: a transpose of x and x are the same
// bytes walked two ways; an expanded tensor overlaps itself; a tensor with
// gaps is too hard to tell, and so never refused.
TEST(MemoryOverlap, TheThreeAnswers) {
  const Tensor x = floatMatrix();
  EXPECT_EQ(getOverlapStatus(x, x), MemOverlapStatus::Full);
  EXPECT_EQ(getOverlapStatus(x, x.view({2, 2})), MemOverlapStatus::Full);
  EXPECT_EQ(getOverlapStatus(x.t(), x), MemOverlapStatus::Partial);
  EXPECT_EQ(getOverlapStatus(x, floatMatrix()), MemOverlapStatus::No);
  EXPECT_EQ(hasInternalOverlap(expanded()), MemOverlap::Yes);
  EXPECT_EQ(hasInternalOverlap(x.t()), MemOverlap::No);
  const Tensor everyOther = makeView(x, {2}, {2}, 0);  // x.view(4)[::2]
  EXPECT_EQ(hasInternalOverlap(everyOther), MemOverlap::TooHard);
  EXPECT_EQ(getOverlapStatus(everyOther, makeView(x, {2}, {1}, 1)), MemOverlapStatus::TooHard);
}

}  // namespace
}  // namespace mini
