#include "mini/operators.h"

namespace mini {
inline namespace ch02 {

// [compute_dispatch_key_set]
DispatchKeySet computeDispatchKeySet(const Tensor& a, const Tensor& b) {
  const LocalDispatchKeySet local = localDispatchKeySet();
  return ((a.keySet() | b.keySet()) | local.included) - local.excluded;
}
// [compute_dispatch_key_set]

OperatorTable<BinaryKernel>& addTable() {
  static OperatorTable<BinaryKernel> table("add");
  return table;
}

Tensor add(const Tensor& a, const Tensor& b) { return addTable().call(computeDispatchKeySet(a, b), a, b); }

}  // namespace ch02
}  // namespace mini
