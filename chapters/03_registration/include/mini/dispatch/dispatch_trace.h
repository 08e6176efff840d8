#pragma once
/// \file
/// \brief MINI_DISPATCH_TRACE=1: one line per dispatcher hop, indented by depth.

#include <string>
#include <string_view>

#include "mini/core/dispatch_key.h"

namespace mini {
inline namespace ch03 {

/// Reads MINI_DISPATCH_TRACE once, before main.
bool readDispatchTraceSetting();

/// True when the environment variable MINI_DISPATCH_TRACE is 1. A plain
/// global read once at start-up: a call with the trace off pays one load and
/// one branch that always goes the same way.
inline const bool kDispatchTraceEnabled = readDispatchTraceSetting();

/// `[call] op=[myops::myadd], key=[CPU]`, indented one space per level of
/// `depth`; `event` is `call` or `redispatch`.
std::string formatTraceLine(std::string_view event, std::string_view op, DispatchKey key, int depth);

// [trace_scope]
/// One dispatcher hop, for the duration of the kernel call. With the trace on
/// it prints `[call] op=[myops::myadd], key=[AutogradCPU]`, the format of
/// PyTorch's TORCH_SHOW_DISPATCH_TRACE, indented one space per enclosing hop
/// on this thread: a kernel that redispatches shows up one level deeper.
class DispatchTraceScope {
 public:
  DispatchTraceScope(std::string_view event, std::string_view op, DispatchKey key) {
    if (kDispatchTraceEnabled) [[unlikely]] {
      enter(event, op, key);
    }
  }
  ~DispatchTraceScope() {
    if (kDispatchTraceEnabled) [[unlikely]] {
      leave();
    }
  }
  DispatchTraceScope(const DispatchTraceScope&) = delete;
  DispatchTraceScope& operator=(const DispatchTraceScope&) = delete;

 private:
  static void enter(std::string_view event, std::string_view op, DispatchKey key);
  static void leave();
};
// [trace_scope]

}  // namespace ch03
}  // namespace mini
