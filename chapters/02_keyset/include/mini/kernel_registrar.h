#pragma once
/// \file
/// \brief The registrar: an object whose constructor registers a kernel.

#include "mini/operator_table.h"

namespace mini {
inline namespace ch02 {

/// Registers a kernel when constructed and removes it when destroyed.
///
/// Defined at namespace scope in a kernel's own .cpp file, a registrar runs
/// during static initialisation, before main: that is how a file the operator
/// never mentions still fills the operator's table (decentralised
/// registration). Scoped inside a function, it registers a kernel for just that
/// scope, which is what the tests do.
template <class Signature>
class KernelRegistrar {
 public:
  using Table = OperatorTable<Signature>;

  // [registrar]
  KernelRegistrar(Table& table, DispatchKey key, typename Table::Kernel kernel, SourceSite site = SourceSite::here())
      : table_(table), key_(key) {
    table_.registerKernel(key_, kernel, site);
  }

  ~KernelRegistrar() { table_.deregisterKernel(key_); }
  // [registrar]

  KernelRegistrar(const KernelRegistrar&) = delete;
  KernelRegistrar& operator=(const KernelRegistrar&) = delete;

 private:
  Table& table_;
  DispatchKey key_;
};

}  // namespace ch02
}  // namespace mini
