// Devices, dtypes and type promotion.
#include <gtest/gtest.h>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/core/device.h"
#include "mini/core/type_promotion.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

TEST(Device, FormatsAndParsesTorchSpellings) {
  EXPECT_EQ(fmt::format("{}", kCpu), "cpu");
  EXPECT_EQ(fmt::format("{}", cudaDevice(1)), "cuda:1");
  EXPECT_EQ(parseDevice("cuda:1"), cudaDevice(1));
  EXPECT_EQ(parseDevice("meta"), kMeta);
  EXPECT_EQ(parseDevice("privateuseone:0"), (Device{DeviceType::PrivateUse1, 0}));
  EXPECT_EQ(errorOf([] { parseDevice("tpu:0"); }),
            "Expected one of cpu, cuda, meta, privateuseone device type at start of device string: tpu:0");
  EXPECT_NE(errorOf([] { parseDevice("cuda:x"); }), "");
}

TEST(ScalarType, SizesAndNames) {
  EXPECT_EQ(itemSize(ScalarType::Bool), 1u);
  EXPECT_EQ(itemSize(ScalarType::Long), 8u);
  EXPECT_EQ(itemSize(ScalarType::Float), 4u);
  EXPECT_EQ(fmt::format("{}", ScalarType::Long), "int64");
  EXPECT_EQ(scalarTypeCName(ScalarType::Float), "Float");
  static_assert(std::is_same_v<CppTypeOf<ScalarType::Long>::type, std::int64_t>);
  static_assert(scalarTypeOf<float>() == ScalarType::Float);
}

// The values torch 1.13 gives for torch.promote_types.
TEST(TypePromotion, PromoteTypesTable) {
  EXPECT_EQ(promoteTypes(ScalarType::Bool, ScalarType::Bool), ScalarType::Bool);
  EXPECT_EQ(promoteTypes(ScalarType::Bool, ScalarType::Long), ScalarType::Long);
  EXPECT_EQ(promoteTypes(ScalarType::Long, ScalarType::Float), ScalarType::Float);
  EXPECT_EQ(promoteTypes(ScalarType::Float, ScalarType::Double), ScalarType::Double);
  EXPECT_EQ(promoteTypes(ScalarType::Double, ScalarType::Bool), ScalarType::Double);
}

// torch: (float32 [2] * float64 scalar).dtype == float32; int64 [2] * float64
// scalar is float64; int64 scalar * float32 [2] is float32.
TEST(TypePromotion, ZeroDimOperandsWinOnlyAcrossCategories) {
  EXPECT_EQ(resultType({{ScalarType::Float, false}, {ScalarType::Double, true}}), ScalarType::Float);
  EXPECT_EQ(resultType({{ScalarType::Long, false}, {ScalarType::Double, true}}), ScalarType::Double);
  EXPECT_EQ(resultType({{ScalarType::Long, true}, {ScalarType::Float, false}}), ScalarType::Float);
  EXPECT_EQ(resultType({{ScalarType::Bool, false}, {ScalarType::Long, true}}), ScalarType::Long);
  EXPECT_EQ(resultType({{ScalarType::Float, true}, {ScalarType::Double, true}}), ScalarType::Double);
  EXPECT_EQ(toFloatingResult(ScalarType::Long), ScalarType::Float);
  EXPECT_TRUE(canCast(ScalarType::Double, ScalarType::Float));
  EXPECT_FALSE(canCast(ScalarType::Float, ScalarType::Long));
  EXPECT_FALSE(canCast(ScalarType::Long, ScalarType::Bool));
}

// torch: int64 [2] * 2.5 is float32 (a Python float counts as the default
// dtype), int64 0-dim * 2.5 is float32, float64 0-dim + 2.5 stays float64,
// bool [2] + 1 is int64, int64 [2] * 2 stays int64.
TEST(TypePromotion, WrappedNumbersCountBelowZeroDimTensors) {
  EXPECT_EQ(resultType({{ScalarType::Long, false}, {ScalarType::Double, true, true}}), ScalarType::Float);
  EXPECT_EQ(resultType({{ScalarType::Long, true}, {ScalarType::Double, true, true}}), ScalarType::Float);
  EXPECT_EQ(resultType({{ScalarType::Double, true}, {ScalarType::Double, true, true}}), ScalarType::Double);
  EXPECT_EQ(resultType({{ScalarType::Bool, false}, {ScalarType::Long, true, true}}), ScalarType::Long);
  EXPECT_EQ(resultType({{ScalarType::Long, false}, {ScalarType::Long, true, true}}), ScalarType::Long);
  EXPECT_EQ(resultType({{ScalarType::Float, false}, {ScalarType::Double, true, true}}), ScalarType::Float);
  // Two numbers alone: float64 + int64 numbers give the default float type.
  EXPECT_EQ(resultType({{ScalarType::Long, true, true}, {ScalarType::Double, true, true}}), ScalarType::Float);
}

TEST(DispatchScalarType, InstantiatesTheBodyForTheRuntimeType) {
  EXPECT_EQ(MINI_DISPATCH_ALL_TYPES(ScalarType::Float, "probe", [&] { return sizeof(scalar_t); }), sizeof(float));
  EXPECT_EQ(MINI_DISPATCH_ALL_TYPES(ScalarType::Long, "probe", [&] { return sizeof(scalar_t); }), 8u);
  bool sawBool = false;
  MINI_DISPATCH_ALL_TYPES_AND_BOOL(ScalarType::Bool, "probe", [&] { sawBool = std::is_same_v<scalar_t, bool>; });
  EXPECT_TRUE(sawBool);
}

TEST(DispatchScalarType, UnsupportedTypeNamesTheOperator) {
  EXPECT_EQ(errorOf([] { MINI_DISPATCH_FLOATING_TYPES(ScalarType::Long, "exp_probe", [&] {}); }),
            "\"exp_probe\" not implemented for 'Long'");
  EXPECT_EQ(errorOf([] { MINI_DISPATCH_ALL_TYPES(ScalarType::Bool, "neg", [&] { return 0; }); }),
            "\"neg\" not implemented for 'Bool'");
}

}  // namespace
}  // namespace mini
