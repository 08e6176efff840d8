// Exercise 06.5: the meta() of a structured operator with three inputs
// (torch.lerp). What torch 1.13 gives is in tests/data/parity/lerp.txt
// (maint/reference/gen_parity_data.py); the tests below pick the cases that say what
// a meta() got wrong, the last runs them all.
#include <string>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/util/warning.h"
#include "parity/parity_data.h"
#include "parity/parity_runner.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::runExercise;
using mini_test::valuesOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Tensor metaTensor(const Sizes& sizes, ScalarType dtype = ScalarType::Float) {
  return emptyTensor(sizes, {dtype, kMeta});
}

TEST(Exercise06_5, BroadcastsAllThreeInputs) {
  runExercise([] {
    // On Meta first: meta() alone decides the shape.
    EXPECT_EQ(lerp(metaTensor({3}), metaTensor({3}), metaTensor({2, 1})).sizes(), (Sizes{2, 3}))
        << "the weight takes part in the broadcast: [3], [3] and [2, 1] give [2, 3]";
    EXPECT_EQ(lerp(metaTensor({2, 1}), metaTensor({3}), metaTensor({})).sizes(), (Sizes{2, 3}));
    EXPECT_EQ(lerp(metaTensor({}), metaTensor({}), metaTensor({4, 1, 1})).sizes(), (Sizes{4, 1, 1}));
    // weight [2, 1]: one row with weight 0 (self), one with 0.5.
    const Tensor result = lerp(cpuTensor({0, 10, 20}, {3}), cpuTensor({10, 20, 30}, {3}), cpuTensor({0, 0.5}, {2, 1}));
    EXPECT_EQ(result.sizes(), (Sizes{2, 3}));
    EXPECT_THAT(valuesOf(result), ElementsAre(0, 10, 20, 5, 15, 25));
    EXPECT_THAT(errorOf([] {
                  lerp(cpuTensor({1, 2, 3}, {3}), cpuTensor({1, 2, 3}, {3}), cpuTensor({1, 2}, {2}));
                }),
                HasSubstr("The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"))
        << "a weight that does not broadcast with self and end is refused";
  });
}

TEST(Exercise06_5, RefusesASecondDtypeInTorchsWords) {
  runExercise([] {
    const Tensor f = cpuTensor({1, 2}, {2}, ScalarType::Float);
    const Tensor d = cpuTensor({1, 2}, {2}, ScalarType::Double);
    EXPECT_EQ(lerp(f, f, f).dtype(), ScalarType::Float);  // one dtype for all three: no error
    EXPECT_EQ(errorOf([&] { lerp(f, d, f); }), "expected dtype float for `end` but got dtype double");
    EXPECT_EQ(errorOf([&] { lerp(f, f, cpuTensor({0.5}, {}, ScalarType::Double)); }),
              "expected dtype float for `weight` but got dtype double")
        << "1.13 refuses a weight of another dtype, even a 0-dim one: lerp promotes nothing";
    EXPECT_EQ(errorOf([&] { lerp(cpuTensor({1}, {1}, ScalarType::Long), f, f); }),
              "expected dtype long int for `end` but got dtype float")
        << "the dtypes are spelled as a tensor's .dtype() prints them (typeMetaName), not as ScalarType";
    // In place, the dtypes are checked before the shapes.
    Tensor self = cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Double);
    EXPECT_EQ(errorOf([&] {
                self.lerp_(cpuTensor({1, 2, 3, 4}, {4}, ScalarType::Float), self);
              }),
              "expected dtype double for `end` but got dtype float");
    // And before the devices: torch.lerp(torch.tensor([1.]), torch.tensor([1.],
    // dtype=torch.float64, device="meta"), torch.tensor([0.5])) in 1.13.
    EXPECT_EQ(errorOf([&] { lerp(cpuTensor({1}, {1}, ScalarType::Float), metaTensor({1}, ScalarType::Double), f); }),
              "expected dtype float for `end` but got dtype double")
        << "end has another dtype and another device: 1.13 names the dtype";
  });
}

