#pragma once
/// \file
/// \brief KernelFunction: what one slot of an operator's table holds, now with
///        a boxed entry that always works and an unboxed one when it can.

#include <optional>
#include <string>
#include <utility>

#include "mini/boxing/make_boxed_from_unboxed.h"
#include "mini/boxing/stack.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/dispatch/cpp_signature.h"
#include "mini/op_registration/infer_schema.h"

namespace mini {
inline namespace ch05 {

class OperatorHandle;

// [boxed_kernel_function]
/// The one signature every boxed kernel has, whatever its operator: the
/// operator (for its schema and to call it again), the call's key set, and
/// the stack holding the arguments, where the results go.
using BoxedKernelFunction = void(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
// [boxed_kernel_function]

// [kernel_function]
/// One kernel, type-erased so that every slot of every table has the same
/// type. It holds two entry points, as c10's KernelFunction does:
///
/// - `boxed_`: always set for a valid kernel. callBoxed() goes here. For a
///   kernel written unboxed it is make_boxed_from_unboxed_function<F>::call,
///   which unboxes the stack and calls the C++ function.
/// - `unboxed_`: set only for a kernel written unboxed: the function, called
///   with its arguments as they are. call<Ret, Args...>() goes here when it
///   can; for a boxed-only kernel (a fallback) it boxes the arguments
///   (BoxedKernelWrapper) and goes through `boxed_`.
///
/// Markers are boxed functions too, as in c10: the missing kernel has no
/// boxed entry at all; fallthrough and the ambiguous AutogradOther kernel
/// are boxed functions that explain why they should never have run.
class KernelFunction {
 public:
  /// Any function pointer converts to this one and back without loss.
  using ErasedFunction = void (*)();
  /// How callBoxed() reaches a kernel: the kernel's own function (whatever
  /// its type) travels as `function`, and the entry knows what to cast it to.
  using InternalBoxedFunction = void(ErasedFunction function, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                     Stack* stack);

  /// The missing kernel.
  KernelFunction() = default;

  /// A kernel from a plain C++ function: `&myadd_cpu`. Both entries are set:
  /// the unboxed one calls it directly, the boxed one unboxes first.
  template <class FunctionType>
  static KernelFunction makeFromUnboxedFunction(FunctionType* function) {
    using Signature = KernelSignature<FunctionType>;
    return KernelFunction(reinterpret_cast<ErasedFunction>(function),
                          &impl::make_boxed_from_unboxed_function<FunctionType>::call,
                          reinterpret_cast<ErasedFunction>(&impl::wrap_kernel_function_unboxed<FunctionType>::call),
                          CppSignature::make<typename Signature::OperatorSignature>());
  }
  /// A kernel written against the stack: one function for every operator.
  /// It has no unboxed entry.
  static KernelFunction makeFromBoxedFunction(BoxedKernelFunction* function) {
    return KernelFunction(reinterpret_cast<ErasedFunction>(function), &callBoxedFunction, nullptr, std::nullopt);
  }
  /// "Skip this key": c10's CppFunction::makeFallthrough().
  static KernelFunction makeFallthrough() { return makeFromBoxedFunction(&fallthroughKernel); }
  /// The marker of an AutogradOther slot that CompositeImplicitAutograd and a
  /// backend kernel both claim. Calling it explains the conflict.
  static KernelFunction makeAmbiguousAutogradOther() { return makeFromBoxedFunction(&ambiguousAutogradOtherKernel); }

  bool isValid() const { return boxed_ != nullptr; }
  bool isFallthrough() const { return isBoxedFunction(&fallthroughKernel); }
  bool isAmbiguousAutogradOther() const { return isBoxedFunction(&ambiguousAutogradOtherKernel); }
  /// True for a kernel written unboxed: call<>() needs no boxing.
  bool hasUnboxedKernel() const { return unboxed_ != nullptr; }
  /// The C++ type of a kernel written unboxed (without a leading
  /// DispatchKeySet); nothing for a boxed kernel, which serves any type.
  const std::optional<CppSignature>& cppSignature() const { return signature_; }
  /// The address of the kernel's own function, or null for the missing kernel.
  const void* functionAddress() const { return reinterpret_cast<const void*>(function_); }

  /// Runs the kernel on `stack`: the arguments on top, in schema order, are
  /// replaced by its results. Works for every valid kernel.
  void callBoxed(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) const {
    if (boxed_ == nullptr) [[unlikely]] {
      throwMissing(op);
    }
    boxed_(function_, op, dispatchKeySet, stack);
  }

  /// Calls the kernel as `Ret(Args...)`: directly through the unboxed entry,
  /// or, for a boxed kernel, by boxing the arguments (kernel_function_impl.h).
  template <class Ret, class... Args>
  Ret call(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) const;

  /// "boxed unboxed " for a kernel written unboxed, "boxed " for a boxed one,
  /// as c10's KernelFunction::dumpState() says it.
  std::string dumpState() const;

 private:
  KernelFunction(ErasedFunction function, InternalBoxedFunction* boxed, ErasedFunction unboxed,
                 std::optional<CppSignature> signature)
      : function_(function), boxed_(boxed), unboxed_(unboxed), signature_(std::move(signature)) {}

  /// The boxed entry of a boxed kernel: `function` is a BoxedKernelFunction*.
  static void callBoxedFunction(ErasedFunction function, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                Stack* stack);
  static void fallthroughKernel(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
  static void ambiguousAutogradOtherKernel(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
  bool isBoxedFunction(BoxedKernelFunction* function) const {
    return boxed_ == &callBoxedFunction && function_ == reinterpret_cast<ErasedFunction>(function);
  }
  [[noreturn]] static void throwMissing(const OperatorHandle& op);

  ErasedFunction function_ = nullptr;
  InternalBoxedFunction* boxed_ = nullptr;
  ErasedFunction unboxed_ = nullptr;
  std::optional<CppSignature> signature_;
};
// [kernel_function]

// Every operator's dispatch table holds one KernelFunction per runtime slot,
// so this size times the slot count is most of what an operator costs in
// memory (docs/performance.md measures it; c10's KernelFunction is 32 bytes).
static_assert(sizeof(KernelFunction) == 40, "a dispatch-table slot changed size: update docs/performance.md");

/// The schema a kernel function implies, for the check against def()'s.
template <class FunctionType>
FunctionSchema inferKernelSchema() {
  return inferFunctionSchema<typename KernelSignature<FunctionType>::OperatorSignature>();
}

}  // namespace ch05
}  // namespace mini
