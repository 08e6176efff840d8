#pragma once
/// \file
/// \brief Dispatch keys: backends, functionalities, the runtime keys they make,
///        and alias keys. The layout of c10/core/DispatchKey.h in PyTorch 1.13.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

// [backend_component]
/// The hardware (or pretend hardware) a tensor lives on. In the split key set
/// each backend owns one of the low bits, in this order: CPU is bit 0.
enum class BackendComponent : std::uint8_t {
  InvalidBit = 0,  ///< no backend: a key that is not per-backend
  CPUBit,
  CUDABit,
  MetaBit,         ///< shapes and dtypes only, no data
  PrivateUse1Bit,  ///< an out-of-tree backend's key
  EndOfBackendKeys = PrivateUse1Bit,
};
// [backend_component]

/// How many backend bits a key set spends: 4 here, 14 in PyTorch 1.13.
inline constexpr std::size_t kNumBackends = static_cast<std::size_t>(BackendComponent::EndOfBackendKeys);

// [dispatch_key]
/// A dispatch key. Not only a device: autograd, tracing, autocast and
/// batching are keys too, because each is a layer of work that some calls need
/// and others skip. Among functionality keys, declared later = higher
/// priority: a call runs the kernel of its highest key first.
enum class DispatchKey : std::uint8_t {
  Undefined = 0,  ///< the key of an empty key set: no kernel ever runs here

  // Functionality keys, lowest priority first. Each owns one bit of the key
  // set, above the backend bits.
  Dense,                  ///< per-backend: plain tensors; with a backend: CPU, CUDA, ...
  FPGA,                   ///< a backend with no Autograd key of its own: autograd runs on AutogradOther
  BackendSelect,          ///< picks a backend for calls with no tensor argument
  Python,                 ///< user code on every operator (`__torch_dispatch__`); here, modes and Python subclasses
  ADInplaceOrView,        ///< version counters and view tracking for autograd
  AutogradOther,          ///< autograd for backends without their own autograd key
  AutogradFunctionality,  ///< per-backend: with a backend, AutogradCPU, AutogradCUDA, ...
  Tracer,                 ///< records calls into a graph (torch.jit.trace)
  AutocastCPU,            ///< casts arguments to lower precision on CPU
  AutocastCUDA,           ///< the same on CUDA
  Batched,                ///< vmap: runs an operator over a batch dimension
  PythonTLSSnapshot,      ///< notes the thread's included/excluded keys as a call enters, for the Python key
  EndOfFunctionalityKeys,

  // Runtime keys of the per-backend functionalities: functionality x backend.
  // These are the keys kernels register on and traces print. Each block keeps
  // the order of BackendComponent, so block start + backend = runtime key.
  StartOfDenseBackends,
  CPU,
  CUDA,
  Meta,
  PrivateUse1,
  EndOfDenseBackends = PrivateUse1,
  StartOfAutogradFunctionalityBackends,
  AutogradCPU,
  AutogradCUDA,
  AutogradMeta,
  AutogradPrivateUse1,
  EndOfAutogradFunctionalityBackends = AutogradPrivateUse1,

  // Alias keys: a registration on one of these means "on each key I stand
  // for". They never appear in a tensor's key set; getRuntimeDispatchKeySet()
  // in alias_keys.h says which runtime keys each one stands for.
  Autograd,                   ///< AutogradOther and every Autograd<Backend>
  CompositeImplicitAutograd,  ///< every backend and autograd key (a "math" kernel)
  CompositeExplicitAutograd,  ///< every backend key (a "default backend" kernel)
  StartOfAliasKeys = Autograd,
  EndOfAliasKeys = CompositeExplicitAutograd,
};
// [dispatch_key]

/// How many functionality bits a key set spends (Undefined has none).
inline constexpr std::size_t kNumFunctionalityKeys = static_cast<std::size_t>(DispatchKey::EndOfFunctionalityKeys) - 1;

