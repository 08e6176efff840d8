// Exercise 06.4: a kernel on the out-of-tree backend's key.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "mini/aten/aten.h"
#include "mini/exercises/sin_private_use1.h"
#include "mini/util/load_library.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Exercise06_4, SinRunsOnTheCountedDevice) {
  static const LoadedLibrary countedDevice(besideThisProgram(MINI_COUNTED_DEVICE_LIBRARY));
  const Device device{DeviceType::PrivateUse1, 0};
  runExercise([&] {
    const Tensor x = fromValues({0, 1, -2}, {3}).to(device);
    const Tensor y = sin(x);
    EXPECT_EQ(y.device(), device);
    EXPECT_EQ(y.dtype(), ScalarType::Double);
    EXPECT_THAT(values(y), ElementsAre(0, std::sin(1.0), std::sin(-2.0)));
  });
}

}  // namespace
}  // namespace mini
