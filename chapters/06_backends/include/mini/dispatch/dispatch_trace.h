#pragma once
/// \file
/// \brief MINI_DISPATCH_TRACE=1: one line per dispatcher hop, indented by depth.

#include <atomic>
#include <string>
#include <string_view>

#include "mini/core/dispatch_key.h"

namespace mini {
inline namespace ch06 {

/// Reads MINI_DISPATCH_TRACE once, before main.
bool readDispatchTraceSetting();

/// True when the environment variable MINI_DISPATCH_TRACE is 1: a plain
/// global read once at start-up.
inline const bool kDispatchTraceEnabled = readDispatchTraceSetting();

/// `[call] op=[myops::myadd], key=[CPU]`, indented one space per level of
/// `depth`; `event` is `call` or `redispatch`.
std::string formatTraceLine(std::string_view event, std::string_view op, DispatchKey key, int depth);

// [scoped_trace]
/// -1: follow MINI_DISPATCH_TRACE; 0 or 1: a ScopedDispatchTrace decided.
inline thread_local int tlsDispatchTraceOverride = -1;

/// How many reasons any thread has to look closer: 1 for
/// MINI_DISPATCH_TRACE=1, plus one per ScopedDispatchTrace alive on any
/// thread. Zero, the usual case, means that no thread traces, so the check
/// every call makes is this one relaxed load and a branch that always goes
/// the same way; only when it is not zero does a thread read its override.
inline std::atomic<int> dispatchTraceRequests{kDispatchTraceEnabled ? 1 : 0};

/// Whether this thread prints dispatcher hops now.
inline bool dispatchTraceOn() {
  if (dispatchTraceRequests.load(std::memory_order_relaxed) == 0) [[likely]] {
    return false;
  }
  return tlsDispatchTraceOverride < 0 ? kDispatchTraceEnabled : tlsDispatchTraceOverride == 1;
}

/// Turns the trace on (or off) for a scope, whatever MINI_DISPATCH_TRACE
/// says: the demo traces one training step of many, not all of them.
class ScopedDispatchTrace {
 public:
  explicit ScopedDispatchTrace(bool on) : previous_(tlsDispatchTraceOverride) {
    tlsDispatchTraceOverride = on ? 1 : 0;
    dispatchTraceRequests.fetch_add(1, std::memory_order_relaxed);
  }
  ~ScopedDispatchTrace() {
    tlsDispatchTraceOverride = previous_;
    dispatchTraceRequests.fetch_sub(1, std::memory_order_relaxed);
  }
  ScopedDispatchTrace(const ScopedDispatchTrace&) = delete;
  ScopedDispatchTrace& operator=(const ScopedDispatchTrace&) = delete;

 private:
  int previous_;
};
// [scoped_trace]

// [trace_scope]
/// One dispatcher hop, for the duration of the kernel call. With the trace on
/// it prints `[call] op=[myops::myadd], key=[AutogradCPU]`, the format of
/// PyTorch's TORCH_SHOW_DISPATCH_TRACE, indented one space per enclosing hop
/// on this thread: a kernel that redispatches shows up one level deeper.
/// Whether it printed is remembered, so a ScopedDispatchTrace that ends
/// inside a hop cannot unbalance the indentation.
class DispatchTraceScope {
 public:
  DispatchTraceScope(std::string_view event, std::string_view op, DispatchKey key) : entered_(dispatchTraceOn()) {
    if (entered_) [[unlikely]] {
      enter(event, op, key);
    }
  }
  ~DispatchTraceScope() {
    if (entered_) [[unlikely]] {
      leave();
    }
  }
  DispatchTraceScope(const DispatchTraceScope&) = delete;
  DispatchTraceScope& operator=(const DispatchTraceScope&) = delete;

 private:
  static void enter(std::string_view event, std::string_view op, DispatchKey key);
  static void leave();

  bool entered_;
};
// [trace_scope]

}  // namespace ch06
}  // namespace mini
