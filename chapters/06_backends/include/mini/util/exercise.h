#pragma once
/// \file
/// \brief What an exercise stub throws until the learner completes it.

#include <stdexcept>
#include <string>

namespace mini {
inline namespace ch06 {

/// Thrown by every exercise stub in chapters/NN_name/exercises. The exercise
/// tests turn it into a SKIPPED result that points at the lesson, so an
/// unfinished exercise never crashes a run and never counts as a pass.
class ExerciseNotDone : public std::logic_error {
 public:
  /// \param id the exercise number as the lesson writes it, e.g. "02.1".
  explicit ExerciseNotDone(std::string id)
      : std::logic_error("exercise " + id + " is not done yet"), id_(std::move(id)) {}

  /// The exercise number, e.g. "02.1".
  const std::string& id() const { return id_; }

 private:
  std::string id_;
};

}  // namespace ch06
}  // namespace mini
