#include "mini/dispatch_modes/torch_dispatch_mode.h"

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch_modes/python_fallback_kernel.h"
#include "mini/dispatch_modes/python_tensor_dispatch.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

namespace {
// One stack per thread, as PyTorch's: a mode pushed on one thread never
// sees another thread's calls.
thread_local std::vector<std::shared_ptr<TorchDispatchMode>> tlsModeStack;

// Set once, when the Python module loads; read by every call on the key.
std::atomic<PythonTensorDispatchHook> pythonTensorDispatchHook{nullptr};

// Python and PythonTLSSnapshot together, as 1.13's TorchDispatchModeTLS
// sets them: a call made while a mode is pushed notes the thread's keys on
// entry, as one on a tensor subclass does.
void setPythonKeyIncluded(bool included) {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.included = included ? state.included | kPythonKeys : state.included - kPythonKeys;
  setLocalDispatchKeySet(state);
}

// Every functionality above Python (1.13's after_Python_keyset): what
// __torch_dispatch__ calls skips them, autograd first.
constexpr DispatchKeySet kAfterPythonKeySet{
    DispatchKeySet::RAW, DispatchKeySet(DispatchKeySet::FULL).raw() &
                             ~((std::uint64_t{1} << (kNumBackends + static_cast<int>(DispatchKey::Python))) - 1)};
}  // namespace

// [push_pop]
void TorchDispatchModeTLS::push_onto_stack(std::shared_ptr<TorchDispatchMode> mode) {
  if (mode == nullptr) {
    throw std::invalid_argument("TorchDispatchModeTLS::push_onto_stack: the mode is null");
  }
  if (tlsModeStack.empty()) {
    setPythonKeyIncluded(true);
  }
  tlsModeStack.push_back(std::move(mode));
}

std::shared_ptr<TorchDispatchMode> TorchDispatchModeTLS::pop_stack() {
  if (tlsModeStack.empty()) {
    throw std::logic_error("Trying to pop from an empty mode stack");
  }
  std::shared_ptr<TorchDispatchMode> mode = std::move(tlsModeStack.back());
  tlsModeStack.pop_back();
  if (tlsModeStack.empty()) {
    setPythonKeyIncluded(false);
  }
  return mode;
}
// [push_pop]

const std::shared_ptr<TorchDispatchMode>& TorchDispatchModeTLS::get_stack_at(std::size_t index) {
  if (index >= tlsModeStack.size()) {
    throw std::out_of_range(
        fmt::format("TorchDispatchModeTLS::get_stack_at({}): the stack holds {} modes", index, tlsModeStack.size()));
  }
  return tlsModeStack[index];
}

std::size_t TorchDispatchModeTLS::stack_len() { return tlsModeStack.size(); }

TorchDispatchModeGuard::TorchDispatchModeGuard(std::shared_ptr<TorchDispatchMode> mode) : mode_(std::move(mode)) {
  TorchDispatchModeTLS::push_onto_stack(mode_);
}

TorchDispatchModeGuard::~TorchDispatchModeGuard() { (void)TorchDispatchModeTLS::pop_stack(); }

StashTorchDispatchModeGuard::StashTorchDispatchModeGuard() : saved_mode_(TorchDispatchModeTLS::pop_stack()) {}

StashTorchDispatchModeGuard::~StashTorchDispatchModeGuard() {
  TorchDispatchModeTLS::push_onto_stack(std::move(saved_mode_));
}

void callOperator(const OperatorHandle& op, Stack* stack) { op.callBoxed(stack); }

void setPythonTensorDispatchHook(PythonTensorDispatchHook hook) { pythonTensorDispatchHook.store(hook); }

// [python_fallback]
void pythonFallback(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  // What the handler calls runs below Python: the layers above it (autograd,
  // autocast, vmap) have had their turn on the way down.
  const ExcludeDispatchKeyGuard below(kAfterPythonKeySet);
  if (TorchDispatchModeTLS::stack_len() == 0) {
    // No mode: a tensor subclass written in Python carries the key (1.13
    // asks the modes first, then the subclasses, as here).
    if (const PythonTensorDispatchHook hook = pythonTensorDispatchHook.load()) {
      hook(op, stack);
      return;
    }
    // Without Python, only a hand-made IncludeDispatchKeyGuard(Python) gets
    // here: pushing a mode is the one ordinary way in.
    throw std::logic_error(fmt::format(
        "{} reached the Python key's fallback with no dispatch mode on this thread's mode stack", op.operatorName()));
  }
  // The top mode comes off the stack while its handler runs: what the
  // handler calls goes to the mode below it, or to the kernel.
  const StashTorchDispatchModeGuard stashed;
  stashed.mode().torchDispatch(op, stack);
}
// [python_fallback]

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(_, Python, m) { m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::pythonFallback>()); }
