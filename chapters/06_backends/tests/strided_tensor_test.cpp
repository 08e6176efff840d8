// Storage, sizes, strides and offsets; broadcasting rules.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::valuesOf;
using ::testing::ElementsAre;

TEST(Shape, ContiguousStridesAreRowMajor) {
  EXPECT_EQ(contiguousStrides({2, 3, 4}), (Strides{12, 4, 1}));
  EXPECT_EQ(contiguousStrides({}), Strides{});
  EXPECT_TRUE(isContiguous({2, 3}, {3, 1}));
  EXPECT_FALSE(isContiguous({3, 2}, {1, 3}));
  EXPECT_TRUE(isContiguous({1, 3}, {99, 1}));  // a size-1 dimension's stride never matters
}

TEST(Shape, BroadcastAlignsFromTheRight) {
  EXPECT_EQ(broadcastShapes({3, 1}, {4}, "add"), (Sizes{3, 4}));
  EXPECT_EQ(broadcastShapes({}, {2, 2}, "add"), (Sizes{2, 2}));
  EXPECT_EQ(errorOf([] {
              broadcastShapes({2, 3}, {4}, "add");
            }),
            "add: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  EXPECT_EQ(expandedStrides({3, 1}, {1, 1}, {2, 3, 4}), (Strides{0, 1, 0}));
}

TEST(Shape, WrapDimAcceptsNegativeIndices) {
  EXPECT_EQ(wrapDim(-1, 3), 2);
  EXPECT_EQ(errorOf([] { wrapDim(5, 2); }), "Dimension out of range (expected to be in range of [-2, 1], but got 5)");
}

TEST(StridedTensor, EmptyAllocatesItemSizeTimesNumelOnItsDevice) {
  Tensor t = emptyTensor({2, 3}, {ScalarType::Float, kCpu});
  EXPECT_EQ(t.unsafeGetTensorImpl()->storage->nbytes, 24u);
  EXPECT_EQ(t.strides(), (Strides{3, 1}));
  EXPECT_EQ(t.device(), kCpu);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.rawData()) % 64, 0u);
  EXPECT_EQ(errorOf([] { emptyTensor({-1}, {}); }), "Trying to create tensor with negative dimension -1: [-1]");
}

TEST(StridedTensor, ATransposeIsAViewWithSwappedStrides) {
  Tensor m = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor t = makeView(m, {3, 2}, {1, 3}, 0);
  EXPECT_FALSE(t.isContiguous());
  EXPECT_THAT(valuesOf(t), ElementsAre(1, 4, 2, 5, 3, 6));
  Tensor row = makeView(m, {3}, {1}, 3);  // m[1]: an offset into the same storage
  EXPECT_THAT(valuesOf(row), ElementsAre(4, 5, 6));
  m.dataPtr<double>()[4] = 50;
  EXPECT_THAT(valuesOf(row), ElementsAre(4, 50, 6));
}

TEST(StridedTensor, DataPtrChecksDtypeAndMetaHasNoData) {
  Tensor f = emptyTensor({2}, {ScalarType::Float, kCpu});
  EXPECT_EQ(errorOf([&] { (void)f.dataPtr<double>(); }), "expected scalar type Double but found Float");
  Tensor meta = emptyTensor({1000000, 1000000}, {ScalarType::Float, kMeta});
  EXPECT_EQ(meta.numel(), 1000000000000);
  EXPECT_EQ(meta.unsafeGetTensorImpl()->storage->data(), nullptr);
  EXPECT_THAT(errorOf([&] { (void)meta.rawData(); }), ::testing::StartsWith("Cannot access data of a meta tensor"));
}

TEST(Allocator, PrivateUse1HasNoneUntilABackendRegistersOne) {
  EXPECT_THAT(errorOf([] { getAllocator(DeviceType::PrivateUse1); }),
              ::testing::HasSubstr("load the out-of-tree backend's library first"));
  EXPECT_EQ(&getAllocator(DeviceType::CPU), &cpuAllocator());
}

}  // namespace
}  // namespace mini
