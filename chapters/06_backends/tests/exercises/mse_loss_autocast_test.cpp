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
#include "mini/op_registration/library.h"
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

// mse_loss promotes its two inputs, so a target left in bfloat16 gives the
// same loss, and only the call below the kernel shows it. In 1.13 a
// TorchDispatchMode inside torch.autocast("cpu") sees
// aten.mse_loss.default [torch.float32, torch.float32] for two bfloat16
// inputs. Here a CPU kernel of the test's records what arrives.
std::vector<ScalarType> dtypesBelow;
Tensor recordDtypes(const Tensor& self, const Tensor& target, std::int64_t) {
  dtypesBelow = {self.dtype(), target.dtype()};
  return self;
}

TEST(Exercise06_10, TheCallBelowGetsEveryEligibleInputCast) {
  runExercise([] {
    Library below(Library::IMPL, "myops", DispatchKey::CPU, SourceSite::here());
    below.impl("mse_loss", &recordDtypes);
    dtypesBelow.clear();
    const AutocastGuard autocastOn(DeviceType::CPU);
    (void)mse_loss_autocast_cpu(self(), target(), 1);
    EXPECT_THAT(dtypesBelow, ElementsAre(ScalarType::Float, ScalarType::Float))
        << "target is an input of the policy as much as self: both reach the call below in float32";
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
