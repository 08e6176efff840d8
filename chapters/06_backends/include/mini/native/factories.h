#pragma once
/// \file
/// \brief Factory functions (empty, zeros, ones, full, arange, randn): the
///        operators with no tensor argument, dispatched through BackendSelect.
///        What is not an operator: the key a BackendSelect kernel picks, and the seed.

#include <cstdint>

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/generated/Functions.h"

namespace mini {
inline namespace ch06 {

// The factories (empty, zeros, ones, full, arange, randn) are operators of
// ops.yaml: their public functions, generated into Functions.h (included
// here), take TensorOptions, as torch.empty(2, 3, dtype=..., device=...):
// the key set of the call holds no backend (there is no tensor to read one
// from), so the dispatcher lands on BackendSelect, whose kernel turns dtype
// and device into a key. `options.requiresGrad` makes the result a leaf
// that requires grad.

/// The key set a factory's BackendSelect kernel redispatches with: the
/// dense key of `device`'s backend (c10::computeDispatchKey). CPU for cpu,
/// PrivateUse1 for privateuseone.
DispatchKeySet backendSelectKeySet(ScalarType dtype, Device device);

/// torch.manual_seed: the default generator starts over from `seed`, so
/// randn gives the same numbers again.
void manualSeed(std::uint64_t seed);

}  // namespace ch06
}  // namespace mini
