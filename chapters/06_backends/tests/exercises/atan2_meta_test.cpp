// Exercise 06.5: the meta() of a structured operator (torch.atan2).
#include <numbers>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::runExercise;
using mini_test::valuesOf;
using ::testing::DoubleNear;
using ::testing::ElementsAre;

TEST(Exercise06_5, BroadcastsAndMakesIntegersFloat) {
  runExercise([] {
    const Tensor result = atan2(cpuTensor({1, -1}, {2, 1}, ScalarType::Long), cpuTensor({1, 0}, {2}, ScalarType::Long));
    EXPECT_EQ(result.dtype(), ScalarType::Float);
    EXPECT_EQ(result.sizes(), (Sizes{2, 2}));
    EXPECT_THAT(valuesOf(result),
                ElementsAre(DoubleNear(std::numbers::pi / 4, 1e-6), DoubleNear(std::numbers::pi / 2, 1e-6),
                            DoubleNear(-std::numbers::pi / 4, 1e-6), DoubleNear(-std::numbers::pi / 2, 1e-6)));
    EXPECT_THAT(errorOf([] {
                  atan2(cpuTensor({1, 2}, {2}), cpuTensor({1, 2, 3}, {3}));
                }),
                ::testing::HasSubstr("must match the size of tensor b (3)"));
  });
}

TEST(Exercise06_5, MetaComputesTheShapeAlone) {
  runExercise([] {
    const Tensor a = emptyTensor({3, 1}, {ScalarType::Double, kMeta});
    const Tensor b = emptyTensor({4}, {ScalarType::Float, kMeta});
    const Tensor result = atan2(a, b);
    EXPECT_TRUE(result.device().isMeta());
    EXPECT_EQ(result.sizes(), (Sizes{3, 4}));
    EXPECT_EQ(result.dtype(), ScalarType::Double);
  });
}

TEST(Exercise06_5, InplaceAndOutUseTheOutputsDtype) {
  runExercise([] {
    Tensor self = cpuTensor({1, 1}, {2}, ScalarType::Float);
    self.atan2_(cpuTensor({1, -1}, {2}, ScalarType::Double));
    EXPECT_EQ(self.dtype(), ScalarType::Float);
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    atan2_out(out, cpuTensor({0}, {1}), cpuTensor({1}, {1}));
    EXPECT_THAT(valuesOf(out), ElementsAre(0));
    Tensor integers = cpuTensor({1}, {1}, ScalarType::Long);
    EXPECT_EQ(errorOf([&] { integers.atan2_(integers); }),
              "atan2: result type Float can't be cast to the desired output type Long");
  });
}

}  // namespace
}  // namespace mini
