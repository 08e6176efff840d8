// OperatorEntry::checkInvariants: the published table is what the rules say.
//
// A slot is written when a registration can change it, never recomputed on a
// call; a bug in which slots a registration refreshes would leave a stale
// kernel in place. This walks every slot, recomputes it from scratch and
// compares, as c10's OperatorEntry::checkInvariants does for
// torch._C._dispatch_check_invariants; its message is c10's too: the
// canonical state and the computed table.
#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

namespace {

// The same kernel, entry for entry: c10 compares the boxed and the unboxed
// function pointers; the functor, the markers and the entries say that here.
bool sameKernel(const KernelFunction& a, const KernelFunction& b) {
  return a.isValid() == b.isValid() && a.isFallthrough() == b.isFallthrough() &&
         a.isAmbiguousAutogradOther() == b.isAmbiguousAutogradOther() && a.hasUnboxedKernel() == b.hasUnboxedKernel() &&
         a.functor() == b.functor();
}

}  // namespace

void OperatorEntry::checkInvariants() const {
  // c10 also asserts that the schema's name is the operator's and that no
  // kernel sits on Undefined; here registration makes both impossible
  // (operators are found by their schema's name, and registerImpl refuses
  // a key without a slot), so only the table is left to check.
  const DispatchTable& table = dispatchTable();
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    const ComputedEntry expected = computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key);
    if (!sameKernel(expected.kernel->kernel, table.slots[getDispatchTableIndexForDispatchKey(key)])) {
      throw std::logic_error(fmt::format("Canonical state\n~~~~~~~~~~~\n{}\n\nComputed table:\n~~~~~~~~~~~\n{}",
                                         dumpState(), dumpComputedTable()));
    }
  }
}

}  // namespace ch06
}  // namespace mini
