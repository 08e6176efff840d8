// add and mul through their tables, as the chapter registers them.
#include <numbers>

#include <gtest/gtest.h>

#include "mini/if_else_ladder.h"
#include "mini/operators.h"

namespace mini {
namespace {

constexpr double kPi = std::numbers::pi;

TEST(Operators, TheChapterRegistersRectangularAndPolarFromTheirOwnFiles) {
  for (auto* table : {&addTable(), &mulTable()}) {
    EXPECT_EQ(table->registrationSite(DispatchKey::Rectangular)->file,
              std::string("chapters/01_vtable/src/rectangular_kernels.cpp"));
    EXPECT_EQ(table->registrationSite(DispatchKey::Polar)->file,
              std::string("chapters/01_vtable/src/polar_kernels.cpp"));
  }
}

TEST(Operators, KeyIsTheHighestPriorityAmongAllArguments) {
  EXPECT_EQ(computeDispatchKey(rectangular(1, 0), polar(1, 0)), DispatchKey::Polar);
  EXPECT_EQ(computeDispatchKey(polar(1, 0), rectangular(1, 0)), DispatchKey::Polar);
  EXPECT_EQ(computeDispatchKey(real(1), rectangular(1, 0)), DispatchKey::Rectangular);
  EXPECT_EQ(computeDispatchKey(real(1), real(2)), DispatchKey::Real);
}

TEST(Operators, AddOfRectangularsStaysRectangular) {
  const Number sum = add(rectangular(1, 2), rectangular(3, -5));
  EXPECT_EQ(sum.key, DispatchKey::Rectangular);
  EXPECT_TRUE(approxEqual(sum, rectangular(4, -3))) << fmt::format("{}", sum);
}

TEST(Operators, MixedAddRunsThePolarKernelAndReturnsPolar) {
  const Number sum = add(rectangular(1, 0), polar(1, kPi / 2));
  EXPECT_EQ(sum.key, DispatchKey::Polar);
  EXPECT_TRUE(approxEqual(sum, rectangular(1, 1))) << fmt::format("{}", sum);
}

TEST(Operators, MulInPolarMultipliesMagnitudesAndAddsAngles) {
  const Number product = mul(polar(2, kPi / 4), polar(3, kPi / 4));
  EXPECT_EQ(product.key, DispatchKey::Polar);
  EXPECT_NEAR(product.first, 6, 1e-12);
  EXPECT_NEAR(product.second, kPi / 2, 1e-12);
  EXPECT_TRUE(approxEqual(mul(rectangular(0, 1), rectangular(0, 1)), rectangular(-1, 0)));
}

TEST(Operators, TableAndLadderAgreeOnEveryComplexPair) {
  const Number values[] = {rectangular(1, 2), rectangular(-3, 0.5), polar(2, 1), polar(0.5, -2)};
  for (const Number& a : values) {
    for (const Number& b : values) {
      const Number byTable = add(a, b);
      const Number byLadder = addWithLadder(a, b);
      EXPECT_EQ(byTable.key, byLadder.key) << fmt::format("{} + {}", a, b);
      EXPECT_TRUE(approxEqual(byTable, byLadder)) << fmt::format("{} + {}", a, b);
    }
  }
}

}  // namespace
}  // namespace mini
