// float16 and bfloat16: storage, rounding, printing, promotion, dispatch.
// Values and promotion of every operator against torch 1.13 are in the
// parity suite (Parity.ReducedPrecision); these pin the pieces underneath.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/core/type_promotion.h"
#include "mini/generated/Functions.h"
#include "mini/generated/NativeFunctions.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

// The bits torch gives: torch.tensor([x]).half().view(torch.int16).
TEST(Half, RoundsToNearestEvenAsTorch) {
  EXPECT_EQ(Half(1.0f).x, 0x3C00);
  EXPECT_EQ(Half(1.00048828125f).x, 0x3C00);           // a tie: down to the even mantissa
  EXPECT_EQ(Half(1.00146484375f).x, 0x3C02);           // a tie: up to the even mantissa
  EXPECT_EQ(Half(65504.0f).x, 0x7BFF);                 // the largest finite half
  EXPECT_EQ(Half(65519.0f).x, 0x7BFF);                 // still rounds down to it
  EXPECT_EQ(Half(65520.0f).x, 0x7C00);                 // the first value that rounds to inf
  EXPECT_EQ(Half(5.960464477539063e-08f).x, 0x0001);   // the smallest subnormal
  EXPECT_EQ(Half(2.9802322387695312e-08f).x, 0x0000);  // half of it: a tie, to even (0)
  EXPECT_EQ(Half(-0.0f).x, 0x8000);
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(std::numeric_limits<float>::quiet_NaN()))));
  EXPECT_EQ(static_cast<float>(Half::bits(0x3555)), 0.333251953125f);
  EXPECT_EQ(static_cast<float>(Half::bits(0x0001)), 5.960464477539063e-08f);
}

TEST(BFloat16, RoundsToNearestEvenAsTorch) {
  EXPECT_EQ(BFloat16(1.0f).x, 0x3F80);
  EXPECT_EQ(BFloat16(1.00390625f).x, 0x3F80);  // 1 + 2^-8, a tie: down to even
  EXPECT_EQ(BFloat16(1.01171875f).x, 0x3F82);  // 1 + 3 * 2^-8, a tie: up to even
  EXPECT_EQ(BFloat16(0.1f).x, 0x3DCD);
  EXPECT_EQ(BFloat16(std::numeric_limits<float>::max()).x, 0x7F80);  // rounds to inf
  EXPECT_EQ(BFloat16(std::numeric_limits<float>::quiet_NaN()).x, 0x7FC0);
  EXPECT_EQ(static_cast<float>(BFloat16::bits(0x4049)), 3.140625f);
}

// Arithmetic is float's, rounded once: 1 + 2^-11 is not representable in
// half, so 1 + 2^-11 + 2^-11 computed in half stays 1.
TEST(Half, ComputesInFloatAndRoundsEachResult) {
  const Half tiny(0.00048828125f);
  EXPECT_EQ(static_cast<float>(Half(1.0f) + tiny), 1.0f);
  EXPECT_EQ(static_cast<float>(-Half(2.5f)), -2.5f);
  EXPECT_EQ((-Half(0.0f)).x, 0x8000);
  static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2);
  static_assert(std::is_same_v<OpMathType<Half>, float> && std::is_same_v<OpMathType<double>, double>);
}

TEST(ScalarType, TwoByteFloatsAsTorchNamesThem) {
  EXPECT_EQ(itemSize(ScalarType::Half), 2u);
  EXPECT_EQ(itemSize(ScalarType::BFloat16), 2u);
  EXPECT_EQ(fmt::format("{}", ScalarType::Half), "float16");
  EXPECT_EQ(fmt::format("{}", ScalarType::BFloat16), "bfloat16");
  EXPECT_EQ(scalarTypeCName(ScalarType::Half), "Half");
  EXPECT_EQ(scalarTypeCName(ScalarType::BFloat16), "BFloat16");
  EXPECT_TRUE(isFloatingType(ScalarType::Half));
  EXPECT_TRUE(isReducedFloatingType(ScalarType::BFloat16));
  EXPECT_FALSE(isReducedFloatingType(ScalarType::Float));
  static_assert(std::is_same_v<CppTypeOf<ScalarType::Half>::type, Half>);
  static_assert(scalarTypeOf<BFloat16>() == ScalarType::BFloat16);
}

