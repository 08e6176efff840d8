// Exercise 03.4: the reason a kernel's schema does not fit, in PyTorch's words.
#include <gtest/gtest.h>

#include "mini/exercises/schema_mismatch.h"
#include "mini/op_registration/infer_schema.h"
#include "mini/op_registration/schema_parser.h"
#include "support/exercise_source.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

std::optional<std::string> mismatch(const FunctionSchema& inferred, const char* specified) {
  return exercises::describeSchemaMismatch(inferred, parseSchema(specified));
}

TEST(Exercise03_4, MatchingSchemasHaveNoReason) {
  runExercise([] {
    const FunctionSchema binary = inferFunctionSchema<Tensor(const Tensor&, const Tensor&)>();
    EXPECT_EQ(mismatch(binary, "myadd(Tensor self, Tensor other) -> Tensor"), std::nullopt);
    // Names, defaults, alias annotations and list sizes are not types.
    EXPECT_EQ(mismatch(inferFunctionSchema<Tensor(const Tensor&, std::vector<std::int64_t>)>(),
                       "f(Tensor(a!) self, int[2] size=[1, 1]) -> Tensor(a!)"),
              std::nullopt);
  });
}

TEST(Exercise03_4, CountsFirstThenTypesArgumentsBeforeReturns) {
  runExercise([] {
    const FunctionSchema binary = inferFunctionSchema<Tensor(const Tensor&, const Tensor&)>();
    EXPECT_EQ(mismatch(binary, "f(Tensor self) -> Tensor"), "The number of arguments is different. 1 vs 2.");
    EXPECT_EQ(mismatch(binary, "f(Tensor self, int other) -> Tensor"), "Type mismatch in argument 2: int vs Tensor");
    EXPECT_EQ(mismatch(binary, "f(Tensor self, Tensor other) -> (Tensor, Tensor)"),
              "The number of returns is different. 2 vs 1.");
    EXPECT_EQ(mismatch(binary, "f(Tensor self, Tensor other) -> float"), "Type mismatch in return 1: float vs Tensor");
    EXPECT_EQ(mismatch(inferFunctionSchema<Tensor(std::optional<Tensor>)>(), "f(Tensor[] x) -> Tensor"),
              "Type mismatch in argument 1: Tensor[] vs Tensor?");
    // Arguments and returns both differ: the arguments are named.
    EXPECT_EQ(mismatch(binary, "f(Tensor self) -> ()"), "The number of arguments is different. 1 vs 2.");
  });
}

TEST(Exercise03_4, ComparesWhatListsAndOptionalsHold) {
  runExercise([] {
    EXPECT_EQ(mismatch(inferFunctionSchema<Tensor(std::vector<std::int64_t>)>(), "f(float[] x) -> Tensor"),
              "Type mismatch in argument 1: float[] vs int[]");
    EXPECT_EQ(mismatch(inferFunctionSchema<Tensor(std::optional<double>)>(), "f(int? x) -> Tensor"),
              "Type mismatch in argument 1: int? vs float?");
  });
}

TEST(Exercise03_4, AgreesWithTheDispatchersCheck) {
  runExercise([] {
    const FunctionSchema inferred = inferFunctionSchema<Tensor(const Tensor&, double, bool)>();
    for (const char* specified : {"f(Tensor a, float b, bool c) -> Tensor", "f(Tensor a, float b) -> Tensor",
                                  "f(Tensor a, int b, bool c) -> Tensor", "f(Tensor a, float b, bool c) -> ()",
                                  "f(Tensor a, float? b, bool c) -> Tensor"}) {
      EXPECT_EQ(mismatch(inferred, specified), findSchemaDifferences(inferred, parseSchema(specified))) << specified;
    }
  });
}

TEST(Exercise03_4, WritesTheCheckItself) {
  runExercise([] {
    (void)mismatch(inferFunctionSchema<Tensor(const Tensor&)>(), "f(Tensor x) -> Tensor");  // a stub: SKIPPED
    mini_test::expectDoesNotCall("schema_mismatch.cpp", "findSchemaDifferences",
                                 "that is the dispatcher's own check, which the other tests compare yours with; "
                                 "the exercise is to write it");
  });
}

}  // namespace
}  // namespace mini
