#pragma once
// Test helpers: an operator `foo(Tensor x) -> Tensor` in a namespace of its
// own, with kernels named fn_<Key> on the keys a test asks for (as the
// dispatch-table tool registers them), gone when the helper is destroyed.

#include <atomic>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/schema_parser.h"

namespace mini_test {

/// The handle of a generated operator, from its _ops struct's names:
/// handleOf<mini::_ops::add_Tensor>(), what a PyTorch test writes as
/// c10::Dispatcher::singleton().findSchemaOrThrow("aten::add", "Tensor").
template <class Op>
mini::OperatorHandle handleOf() {
  return mini::Dispatcher::singleton().findSchemaOrThrow(Op::name, Op::overload_name);
}

inline mini::Tensor identityKernel(const mini::Tensor& x) { return x; }

class ScopedFoo {
 public:
  explicit ScopedFoo(const std::vector<mini::DispatchKey>& keys) : name_(fmt::format("test{}::foo", nextId())) {
    mini::FunctionSchema schema = mini::parseSchema("foo(Tensor x) -> Tensor");
    schema.name = name_;
    handles_.push_back(mini::Dispatcher::singleton().registerDef(std::move(schema), "registered at test"));
    for (mini::DispatchKey key : keys) {
      add(key);
    }
  }

  /// One more fn_<Key> kernel on `key`.
  void add(mini::DispatchKey key) {
    handles_.push_back(mini::Dispatcher::singleton().registerImpl(
        name_, key, mini::KernelFunction::makeFromUnboxedRuntimeFunction(&identityKernel),
        mini::inferKernelSchema<decltype(identityKernel)>(), fmt::format("fn_{}", key)));
  }

  const std::string& name() const { return name_; }
  mini::OperatorHandle handle() const { return *mini::Dispatcher::singleton().findOp(name_); }
  const mini::OperatorEntry& entry() const { return handle().entry(); }

 private:
  static int nextId() {
    static std::atomic<int> id{0};
    return id++;
  }

  std::string name_;
  std::vector<mini::RegistrationHandleRAII> handles_;
};

/// The runtime keys with a slot, Undefined first, as dumpComputedTable walks them.
inline std::vector<mini::DispatchKey> allRuntimeKeys() {
  std::vector<mini::DispatchKey> keys{mini::DispatchKey::Undefined};
  for (mini::DispatchKey key : mini::DispatchKeySet(mini::DispatchKeySet::FULL).keys()) keys.push_back(key);
  return keys;
}

/// Every registration set of up to `size` keys drawn from `keys`.
inline std::vector<std::vector<mini::DispatchKey>> subsetsOf(const std::vector<mini::DispatchKey>& keys,
                                                             std::size_t size) {
  std::vector<std::vector<mini::DispatchKey>> result{{}};
  for (mini::DispatchKey key : keys) {
    const std::size_t count = result.size();
    for (std::size_t i = 0; i < count; ++i) {
      if (result[i].size() < size) {
        auto grown = result[i];
        grown.push_back(key);
        result.push_back(grown);
      }
    }
  }
  return result;
}

/// The keys a registration can name: runtime keys (FPGA included) and aliases.
inline std::vector<mini::DispatchKey> registrationKeys() {
  using mini::DispatchKey;
  return {DispatchKey::CPU,
          DispatchKey::CUDA,
          DispatchKey::Meta,
          DispatchKey::FPGA,
          DispatchKey::AutogradOther,
          DispatchKey::AutogradCPU,
          DispatchKey::AutogradMeta,
          DispatchKey::Autograd,
          DispatchKey::CompositeImplicitAutograd,
          DispatchKey::CompositeExplicitAutograd};
}

}  // namespace mini_test
