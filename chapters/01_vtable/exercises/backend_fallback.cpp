// Exercise 01.4: a fallback for every operator on a key.
// The lesson: chapters/01_vtable/README.md#exercise-14
// Declared in: mini/backend_fallback.h
#include "mini/backend_fallback.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch01 {

// TODO(01.4): remember `fallback` and `site` for `key`. A key that has a
// fallback already is refused with std::logic_error, as PyTorch 1.13 does:
//   "Tried to register multiple backend fallbacks for the same dispatch key Polar; previous registration
//    registered at first.cpp:1, new registration registered at second.cpp:2"
// (one line).
void FallbackRegistry::registerFallback(DispatchKey key, FallbackKernel fallback, SourceSite site) {
  (void)key;
  (void)fallback;
  (void)site;
  (void)fallbacks_;  // what the stub leaves unused; clang would say so
  (void)sites_;
  throw ExerciseNotDone("01.4");
}

// TODO(01.4): the call's key, as the chapter's operators compute it.
Number FallbackOperator::call(const Number& a, const Number& b) const {
  (void)a;
  (void)b;
  throw ExerciseNotDone("01.4");
}

// TODO(01.4): the operator's kernel on `key`, else the fallback on `key`,
// else std::runtime_error (one line, then a line per available key):
//   "Could not run 'sub' with arguments from the 'Polar' backend. 'sub' is only available for these
//    backends: [Real, Rectangular].
//   Real: backend fallback registered at fallbacks.cpp:3
//   Rectangular: registered at sub.cpp:7"
Number FallbackOperator::redispatch(DispatchKey key, const Number& a, const Number& b) const {
  (void)key;
  (void)a;
  (void)b;
  (void)table_;
  (void)fallbacks_;
  throw ExerciseNotDone("01.4");
}

// TODO(01.4): a fallback for Polar that lets the operator's Rectangular
// kernel do the work and answers in polar form.
Number polarThroughRectangular(const FallbackOperator& op, const Number& a, const Number& b) {
  (void)op;
  (void)a;
  (void)b;
  throw ExerciseNotDone("01.4");
}

}  // namespace ch01
}  // namespace mini
