// Exercise 06.2: torch.maximum on the CPU, with dtype dispatch.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/exercises/maximum_cpu.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::runExercise;
using mini_test::valuesOf;
using ::testing::ElementsAre;

TEST(Exercise06_2, ElementwiseLargerPerDtype) {
  runExercise([] {
    for (ScalarType dtype : {ScalarType::Long, ScalarType::Float, ScalarType::Double}) {
      Tensor result = maximumCpu(cpuTensor({1, 5, -3}, {3}, dtype), cpuTensor({4, 2, -7}, {3}, dtype));
      EXPECT_EQ(result.dtype(), dtype);
      EXPECT_THAT(valuesOf(result), ElementsAre(4, 5, -3));
    }
    EXPECT_THAT(
        valuesOf(maximumCpu(cpuTensor({1, 0}, {2}, ScalarType::Bool), cpuTensor({0, 0}, {2}, ScalarType::Bool))),
        ElementsAre(1, 0));
  });
}

TEST(Exercise06_2, BroadcastsAndPromotesLikeAdd) {
  runExercise([] {
    Tensor result =
        maximumCpu(cpuTensor({1, 2, 3}, {3, 1}, ScalarType::Long), cpuTensor({2.5, 0}, {2}, ScalarType::Float));
    EXPECT_EQ(result.dtype(), ScalarType::Float);
    EXPECT_EQ(result.sizes(), (Sizes{3, 2}));
    EXPECT_THAT(valuesOf(result), ElementsAre(2.5, 1, 2.5, 2, 3, 3));
    EXPECT_THAT(errorOf([] {
                  maximumCpu(cpuTensor({1, 2}, {2}), cpuTensor({1, 2, 3}, {3}));
                }),
                ::testing::HasSubstr("must match the size of tensor b (3)"));
  });
}

}  // namespace
}  // namespace mini
