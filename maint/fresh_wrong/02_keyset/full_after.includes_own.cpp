// Mistake: I kept the key's own functionality in the set (everything up to and including its bit)

// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  const int functionalityBit = static_cast<int>(kNumBackends) + static_cast<int>(toFunctionalityKey(key)) - 1;
  return DispatchKeySet(DispatchKeySet::RAW,
                        ((std::uint64_t{2} << functionalityBit) - 1) | DispatchKeySet::kBackendMask);
}

}  // namespace ch02
}  // namespace mini
