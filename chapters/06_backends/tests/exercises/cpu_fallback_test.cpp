// Exercise 06.4: a CPU fallback for the counted device, registered on
// PrivateUse1 for each test. The counted device has no sin, sub_, exp_ or
// exp.out.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "mini/aten/aten.h"
#include "mini/exercises/cpu_fallback.h"
#include "mini/op_registration/library.h"
#include "mini/util/load_library.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using exercises::cpuFallback;
using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

const Device kCounted{DeviceType::PrivateUse1, 0};

/// The counted device loaded, and the exercise's fallback on its key for
/// the test's lifetime.
class Exercise06_4 : public ::testing::Test {
 protected:
  Exercise06_4() : fallback_(Library::IMPL, "_", DispatchKey::PrivateUse1, SourceSite::here()) {
    static const LoadedLibrary countedDevice(besideThisProgram(MINI_COUNTED_DEVICE_LIBRARY));
    fallback_.fallback(KernelFunction::makeFromBoxedFunction<&cpuFallback>());
  }
  Library fallback_;
};

TEST_F(Exercise06_4, AnOperatorTheDeviceLacksRunsOnTheCpuAndComesBack) {
  runExercise([&] {
    const Device second{DeviceType::PrivateUse1, 1};
    const Tensor y = sin(fromValues({0, 1, -2}, {3}).to(second));
    EXPECT_EQ(y.device(), second) << "the result goes back to the device the arguments came from";
    EXPECT_EQ(y.dtype(), ScalarType::Double);
    EXPECT_THAT(values(y.to(kCpu)), ElementsAre(0, std::sin(1.0), std::sin(-2.0)));
  });
}

TEST_F(Exercise06_4, EveryDeviceTensorArgumentMoves) {
  runExercise([&] {
    Tensor x = fromValues({5, 7}, {2}).to(kCounted);
    try {
      x.sub_(fromValues({1, 2}, {2}).to(kCounted));
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      FAIL() << "the CPU kernel still saw a tensor on the device: move every tensor argument, not only the first: "
             << error.what();
    }
    EXPECT_THAT(values(x.to(kCpu)), ElementsAre(4, 5));
  });
}

TEST_F(Exercise06_4, AnInPlaceOperatorWritesTheCallersDeviceTensor) {
  runExercise([&] {
    Tensor x = fromValues({0, 1}, {2}).to(kCounted);
    // What exp_ returns, and x's device, cannot tell a right fallback from a
    // wrong one: the unboxed wrapper returns its argument x, whatever the
    // stack held, and a tensor never changes device. What the fallback
    // wrote into x can.
    (void)exp_(x);
    EXPECT_THAT(values(x.to(kCpu)), ElementsAre(1, std::exp(1.0)))
        << "the CPU result must be copied into the caller's device tensor";
  });
}

// The fallback itself, called as the dispatcher calls it: what it leaves on
// the stack is what a boxed caller (a Python binding, a TorchScript
// interpreter) gets. Called through exp_() above, the unboxed wrapper and
// the kernels above the fallback would hand back the caller's tensor
// whatever the stack held, so only a direct call sees it.
TEST_F(Exercise06_4, TheStackHoldsTheCallersTensorAfterAnInPlaceCall) {
  runExercise([&] {
    Tensor x = fromValues({0, 1}, {2}).to(kCounted);
    const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("aten::exp_", "");
    Stack stack{IValue(x)};
    cpuFallback(op, DispatchKeySet(DispatchKey::PrivateUse1), &stack);
    ASSERT_EQ(stack.size(), 1U) << "exp_ has one return: the stack holds it alone";
    ASSERT_TRUE(stack[0].isTensor());
    EXPECT_TRUE(stack[0].toTensor().is_same(x))
        << "the stack must hold the caller's device tensor, not the CPU result: put it back in place of the result";
    EXPECT_EQ(stack[0].toTensor().device(), kCounted);
  });
}

// exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!): the return is
// written into `out`, argument 1, though it is return 0. The written
// argument is the one whose alias set the return shares, not the one at the
// return's position.
TEST_F(Exercise06_4, AnOutOperatorWritesItsOutArgumentNotItsSelf) {
  runExercise([&] {
    const Tensor x = fromValues({0, 1}, {2}).to(kCounted);
    Tensor out = fromValues({7, 7}, {2}).to(kCounted);
    (void)exp_out(out, x);  // returns `out` whatever the fallback does: its values tell
    EXPECT_THAT(values(out.to(kCpu)), ElementsAre(1, std::exp(1.0))) << "the CPU result must be copied into `out`";
    EXPECT_THAT(values(x.to(kCpu)), ElementsAre(0, 1))
        << "self is only read: find the written argument by the alias set (`Tensor(a!)`) the return shares";
  });
}

}  // namespace
}  // namespace mini
