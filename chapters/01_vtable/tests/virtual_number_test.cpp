// The vtable version: one dispatch on `this`.
#include <cmath>
#include <memory>
#include <numbers>

#include <gtest/gtest.h>

#include "mini/virtual_number.h"

namespace mini {
namespace {

TEST(VirtualNumber, MagnitudeDispatchesOnTheDynamicType) {
  std::unique_ptr<VirtualNumber> numbers[] = {std::make_unique<VirtualRectangular>(3, 4),
                                              std::make_unique<VirtualPolar>(5, 1)};
  for (const auto& number : numbers) {
    EXPECT_DOUBLE_EQ(number->magnitude(), 5);
  }
}

TEST(VirtualNumber, PolarReportsItsRectangularParts) {
  const VirtualPolar z(2, std::numbers::pi / 2);
  EXPECT_NEAR(z.realPart(), 0, 1e-12);
  EXPECT_NEAR(z.imagPart(), 2, 1e-12);
}

}  // namespace
}  // namespace mini
