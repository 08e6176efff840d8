#pragma once
/// \file
/// \brief What the alias keys stand for, and which backends share AutogradOther.
///        The sets of c10/core/DispatchKeySet.h in PyTorch 1.13, on our keys.

#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch06 {

// [alias_sets]
/// Backends without an Autograd key of their own: their tensors carry
/// AutogradOther. FPGA is our one; PyTorch 1.13 has 36 (SparseCPU, QuantizedCPU, ...).
inline constexpr DispatchKeySet kAutogradOtherBackends{DispatchKey::FPGA};

/// Every backend key: Dense on every backend, and the AutogradOther backends.
/// A CompositeExplicitAutograd kernel fills these.
inline constexpr DispatchKeySet kBackendDispatchKeySet =
    DispatchKeySet(DispatchKeySet::RAW, DispatchKeySet::kBackendMask) |
    DispatchKeySet{DispatchKey::Dense, DispatchKey::FPGA};

/// Every autograd key: AutogradOther and Autograd on every backend. An
/// Autograd (alias) kernel fills these.
inline constexpr DispatchKeySet kAutogradDispatchKeySet =
    DispatchKeySet(DispatchKeySet::RAW, DispatchKeySet::kBackendMask) |
    DispatchKeySet{DispatchKey::AutogradOther, DispatchKey::AutogradFunctionality};

/// Every key below AutogradOther, backends included: what an autograd kernel
/// keeps of its key set when it redispatches (PyTorch's after_autograd_keyset).
inline constexpr DispatchKeySet kAfterAutogradKeySet(
    DispatchKeySet::RAW, (std::uint64_t{1} << (kNumBackends + static_cast<int>(DispatchKey::AutogradOther) - 1)) - 1);

/// The runtime keys a registration on `key` fills: the alias's set, or the key itself.
///   Autograd                  -> kAutogradDispatchKeySet
///   CompositeExplicitAutograd -> kBackendDispatchKeySet
///   CompositeImplicitAutograd -> both: a "math" kernel needs neither a backend
///                                nor an autograd formula of its own
DispatchKeySet getRuntimeDispatchKeySet(DispatchKey key);

/// True if a kernel on `alias` may fill the slot of runtime key `key`.
bool isIncludedInAlias(DispatchKey key, DispatchKey alias);
// [alias_sets]

/// The backend keys whose autograd is `autogradKey`: AutogradCPU -> {CPU},
/// AutogradOther -> kAutogradOtherBackends, anything else -> {}.
DispatchKeySet getBackendKeySetFromAutograd(DispatchKey autogradKey);

/// The autograd key of a backend key: CPU -> AutogradCPU, FPGA -> AutogradOther.
DispatchKey getAutogradKeyFromBackend(DispatchKey backendKey);

/// A runtime key in kBackendDispatchKeySet (CPU, CUDA, FPGA, ...).
bool isBackendDispatchKey(DispatchKey key);

}  // namespace ch06
}  // namespace mini
