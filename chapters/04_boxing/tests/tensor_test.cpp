// Tensors are handles now: one pointer to a shared, counted TensorImpl.
#include <gtest/gtest.h>

#include "mini/core/tensor.h"

namespace mini {
namespace {

TEST(Tensor, IsOnePointer) { EXPECT_EQ(sizeof(Tensor), sizeof(void*)); }

TEST(Tensor, DenseCPUTensorHasPyTorchsKeySet) {
  const Tensor t = makeTensor(1.5);
  EXPECT_EQ(t.keySet(), (DispatchKeySet{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU,
                                        DispatchKey::AutocastCPU}));
  EXPECT_EQ(t.backend(), BackendComponent::CPUBit);
  EXPECT_EQ(t.item(), 1.5);
}

TEST(Tensor, CopiesShareOneImpl) {
  const Tensor a = makeTensor({1, 2});
  const Tensor b = a;  // NOLINT: the copy is what is tested
  EXPECT_TRUE(a.is_same(b));
  EXPECT_EQ(a.use_count(), 2u);
  EXPECT_FALSE(a.is_same(makeTensor({1, 2})));
}

TEST(Tensor, ItemNeedsExactlyOneValue) {
  try {
    (void)makeTensor({1, 2}).item();
    FAIL() << "item() of two values must throw";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(), "a Tensor with 2 elements cannot be converted to Scalar");
  }
}

TEST(Tensor, UndefinedTensorHasNoImpl) {
  const Tensor undefined;
  EXPECT_FALSE(undefined.defined());
  EXPECT_EQ(fmt::format("{}", undefined), "tensor(undefined)");
}

TEST(Tensor, BatchedTensorAddsTheBatchedKeyAndSlicesWithout) {
  const Tensor batch = makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}});
  EXPECT_EQ(batch.batchSize(), 3u);
  EXPECT_TRUE(batch.keySet().has(DispatchKey::Batched));
  const Tensor row = batchSlice(batch, 1);
  EXPECT_EQ(row.values(), (std::vector<double>{3, 4}));
  EXPECT_FALSE(row.keySet().has(DispatchKey::Batched));
  EXPECT_EQ(row.keySet(), makeTensor(0).keySet());
  EXPECT_THROW((void)batchSlice(batch, 3), std::out_of_range);
}

TEST(Tensor, ABatchNeedsRowsOfOneLength) {
  try {
    (void)makeBatchedTensor(std::vector<std::vector<double>>{});
    FAIL() << "a batch of no rows must throw";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "makeBatchedTensor: a batch needs at least one row");
  }
  try {
    (void)makeBatchedTensor({{1, 2}, {3}});
    FAIL() << "rows of lengths 2 and 1 must throw";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "makeBatchedTensor: rows must have equal lengths, got 2 and 1");
  }
}

TEST(Tensor, BatchSlicePastTheLastRowNamesTheBatchSize) {
  try {
    (void)batchSlice(makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}}), 3);
    FAIL() << "row 3 of a batch of 3 must throw";
  } catch (const std::out_of_range& error) {
    EXPECT_STREQ(error.what(), "batchSlice: row 3 of a batch of 3");
  }
}

TEST(Tensor, StackBatchUndoesSlicing) {
  const Tensor batch = makeBatchedTensor({{1, 2}, {3, 4}});
  const Tensor again = stackBatch({batchSlice(batch, 0), batchSlice(batch, 1)});
  EXPECT_EQ(again.values(), batch.values());
  EXPECT_EQ(again.batchSize(), 2u);
  EXPECT_EQ(again.keySet(), batch.keySet());
  EXPECT_THROW((void)makeBatchedTensor({{1}, {2, 3}}), std::invalid_argument);
}

TEST(Tensor, Prints) {
  EXPECT_EQ(fmt::format("{}", makeTensor(3, BackendComponent::CUDABit)), "tensor(3, CUDABit)");
  EXPECT_EQ(fmt::format("{}", makeTensor({1, 2.5})), "tensor([1, 2.5], CPUBit)");
  EXPECT_EQ(fmt::format("{}", makeBatchedTensor({{1, 2}, {3, 4}})), "tensor([[1, 2], [3, 4]], CPUBit, batched)");
  EXPECT_EQ(fmt::format("{}", Tensor(makeTensor(3).keySet(), 3, true, "AddBackward0")),
            "tensor(3, CPUBit, requires_grad, grad_fn=AddBackward0)");
}

}  // namespace
}  // namespace mini
