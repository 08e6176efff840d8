// Exercise 06.3: a CUDA kernel. Runs where a GPU is; elsewhere it reports
// SKIPPED with the reason (no nvcc at configure time, or no usable device).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/exercises/leaky_relu_cuda.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/util/exercise.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Exercise06_3, LeakyReluOnTheGpu) {
  const CudaAvailability cuda = cudaAvailability();
  // A build without nvcc has no GPU either (its launchLeakyReluCuda, in
  // src/native/no_cuda/, only says so), and the reason then names the missing nvcc.
  if (cuda.devices == 0) {
    GTEST_SKIP() << "exercise 06.3 needs a GPU and nvcc: " << cuda.reason;
  }
  runExercise([] {
    const Tensor in = fromValues({-2, -0.5, 0, 1.5, 3}, {5}).to(ScalarType::Float).to(cudaDevice(0));
    Tensor out = empty({5}, {ScalarType::Float, cudaDevice(0)});
    if (!launchLeakyReluCuda(static_cast<const float*>(in.rawData()), static_cast<float*>(out.rawData()), 5, 0.1f)) {
      throw ExerciseNotDone("06.3");
    }
    EXPECT_THAT(values(out), ElementsAre(-0.2f, -0.05f, 0, 1.5, 3));
  });
}

}  // namespace
}  // namespace mini
