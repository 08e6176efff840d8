// The Real representation, added without editing an operator.
#include <gtest/gtest.h>

#include "mini/operators.h"

namespace mini {
namespace {

TEST(RealKernelsTest, MulOfASumOfRealsIsReal) {
  const Number product = mul(add(real(1.5), real(2.25)), real(2));
  EXPECT_EQ(product.key, DispatchKey::Real) << "mul(Real, Real) must stay Real, got " << product;
  EXPECT_DOUBLE_EQ(product.first, 7.5);
}

TEST(RealKernelsTest, MulOfRealsIsReal) {
  const Number product = mul(real(-2), real(3.5));
  EXPECT_EQ(product.key, DispatchKey::Real) << "mul(Real, Real) must stay Real, got " << product;
  EXPECT_DOUBLE_EQ(product.first, -7);
}

TEST(RealKernelsTest, KernelsLiveInTheirOwnFileNotInTheOperator) {
  const auto site = mulTable().registrationSite(DispatchKey::Real);
  ASSERT_TRUE(site.has_value());
  EXPECT_NE(std::string(site->file).find("real_kernels.cpp"), std::string::npos) << site->file;
}

}  // namespace
}  // namespace mini