TEST(Exercise06_5, MetaComputesTheShapeAlone) {
  runExercise([] {
    const Tensor result = lerp(metaTensor({3, 1}, ScalarType::Double), metaTensor({4}, ScalarType::Double),
                               metaTensor({}, ScalarType::Double));
    EXPECT_TRUE(result.device().isMeta()) << "the output goes on the inputs' device";
    EXPECT_EQ(result.sizes(), (Sizes{3, 4}));
    EXPECT_EQ(result.dtype(), ScalarType::Double);
    // No kernel runs on Meta, so no dtype is refused for lacking one (as in torch).
    EXPECT_EQ(
        lerp(metaTensor({2}, ScalarType::Long), metaTensor({2}, ScalarType::Long), metaTensor({2}, ScalarType::Long))
            .dtype(),
        ScalarType::Long);
    EXPECT_THAT(
        errorOf([] { lerp(cpuTensor({1}, {1}), metaTensor({1}, ScalarType::Double), cpuTensor({1}, {1})); }),
        HasSubstr("Expected all tensors to be on the same device, but found at least two devices, meta and cpu!"));
  });
}

TEST(Exercise06_5, RefusesAWeightOnAnotherDevice) {
  runExercise([] {
    // torch.lerp(cpu, cpu, weight on meta) is refused by 1.13: the weight is
    // an input of TensorIterator as self and end are. (Meta is the highest
    // backend of the three, so meta() is all that runs.)
    (void)lerp(cpuTensor({1}, {1}), cpuTensor({2}, {1}), cpuTensor({0.5}, {1}));  // the stub says "not done" here
    EXPECT_THAT(
        errorOf([] { lerp(cpuTensor({1}, {1}), cpuTensor({2}, {1}), metaTensor({1}, ScalarType::Double)); }),
        HasSubstr("Expected all tensors to be on the same device, but found at least two devices, meta and cpu!"))
        << "self and end on the CPU, the weight on Meta: meta() must check the devices of all three inputs, the "
           "weight's too";
  });
}

TEST(Exercise06_5, InplaceAndOutKeepOneDtype) {
  runExercise([] {
    Tensor self = cpuTensor({0, 0, 0}, {3});
    self.lerp_(cpuTensor({4, 8, 12}, {3}), cpuTensor({0.25}, {}));
    EXPECT_THAT(valuesOf(self), ElementsAre(1, 2, 3));
    EXPECT_EQ(errorOf([&] {
                self.lerp_(cpuTensor({1, 2, 3, 4, 5, 6}, {2, 3}), cpuTensor({0.5}, {}));
              }),
              "output with shape [3] doesn't match the broadcast shape [2, 3]");
    const Tensor a = cpuTensor({0, 4}, {2}, ScalarType::Float);
    for (ScalarType dtype : {ScalarType::Double, ScalarType::Long}) {
      Tensor out = emptyTensor({0}, {dtype, kCpu});
      EXPECT_EQ(errorOf([&] { lerp_out(out, a, a, a); }),
                fmt::format("Found dtype {} but expected Float", scalarTypeCName(dtype)))
          << "an out= tensor must have the inputs' dtype: lerp does not cast into it, as add does";
    }
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    lerp_out(out, cpuTensor({0, 10}, {2, 1}), cpuTensor({2}, {1}), cpuTensor({0.5}, {}));
    EXPECT_EQ(out.sizes(), (Sizes{2, 1}));
    EXPECT_THAT(valuesOf(out), ElementsAre(1, 6));
  });
}

TEST(Exercise06_5, AgreesWithTorch113) {
  runExercise([] {
    using namespace mini_parity;
    const Family family = readFamily(fmt::format("{}/lerp.txt", MINI_PARITY_DATA));
    // setup: the parity data file is whole
    ASSERT_EQ(family.cases.size(), family.declared) << family.path;
    auto previous = setWarningHandler([](const std::string&) {});
    std::string report;
    for (const Case& test : family.cases) {
      const CaseResult result = runCase(test);
      if (result.verdict == Verdict::ExerciseNotDone) {
        setWarningHandler(previous);
        throw ExerciseNotDone("06.5");
      }
      if (result.verdict != Verdict::Agrees) {
        report += fmt::format("  {} ({}:{})\n    {}\n", test.name, family.path, test.line, result.detail);
      }
    }
    setWarningHandler(previous);
    if (!report.empty()) {
      ADD_FAILURE() << "cases of lerp where the chapter and torch 1.13 disagree:\n" << report;
    }
  });
}

}  // namespace
}  // namespace mini
