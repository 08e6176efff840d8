#pragma once
/// \file
/// \brief Functions and lambdas become kernel functors: TORCH_FN,
///        WrapFunctionIntoFunctor_ and WrapFunctionIntoRuntimeFunctor_.
///
/// c10's KernelFunction calls one kind of thing, an OperatorKernel. A plain
/// function is wrapped into one, in two ways that differ in what the
/// compiler knows (c10/core/boxing/impl/WrapFunctionIntoFunctor.h and
/// WrapFunctionIntoRuntimeFunctor.h).

#include <type_traits>
#include <utility>

#include "mini/boxing/kernel_signature.h"
#include "mini/boxing/operator_kernel.h"

namespace mini {
inline namespace ch05 {

// [compile_time_function_pointer]
/// A function pointer carried in a type: `TORCH_FN<&myadd_cpu>`. The
/// functor below calls it by name, so the compiler can inline the kernel into
/// its unboxed entry and the call costs one indirect jump, not two. PyTorch
/// spells it as a macro, `TORCH_FN(myadd_cpu)`, written before C++17 let a
/// template take `auto`; here a variable template does the same job. The
/// generated registrations of chapter 06 use it, as PyTorch's do.
template <auto FunctionPointer>
struct CompileTimeFunctionPointer {
  using FuncType = std::remove_pointer_t<decltype(FunctionPointer)>;
  static constexpr auto func_ptr() { return FunctionPointer; }
};
template <auto FunctionPointer>
inline constexpr CompileTimeFunctionPointer<FunctionPointer> TORCH_FN{};
// [compile_time_function_pointer]

namespace impl {

// [wrap_function_into_functor]
/// The functor of a compile-time function pointer: no state at all.
template <class CompileTimeFunction, class Signature = typename CompileTimeFunction::FuncType>
class WrapFunctionIntoFunctor_;

template <class CompileTimeFunction, class Ret, class... Params>
class WrapFunctionIntoFunctor_<CompileTimeFunction, Ret(Params...)> final : public OperatorKernel {
 public:
  Ret operator()(Params... args) { return CompileTimeFunction::func_ptr()(std::forward<Params>(args)...); }
};
// [wrap_function_into_functor]

// [wrap_function_into_runtime_functor]
/// The functor of something callable known only at run time: a function
/// pointer (`&myadd_cpu`, called through the stored pointer) or a lambda
/// (stored by value, captures and all, so a capturing lambda is a stateful
/// kernel like any other functor).
template <class FuncType, class Signature = infer_function_traits_t<FuncType>>
class WrapFunctionIntoRuntimeFunctor_;

template <class FuncType, class Ret, class... Params>
class WrapFunctionIntoRuntimeFunctor_<FuncType, Ret(Params...)> final : public OperatorKernel {
 public:
  template <class Callable>
  explicit WrapFunctionIntoRuntimeFunctor_(Callable&& kernel_func)
      : kernel_func_(std::forward<Callable>(kernel_func)) {}
  Ret operator()(Params... args) { return kernel_func_(std::forward<Params>(args)...); }

 private:
  FuncType kernel_func_;
};
// [wrap_function_into_runtime_functor]

}  // namespace impl
}  // namespace ch05
}  // namespace mini
