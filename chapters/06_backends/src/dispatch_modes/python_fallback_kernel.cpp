#include "mini/dispatch_modes/python_fallback_kernel.h"

#include <stdexcept>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

namespace {
// Empty outside a call; set by the first PythonTLSSnapshot fallback of a
// call from outside the dispatcher, and left alone by the calls nested in it.
thread_local std::optional<LocalDispatchKeySet> tlsOnEntry;

LocalDispatchKeySet safeGetTLSOnEntry() {
  if (!tlsOnEntry) {
    throw std::runtime_error("Accessing torch dispatch state outside of '__torch_dispatch__' is not allowed.");
  }
  return *tlsOnEntry;
}

// [python_tls_snapshot_fallback]
/// The highest key: note the thread's keys as the call comes in, then go on
/// to the keys below this one.
void pythonTLSSnapshotFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  const MaybeSetTLSOnEntryGuard guard;
  op.redispatchBoxed(dispatchKeySet.remove(DispatchKey::PythonTLSSnapshot), stack);
}
// [python_tls_snapshot_fallback]
}  // namespace

MaybeSetTLSOnEntryGuard::MaybeSetTLSOnEntryGuard() : value_set_(!tlsOnEntry.has_value()) {
  if (value_set_) {
    tlsOnEntry = localDispatchKeySet();
  }
}

MaybeSetTLSOnEntryGuard::~MaybeSetTLSOnEntryGuard() {
  if (value_set_) {
    tlsOnEntry.reset();
  }
}

RestorePythonTLSSnapshot::RestorePythonTLSSnapshot() : saved_(safeGetTLSOnEntry()), current_(localDispatchKeySet()) {
  setLocalDispatchKeySet(saved_);
  tlsOnEntry.reset();
}

RestorePythonTLSSnapshot::~RestorePythonTLSSnapshot() {
  setLocalDispatchKeySet(current_);
  tlsOnEntry = saved_;
}

std::optional<LocalDispatchKeySet> pythonTLSOnEntry() { return tlsOnEntry; }

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(_, PythonTLSSnapshot, m) {
  m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::pythonTLSSnapshotFallback>());
}
