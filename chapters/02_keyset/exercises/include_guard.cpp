// Exercise 02.3: IncludeDispatchKeyGuard, the RAII guard that adds keys to
// this thread's included set for a scope.
// The lesson: chapters/02_keyset/README.md#exercise-23
// Declared in: mini/local_dispatch_key_set.h
#include "mini/exercise.h"
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// TODO(02.3): the constructor adds to this thread's included set the bits of
// `keys` that are not there yet, and remembers exactly those in added_; the
// destructor removes exactly added_. ExcludeDispatchKeyGuard in
// src/local_dispatch_key_set.cpp does the same to the excluded set.
IncludeDispatchKeyGuard::IncludeDispatchKeyGuard(DispatchKeySet keys) {
  (void)keys;
  throw ExerciseNotDone("02.3");
}

// The stub's constructor throws, so no stub guard is ever destroyed.
IncludeDispatchKeyGuard::~IncludeDispatchKeyGuard() = default;

}  // namespace ch02
}  // namespace mini
