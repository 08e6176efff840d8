#pragma once
/// \file
/// \brief The key set of a call: its tensors, this thread's state, and the
///        operator's mask of keys that are not fallthrough.

#include <array>
#include <optional>
#include <type_traits>
#include <vector>

#include "mini/boxing/stack.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/tensor.h"
#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch05 {

// [compute_dispatch_key_set]
/// Applies this thread's state, then the mask: the one formula every call
/// uses. Defined here, like the extractor's other per-call functions, so
/// that it is inlined into Dispatcher::call, as c10 has it.
inline DispatchKeySet computeDispatchKeySet(DispatchKeySet tensorKeys, DispatchKeySet nonFallthroughKeys) {
  const LocalDispatchKeySet local = localDispatchKeySet();
  return ((tensorKeys | local.included) - local.excluded) & nonFallthroughKeys;
}
// [compute_dispatch_key_set]

// [tensor_arguments]
/// The key sets of a call's Tensor, optional Tensor and Tensor list
/// arguments; every other argument adds nothing. Decided per type while
/// compiling, so a call pays only for its tensors.
template <class T>
DispatchKeySet keySetOfArgument(const T& argument) {
  using Type = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<Type, Tensor>) {
    return argument.keySet();
  } else if constexpr (std::is_same_v<Type, std::optional<Tensor>>) {
    return argument ? argument->keySet() : DispatchKeySet();
  } else if constexpr (std::is_same_v<Type, std::vector<Tensor>>) {
    DispatchKeySet keys;
    for (const Tensor& tensor : argument) {
      keys = keys | tensor.keySet();
    }
    return keys;
  } else {
    return DispatchKeySet();
  }
}
// [tensor_arguments]

/// Turns a call's arguments into the key set whose highest key picks the
/// kernel. Each operator has one: it holds the operator's non-fallthrough
/// keys, the mask that lets a call skip every key whose slot says
/// "fallthrough" without calling anything.
class DispatchKeyExtractor {
 public:
  /// `((tensors | included) - excluded) & nonFallthroughKeys`.
  template <class... Args>
  DispatchKeySet getDispatchKeySetUnboxed(const Args&... args) const {
    const DispatchKeySet tensorKeys = (DispatchKeySet() | ... | keySetOfArgument(args));
    return computeDispatchKeySet(tensorKeys, nonFallthroughKeysFor(tensorKeys));
  }

  // [boxed_key_set]
  /// The same for a boxed call: the arguments are the top values of
  /// `stack`, and the schema (through registerSchema) said which of them are
  /// tensors, so only those are read. c10 keeps the same positions as a bitset.
  DispatchKeySet getDispatchKeySetBoxed(const Stack& stack) const;
  /// Remembers how many arguments the operator takes and where its tensors are.
  void registerSchema(const FunctionSchema& schema);
  void deregisterSchema();
  // [boxed_key_set]

  /// Called whenever the operator's slot for runtime key `key` changes.
  void setOperatorHasFallthroughForKey(DispatchKey key, bool hasFallthrough);

  /// The mask for a call whose tensors carry `tensorKeys`.
  DispatchKeySet nonFallthroughKeysFor(DispatchKeySet tensorKeys) const {
    if (!requiresBitsetPerBackend_) [[likely]] {
      return nonFallthroughKeys_;
    }
    return nonFallthroughKeysForBackend(tensorKeys.highestBackendKey());
  }
  /// The mask for a call whose highest backend is `backend`.
  DispatchKeySet nonFallthroughKeysForBackend(BackendComponent backend) const {
    // A call without a backend (no tensors) uses the first backend's mask, as PyTorch's index 0 does.
    const std::size_t index = backend == BackendComponent::InvalidBit ? 0 : static_cast<std::size_t>(backend) - 1;
    return requiresBitsetPerBackend_ ? nonFallthroughKeysPerBackend_[index] : nonFallthroughKeys_;
  }

 private:
  // With the split layout, AutogradCPU and AutogradCUDA share one bit: if
  // one is fallthrough and the other is not, one mask cannot say so. Then
  // each backend gets its own mask, chosen by the call's highest backend,
  // as in PyTorch 1.13. Usually all are equal and the single mask is used.
  DispatchKeySet nonFallthroughKeys_ = DispatchKeySet(DispatchKeySet::FULL);
  std::array<DispatchKeySet, kNumBackends> nonFallthroughKeysPerBackend_ = [] {
    std::array<DispatchKeySet, kNumBackends> masks;
    masks.fill(DispatchKeySet(DispatchKeySet::FULL));
    return masks;
  }();
  bool requiresBitsetPerBackend_ = false;
  // From the schema: how many values a boxed call has on the stack, and
  // which of them (Tensor, Tensor?, Tensor[]) carry key sets.
  std::size_t numArguments_ = 0;
  std::vector<std::size_t> tensorArgumentPositions_;
};

// [get_dispatch_key_set_boxed]
inline DispatchKeySet DispatchKeyExtractor::getDispatchKeySetBoxed(const Stack& stack) const {
  DispatchKeySet tensorKeys;
  for (std::size_t position : tensorArgumentPositions_) {
    const IValue& argument = peek(stack, position, numArguments_);
    if (argument.isTensor()) {
      tensorKeys = tensorKeys | argument.tensorKeySet();
    } else if (argument.isList()) {
      // Tensor[] and Tensor?[] alike, read in place; a None element adds nothing.
      for (const IValue& element : argument.toListRef()) {
        if (element.isTensor()) {
          tensorKeys = tensorKeys | element.tensorKeySet();
        }
      }
    }  // None, for an absent Tensor?, adds nothing
  }
  return computeDispatchKeySet(tensorKeys, nonFallthroughKeysFor(tensorKeys));
}
// [get_dispatch_key_set_boxed]

}  // namespace ch05
}  // namespace mini
