// Mutant: keeps the functionalities below and forgets the backend bits
// Must fail: Exercise02_2.KeepsEveryBackend
// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  const auto functionality = static_cast<unsigned>(toFunctionalityKey(key));
  const std::uint64_t below = (std::uint64_t{1} << (kNumBackends + functionality - 1)) - 1;
  return DispatchKeySet(DispatchKeySet::RAW, below & ~DispatchKeySet::kBackendMask);
}

}  // namespace ch02
}  // namespace mini
