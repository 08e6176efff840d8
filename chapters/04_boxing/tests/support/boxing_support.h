#pragma once
// Test helper: an operator the chapter's code has never seen, defined from a
// schema in a namespace of its own, with kernels added per test and removed
// when the helper is destroyed.

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/schema_parser.h"

namespace mini_test {

/// A boxed function known only at run time, as a boxed kernel functor.
class RuntimeBoxedKernel final : public mini::OperatorKernel {
 public:
  explicit RuntimeBoxedKernel(mini::BoxedKernelFunction_withDispatchKeys* function) : function_(function) {}
  void operator()(const mini::OperatorHandle& op, mini::DispatchKeySet dispatchKeySet, mini::Stack* stack) const {
    function_(op, dispatchKeySet, stack);
  }

 private:
  mini::BoxedKernelFunction_withDispatchKeys* function_;
};

class ScopedOperator {
 public:
  /// `schema` without a namespace: "twice(Tensor x) -> Tensor".
  explicit ScopedOperator(std::string_view schema) {
    mini::FunctionSchema parsed = mini::parseSchema(schema);
    parsed.name = fmt::format("unseen{}::{}", nextId(), parsed.name);
    // With the overload, `unseen0::split.Tensor`: impl() and handle() must
    // reach the operator def() made, not an overload-less namesake.
    name_ = parsed.operatorName();
    handles_.push_back(mini::Dispatcher::singleton().registerDef(std::move(parsed), "registered at test"));
  }

  /// A kernel written unboxed, checked against the schema like m.impl().
  template <class FunctionType>
  ScopedOperator& impl(mini::DispatchKey key, FunctionType* kernel) {
    handles_.push_back(mini::Dispatcher::singleton().registerImpl(
        name_, key, mini::KernelFunction::makeFromUnboxedRuntimeFunction(kernel),
        mini::inferKernelSchema<FunctionType>(), "registered at test"));
    return *this;
  }
  /// A boxed kernel, given at run time: held by a boxed functor, because
  /// makeFromBoxedFunction takes its function at compile time, as c10's does.
  ScopedOperator& implBoxed(mini::DispatchKey key, mini::BoxedKernelFunction_withDispatchKeys* kernel) {
    handles_.push_back(mini::Dispatcher::singleton().registerImpl(
        name_, key, mini::KernelFunction::makeFromBoxedFunctor(std::make_unique<RuntimeBoxedKernel>(kernel)),
        std::nullopt, "registered at test"));
    return *this;
  }

  const std::string& name() const { return name_; }
  mini::OperatorHandle handle() const { return *mini::Dispatcher::singleton().findOp(name_); }
  template <class FunctionType>
  mini::TypedOperatorHandle<FunctionType> typed() const {
    return handle().typed<FunctionType>();
  }

 private:
  static int nextId() {
    static std::atomic<int> id{0};
    return id++;
  }

  std::string name_;
  std::vector<mini::RegistrationHandleRAII> handles_;
};

}  // namespace mini_test
