// Exercise 04.3: boxing two tensors into a boxed kernel and back.
#include "mini/exercises/call_boxed_binary.h"
#include "mini/extension/myops.h"
#include "support/exercise_source.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::callBoxedBinary;

// A boxed kernel computing self - other, and one that breaks the discipline.
void boxedSubtract(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const Tensor other = pop<Tensor>(*stack);
  const Tensor self = pop<Tensor>(*stack);
  push(*stack, makeTensor(self.item() - other.item()));
}
void boxedPushesTwo(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  drop(*stack, 2);
  push(*stack, makeTensor(1), makeTensor(2));
}

OperatorHandle myaddHandle() { return Dispatcher::singleton().findSchemaOrThrow("myops::myadd", ""); }

TEST(Exercise04_3, BoxesCallsAndUnboxes) {
  mini_test::runExercise([&] {
    const Tensor result = callBoxedBinary(KernelFunction::makeFromBoxedFunction<&boxedSubtract>(), myaddHandle(),
                                          DispatchKeySet(DispatchKey::CPU), makeTensor(5), makeTensor(2));
    EXPECT_EQ(result.item(), 3);
  });
}

TEST(Exercise04_3, WorksOnAnUnboxedKernelsBoxedEntry) {
  mini_test::runExercise([&] {
    const Tensor result = callBoxedBinary(KernelFunction::makeFromUnboxedRuntimeFunction(&myadd_cpu), myaddHandle(),
                                          DispatchKeySet(DispatchKey::CPU), makeTensor(5), makeTensor(2));
    EXPECT_EQ(result.item(), 7);
  });
}

TEST(Exercise04_3, ABrokenStackIsAnError) {
  mini_test::runExercise([&] {
    try {
      (void)callBoxedBinary(KernelFunction::makeFromBoxedFunction<&boxedPushesTwo>(), myaddHandle(),
                            DispatchKeySet(DispatchKey::CPU), makeTensor(5), makeTensor(2));
      FAIL() << "two results for one must be refused";
    } catch (const ExerciseNotDone&) {
      throw;  // a stub is also a logic_error: let runExercise report it as not done
    } catch (const std::logic_error& error) {
      EXPECT_STREQ(error.what(),
                   "Boxed kernel was expected to return one value on the stack, but instead pushed 2 values.");
    }
  });
}

TEST(Exercise04_3, BoxesByHand) {
  mini_test::runExercise([&] {
    (void)callBoxedBinary(KernelFunction::makeFromBoxedFunction<&boxedSubtract>(), myaddHandle(),
                          DispatchKeySet(DispatchKey::CPU), makeTensor(5), makeTensor(2));  // a stub: SKIPPED
    mini_test::expectDoesNotCall("call_boxed_binary.cpp", "call",
                                 "KernelFunction::call<>() boxes for you (kernel_function_impl.h); the exercise is "
                                 "to write that boxing: push, callBoxed, check, pop");
  });
}

}  // namespace
}  // namespace mini
