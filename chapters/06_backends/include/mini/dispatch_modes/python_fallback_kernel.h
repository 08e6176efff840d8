#pragma once
/// \file
/// \brief The PythonTLSSnapshot key: the thread's included and excluded keys
///        as a call entered the dispatcher, kept for code that the Python
///        key calls back (PyTorch 1.13's aten/src/ATen/core/PythonFallbackKernel.h).
///
/// The Python key's fallback runs `__torch_dispatch__` with every key above
/// Python excluded, so that what it calls goes below autograd. A handler
/// that wants the layers above back (autograd recording inside it) restores
/// the keys the call came in with: RestorePythonTLSSnapshot, torch's
/// `enable_reentrant_dispatch`. Those keys are noted by the fallback of
/// PythonTLSSnapshot, the highest key of this chapter (1.13's enum has four
/// above it: FuncTorchDynamicLayerFrontMode, two TESTING_ONLY_* keys and
/// PythonDispatcher), which every call carrying the Python key carries too:
/// a wrapper subclass's key set holds both, and pushing a mode includes both.

#include <optional>

#include "mini/core/local_dispatch_key_set.h"

namespace mini {
inline namespace ch06 {

/// The two keys of Python, together everywhere (c10's python_ks).
inline constexpr DispatchKeySet kPythonKeys{DispatchKey::Python, DispatchKey::PythonTLSSnapshot};

/// Notes this thread's local key set unless a note is there already (a call
/// made inside another before Python was reached), and clears the note it
/// made at the end.
class MaybeSetTLSOnEntryGuard {
 public:
  MaybeSetTLSOnEntryGuard();
  ~MaybeSetTLSOnEntryGuard();
  MaybeSetTLSOnEntryGuard(const MaybeSetTLSOnEntryGuard&) = delete;
  MaybeSetTLSOnEntryGuard& operator=(const MaybeSetTLSOnEntryGuard&) = delete;

 private:
  bool value_set_;
};

/// For its lifetime, this thread's local key set is the noted one, and the
/// note is cleared (so that a call made now notes again); both come back at
/// the end. Throws, in 1.13's words, when no call noted anything: outside
/// `__torch_dispatch__` there is nothing to restore.
class RestorePythonTLSSnapshot {
 public:
  RestorePythonTLSSnapshot();
  ~RestorePythonTLSSnapshot();
  RestorePythonTLSSnapshot(const RestorePythonTLSSnapshot&) = delete;
  RestorePythonTLSSnapshot& operator=(const RestorePythonTLSSnapshot&) = delete;

 private:
  LocalDispatchKeySet saved_;    ///< the note, put back at the end
  LocalDispatchKeySet current_;  ///< the thread's key set before, put back at the end
};

/// The note, if a call is in flight on this thread (for tests and gdb).
std::optional<LocalDispatchKeySet> pythonTLSOnEntry();

}  // namespace ch06
}  // namespace mini
