// Exercise 04.4: the Batched fallback for in-place operators, on myops::myadd_.
// The refusal's words are PyTorch 1.13's (functorch.vmap of x.hypot_(y) with
// only y batched), with myops::myadd_ for aten::hypot_.
#include "mini/exercises/batched_inplace_fallback.h"

#include <string>

#include <fmt/format.h>

#include "mini/extension/myops.h"
#include "support/boxing_support.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::batchedInplaceFallback;

OperatorHandle myaddInplace() { return Dispatcher::singleton().findSchemaOrThrow("myops::myadd_", ""); }

TEST(Exercise04_4, WritesEveryRowIntoSelfAndReturnsIt) {
  mini_test::runExercise([&] {
    const Tensor self = makeBatchedTensor({{1, 2}, {3, 4}});
    Stack stack;
    push(stack, self, makeTensor(std::vector<double>{10, 20}));
    batchedInplaceFallback(myaddInplace(), DispatchKeySet(DispatchKey::Batched), &stack);
    ASSERT_EQ(stack.size(), 1u) << "the stack ends with one value: the result";
    EXPECT_EQ(self.values(), (std::vector<double>{11, 22, 13, 24}))
        << "each row's result must be written back into the caller's self";
    EXPECT_TRUE(stack[0].toTensor().is_same(self))
        << "an in-place operator returns its self: the same tensor, not a new batch built from the rows";
    // (self's batch size is fixed when it is made: no answer can change it.)
  });
}

TEST(Exercise04_4, ARowIsAsLongAsItsValuesNotTheBatch) {
  mini_test::runExercise([&] {
    // Two rows of three: with as many rows as values per row, row * batchSize
    // and row * rowLength are the same place.
    const Tensor self = makeBatchedTensor({{1, 2, 3}, {4, 5, 6}});
    Stack stack;
    push(stack, self, makeTensor(std::vector<double>{10, 20, 30}));
    batchedInplaceFallback(myaddInplace(), DispatchKeySet(DispatchKey::Batched), &stack);
    EXPECT_EQ(self.values(), (std::vector<double>{11, 22, 33, 14, 25, 36}))
        << "row r of self starts at r times the length of a row";
  });
}

TEST(Exercise04_4, SlicesEveryBatchedArgument) {
  mini_test::runExercise([&] {
    const Tensor self = makeBatchedTensor({{1, 2}, {3, 4}});
    Stack stack;
    push(stack, self, makeBatchedTensor({{100, 100}, {200, 200}}));
    try {
      batchedInplaceFallback(myaddInplace(), DispatchKeySet(DispatchKey::Batched), &stack);
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      FAIL() << "a row's call still had a batched argument, so the Batched key took it again: " << error.what();
    }
    EXPECT_EQ(self.values(), (std::vector<double>{101, 102, 203, 204}))
        << "row r of self is added to row r of other: a batched `other` is sliced too";
  });
}

TEST(Exercise04_4, ABatchedOtherCannotBeWrittenIntoAnUnbatchedSelf) {
  mini_test::runExercise([&] {
    const Tensor self = makeTensor(std::vector<double>{1, 2});
    Stack stack;
    push(stack, self, makeBatchedTensor({{1, 1}, {2, 2}}));
    try {
      batchedInplaceFallback(myaddInplace(), DispatchKeySet(DispatchKey::Batched), &stack);
      ADD_FAILURE() << "self holds one row, other two: refuse the call";
    } catch (const ExerciseNotDone&) {
      throw;  // a stub is also a logic_error: let runExercise report it as not done
    } catch (const std::invalid_argument& error) {
      EXPECT_STREQ(error.what(),
                   "vmap: myops::myadd_(self, *extra_args) is not possible because there exists a Tensor `other` "
                   "in extra_args that has more elements than `self`. This happened due to `other` being vmapped "
                   "over but `self` not being vmapped over at level 1. Please try to use out-of-place operators "
                   "instead of myops::myadd_. If said operator is being called inside the PyTorch framework, "
                   "please file a bug report instead.");
    }
    EXPECT_EQ(self.values(), (std::vector<double>{1, 2})) << "a refused call writes nothing";
  });
}

TEST(Exercise04_4, TheRefusalSaysOtherWhateverTheArgumentIsCalled) {
  mini_test::runExercise([&] {
    // Shaped like aten::lerp_, whose second argument is `end`: no kernel is
    // needed, since the refusal comes before any row is called.
    const mini_test::ScopedOperator lerp("lerp_(Tensor(a!) self, Tensor end, float weight) -> Tensor(a!)");
    Stack stack;
    push(stack, makeTensor(std::vector<double>{1, 2}), makeBatchedTensor({{1, 1}, {2, 2}}), 0.5);
    try {
      batchedInplaceFallback(lerp.handle(), DispatchKeySet(DispatchKey::Batched), &stack);
      ADD_FAILURE() << "self holds one row, end two: refuse the call";
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::invalid_argument& error) {
      EXPECT_EQ(std::string(error.what()),
                fmt::format("vmap: {0}(self, *extra_args) is not possible because there exists a Tensor `other` in "
                            "extra_args that has more elements than `self`. This happened due to `other` being "
                            "vmapped over but `self` not being vmapped over at level 1. Please try to use "
                            "out-of-place operators instead of {0}. If said operator is being called inside the "
                            "PyTorch framework, please file a bug report instead.",
                            lerp.name()))
          << "PyTorch 1.13 writes `other` there whatever the batched argument is called (here `end`)";
    }
  });
}

}  // namespace
}  // namespace mini
