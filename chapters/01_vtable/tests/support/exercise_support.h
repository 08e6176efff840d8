#pragma once
// How an exercise test meets a stub: the stub throws ExerciseNotDone, the
// test reports SKIPPED with a pointer to the lesson. A test suite named
// ExerciseNN_M holds the tests of exercise NN.M (tools/progress relies on it).

#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mini/exercise.h"

namespace mini_test {

/// "exercise 01.1 is not done yet: see chapters/01_vtable/README.md#exercise-11",
/// with the page that declares the exercise (the front page or one of its
/// parts) from MINI_EXERCISE_PAGES ("01.1=chapters/01_vtable/README.md,..."),
/// which the build reads from the lesson (cmake/MiniChapter.cmake).
inline std::string notDoneMessage(const std::string& id) {
  const std::string chapter = id.substr(0, id.find('.'));
  const std::string minor = id.substr(id.find('.') + 1);
  const std::string pages = MINI_EXERCISE_PAGES;
  std::string page = "chapters/01_vtable/README.md";
  const std::size_t at = ("," + pages).find("," + id + "=");
  if (at != std::string::npos) {
    const std::size_t start = at + id.size() + 1;
    page = pages.substr(start, pages.find(',', start) - start);
  }
  return fmt::format("exercise {} is not done yet: see {}#exercise-{}{}", id, page, std::stoi(chapter), minor);
}

/// Runs the test's body; an exercise stub reached inside it makes the test
/// SKIPPED instead of failed, while every other exception fails it as usual.
template <class Body>
void runExercise(Body body) {
  try {
    body();
  } catch (const mini::ExerciseNotDone& stub) {
    GTEST_SKIP() << notDoneMessage(stub.id());
  }
}

}  // namespace mini_test
