// The CPU backend's kernels: broadcasting, promotion, strided inputs, the
// fast path, several threads, reductions and the blocked matmul.
#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/parallel.h"
#include "mini/native/elementwise_functors.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::valuesOf;
using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::Pointwise;

TEST(ElementwiseFunctors, HostInstantiationsAreTheGpuArithmetic) {
  EXPECT_EQ(AddOp<float>{}(1.5f, 2.0f), 3.5f);
  EXPECT_EQ(AddOp<bool>{}(true, true), true);
  EXPECT_EQ(MulOp<bool>{}(true, false), false);
  EXPECT_EQ(SubOp<std::int64_t>{}(3, 5), -2);
  EXPECT_EQ(DivOp<double>{}(1.0, 4.0), 0.25);
  EXPECT_EQ(NegOp<float>{}(2.0f), -2.0f);
  EXPECT_EQ(ReluOp<std::int64_t>{}(-3), 0);
  EXPECT_FLOAT_EQ(ExpOp<float>{}(1.0f), std::exp(1.0f));
  // backend_test_helpers.h declares the operator mini::exp first, which an
  // unqualified exp(a) inside the functor would find instead of the C one.
  EXPECT_DOUBLE_EQ(ExpOp<double>{}(1.0), std::exp(1.0));
  EXPECT_EQ(ReluBackwardOp<double>{}(7.0, 0.0), 0.0);
}

TEST(CpuKernels, AddBroadcastsAndPromotes) {
  Tensor column = cpuTensor({1, 2, 3}, {3, 1}, ScalarType::Long);
  Tensor row = cpuTensor({10, 20, 30, 40}, {4}, ScalarType::Float);
  Tensor sum = addCpu(column, row);
  EXPECT_EQ(sum.sizes(), (Sizes{3, 4}));
  EXPECT_EQ(sum.dtype(), ScalarType::Float);
  EXPECT_THAT(valuesOf(sum), ElementsAre(11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43));
}

TEST(CpuKernels, ZeroDimTensorsDoNotPromoteTheirCategory) {
  Tensor x = cpuTensor({1, 2}, {2}, ScalarType::Float);
  EXPECT_EQ(mulCpu(x, cpuTensor({2}, {}, ScalarType::Double)).dtype(), ScalarType::Float);
  EXPECT_EQ(mulCpu(cpuTensor({1, 2}, {2}, ScalarType::Long), cpuTensor({2.5}, {}, ScalarType::Double)).dtype(),
            ScalarType::Double);
}

TEST(CpuKernels, DivAndExpOfIntegersAreFloat32) {
  Tensor i = cpuTensor({1, 2}, {2}, ScalarType::Long);
  Tensor quotient = divCpu(i, cpuTensor({2, 4}, {2}, ScalarType::Long));
  EXPECT_EQ(quotient.dtype(), ScalarType::Float);
  EXPECT_THAT(valuesOf(quotient), ElementsAre(0.5, 0.5));
  EXPECT_EQ(expCpu(i).dtype(), ScalarType::Float);
}

TEST(CpuKernels, UnaryKernelsPerDtype) {
  EXPECT_THAT(valuesOf(negCpu(cpuTensor({1, -2}, {2}, ScalarType::Long))), ElementsAre(-1, 2));
  EXPECT_THAT(valuesOf(reluCpu(cpuTensor({-1, 2}, {2}, ScalarType::Float))), ElementsAre(0, 2));
  EXPECT_THAT(valuesOf(expCpu(cpuTensor({0, 1}, {2}))), ElementsAre(1, std::exp(1.0)));
  EXPECT_THAT(valuesOf(subCpu(cpuTensor({5}, {1}), cpuTensor({3, 4}, {2}))), ElementsAre(2, 1));
}

TEST(CpuKernels, UnsupportedDtypesNameTheOperator) {
  Tensor flags = cpuTensor({1, 0}, {2}, ScalarType::Bool);
  EXPECT_EQ(errorOf([&] { negCpu(flags); }), "\"neg\" not implemented for 'Bool'");
  // sub runs on add's loop, which takes bools; sub_check refuses them first, as in 1.13.
  EXPECT_THAT(errorOf([&] { subCpu(flags, flags); }), ::testing::HasSubstr("with two bool tensors is not supported"));
  EXPECT_THAT(valuesOf(addCpu(flags, flags)), ElementsAre(1, 0));  // logical or, as in torch
  EXPECT_EQ(addCpu(flags, flags).dtype(), ScalarType::Bool);
}

