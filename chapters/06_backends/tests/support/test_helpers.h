#pragma once
// Helpers shared by chapter 05's tests.

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/core/tensor.h"
#include "mini/util/exercise.h"

namespace mini_test {

/// The elements of a tensor, for EXPECT_THAT(..., ElementsAre(...)).
/// The elements in index order as doubles, whatever the tensor's dtype, strides or device.
inline std::vector<double> values(const mini::Tensor& tensor) {
  const mini::Tensor copy = mini::_to_copy(tensor.detach(), mini::ScalarType::Double, mini::kCpu);
  return {copy.data().begin(), copy.data().end()};
}

/// The message of the exception `body` throws, or "" if it throws none.
template <class Body>
std::string errorOf(Body body) {
  try {
    body();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

/// Runs `check`, which may call an operator an exercise of this chapter
/// writes (an exercise yaml's, a meta()). In the learner build, while that
/// exercise is still the stub, the check cannot run: it says so and passes,
/// since only the exercise's own tests may depend on the learner's code. In
/// every other build the solution is compiled in, and a stub is a failure.
template <class Check>
void unlessTheExerciseIsAStub(Check check) {
  try {
    check();
  } catch (const mini::ExerciseNotDone& error) {
#ifdef MINI_LEARNER_BUILD
    fmt::print("note: {}; this check waits for it\n", error.what());
#else
    throw;
#endif
  }
}

}  // namespace mini_test
