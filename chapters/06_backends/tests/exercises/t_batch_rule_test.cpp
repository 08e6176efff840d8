// Exercise 06.9: a batching rule for t, checked against a loop over the samples.
#include <gtest/gtest.h>

#include <string>

#include "mini/aten/aten.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/exercises/t_batch_rule.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/functorch/vmap.h"
#include "mini/util/exercise.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;

/// 0, 1, 2, ... shaped `sizes`: distinct, so a wrong index shows.
Tensor counting(const Sizes& sizes) {
  std::vector<double> data(static_cast<std::size_t>(numelOf(sizes)));
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = static_cast<double>(i);
  }
  return fromValues(data, sizes);
}

Tensor vmapT(const Tensor& batch) {
  return vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{t(in[0])}; }, {0})({batch})[0];
}

/// t of each sample along dimension 0, the results' values one after the other.
std::vector<double> loopOfT(const Tensor& batch) {
  const std::vector<double> all = values(batch);
  const Sizes sampleSizes(batch.sizes().begin() + 1, batch.sizes().end());
  const auto per = static_cast<std::size_t>(numelOf(sampleSizes));
  std::vector<double> out;
  for (std::size_t row = 0; row * per < all.size(); ++row) {
    const auto first = all.begin() + static_cast<std::ptrdiff_t>(row * per);
    const std::vector<double> one =
        values(t(fromValues(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(per)), sampleSizes)));
    out.insert(out.end(), one.begin(), one.end());
  }
  return out;
}

TEST(Exercise06_9, TransposesEachSampleAndKeepsTheBatchFirst) {
  runExercise([] {
    const Tensor batch = counting({3, 2, 4});
    const Tensor result = vmapT(batch);
    EXPECT_EQ(result.sizes(), (Sizes{3, 4, 2}))
        << "three samples of [2, 4] transposed are three of [4, 2]: the batch dimension (physical dimension 0) stays "
           "first, and the sample's dimensions 0 and 1 are the physical 1 and 2";
    EXPECT_EQ(values(result), loopOfT(batch)) << "sample i of vmap(t) must be t of sample i";
  });
}

TEST(Exercise06_9, ASampleOfOneDimensionIsItself) {
  runExercise([] {
    const Tensor batch = counting({3, 4});
    const Tensor result = vmapT(batch);
    EXPECT_EQ(result.sizes(), (Sizes{3, 4}))
        << "t of a 1-D sample is the sample itself: the rule must look at the logical rank (the physical rank "
           "minus the batch dimension), not the physical one";
    EXPECT_EQ(values(result), values(batch));
  });
}

TEST(Exercise06_9, ASampleOfMoreThanTwoDimensionsIsRefusedAsTRefusesIt) {
  runExercise([] {
    std::string message;
    try {
      (void)vmapT(counting({3, 2, 4, 5}));
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      message = error.what();
    }
    EXPECT_EQ(message, "t() expects a tensor with <= 2 dimensions, but self is 3D")
        << "t of a 3-D tensor is refused outside vmap; a 3-D sample must be refused too, naming the sample's rank "
           "(not the physical one, and not transposing its first two dimensions in silence)";
  });
}

TEST(Exercise06_9, TheResultIsBatchedAtTheLevelOfItsInput) {
  runExercise([] {
    (void)vmap(
        [](const std::vector<Tensor>& in) {
          const Tensor result = tBatchRule(in[0]);
          EXPECT_TRUE(isBatchedAtLevel(result, currentVmapLevel()))
              << "the rule returns a batched tensor (makeBatched) at its input's level; a plain tensor would be "
                 "taken for a result that does not depend on the batch";
          return std::vector<Tensor>{result};
        },
        {0})({counting({2, 3, 5})});
  });
}

TEST(Exercise06_9, AnOuterLevelsTensorStaysAtItsLevel) {
  runExercise([] {
    // vmap(lambda x: vmap(lambda y: x.t() ...)(ys))(xs): inside the inner
    // vmap (level 2), x is batched at the outer level (1).
    (void)vmap(
        [](const std::vector<Tensor>& outer) {
          const std::int64_t outerLevel = currentVmapLevel();
          const Tensor x = outer[0];
          return vmap(
              [&](const std::vector<Tensor>& inner) {
                const Tensor result = tBatchRule(x);
                EXPECT_TRUE(isBatchedAtLevel(result, outerLevel))
                    << "t of a tensor batched at the outer vmap's level " << outerLevel << ", called inside an inner "
                    << "vmap (level " << currentVmapLevel() << "), must stay batched at level " << outerLevel
                    << ": wrap the result at the level of its input (its BatchedTensorImpl's), not at "
                       "currentVmapLevel()";
                return std::vector<Tensor>{inner[0]};
              },
              {0})({counting({2})});
        },
        {0})({counting({3, 2, 5})});
  });
}

TEST(Exercise06_9, AnInnerLevelsTensorStaysAtItsLevel) {
  runExercise([] {
    // vmap(lambda x: vmap(lambda y: y.t())(ys))(xs): y is batched at the
    // inner level (2) only, so a rule that always wraps at level 1 fails here.
    (void)vmap(
        [](const std::vector<Tensor>& /*outer*/) {
          return vmap(
              [](const std::vector<Tensor>& inner) {
                const Tensor result = tBatchRule(inner[0]);
                EXPECT_TRUE(isBatchedAtLevel(result, currentVmapLevel()))
                    << "t of a tensor batched at the inner vmap's level " << currentVmapLevel()
                    << " must stay batched at that level: wrap the result at the level of its input (its "
                       "BatchedTensorImpl's), never at a fixed level such as 1";
                return std::vector<Tensor>{result};
              },
              {0})({counting({4, 2, 3})});
        },
        {0})({counting({2})});
  });
}

TEST(Exercise06_9, RunsAsOneCallNotOncePerSample) {
  runExercise([] {
    testing::internal::CaptureStdout();
    try {
      const ScopedDispatchTrace trace(true);
      (void)vmapT(counting({3, 2, 4}));
    } catch (...) {
      (void)testing::internal::GetCapturedStdout();
      throw;
    }
    const std::string trace = testing::internal::GetCapturedStdout();
    EXPECT_EQ(trace.find("no batching rule"), std::string::npos) << "t took the for-loop fallback:\n" << trace;
    EXPECT_NE(trace.find("[call] op=[aten::t], key=[Batched]"), std::string::npos) << trace;
  });
}

}  // namespace
}  // namespace mini
