#pragma once
/// \file
/// \brief KernelFunction: what one slot of an operator's table holds, now with
///        a boxed entry that always works and an unboxed one when it can.

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "mini/boxing/make_boxed_from_unboxed.h"
#include "mini/boxing/operator_kernel.h"
#include "mini/boxing/stack.h"
#include "mini/boxing/wrap_function_into_functor.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/dispatch/cpp_signature.h"
#include "mini/op_registration/infer_schema.h"

namespace mini {
inline namespace ch04 {

class OperatorHandle;

// [boxed_kernel_function]
/// The one signature every boxed kernel has, whatever its operator: the
/// operator (for its schema and to call it again), the call's key set, and
/// the stack holding the arguments, where the results go.
using BoxedKernelFunction_withDispatchKeys = void(const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                                  Stack* stack);
/// The same without the key set, for a boxed kernel that never redispatches:
/// c10 names this form plain BoxedKernelFunction and the other
/// BoxedKernelFunction_withDispatchKeys, and takes either.
using BoxedKernelFunction = void(const OperatorHandle& op, Stack* stack);
// [boxed_kernel_function]

// [kernel_function]
/// One kernel, type-erased so that every slot of every table has the same
/// type. As c10's KernelFunction, it holds the kernel as an OperatorKernel
/// (owned, shared by copies) and two entry points into it:
///
/// - `boxed_`: always set for a valid kernel. callBoxed() goes here. For a
///   kernel written unboxed it is make_boxed_from_unboxed_functor<F>::call,
///   which unboxes the stack and calls the functor.
/// - `unboxed_`: set only for a kernel written unboxed:
///   wrap_kernel_functor_unboxed_<F>::call, which calls the functor with its
///   arguments as they are. call<Ret, Args...>() goes here when it can; for a
///   boxed-only kernel (a fallback) it boxes the arguments
///   (BoxedKernelWrapper) and goes through `boxed_`.
///
/// Every source of a kernel ends up as a functor: a class derived from
/// OperatorKernel as it is; a function pointer, a TORCH_FN or a lambda
/// wrapped into one (wrap_function_into_functor.h). A boxed function needs
/// no object: its `boxed_` entry is a template instance that names it.
///
/// Markers are boxed entries too, as in c10: the missing kernel has no
/// boxed entry at all; fallthrough and the ambiguous AutogradOther kernel
/// are boxed entries that explain why they should never have run.
class KernelFunction {
 public:
  /// How callBoxed() reaches a kernel: with the functor (null for a boxed
  /// function), whose class the entry knows.
  using InternalBoxedKernelFunction = void(OperatorKernel* functor, const OperatorHandle& op,
                                           DispatchKeySet dispatchKeySet, Stack* stack);
  /// The unboxed entry's type depends on the operator's signature, so it is
  /// stored as this and cast back by call<Ret, Args...>() (c10 uses void*).
  using ErasedUnboxedFunction = void (*)();

  /// The missing kernel.
  KernelFunction() = default;

  /// A kernel written as a class derived from OperatorKernel, which the
  /// KernelFunction now owns: `std::make_unique<MyKernel>(state)`.
  template <class KernelFunctor>
  static KernelFunction makeFromUnboxedFunctor(std::unique_ptr<KernelFunctor> kernelFunctor) {
    static_assert(std::is_base_of_v<OperatorKernel, KernelFunctor>,
                  "a kernel functor must derive from OperatorKernel, so that a KernelFunction can own it");
    using Signature = FunctorSignature<KernelFunctor>;
    return KernelFunction(
        intrusive_ptr<OperatorKernel>(std::move(kernelFunctor)),
        &impl::make_boxed_from_unboxed_functor<KernelFunctor>::call,
        reinterpret_cast<ErasedUnboxedFunction>(&impl::wrap_kernel_functor_unboxed_<KernelFunctor>::call),
        CppSignature::make<typename Signature::OperatorSignature>());
  }
  /// A function known at compile time: `TORCH_FN<&myadd_cpu>`. The functor
  /// has no state and calls the function by name, so it can be inlined.
  template <auto FunctionPointer>
  static KernelFunction makeFromUnboxedFunction(CompileTimeFunctionPointer<FunctionPointer> /*function*/) {
    using Functor = impl::WrapFunctionIntoFunctor_<CompileTimeFunctionPointer<FunctionPointer>>;
    return makeFromUnboxedFunctor(std::make_unique<Functor>());
  }
  /// A function pointer known only at run time: `&myadd_cpu`. The functor
  /// stores the pointer and calls through it.
  template <class FunctionType>
  requires std::is_function_v<FunctionType>
  static KernelFunction makeFromUnboxedRuntimeFunction(FunctionType* function) {
    using Functor = impl::WrapFunctionIntoRuntimeFunctor_<FunctionType*>;
    return makeFromUnboxedFunctor(std::make_unique<Functor>(function));
  }
  /// A lambda, with or without captures: stored by value in its functor.
  template <class Lambda>
  requires(!std::is_pointer_v<std::decay_t<Lambda>>) static KernelFunction makeFromUnboxedLambda(Lambda&& lambda) {
    using Functor = impl::WrapFunctionIntoRuntimeFunctor_<std::decay_t<Lambda>>;
    return makeFromUnboxedFunctor(std::make_unique<Functor>(std::forward<Lambda>(lambda)));
  }
  /// A kernel written against the stack: one function for every operator,
  /// named at compile time (`makeFromBoxedFunction<&tracerFallback>()`), as
  /// c10's is. It has no unboxed entry and no object.
  template <BoxedKernelFunction_withDispatchKeys* function>
  static KernelFunction makeFromBoxedFunction() {
    return KernelFunction(intrusive_ptr<OperatorKernel>(), &makeBoxedFunction<function>, nullptr, std::nullopt);
  }
  /// The key-less form, `void(const OperatorHandle&, Stack*)`: the template
  /// parameter's type picks this overload, as in c10.
  template <BoxedKernelFunction* function>
  static KernelFunction makeFromBoxedFunction() {
    return KernelFunction(intrusive_ptr<OperatorKernel>(), &makeBoxedFunction<function>, nullptr, std::nullopt);
  }
  /// A boxed kernel with state: a class derived from OperatorKernel whose
  /// operator() takes (op, key set, stack).
  template <class KernelFunctor>
  static KernelFunction makeFromBoxedFunctor(std::unique_ptr<KernelFunctor> kernelFunctor) {
    static_assert(std::is_base_of_v<OperatorKernel, KernelFunctor>,
                  "a kernel functor must derive from OperatorKernel, so that a KernelFunction can own it");
    return KernelFunction(intrusive_ptr<OperatorKernel>(std::move(kernelFunctor)), &makeBoxedFunctor<KernelFunctor>,
                          nullptr, std::nullopt);
  }
  /// "Skip this key": c10's CppFunction::makeFallthrough().
  static KernelFunction makeFallthrough() {
    return KernelFunction(intrusive_ptr<OperatorKernel>(), &fallthrough_kernel, nullptr, std::nullopt);
  }
  /// The marker of an AutogradOther slot that CompositeImplicitAutograd and a
  /// backend kernel both claim. Calling it explains the conflict.
  static KernelFunction makeAmbiguousAutogradOther() {
    return KernelFunction(intrusive_ptr<OperatorKernel>(), &ambiguous_autogradother_kernel, nullptr, std::nullopt);
  }

  bool isValid() const { return boxed_ != nullptr; }
  bool isFallthrough() const { return boxed_ == &fallthrough_kernel; }
  bool isAmbiguousAutogradOther() const { return boxed_ == &ambiguous_autogradother_kernel; }
  /// True for a kernel written unboxed: call<>() needs no boxing.
  bool hasUnboxedKernel() const { return unboxed_ != nullptr; }
  /// The C++ type of a kernel written unboxed (without a leading
  /// DispatchKeySet); nothing for a boxed kernel, which serves any type.
  const std::optional<CppSignature>& cppSignature() const { return signature_; }
  /// The kernel's object: null for a boxed function and for the markers.
  const OperatorKernel* functor() const { return functor_.get(); }

  /// Runs the kernel on `stack`: the arguments on top, in schema order, are
  /// replaced by its results. Works for every valid kernel.
  void callBoxed(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) const {
    if (boxed_ == nullptr) [[unlikely]] {
      throwMissing(op);
    }
    boxed_(functor_.get(), op, dispatchKeySet, stack);
  }

  /// Calls the kernel as `Ret(Args...)`: directly through the unboxed entry,
  /// or, for a boxed kernel, by boxing the arguments (kernel_function_impl.h).
  template <class Ret, class... Args>
  Ret call(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) const;

  /// "boxed unboxed " for a kernel written unboxed, "boxed " for a boxed one,
  /// as c10's KernelFunction::dumpState() says it.
  std::string dumpState() const;

 private:
  KernelFunction(intrusive_ptr<OperatorKernel> functor, InternalBoxedKernelFunction* boxed,
                 ErasedUnboxedFunction unboxed, std::optional<CppSignature> signature)
      : functor_(std::move(functor)), boxed_(boxed), unboxed_(unboxed), signature_(std::move(signature)) {}

  /// The boxed entry of a boxed function: a template instance per function,
  /// so the function is called by name and no object is needed.
  template <BoxedKernelFunction_withDispatchKeys* function>
  static void makeBoxedFunction(OperatorKernel* /*functor*/, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                Stack* stack) {
    function(op, dispatchKeySet, stack);
  }
  /// The key set stops here: a key-less kernel cannot redispatch.
  template <BoxedKernelFunction* function>
  static void makeBoxedFunction(OperatorKernel* /*functor*/, const OperatorHandle& op,
                                DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
    function(op, stack);
  }
  template <class KernelFunctor>
  static void makeBoxedFunctor(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                               Stack* stack) {
    (*static_cast<KernelFunctor*>(functor))(op, dispatchKeySet, stack);
  }
  // The markers' boxed entries, named as c10's are.
  static void fallthrough_kernel(OperatorKernel* functor, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                                 Stack* stack);
  static void ambiguous_autogradother_kernel(OperatorKernel* functor, const OperatorHandle& op,
                                             DispatchKeySet dispatchKeySet, Stack* stack);
  [[noreturn]] static void throwMissing(const OperatorHandle& op);

  intrusive_ptr<OperatorKernel> functor_;
  InternalBoxedKernelFunction* boxed_ = nullptr;
  ErasedUnboxedFunction unboxed_ = nullptr;
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
/// The same for a kernel functor or a lambda, from its operator().
template <class KernelFunctor>
FunctionSchema inferFunctorSchema() {
  return inferFunctionSchema<typename FunctorSignature<KernelFunctor>::OperatorSignature>();
}

}  // namespace ch04
}  // namespace mini
