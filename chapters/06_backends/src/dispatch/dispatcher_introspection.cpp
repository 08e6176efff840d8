// The Dispatcher's questions about itself, asked from Python as
// torch._C._dispatch_check_all_invariants, _dispatch_find_dangling_impls and
// _dispatch_get_registrations_for_dispatch_key ask c10's: each walks every
// operator under the registration lock.
#include <mutex>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

void Dispatcher::checkInvariants() const {
  const std::lock_guard lock(mutex_);
  for (const OperatorDef& def : operators_) {
    def.op.checkInvariants();
  }
}

// An impl() without a def() is allowed (registration order across files is
// not fixed), so only a walk finds the def that never came.
std::vector<OperatorHandle> Dispatcher::findDanglingImpls() const {
  const std::lock_guard lock(mutex_);
  std::vector<OperatorHandle> dangling;
  for (const OperatorDef& def : operators_) {
    if (!def.op.hasSchema()) {
      dangling.push_back(OperatorHandle(const_cast<OperatorEntry*>(&def.op)));
    }
  }
  return dangling;
}

// A kernel on the key itself: an alias key counts only for itself, as in
// c10 (a CompositeImplicitAutograd kernel is not a CPU registration).
std::vector<std::string> Dispatcher::getRegistrationsForDispatchKey(std::optional<DispatchKey> key) const {
  const std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const OperatorDef& def : operators_) {
    if (!key || def.op.hasKernelForDispatchKey(*key)) {
      names.push_back(def.op.name());
    }
  }
  return names;
}

}  // namespace ch06
}  // namespace mini
