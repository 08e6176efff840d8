// Exercise 02.2: the key set of a call, predicted from tensors and a state.
#include <vector>

#include <gtest/gtest.h>

#include "mini/call_key_set.h"
#include "mini/operators.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise02_2, UnionOfArgumentsPlusIncludedMinusExcluded) {
  runExercise([] {
    const Tensor arguments[] = {makeTensor(1), makeTensor(2, BackendComponent::CUDABit)};
    const LocalDispatchKeySet state{DispatchKey::Tracer, DispatchKey::AutocastCPU};
    EXPECT_EQ(fmt::format("{}", computeDispatchKeySet(arguments, state)),
              "DispatchKeySet(CPU, CUDA, ADInplaceOrView, AutogradCPU, AutogradCUDA, Tracer, AutocastCUDA)");
  });
}

TEST(Exercise02_2, ExcludedBeatsIncluded) {
  runExercise([] {
    const Tensor arguments[] = {makeTensor(1)};
    const LocalDispatchKeySet state{DispatchKey::Tracer, DispatchKey::Tracer};
    EXPECT_FALSE(computeDispatchKeySet(arguments, state).has(DispatchKey::Tracer));
  });
}

TEST(Exercise02_2, NoTensorsLeavesOnlyTheThreadsKeys) {
  runExercise([] {
    EXPECT_EQ(computeDispatchKeySet({}, kDefaultLocalDispatchKeySet),
              (DispatchKeySet{DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView}));
  });
}

TEST(Exercise02_2, ReadsTheGivenStateNotTheThreads) {
  runExercise([] {
    ExcludeDispatchKeyGuard guard(DispatchKey::AutogradFunctionality);
    const Tensor arguments[] = {makeTensor(1)};
    EXPECT_TRUE(computeDispatchKeySet(arguments, kDefaultLocalDispatchKeySet).has(DispatchKey::AutogradCPU));
  });
}

TEST(Exercise02_2, AgreesWithWhatAddComputesUnderTheSameState) {
  runExercise([] {
    const std::vector<Tensor> tensors = {makeTensor(1), makeTensor(2, BackendComponent::CUDABit),
                                         makeTensor(3, BackendComponent::MetaBit)};
    for (const Tensor& a : tensors) {
      for (const Tensor& b : tensors) {
        ExcludeDispatchKeyGuard guard(DispatchKey::AutogradFunctionality);
        const Tensor pair[] = {a, b};
        EXPECT_EQ(computeDispatchKeySet(pair, localDispatchKeySet()), computeDispatchKeySet(a, b));
      }
    }
  });
}

}  // namespace
}  // namespace mini
