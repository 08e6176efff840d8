// The elementwise loop's fast paths give what the general path gives: the
// contiguous loop in blocks of 16 plus a remainder (in place too), the
// one-element add, parallelFor's single chunk called directly, and the
// strided odometer for transposed and broadcast operands.
#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/aten/parallel.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/elementwise_functors.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::valuesOf;
using ::testing::ElementsAre;

// 0, 1, ..., n - 1 and their doubles, for sums that are easy to check.
std::vector<double> ramp(std::size_t n, double scale) {
  std::vector<double> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = scale * static_cast<double>(i);
  }
  return values;
}

TEST(ElementwiseFastPaths, ContiguousBlocksAndTheirRemainderAreAllComputed) {
  // 16 * 2 + 5: two whole blocks and a remainder, per dtype the loop is made for.
  for (ScalarType dtype : {ScalarType::Float, ScalarType::Double, ScalarType::Long}) {
    const Tensor a = cpuTensor(ramp(37, 1.0), {37}, dtype);
    const Tensor b = cpuTensor(ramp(37, 2.0), {37}, dtype);
    EXPECT_EQ(valuesOf(add(a, b)), ramp(37, 3.0)) << fmt::format("{}", dtype);
  }
}

TEST(ElementwiseFastPaths, ContiguousLoopInPlaceReadsEachBlockBeforeWritingIt) {
  Tensor a = cpuTensor(ramp(40, 1.0), {40}, ScalarType::Float);
  const Tensor b = cpuTensor(ramp(40, 1.0), {40}, ScalarType::Float);
  a.add_(b);
  EXPECT_EQ(valuesOf(a), ramp(40, 2.0));
  // out and the only input the same array: each element from its own old value.
  std::vector<float> data(35);
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = static_cast<float>(i);
  }
  detail::contiguousLoop(0, 35, data.data(), NegOp<float>{}, static_cast<const float*>(data.data()));
  for (std::size_t i = 0; i < data.size(); ++i) {
    EXPECT_EQ(data[i], -static_cast<float>(i));
  }
}

TEST(ElementwiseFastPaths, OneElementAddMatchesTheGeneralPath) {
  const Tensor a = cpuTensor({1.5}, {1}, ScalarType::Float);
  const Tensor b = cpuTensor({2.25}, {1}, ScalarType::Float);
  EXPECT_THAT(valuesOf(add(a, b)), ElementsAre(3.75));
  // Zero-dimensional, and [1, 1] with a stride that is not contiguous's: both
  // still take the flat loop (a size-1 dimension's stride is never used).
  EXPECT_THAT(valuesOf(add(cpuTensor({1.5}, {}, ScalarType::Float), b)), ElementsAre(3.75));
  const Tensor oddStride = makeView(cpuTensor({0, 1.5}, {2}, ScalarType::Float), {1, 1}, {7, 9}, 1);
  EXPECT_THAT(valuesOf(add(oddStride, b)), ElementsAre(3.75));
}

TEST(ElementwiseFastPaths, TransposedAndBroadcastOperandsTakeTheStridedPath) {
  // [[0, 1, 2], [3, 4, 5]] transposed is [[0, 3], [1, 4], [2, 5]]: the
  // strided loop must read it in that order, not in storage order.
  const Tensor x = cpuTensor(ramp(6, 1.0), {2, 3}, ScalarType::Float);
  const Tensor transposed = t(x);
  const Tensor ones3x2 = cpuTensor({1, 1, 1, 1, 1, 1}, {3, 2}, ScalarType::Float);
  EXPECT_THAT(valuesOf(add(transposed, ones3x2)), ElementsAre(1, 4, 2, 5, 3, 6));
  EXPECT_EQ(valuesOf(add(transposed, ones3x2)), valuesOf(add(contiguousCpu(transposed), ones3x2)));
  const Tensor row = cpuTensor({10, 20, 30}, {3}, ScalarType::Float);
  EXPECT_THAT(valuesOf(add(x, row)), ElementsAre(10, 21, 32, 13, 24, 35));
}

TEST(ElementwiseFastPaths, ASingleChunkIsTheBodyCalledOnceOnTheCaller) {
  std::vector<std::pair<std::int64_t, std::int64_t>> chunks;
  parallelFor(3, 10, kGrainSize, [&](std::int64_t begin, std::int64_t end) { chunks.emplace_back(begin, end); });
  EXPECT_THAT(chunks, ElementsAre(std::pair<std::int64_t, std::int64_t>{3, 10}));
  chunks.clear();
  parallelFor(5, 5, kGrainSize, [&](std::int64_t begin, std::int64_t end) { chunks.emplace_back(begin, end); });
  EXPECT_TRUE(chunks.empty());
  EXPECT_EQ(errorOf([] {
              parallelFor(0, 1, kGrainSize, [](std::int64_t, std::int64_t) { throw std::runtime_error("one chunk"); });
            }),
            "one chunk");
}

}  // namespace
}  // namespace mini
