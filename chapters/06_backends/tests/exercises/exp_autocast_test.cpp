// Exercise 06.7: exp's autocast kernel, fp32 policy.
#include <cmath>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/autocast/autocast_guard.h"
#include "mini/exercises/exp_autocast.h"
#include "mini/generated/Functions.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using autocast::AutocastGuard;
using autocast::exp_autocast;
using mini_test::cpuTensor;
using mini_test::runExercise;
using mini_test::valuesOf;

// A bfloat16 input is cast to float32 first: exp(1) is float's 2.7182817,
// not bfloat16's 2.71875, and exp(11.5) is finite in float32.
TEST(Exercise06_7, CastsALowerPrecisionInputToFloat32) {
  runExercise([] {
    const AutocastGuard autocastOn(DeviceType::CPU);
    const Tensor result = exp_autocast<DeviceType::CPU>(cpuTensor({1, -2, 11.5}, {3}, ScalarType::BFloat16));
    EXPECT_EQ(result.dtype(), ScalarType::Float);
    const std::vector<double> values = valuesOf(result);
    EXPECT_EQ(values[0], static_cast<double>(std::exp(1.0f)));
    EXPECT_EQ(values[1], static_cast<double>(std::exp(-2.0f)));
    EXPECT_EQ(values[2], static_cast<double>(std::exp(11.5f)));
  });
}

// Only eligible inputs change: float64 stays float64, int64 is exp's own
// business (float32), and float32 is already what the policy wants.
TEST(Exercise06_7, LeavesIneligibleInputsAlone) {
  runExercise([] {
    const AutocastGuard autocastOn(DeviceType::CPU);
    EXPECT_EQ(exp_autocast<DeviceType::CPU>(cpuTensor({1, 2}, {2}, ScalarType::Double)).dtype(), ScalarType::Double);
    EXPECT_EQ(exp_autocast<DeviceType::CPU>(cpuTensor({1, 2}, {2}, ScalarType::Long)).dtype(), ScalarType::Float);
    EXPECT_EQ(exp_autocast<DeviceType::CPU>(cpuTensor({1, 2}, {2}, ScalarType::Float)).dtype(), ScalarType::Float);
    // A CPU tensor is not eligible for the CUDA kernel: nothing is cast.
    EXPECT_EQ(exp_autocast<DeviceType::CUDA>(cpuTensor({1, 2}, {2}, ScalarType::BFloat16)).dtype(),
              ScalarType::BFloat16);
  });
}

// The cast is recorded by autograd: a bfloat16 leaf gets a bfloat16 gradient.
TEST(Exercise06_7, TheCastIsDifferentiable) {
  runExercise([] {
    Tensor x = cpuTensor({0.5, 1}, {2}, ScalarType::BFloat16);
    x.setRequiresGrad(true);
    Tensor y;
    {
      const AutocastGuard autocastOn(DeviceType::CPU);
      y = exp_autocast<DeviceType::CPU>(x);
    }
    sum(y).backward();
    EXPECT_EQ(x.grad().dtype(), ScalarType::BFloat16);
    EXPECT_THAT(valuesOf(x.grad()), ::testing::ElementsAre(static_cast<double>(BFloat16(std::exp(0.5f))),
                                                           static_cast<double>(BFloat16(std::exp(1.0f)))));
  });
}

// Registered on AutocastCPU for this test, as the chapter registers it on
// AutocastCUDA: every exp() under CPU autocast now reaches the kernel, and
// the exp() the kernel calls must not reach it again. That call needs the
// autocast key excluded while it runs: a guard that is a temporary dies
// before it, and the dispatcher recurses until it refuses.
TEST(Exercise06_7, TheKernelExcludesItsKeyForTheCallItMakes) {
  runExercise([] {
    Library onCpu(Library::IMPL, "aten", DispatchKey::AutocastCPU, SourceSite::here());
    onCpu.impl("exp", &exp_autocast<DeviceType::CPU>);
    const AutocastGuard autocastOn(DeviceType::CPU);
    Tensor result;
    try {
      result = exp(cpuTensor({1, 2}, {2}, ScalarType::BFloat16));
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      FAIL() << "exp() inside the kernel came back to the kernel: hold the exclude guard (a named variable) "
                "until the call returns: "
             << error.what();
    }
    EXPECT_EQ(result.dtype(), ScalarType::Float);
  });
}

// Where it is registered: exp of a float16 CUDA tensor under CUDA autocast.
TEST(Exercise06_7, RunsForExpUnderCudaAutocast) {
  const CudaAvailability cuda = cudaAvailability();
  if (cuda.devices == 0) {
    GTEST_SKIP() << "exp's AutocastCUDA kernel needs a GPU: " << cuda.reason;
  }
  runExercise([] {
    const Tensor half = cpuTensor({1, 2}, {2}, ScalarType::Half).to(cudaDevice(0));
    const AutocastGuard autocastOn(DeviceType::CUDA);
    EXPECT_EQ(exp(half).dtype(), ScalarType::Float);
  });
}

}  // namespace
}  // namespace mini
