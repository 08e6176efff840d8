// Exercise 02.3: UnexcludeDispatchKeyGuard, the RAII guard that takes keys
// out of this thread's excluded set for a scope.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-23
// Declared in: mini/local_dispatch_key_set.h
#include "mini/exercise.h"
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// TODO(02.3): the constructor takes out of this thread's excluded set those
// bits of `keys` that are in it, and remembers exactly those in removed_; the
// destructor excludes exactly removed_ again. A key of `keys` that was not
// excluded stays not excluded after the guard, and the included set is never
// touched.
UnexcludeDispatchKeyGuard::UnexcludeDispatchKeyGuard(DispatchKeySet keys) {
  (void)keys;
  throw ExerciseNotDone("02.3");
}

// The stub's constructor throws, so no stub guard is ever destroyed.
UnexcludeDispatchKeyGuard::~UnexcludeDispatchKeyGuard() = default;

}  // namespace ch02
}  // namespace mini
