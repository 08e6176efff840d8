#include "mini/operators.h"

#include <algorithm>

namespace mini {
inline namespace ch01 {

// [compute-key]
DispatchKey computeDispatchKey(const Number& a, const Number& b) { return std::max(a.key, b.key); }
// [compute-key]

// [table-static]
OperatorTable<BinaryKernel>& addTable() {
  static OperatorTable<BinaryKernel> table("add");
  return table;
}
// [table-static]

OperatorTable<BinaryKernel>& mulTable() {
  static OperatorTable<BinaryKernel> table("mul");
  return table;
}

// [dispatching-functions]
// The operators: compute the key from every argument, then let the table
// decide. Nothing here changes when a representation is added.
Number add(const Number& a, const Number& b) { return addTable().call(computeDispatchKey(a, b), a, b); }

Number mul(const Number& a, const Number& b) { return mulTable().call(computeDispatchKey(a, b), a, b); }
// [dispatching-functions]

}  // namespace ch01
}  // namespace mini