TEST(CpuKernels, StridedInputsTakeTheGeneralPath) {
  Tensor m = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor transposed = makeView(m, {3, 2}, {1, 3}, 0);
  EXPECT_THAT(valuesOf(addCpu(transposed, transposed)), ElementsAre(2, 8, 4, 10, 6, 12));
  Tensor copy = contiguousCpu(transposed);
  EXPECT_TRUE(copy.isContiguous());
  EXPECT_THAT(valuesOf(copy), ElementsAre(1, 4, 2, 5, 3, 6));
}

TEST(CpuKernels, InplaceKeepsSelfsDtypeAndRefusesWideningCasts) {
  Tensor x = cpuTensor({1, 2}, {2}, ScalarType::Float);
  addInplaceCpu(x, cpuTensor({0.5}, {}, ScalarType::Double));
  EXPECT_EQ(x.dtype(), ScalarType::Float);
  EXPECT_THAT(valuesOf(x), ElementsAre(1.5, 2.5));
  Tensor i = cpuTensor({1, 2}, {2}, ScalarType::Long);
  EXPECT_EQ(errorOf([&] { mulInplaceCpu(i, x); }),
            "mul_: result type Float can't be cast to the desired output type Long");
  EXPECT_THAT(errorOf([&] {
                addInplaceCpu(i, cpuTensor({1, 2, 3, 4}, {2, 2}, ScalarType::Long));
              }),
              ::testing::HasSubstr("output with shape [2] doesn't match the broadcast shape [2, 2]"));
}

TEST(CpuKernels, SumAllAndAlongADimension) {
  Tensor m = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Float);
  EXPECT_THAT(valuesOf(sumCpu(m)), ElementsAre(21));
  EXPECT_EQ(sumCpu(m).dim(), 0);
  EXPECT_THAT(valuesOf(sumCpu(m, 0)), ElementsAre(5, 7, 9));
  EXPECT_THAT(valuesOf(sumCpu(m, -1)), ElementsAre(6, 15));
  EXPECT_EQ(sumCpu(m, 1, true).sizes(), (Sizes{2, 1}));
  Tensor flags = cpuTensor({1, 1, 0}, {3}, ScalarType::Bool);
  EXPECT_EQ(sumCpu(flags).dtype(), ScalarType::Long);
  EXPECT_THAT(valuesOf(sumCpu(flags)), ElementsAre(2));
}

TEST(CpuKernels, MatmulMatchesTheNaiveProductAcrossBlockEdges) {
  const std::int64_t n = 70, k = 65, m = 3;  // not multiples of the 64 block
  std::vector<double> a(static_cast<std::size_t>(n * k)), b(static_cast<std::size_t>(k * m));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<double>(i % 7) - 3;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<double>(i % 5) - 2;
  Tensor c = matmulCpu(cpuTensor(a, {n, k}), cpuTensor(b, {k, m}));
  std::vector<double> expected(static_cast<std::size_t>(n * m), 0.0);
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t p = 0; p < k; ++p)
      for (std::int64_t j = 0; j < m; ++j)
        expected[static_cast<std::size_t>(i * m + j)] +=
            a[static_cast<std::size_t>(i * k + p)] * b[static_cast<std::size_t>(p * m + j)];
  EXPECT_EQ(valuesOf(c), expected);
  EXPECT_EQ(errorOf([] {
              matmulCpu(cpuTensor({1, 2}, {1, 2}), cpuTensor({1, 2}, {1, 2}));
            }),
            "mat1 and mat2 shapes cannot be multiplied (1x2 and 1x2)");
  EXPECT_EQ(errorOf([] {
              matmulCpu(cpuTensor({1}, {1, 1}, ScalarType::Float), cpuTensor({1}, {1, 1}));
            }),
            "expected scalar type Float but found Double");
}

