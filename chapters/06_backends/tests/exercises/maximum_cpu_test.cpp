// Exercise 06.2: torch.maximum on the CPU, with dtype dispatch.
#include <cmath>
#include <limits>
#include <vector>

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

TEST(Exercise06_2, ANaNOnEitherSideGivesNaN) {
  runExercise([] {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (ScalarType dtype : {ScalarType::Float, ScalarType::Double}) {
      // torch.maximum(torch.tensor([1., nan, nan, 2.]), torch.tensor([nan, 1., nan, 1.]))
      //   == tensor([nan, nan, nan, 2.]) in 1.13: the NaN propagates from either side.
      Tensor result = maximumCpu(cpuTensor({1, nan, nan, 2}, {4}, dtype), cpuTensor({nan, 1, nan, 1}, {4}, dtype));
      const std::vector<double> values = valuesOf(result);
      EXPECT_TRUE(std::isnan(values[0])) << values[0];
      EXPECT_TRUE(std::isnan(values[1])) << values[1];
      EXPECT_TRUE(std::isnan(values[2])) << values[2];
      EXPECT_EQ(values[3], 2);
    }
  });
}

TEST(Exercise06_2, BroadcastsAndPromotesLikeAdd) {
  runExercise([] {
    Tensor result =
        maximumCpu(cpuTensor({1, 2, 3}, {3, 1}, ScalarType::Long), cpuTensor({2.5, 0}, {2}, ScalarType::Float));
    EXPECT_EQ(result.dtype(), ScalarType::Float);
    EXPECT_EQ(result.sizes(), (Sizes{3, 2}));
    EXPECT_THAT(valuesOf(result), ElementsAre(2.5, 1, 2.5, 2, 3, 3));
    // 1.13's words, after the operator's name the course's C++ errors lead with.
    EXPECT_EQ(errorOf([] {
                maximumCpu(cpuTensor({1, 2}, {2}), cpuTensor({1, 2, 3}, {3}));
              }),
              "maximum: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  });
}

}  // namespace
}  // namespace mini
