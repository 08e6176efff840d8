// Mutant: reads this thread's key sets instead of the state it is given
// Must fail: Exercise02_2.ReadsTheGivenStateNotTheThreads
// Exercise 02.2: the key set of a call, from its tensors and a thread-local state.
// The lesson: chapters/02_keyset/README.md#exercise-22
// Declared in: mini/call_key_set.h
#include "mini/call_key_set.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// Included keys join before excluded ones leave, so a key that is both
// included and excluded is out: exclusion wins.
DispatchKeySet computeDispatchKeySet(std::span<const Tensor> arguments, const LocalDispatchKeySet& /*local*/) {
  DispatchKeySet keys;
  for (const Tensor& argument : arguments) {
    keys = keys | argument.keySet();
  }
  return (keys | localDispatchKeySet().included) - localDispatchKeySet().excluded;
}

}  // namespace ch02
}  // namespace mini
