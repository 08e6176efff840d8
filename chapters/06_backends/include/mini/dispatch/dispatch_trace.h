#pragma once
/// \file
/// \brief MINI_DISPATCH_TRACE=1: one line per dispatcher hop, indented by depth;
///        MINI_DISPATCH_EXPLAIN=1: the same, with why the hop went where it went.

#include <atomic>
#include <string>
#include <string_view>

#include "mini/core/dispatch_key.h"

namespace mini {
inline namespace ch06 {

/// Reads MINI_DISPATCH_TRACE once, before main.
bool readDispatchTraceSetting();
/// Reads MINI_DISPATCH_EXPLAIN once, before main.
bool readDispatchExplainSetting();

/// True when the environment variable MINI_DISPATCH_TRACE is 1: a plain
/// global read once at start-up.
inline const bool kDispatchTraceEnabled = readDispatchTraceSetting();
/// True when MINI_DISPATCH_EXPLAIN is 1: every hop prints its trace line and
/// the explanation of dispatch_explain.h under it.
inline const bool kDispatchExplainEnabled = readDispatchExplainSetting();

/// `[call] op=[myops::myadd], key=[CPU]`, indented one space per level of
/// `depth`; `event` is `call` or `redispatch`.
std::string formatTraceLine(std::string_view event, std::string_view op, DispatchKey key, int depth);

// [dispatch_gate]
/// -1: follow MINI_DISPATCH_EXPLAIN; 0 or 1: a ScopedDispatchExplain decided.
inline thread_local int tlsDispatchExplainOverride = -1;

/// How many reasons any thread has to look closer at a hop: one each for
/// MINI_DISPATCH_TRACE=1 and MINI_DISPATCH_EXPLAIN=1, plus one per
/// ScopedDispatchExplain alive on any thread. Zero, the usual case, means
/// that no thread prints anything, so the check every call makes is this one
/// relaxed load and a branch that always goes the same way: the trace and
/// the explanation share it, and only when it is not zero does a thread read
/// its settings.
inline std::atomic<int> dispatchTraceRequests{int{kDispatchTraceEnabled} + int{kDispatchExplainEnabled}};

/// Whether this thread explains hops now; asked only past the gate.
inline bool dispatchExplainOn() {
  return tlsDispatchExplainOverride < 0 ? kDispatchExplainEnabled : tlsDispatchExplainOverride == 1;
}

/// Sets one of this thread's overrides (-1 follows the environment) to 0 or
/// 1 for a scope, and counts as one more request at the gate while it lives.
class ScopedDispatchOverride {
 public:
  ScopedDispatchOverride(int& setting, bool on) : setting_(setting), previous_(setting) {
    setting_ = on ? 1 : 0;
    dispatchTraceRequests.fetch_add(1, std::memory_order_relaxed);
  }
  ~ScopedDispatchOverride() {
    setting_ = previous_;
    dispatchTraceRequests.fetch_sub(1, std::memory_order_relaxed);
  }
  ScopedDispatchOverride(const ScopedDispatchOverride&) = delete;
  ScopedDispatchOverride& operator=(const ScopedDispatchOverride&) = delete;

 private:
  int& setting_;
  int previous_;
};

/// Turns the explanation on (or off) for a scope, whatever
/// MINI_DISPATCH_EXPLAIN says: a test or a demo explains the calls it makes.
class ScopedDispatchExplain : ScopedDispatchOverride {
 public:
  explicit ScopedDispatchExplain(bool on) : ScopedDispatchOverride(tlsDispatchExplainOverride, on) {}
};
// [dispatch_gate]

// [scoped_trace]
/// -1: follow MINI_DISPATCH_TRACE; 0 or 1: a ScopedDispatchTrace decided.
inline thread_local int tlsDispatchTraceOverride = -1;

/// Whether this thread prints its trace lines now; asked only past the
/// gate, as dispatchExplainOn() is.
inline bool dispatchTraceOn() {
  return tlsDispatchTraceOverride < 0 ? kDispatchTraceEnabled : tlsDispatchTraceOverride == 1;
}

/// Turns the trace on (or off) for a scope, whatever MINI_DISPATCH_TRACE
/// says: the demo traces one training step of many, not all of them. Like
/// ScopedDispatchExplain, it counts as one more request at the gate.
class ScopedDispatchTrace : ScopedDispatchOverride {
 public:
  explicit ScopedDispatchTrace(bool on) : ScopedDispatchOverride(tlsDispatchTraceOverride, on) {}
};
// [scoped_trace]

// [trace_scope]
/// One dispatcher hop, for the duration of the kernel call. With the trace on
/// it prints `[call] op=[myops::myadd], key=[AutogradCPU]`, the format of
/// PyTorch's TORCH_SHOW_DISPATCH_TRACE (which 1.13 does not indent), indented
/// one space per enclosing hop on this thread: a kernel that redispatches
/// shows up one level deeper.
/// Explaining, it prints the lines `explain()` returns under that line.
/// Whether it printed is remembered, so a ScopedDispatchTrace or
/// ScopedDispatchExplain that ends inside a hop cannot unbalance the
/// indentation.
class DispatchTraceScope {
 public:
  /// A hop with nothing to explain beyond its trace line.
  DispatchTraceScope(std::string_view event, std::string_view op, DispatchKey key)
      : DispatchTraceScope(event, op, key, [] { return std::string(); }) {}
  /// `explain` is called only when this thread explains: a call that prints
  /// nothing never computes an explanation.
  template <class Explain>
  DispatchTraceScope(std::string_view event, std::string_view op, DispatchKey key, const Explain& explain) {
    if (dispatchTraceRequests.load(std::memory_order_relaxed) != 0) [[unlikely]] {
      if (dispatchExplainOn()) {
        enter(event, op, key, explain());
      } else if (dispatchTraceOn()) {
        enter(event, op, key, {});
      }
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
  void enter(std::string_view event, std::string_view op, DispatchKey key, std::string_view explanation);
  static void leave();

  bool entered_ = false;
};
// [trace_scope]

}  // namespace ch06
}  // namespace mini
