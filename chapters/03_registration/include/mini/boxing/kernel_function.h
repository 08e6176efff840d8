#pragma once
/// \file
/// \brief KernelFunction: what one slot of an operator's table holds.

#include <optional>
#include <string>
#include <utility>

#include "mini/core/dispatch_key_set.h"
#include "mini/dispatch/cpp_signature.h"
#include "mini/op_registration/infer_schema.h"

namespace mini {
inline namespace ch03 {

class OperatorHandle;

/// A kernel may take the call's DispatchKeySet as its first parameter, to
/// redispatch below its own key (autograd kernels do). The operator's
/// signature is the rest: `Tensor(DispatchKeySet, const Tensor&)` serves an
/// operator of signature `Tensor(const Tensor&)`.
template <class FunctionType>
struct KernelSignature {
  using OperatorSignature = FunctionType;
  static constexpr bool takesDispatchKeySet = false;
};
template <class Ret, class... Args>
struct KernelSignature<Ret(DispatchKeySet, Args...)> {
  using OperatorSignature = Ret(Args...);
  static constexpr bool takesDispatchKeySet = true;
};

// [kernel_function]
/// One kernel, type-erased so that every slot of every table has the same
/// type. In this chapter that is an unboxed function pointer plus the C++
/// signature it was registered with; chapter 04 adds a boxed pointer.
///
/// Besides real kernels a slot can hold three markers, as in c10:
/// - invalid (default-constructed): the slot is missing; calling it is the
///   "Could not run" error, raised by the operator before we get here;
/// - fallthrough: "this key has nothing to do, skip it". The dispatcher drops
///   such keys from a call's key set, so it never calls this;
/// - ambiguous AutogradOther: see computeDispatchTableEntryWithDebug().
class KernelFunction {
 public:
  /// The missing kernel.
  KernelFunction() = default;

  /// A kernel from a plain function: `&myadd_cpu`.
  template <class FunctionType>
  static KernelFunction makeFromUnboxedFunction(FunctionType* function) {
    using Signature = KernelSignature<FunctionType>;
    return KernelFunction(Kind::Unboxed, reinterpret_cast<ErasedFunction>(function),
                          CppSignature::make<typename Signature::OperatorSignature>(), Signature::takesDispatchKeySet);
  }
  /// "Skip this key": c10's CppFunction::makeFallthrough().
  static KernelFunction makeFallthrough() { return KernelFunction(Kind::Fallthrough); }
  /// The marker of an AutogradOther slot that CompositeImplicitAutograd and a
  /// backend kernel both claim. Calling it explains the conflict.
  static KernelFunction makeAmbiguousAutogradOther() { return KernelFunction(Kind::AmbiguousAutogradOther); }

  bool isValid() const { return kind_ != Kind::Missing; }
  bool isFallthrough() const { return kind_ == Kind::Fallthrough; }
  bool isAmbiguousAutogradOther() const { return kind_ == Kind::AmbiguousAutogradOther; }
  /// The C++ type of a real kernel (without a leading DispatchKeySet).
  const std::optional<CppSignature>& cppSignature() const { return signature_; }
  /// The address of the C++ function, or null for a marker.
  const void* functionAddress() const { return reinterpret_cast<const void*>(function_); }

  /// Calls the kernel as `Ret(Args...)`. The caller (Dispatcher::call, through
  /// a TypedOperatorHandle whose signature was checked) vouches for the type,
  /// so this is a cast and an indirect call. `dispatchKeySet` goes to kernels
  /// that asked for it.
  template <class Ret, class... Args>
  Ret call(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) const {
    if (kind_ != Kind::Unboxed) [[unlikely]] {
      throwNotCallable(op);
    }
    if (takesDispatchKeySet_) {
      return reinterpret_cast<Ret (*)(DispatchKeySet, Args...)>(function_)(dispatchKeySet, std::forward<Args>(args)...);
    }
    return reinterpret_cast<Ret (*)(Args...)>(function_)(std::forward<Args>(args)...);
  }

  /// "unboxed " for a real kernel, as the `[ ... ]` part of dumpState prints it.
  std::string dumpState() const;

 private:
  // Any function pointer converts to this one and back without loss.
  using ErasedFunction = void (*)();
  enum class Kind : unsigned char { Missing, Unboxed, Fallthrough, AmbiguousAutogradOther };

  explicit KernelFunction(Kind kind, ErasedFunction function = nullptr,
                          std::optional<CppSignature> signature = std::nullopt, bool takesDispatchKeySet = false)
      : function_(function), signature_(std::move(signature)), kind_(kind), takesDispatchKeySet_(takesDispatchKeySet) {}

  [[noreturn]] void throwNotCallable(const OperatorHandle& op) const;

  ErasedFunction function_ = nullptr;
  std::optional<CppSignature> signature_;
  Kind kind_ = Kind::Missing;
  bool takesDispatchKeySet_ = false;
};
// [kernel_function]

// Every operator's dispatch table holds one KernelFunction per runtime slot,
// so this size times the slot count is most of what an operator costs in
// memory (docs/performance.md measures it; c10's KernelFunction is 32 bytes).
static_assert(sizeof(KernelFunction) == 32, "a dispatch-table slot changed size: update docs/performance.md");

/// The schema a kernel function implies, for the check against def()'s.
template <class FunctionType>
FunctionSchema inferKernelSchema() {
  return inferFunctionSchema<typename KernelSignature<FunctionType>::OperatorSignature>();
}

}  // namespace ch03
}  // namespace mini
