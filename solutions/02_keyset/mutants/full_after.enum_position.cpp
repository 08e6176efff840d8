// Mutant: shifts by the key's place in the enum, so a runtime key such as AutogradCPU is not its functionality
// Must fail: Exercise02_2.ARuntimeKeyStandsForItsFunctionality
// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  const auto position = static_cast<unsigned>(key);
  return DispatchKeySet(DispatchKeySet::RAW, (std::uint64_t{1} << (kNumBackends + position - 1)) - 1);
}

}  // namespace ch02
}  // namespace mini
