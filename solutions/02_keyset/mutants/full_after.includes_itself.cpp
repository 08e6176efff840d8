// Mutant: keeps the key's own functionality bit (one bit too many)
// Must fail: Exercise02_2.LeavesTheKeyItselfOut
// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  const auto functionality = static_cast<unsigned>(toFunctionalityKey(key));
  return DispatchKeySet(DispatchKeySet::RAW, (std::uint64_t{1} << (kNumBackends + functionality)) - 1);
}

}  // namespace ch02
}  // namespace mini
