// Exercise 06.1: the BackendSelect kernel of torch.eye.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/exercises/eye_backend_select.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Exercise06_1, EyeOnTheCpuInTheAskedDtype) {
  runExercise([] {
    const Tensor identity = eye(3, {ScalarType::Long});
    EXPECT_EQ(identity.dtype(), ScalarType::Long);
    EXPECT_EQ(identity.device(), kCpu);
    EXPECT_THAT(values(identity), ElementsAre(1, 0, 0, 0, 1, 0, 0, 0, 1));
    EXPECT_EQ(eye(2).dtype(), ScalarType::Float);
  });
}

TEST(Exercise06_1, TheDeviceArgumentPicksTheBackend) {
  runExercise([] {
    const Tensor meta = eye(1000000, {ScalarType::Float, kMeta});
    EXPECT_EQ(meta.device(), kMeta);
    EXPECT_EQ(meta.sizes(), (Sizes{1000000, 1000000}));
  });
}

}  // namespace
}  // namespace mini