// torch.promote_types of 1.13, every pair with a two-byte float.
TEST(TypePromotion, TwoByteFloatsPromoteAsTorch) {
  EXPECT_EQ(promoteTypes(ScalarType::Half, ScalarType::Float), ScalarType::Float);
  EXPECT_EQ(promoteTypes(ScalarType::Half, ScalarType::BFloat16), ScalarType::Float);
  EXPECT_EQ(promoteTypes(ScalarType::BFloat16, ScalarType::Half), ScalarType::Float);
  EXPECT_EQ(promoteTypes(ScalarType::Long, ScalarType::Half), ScalarType::Half);
  EXPECT_EQ(promoteTypes(ScalarType::Bool, ScalarType::BFloat16), ScalarType::BFloat16);
  EXPECT_EQ(promoteTypes(ScalarType::Double, ScalarType::BFloat16), ScalarType::Double);
  EXPECT_EQ(promoteTypes(ScalarType::Half, ScalarType::Half), ScalarType::Half);
  // A float64 scalar (0-dim) does not widen a float16 tensor: same category.
  EXPECT_EQ(resultType({{ScalarType::Half, false}, {ScalarType::Double, true}}), ScalarType::Half);
  EXPECT_TRUE(canCast(ScalarType::Half, ScalarType::BFloat16));
  EXPECT_FALSE(canCast(ScalarType::Half, ScalarType::Long));
}

// The _AND forms: the extra dtypes run the loop, the others are refused.
TEST(DispatchScalarType, AndFormsAddTheListedDtypes) {
  auto sizeOf = [](ScalarType type) {
    return MINI_DISPATCH_FLOATING_TYPES_AND2(ScalarType::Half, ScalarType::BFloat16, type, "probe",
                                             [&] { return sizeof(scalar_t); });
  };
  EXPECT_EQ(sizeOf(ScalarType::Half), 2u);
  EXPECT_EQ(sizeOf(ScalarType::Double), 8u);
  EXPECT_EQ(errorOf([&] { sizeOf(ScalarType::Long); }), "\"probe\" not implemented for 'Long'");
  auto onlyBFloat16 = [](ScalarType type) {
    return MINI_DISPATCH_ALL_TYPES_AND(ScalarType::BFloat16, type, "exp_probe", [&] { return sizeof(scalar_t); });
  };
  EXPECT_EQ(onlyBFloat16(ScalarType::BFloat16), 2u);
  EXPECT_EQ(errorOf([&] { onlyBFloat16(ScalarType::Half); }), "\"exp_probe\" not implemented for 'Half'");
}

TEST(Half, TensorsPrintAsTorch) {
  // torch.tensor([1.1, 2.2], dtype=torch.half) prints its rounded values.
  const Tensor half = _to_copy(mini_test::cpuTensor({1.1, 2.2}, {2}), ScalarType::Half, kCpu);
  EXPECT_EQ(fmt::format("{}", half), "tensor([1.0996, 2.1992], dtype=torch.float16)");
  const Tensor bf = _to_copy(mini_test::cpuTensor({1.1, 2.2}, {2}), ScalarType::BFloat16, kCpu);
  EXPECT_EQ(fmt::format("{}", bf), "tensor([1.1016, 2.2031], dtype=torch.bfloat16)");
}

TEST(Half, FillRefusesWhatItCannotHoldAsTorch) {
  EXPECT_EQ(errorOf([] { full({1}, 65520.0, {ScalarType::Half}); }),
            "fill_: value cannot be converted to type at::Half without overflow");
  EXPECT_EQ(errorOf([] { full({1}, 1e39, {ScalarType::BFloat16}); }),
            "fill_: value cannot be converted to type at::BFloat16 without overflow");
  // 1.13's eye loop lists float16, not bfloat16 (the kernel, called directly:
  // eye's BackendSelect kernel is exercise 06.1).
  EXPECT_EQ(errorOf([] { eyeComposite(2, ScalarType::BFloat16, kCpu); }), "\"eye\" not implemented for 'BFloat16'");
  EXPECT_EQ(eyeComposite(2, ScalarType::Half, kCpu).dtype(), ScalarType::Half);
}

}  // namespace
}  // namespace mini