// 1.13's bfloat16 loop (gemm_notrans_) rounds each product to bfloat16
// before it adds it to the bfloat16 running sum: [1, 1 + 2^-7] . [1 + 2^-7,
// 1.5] is 1.0078125 + bf16(1.51171875), a tie rounded to even, 1.515625;
// their sum 2.5234375 is a tie again, 2.53125. Rounding the sum alone gives
// 2.515625 (the exact 2.51953125 is nearer). torch 1.13 prints
// tensor([[2.5312]], dtype=torch.bfloat16) for the product; 65 columns take
// the vectorised 64-wide segment and the narrower one.
TEST(CpuKernels, BFloat16MatmulRoundsEachProductAsTorch) {
  const std::int64_t m = 65;
  std::vector<double> b;
  for (double row : {1.0078125, 1.5}) b.insert(b.end(), static_cast<std::size_t>(m), row);
  Tensor c =
      matmulCpu(cpuTensor({1.0, 1.0078125}, {1, 2}, ScalarType::BFloat16), cpuTensor(b, {2, m}, ScalarType::BFloat16));
  EXPECT_EQ(valuesOf(c), std::vector<double>(static_cast<std::size_t>(m), 2.53125));
}

TEST(CpuKernels, CopyConvertsBetweenEveryPairOfDtypes) {
  Tensor source = cpuTensor({0, 1.75, -2}, {3}, ScalarType::Double);
  EXPECT_THAT(valuesOf(toDtypeCpu(source, ScalarType::Long)), ElementsAre(0, 1, -2));
  EXPECT_THAT(valuesOf(toDtypeCpu(source, ScalarType::Bool)), ElementsAre(0, 1, 1));
  Tensor filled = emptyTensor({2, 2}, {ScalarType::Long, kCpu});
  EXPECT_THAT(valuesOf(fillCpu_(filled, 7.9)), ElementsAre(7, 7, 7, 7));
  Tensor range = emptyTensor({4}, {ScalarType::Float, kCpu});
  EXPECT_THAT(valuesOf(arangeFillCpu_(range, 1, 0.5)), ElementsAre(1, 1.5, 2, 2.5));
}

// Big enough for many chunks: the results are the same bits with one thread
// and with several, because chunk boundaries do not depend on threads.
TEST(Parallel, ResultsDoNotDependOnTheThreadCount) {
  const std::int64_t n = 5 * kGrainSize + 123;
  std::vector<double> values(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = 1.0 / static_cast<double>(i + 1);
  Tensor x = cpuTensor(values, {n}, ScalarType::Float);
  setNumThreads(1);
  const std::vector<double> sumOne = valuesOf(sumCpu(x));
  const std::vector<double> expOne = valuesOf(expCpu(x));
  setNumThreads(4);
  EXPECT_EQ(valuesOf(sumCpu(x)), sumOne);
  EXPECT_EQ(valuesOf(expCpu(x)), expOne);
  EXPECT_THAT(valuesOf(sumCpu(x)), ElementsAre(DoubleNear(std::log(static_cast<double>(n)) + 0.5772, 1e-3)));
  setNumThreads(0);
}

TEST(Parallel, ChunksCoverTheRangeOnceAndExceptionsReachTheCaller) {
  std::vector<int> hits(100000, 0);
  parallelFor(0, 100000, 1000, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) ++hits[static_cast<std::size_t>(i)];
  });
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), 100000);
  EXPECT_EQ(errorOf([] {
              parallelFor(0, 10, 1, [](std::int64_t begin, std::int64_t) {
                if (begin == 7) throw std::runtime_error("chunk 7 failed");
              });
            }),
            "chunk 7 failed");
}

// 1.13's argmax runs its loop only on a non-empty iteration, so an empty
// result refuses no dtype: torch.zeros(0, 3, dtype=torch.bool).argmax(1) is
// tensor([], dtype=torch.int64), and along dimension 0 the meta's error.
// The CUDA kernel shares this part of the impl() (tests/gpu/).
TEST(CpuKernels, ArgmaxOfAnEmptyResultChecksNoDtype) {
  const Tensor empty = emptyTensor({0, 3}, {ScalarType::Bool, kCpu});
  const Tensor result = argmax(empty, 1);
  EXPECT_EQ(result.sizes(), Sizes({0}));
  EXPECT_EQ(result.dtype(), ScalarType::Long);
  EXPECT_EQ(errorOf([&] { argmax(empty, 0); }), "argmax(): Expected reduction dim 0 to have non-zero size.");
  EXPECT_EQ(errorOf([&] {
              argmax(emptyTensor({2, 3}, {ScalarType::Bool, kCpu}), 1);
            }),
            "\"argmax_cpu\" not implemented for 'Bool'");
}

}  // namespace
}  // namespace mini
