// Mistake: I used the key's own enum value for its bit, without going to its functionality first (fine for
// BackendSelect, not for CPU or AutogradCPU)

// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  const int functionalityBit = static_cast<int>(kNumBackends) + static_cast<int>(key) - 1;
  return DispatchKeySet(DispatchKeySet::RAW,
                        ((std::uint64_t{1} << functionalityBit) - 1) | DispatchKeySet::kBackendMask);
}

}  // namespace ch02
}  // namespace mini
