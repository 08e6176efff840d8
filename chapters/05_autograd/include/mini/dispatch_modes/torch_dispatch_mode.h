#pragma once
/// \file
/// \brief Dispatch modes: user code on every operator, below autograd, in the
///        manner of PyTorch's TorchDispatchMode (torch/utils/_python_dispatch.py,
///        c10/core/impl/TorchDispatchModeTLS.h).
///
/// A mode is an object with a handler that every operator call reaches once
/// it is past autograd. PyTorch keeps the active modes on a thread-local
/// stack; while the stack is non-empty the Python key is in the thread's
/// included set, and the Python key's one boxed fallback hands the call to
/// the mode on top. The handler runs with that mode taken off the stack
/// (stashed), so a call the handler makes goes to the next mode down, or to
/// the kernel once no mode is left: never back into the same handler.

#include <cstddef>
#include <memory>
#include <string>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

// [torch_dispatch_mode]
/// A mode: PyTorch's TorchDispatchMode, whose `__torch_dispatch__(func,
/// types, args, kwargs)` is torchDispatch(op, stack) here. The stack holds
/// the call's arguments in schema order; the handler must leave the
/// results there, as a boxed kernel does. The usual handler looks, then
/// calls callOperator() (PyTorch's `func(*args)`), then looks again.
class TorchDispatchMode {
 public:
  virtual ~TorchDispatchMode() = default;
  /// What gdb, errors and the lesson call the mode: `LoggingMode`.
  virtual std::string name() const = 0;
  virtual void torchDispatch(const OperatorHandle& op, Stack* stack) = 0;
};

/// `func(*args)` from inside a handler: a fresh call of the operator with
/// the thread's state as it is now, that is with the calling mode stashed.
/// It reaches the next mode on the stack, or the kernel when none is left.
void callOperator(const OperatorHandle& op, Stack* stack);
// [torch_dispatch_mode]

/// The thread's mode stack (c10::impl::TorchDispatchModeTLS). Pushing the
/// first mode adds the Python key to the thread's included set, popping the
/// last one takes it away: "the key is included while the stack is
/// non-empty" is kept by these two functions and nowhere else.
namespace TorchDispatchModeTLS {
void push_onto_stack(std::shared_ptr<TorchDispatchMode> mode);
/// Takes the top mode off; throws (naming nothing: there is nothing) when
/// the stack is empty.
std::shared_ptr<TorchDispatchMode> pop_stack();
/// The mode at `index`, 0 the bottom (the first pushed).
const std::shared_ptr<TorchDispatchMode>& get_stack_at(std::size_t index);
std::size_t stack_len();
}  // namespace TorchDispatchModeTLS

/// `with mode:` for a C++ scope: pushes `mode` for the guard's lifetime.
/// Guards nest as scopes do; the destructor runs during unwinding too, so an
/// exception leaves the stack as the guard found it.
class TorchDispatchModeGuard {
 public:
  explicit TorchDispatchModeGuard(std::shared_ptr<TorchDispatchMode> mode);
  ~TorchDispatchModeGuard();
  TorchDispatchModeGuard(const TorchDispatchModeGuard&) = delete;
  TorchDispatchModeGuard& operator=(const TorchDispatchModeGuard&) = delete;

  TorchDispatchMode& mode() const { return *mode_; }

 private:
  std::shared_ptr<TorchDispatchMode> mode_;
};

/// Takes the top mode off the stack for the guard's lifetime and puts it
/// back at the end (PyTorch's StashTorchDispatchModeGuard, the C++ side of
/// `_pop_mode_temporarily`). The Python key's fallback holds one while the
/// handler runs: the stashed mode is in this guard, in the fallback's frame.
class StashTorchDispatchModeGuard {
 public:
  StashTorchDispatchModeGuard();
  ~StashTorchDispatchModeGuard();
  StashTorchDispatchModeGuard(const StashTorchDispatchModeGuard&) = delete;
  StashTorchDispatchModeGuard& operator=(const StashTorchDispatchModeGuard&) = delete;

  TorchDispatchMode& mode() const { return *saved_mode_; }

 private:
  std::shared_ptr<TorchDispatchMode> saved_mode_;
};

/// The boxed fallback on the Python key, registered in torch_dispatch_mode.cpp
/// (PyTorch's pythonFallback in aten/src/ATen/core/PythonFallbackKernel.cpp).
void pythonFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch05
}  // namespace mini
