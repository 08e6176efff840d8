// Exercise 04.5: a trace recorded by the Tracer fallback, replayed on new
// inputs through the dispatcher, and composed with the chapter's other
// fallbacks: Batched (a batched input) and Tracer (a replay is traced).
#include "mini/exercises/replay_trace.h"

#include <string_view>

#include <fmt/format.h>

#include "mini/extension/myops.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::replayTrace;

/// The program the tests trace: inputs x and y, y first seen after a call.
/// `countElements` adds a call whose result is not a tensor,
/// `2 = myops::mynumel(%3)` (which the Batched fallback refuses).
Tensor program(const Tensor& x, const Tensor& y, bool countElements = true) {
  const Tensor scaled = myscale(x, 3.0);  // the trace prints 3.0 as `3`
  const Tensor product = mymul(scaled, y);
  if (countElements) {
    (void)mynumel(product);
  }
  return mysum(product);
}

Trace traced(const Tensor& x, const Tensor& y, bool countElements = true) {
  TracingScope tracing;
  (void)program(x, y, countElements);
  return tracing.trace();
}

/// replayTrace's values, or a failure that shows what it threw.
std::map<std::string, IValue> replay(const Trace& trace, const std::vector<Tensor>& inputs) {
  try {
    return replayTrace(trace, inputs);
  } catch (const ExerciseNotDone&) {
    throw;
  } catch (const std::exception& error) {
    const bool unbound = std::string_view(error.what()) == "map::at";
    ADD_FAILURE() << "replaying\n"
                  << trace.str() << "threw: " << error.what()
                  << (unbound ? " (a %k the trace uses was never bound: each `%k = input` line binds the next "
                                "input under its own name, %0 and %2 here)"
                              : "");
    return {};
  }
}

TEST(Exercise04_5, ReplaysOnNewInputs) {
  mini_test::runExercise([&] {
    const Trace trace = traced(makeTensor(std::vector<double>{1, 2}), makeTensor(std::vector<double>{10, 20}));
    ASSERT_EQ(trace.lines().at(2), "%2 = input tensor([10, 20], CPUBit)") << trace.str();
    const Tensor a = makeTensor(std::vector<double>{4, 5});
    const Tensor b = makeTensor(std::vector<double>{2, 0.5});
    const std::map<std::string, IValue> values = replay(trace, {a, b});
    ASSERT_TRUE(values.contains("%4")) << "the last call's result is %4";
    EXPECT_EQ(values.at("%0").toTensor().values(), a.values()) << "the first input line binds the first input";
    EXPECT_EQ(values.at("%2").toTensor().values(), b.values())
        << "the second input line (%2, after a call) binds the second input";
    EXPECT_EQ(values.at("%4").toTensor().item(), program(a, b).item()) << "3 * (4 * 2) + 3 * (5 * 0.5)";
  });
}

TEST(Exercise04_5, ABatchedInputRunsThroughTheBatchedFallback) {
  mini_test::runExercise([&] {
    const Trace trace =
        traced(makeTensor(std::vector<double>{1, 2}), makeTensor(std::vector<double>{10, 20}), /*countElements=*/false);
    const Tensor rows = makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}});
    const std::map<std::string, IValue> values = replay(trace, {rows, makeTensor(std::vector<double>{1, 1})});
    ASSERT_TRUE(values.contains("%4")) << trace.str();
    const Tensor result = values.at("%4").toTensor();
    EXPECT_EQ(result.batchSize(), 3u) << "a batched input makes a batched result: each call goes through the "
                                         "dispatcher, whose Batched fallback runs it per row";
    EXPECT_EQ(result.values(), (std::vector<double>{9, 21, 33}));
  });
}

TEST(Exercise04_5, AReplayIsTracedLikeTheProgram) {
  mini_test::runExercise([&] {
    const Tensor x = makeTensor(std::vector<double>{1, 2});
    const Tensor y = makeTensor(std::vector<double>{10, 20});
    const Trace trace = traced(x, y);
    TracingScope again;
    (void)replay(trace, {x, y});
    EXPECT_EQ(again.trace().str(), trace.str())
        << "replayed under a TracingScope, the calls reach the Tracer fallback as the program's did";
  });
}

TEST(Exercise04_5, TheInputsMustMatchTheTrace) {
  mini_test::runExercise([&] {
    const Trace trace = traced(makeTensor(1), makeTensor(2));
    try {
      (void)replayTrace(trace, {makeTensor(1)});
      ADD_FAILURE() << "one input for a trace of two must be refused";
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::invalid_argument& error) {
      EXPECT_STREQ(error.what(), "replayTrace: the trace has 2 inputs but 1 were given");
    }
  });
}

TEST(Exercise04_5, ExtraInputsAreRefusedToo) {
  mini_test::runExercise([&] {
    const Trace trace = traced(makeTensor(1), makeTensor(2));
    try {
      (void)replayTrace(trace, {makeTensor(1), makeTensor(2), makeTensor(3)});
      ADD_FAILURE() << "three inputs for a trace of two must be refused: the numbers must be equal, and an input "
                       "the trace never reads is a caller's mistake as much as a missing one";
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::invalid_argument& error) {
      EXPECT_STREQ(error.what(), "replayTrace: the trace has 2 inputs but 3 were given");
    }
  });
}

}  // namespace
}  // namespace mini