// [per_backend]
/// Dense and AutogradFunctionality are per-backend: one bit in the key set,
/// combined with a backend bit to make CPU, AutogradCUDA, ...
constexpr bool isPerBackendFunctionalityKey(DispatchKey key) {
  return key == DispatchKey::Dense || key == DispatchKey::AutogradFunctionality;
}

/// Where a per-backend functionality's runtime keys start in the enum.
constexpr DispatchKey startOfBackends(DispatchKey functionality) {
  return functionality == DispatchKey::Dense ? DispatchKey::StartOfDenseBackends
                                             : DispatchKey::StartOfAutogradFunctionalityBackends;
}

/// (Dense, CUDABit) -> CUDA; (AutogradFunctionality, CPUBit) -> AutogradCPU.
constexpr DispatchKey toRuntimePerBackendFunctionalityKey(DispatchKey functionality, BackendComponent backend) {
  return static_cast<DispatchKey>(static_cast<int>(startOfBackends(functionality)) + static_cast<int>(backend));
}

/// AutogradCUDA -> AutogradFunctionality, CPU -> Dense; a functionality key
/// is its own functionality; alias keys have none (Undefined).
constexpr DispatchKey toFunctionalityKey(DispatchKey key) {
  if (key < DispatchKey::EndOfFunctionalityKeys) {
    return key;
  }
  if (key > DispatchKey::StartOfDenseBackends && key <= DispatchKey::EndOfDenseBackends) {
    return DispatchKey::Dense;
  }
  if (key > DispatchKey::StartOfAutogradFunctionalityBackends &&
      key <= DispatchKey::EndOfAutogradFunctionalityBackends) {
    return DispatchKey::AutogradFunctionality;
  }
  return DispatchKey::Undefined;
}

/// AutogradCUDA -> CUDABit, CPU -> CPUBit; InvalidBit for every other key.
constexpr BackendComponent toBackendComponent(DispatchKey key) {
  const DispatchKey functionality = toFunctionalityKey(key);
  if (!isPerBackendFunctionalityKey(functionality) || key < DispatchKey::EndOfFunctionalityKeys) {
    return BackendComponent::InvalidBit;
  }
  return static_cast<BackendComponent>(static_cast<int>(key) - static_cast<int>(startOfBackends(functionality)));
}
// [per_backend]

/// Alias keys exist only for registration (chapter 03).
constexpr bool isAliasDispatchKey(DispatchKey key) {
  return key >= DispatchKey::StartOfAliasKeys && key <= DispatchKey::EndOfAliasKeys;
}

/// A key a kernel can sit on and a call can pick: a functionality that is not
/// per-backend, or a per-backend runtime key. Not Undefined, Dense or an alias.
constexpr bool isRuntimeDispatchKey(DispatchKey key) {
  const DispatchKey functionality = toFunctionalityKey(key);
  if (functionality == DispatchKey::Undefined) {
    return false;
  }
  return !isPerBackendFunctionalityKey(functionality) || key != functionality;
}

/// "CPU", "AutogradCUDA", "BackendSelect", "Autograd", ... as PyTorch spells them.
std::string_view toString(DispatchKey key);
/// "CPUBit", "CUDABit", ...
std::string_view toString(BackendComponent backend);

/// The key named `name`; an unknown name throws std::invalid_argument naming
/// it and listing every valid name, as torch._C._dispatch_keys errors do.
DispatchKey parseDispatchKey(std::string_view name);

}  // namespace ch06
}  // namespace mini

template <>
struct fmt::formatter<mini::DispatchKey> : fmt::formatter<std::string_view> {
  auto format(mini::DispatchKey key, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::toString(key), ctx);
  }
};

template <>
struct fmt::formatter<mini::BackendComponent> : fmt::formatter<std::string_view> {
  auto format(mini::BackendComponent backend, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::toString(backend), ctx);
  }
};
