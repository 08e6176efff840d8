// Exercise 04.5: a trace recorded by the Tracer fallback, replayed on new
// inputs through the dispatcher, and composed with the chapter's other
// fallbacks: Batched (a batched input) and Tracer (a replay is traced).
#include "mini/exercises/replay_trace.h"

#include <set>
#include <string_view>

#include <fmt/format.h>

#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"
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

// Operators of the tests' own with what the course's myops lack: two
// results, and the argument forms the lesson promises a trace holds (a list,
// a bool, None, an overload name).
void splitKernel(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const Tensor self = pop(*stack).toTensor();
  std::vector<double> plusOne = self.values();
  std::vector<double> timesTen = self.values();
  for (std::size_t i = 0; i < plusOne.size(); ++i) {
    plusOne[i] += 1;
    timesTen[i] *= 10;
  }
  stack->emplace_back(makeTensor(plusOne));
  stack->emplace_back(makeTensor(timesTen));
}

// pick.first: the first (or the last) of the list, plus `extra` when given.
void pickKernel(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const IValue extra = pop(*stack);
  const bool first = pop(*stack).toBool();
  const std::vector<Tensor> tensors = pop(*stack).toTensorList();
  std::vector<double> picked = (first ? tensors.front() : tensors.back()).values();
  if (!extra.isNone()) {
    for (std::size_t i = 0; i < picked.size(); ++i) {
      picked[i] += extra.toTensor().values()[i];
    }
  }
  stack->emplace_back(makeTensor(picked));
}

MINI_LIBRARY(replaytest, m) {
  m.def("split(Tensor self) -> (Tensor, Tensor)");
  m.def("pick.first(Tensor[] tensors, bool first, Tensor? extra) -> Tensor");
}

MINI_LIBRARY_IMPL(replaytest, CPU, m) {
  m.impl("split", KernelFunction::makeFromBoxedFunction<&splitKernel>());
  m.impl("pick.first", KernelFunction::makeFromBoxedFunction<&pickKernel>());
}

/// Calls an operator of the test library boxed, as a program would.
std::vector<IValue> callBoxed(const char* name, const char* overload, Stack stack) {
  Dispatcher::singleton().findSchemaOrThrow(name, overload).callBoxed(&stack);
  return stack;
}

/// A program over every form: (x + 1, 10x) = split(x); p = the first of
/// [x + 1, y] with nothing added; q = the last of [10x, x + 1] plus p.
Tensor formsProgram(const Tensor& x, const Tensor& y) {
  const std::vector<IValue> halves = callBoxed("replaytest::split", "", {x});
  const Tensor plusOne = halves.at(0).toTensor();
  const Tensor timesTen = halves.at(1).toTensor();
  const Tensor p =
      callBoxed("replaytest::pick", "first", {std::vector<Tensor>{plusOne, y}, true, IValue()}).at(0).toTensor();
  const Tensor q =
      callBoxed("replaytest::pick", "first", {std::vector<Tensor>{timesTen, plusOne}, false, p}).at(0).toTensor();
  return mysum(q);
}

TEST(Exercise04_5, ReplaysOnNewInputs) {
  mini_test::runExercise([&] {
    const Trace trace = traced(makeTensor(std::vector<double>{1, 2}), makeTensor(std::vector<double>{10, 20}));
    // setup: the chapter's Tracer recorded the trace the test replays
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

// Only the `%k` results are bound: `2 = myops::mynumel(%3)` wrote its value,
// not a name, so the map holds the five names the trace gave, no more.
TEST(Exercise04_5, TheMapHoldsTheTracesNamesOnly) {
  mini_test::runExercise([&] {
    const Trace trace = traced(makeTensor(std::vector<double>{1, 2}), makeTensor(std::vector<double>{10, 20}));
    const std::map<std::string, IValue> values =
        replay(trace, {makeTensor(std::vector<double>{4, 5}), makeTensor(std::vector<double>{2, 0.5})});
    std::set<std::string> names;
    for (const auto& [name, value] : values) {
      names.insert(name);
    }
    EXPECT_EQ(names, (std::set<std::string>{"%0", "%1", "%2", "%3", "%4"}))
        << trace.str() << "bind the inputs and the results named %k; a result the trace wrote as a value is not a name";
  });
}

// Two results bound in their order, a list of values, True, None and an
// overload name (`replaytest::pick.first`), each read as its schema says.
TEST(Exercise04_5, EveryArgumentFormAndTwoResults) {
  mini_test::runExercise([&] {
    Trace trace;
    {
      TracingScope tracing;
      (void)formsProgram(makeTensor(std::vector<double>{1, 2}), makeTensor(std::vector<double>{10, 20}));
      trace = tracing.trace();
    }
    // setup: the chapter's Tracer recorded the forms the test replays
    ASSERT_EQ(trace.lines().at(1), "%1, %2 = replaytest::split(%0)") << trace.str();
    ASSERT_EQ(trace.lines().at(3), "%4 = replaytest::pick.first([%1, %3], True, None)") << trace.str();
    const Tensor x = makeTensor(std::vector<double>{3, -1});
    const Tensor y = makeTensor(std::vector<double>{0.5, 7});
    const std::map<std::string, IValue> values = replay(trace, {x, y});
    ASSERT_TRUE(values.contains("%2")) << trace.str();
    EXPECT_EQ(values.at("%1").toTensor().values(), (std::vector<double>{4, 0})) << "split's first result is x + 1";
    EXPECT_EQ(values.at("%2").toTensor().values(), (std::vector<double>{30, -10})) << "its second is 10x";
    ASSERT_TRUE(values.contains("%6")) << trace.str();
    EXPECT_EQ(values.at("%6").toTensor().item(), formsProgram(x, y).item());
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
