// Exercise 06.10: mse_loss's AutocastCPU kernel, fp32 policy. The values and
// dtypes are PyTorch 1.13's: torch.ops.aten.mse_loss on the same bfloat16
// tensors inside torch.autocast("cpu") (outside it, 1.13 says
// "mse_cpu" not implemented for 'BFloat16').
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/autocast/autocast_guard.h"
#include "mini/exercises/mse_loss_autocast.h"
#include "mini/generated/Functions.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using autocast::AutocastGuard;
using autocast::mse_loss;
using autocast::mse_loss_autocast_cpu;
using mini_test::cpuTensor;
using mini_test::runExercise;
using mini_test::valuesOf;
using ::testing::ElementsAre;

Tensor self() { return cpuTensor({1, 2.5, -3}, {3}, ScalarType::BFloat16); }
Tensor target() { return cpuTensor({0.5, 2, 1}, {3}, ScalarType::BFloat16); }

TEST(Exercise06_10, BFloat16InputsRunInFloat32) {
  runExercise([] {
    const AutocastGuard autocastOn(DeviceType::CPU);
    Tensor result;
    try {
      (void)mse_loss_autocast_cpu(self(), target(), 1);  // a stub: SKIPPED
      result = mse_loss(self(), target());
    } catch (const std::invalid_argument& error) {
      FAIL() << "mse_loss under CPU autocast still reached its kernel with bfloat16 inputs (" << error.what()
             << "): does mse_loss_autocast_cpu cast them to float32 (1.13's CPU policy for mse_loss is fp32), "
                "and is it registered on AutocastCPU?";
    }
    EXPECT_EQ(result.dtype(), ScalarType::Float) << "1.13's CPU policy for mse_loss is fp32";
    EXPECT_THAT(valuesOf(result), ElementsAre(5.5));
  });
}

TEST(Exercise06_10, KeepsTheReduction) {
  runExercise([] {
    const AutocastGuard autocastOn(DeviceType::CPU);
    const Tensor none = mse_loss_autocast_cpu(self(), target(), 0);
    EXPECT_EQ(none.dtype(), ScalarType::Float);
    EXPECT_THAT(valuesOf(none), ElementsAre(0.25, 0.25, 16)) << "reduction 0 (none): one loss per element";
    EXPECT_THAT(valuesOf(mse_loss_autocast_cpu(self(), target(), 2)), ElementsAre(16.5)) << "reduction 2 (sum)";
  });
}

// float64 is not eligible: the bfloat16 self goes to float32, the float64
// target stays, and mse_loss promotes the two to float64, as in 1.13.
TEST(Exercise06_10, CastsOnlyEligibleInputs) {
  runExercise([] {
    const AutocastGuard autocastOn(DeviceType::CPU);
    const Tensor mixed = mse_loss_autocast_cpu(self(), target().to(ScalarType::Double), 1);
    EXPECT_EQ(mixed.dtype(), ScalarType::Double) << "a float64 argument is not cast down";
    EXPECT_EQ(mse_loss_autocast_cpu(self().to(ScalarType::Double), target().to(ScalarType::Double), 1).dtype(),
              ScalarType::Double);
  });
}

// The casts are recorded by autograd: a bfloat16 leaf gets a bfloat16 gradient.
TEST(Exercise06_10, TheCastIsDifferentiable) {
  runExercise([] {
    Tensor x = cpuTensor({1, 2}, {2}, ScalarType::BFloat16);
    x.setRequiresGrad(true);
    Tensor loss;
    {
      const AutocastGuard autocastOn(DeviceType::CPU);
      loss = mse_loss_autocast_cpu(x, cpuTensor({0, 0}, {2}, ScalarType::BFloat16), 1);
    }
    loss.backward();
    EXPECT_EQ(x.grad().dtype(), ScalarType::BFloat16);
    EXPECT_THAT(valuesOf(x.grad()), ElementsAre(1, 2));
  });
}

}  // namespace
}  // namespace mini
