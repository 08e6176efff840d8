// Mutant: subtracts the excluded keys but never adds the included ones
// Must fail: Exercise02_2.UnionOfArgumentsPlusIncludedMinusExcluded
// Exercise 02.2: the key set of a call, from its tensors and a thread-local state.
// The lesson: chapters/02_keyset/README.md#exercise-22
// Declared in: mini/call_key_set.h
#include "mini/call_key_set.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// Included keys join before excluded ones leave, so a key that is both
// included and excluded is out: exclusion wins.
DispatchKeySet computeDispatchKeySet(std::span<const Tensor> arguments, const LocalDispatchKeySet& local) {
  DispatchKeySet keys;
  for (const Tensor& argument : arguments) {
    keys = keys | argument.keySet();
  }
  return keys - local.excluded;
}

}  // namespace ch02
}  // namespace mini
