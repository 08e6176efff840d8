// Exercise 02.2: the key set of a call, from its tensors and a thread-local state.
// The lesson: chapters/02_keyset/README.md#exercise-22
// Declared in: mini/call_key_set.h
#include "mini/call_key_set.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// TODO(02.2): every tensor in `arguments` contributes its key set; then the
// included keys of `local` join, and its excluded keys leave. Read `local`,
// never this thread's own state: the point is to predict.
DispatchKeySet computeDispatchKeySet(std::span<const Tensor> arguments, const LocalDispatchKeySet& local) {
  (void)arguments;
  (void)local;
  throw ExerciseNotDone("02.2");
}

}  // namespace ch02
}  // namespace mini
