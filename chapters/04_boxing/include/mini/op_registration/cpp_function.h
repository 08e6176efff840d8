#pragma once
/// \file
/// \brief CppFunction: whatever Library::def and impl accept as a kernel.

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "mini/boxing/kernel_function.h"
#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch04 {

/// A class with exactly one operator(): a lambda or a hand-written functor.
/// (A generic lambda has a template operator() and is not one; c10 refuses
/// it too, since no schema can be inferred from it.)
template <class Callable>
concept HasOneCallOperator = requires {
  &std::decay_t<Callable>::operator();
};

// [cpp_function]
/// A kernel on its way into a registration, as torch::CppFunction: the
/// KernelFunction made from it and, when it was written unboxed, the schema
/// its C++ type implies. impl() checks that schema against def()'s;
/// def("name", kernel) makes it the operator's schema.
class CppFunction {
 public:
  /// A function pointer: `m.impl("myadd", &myadd_cpu)`.
  template <class FunctionType>
  requires std::is_function_v<FunctionType>
  explicit CppFunction(FunctionType* function)
      : func_(KernelFunction::makeFromUnboxedRuntimeFunction(function)), schema_(inferKernelSchema<FunctionType>()) {}
  /// A function known at compile time: `m.impl("myadd", TORCH_FN<&myadd_cpu>)`.
  template <auto FunctionPointer>
  explicit CppFunction(CompileTimeFunctionPointer<FunctionPointer> function)
      : func_(KernelFunction::makeFromUnboxedFunction(function)),
        schema_(inferKernelSchema<typename CompileTimeFunctionPointer<FunctionPointer>::FuncType>()) {}
  /// A lambda, capturing or not: `m.impl("scale", [factor](const Tensor& x) {...})`.
  template <class Lambda>
  requires HasOneCallOperator<Lambda>
  explicit CppFunction(Lambda&& lambda)
      : func_(KernelFunction::makeFromUnboxedLambda(std::forward<Lambda>(lambda))),
        schema_(inferFunctorSchema<std::decay_t<Lambda>>()) {}
  /// A boxed kernel or a marker, made by one of KernelFunction's factories
  /// (`KernelFunction::makeFallthrough()`): nothing to infer a schema from.
  CppFunction(KernelFunction function)  // NOLINT: as convenient as c10's CppFunction::makeFallthrough()
      : func_(std::move(function)) {}

  /// A kernel written as a class derived from OperatorKernel, owned from now
  /// on. PyTorch reaches the same KernelFunction::makeFromUnboxedFunctor
  /// through its older registration API (`c10::RegisterOperators().op(...,
  /// kernel<MyKernel>(args))`); here it is one more way into impl().
  template <class KernelFunctor>
  static CppFunction makeFromUnboxedFunctor(std::unique_ptr<KernelFunctor> kernelFunctor) {
    CppFunction function(KernelFunction::makeFromUnboxedFunctor(std::move(kernelFunctor)));
    function.schema_ = inferFunctorSchema<KernelFunctor>();
    return function;
  }

  KernelFunction func_;
  std::optional<FunctionSchema> schema_;
};
// [cpp_function]

}  // namespace ch04
}  // namespace mini
