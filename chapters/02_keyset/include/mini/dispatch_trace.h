#pragma once
/// \file
/// \brief MINI_DISPATCH_TRACE=1: one line per dispatcher hop, indented by depth.

#include <string>
#include <string_view>

#include "mini/dispatch_key.h"

namespace mini {
inline namespace ch02 {

/// True when the environment variable MINI_DISPATCH_TRACE is set to 1. Read
/// once, so a call with the trace off costs one predictable branch.
bool dispatchTraceEnabled();

/// `[call] op=[add], key=[CPU]`, indented one space per level of `depth`.
std::string formatTraceLine(std::string_view op, DispatchKey key, int depth);

/// One dispatcher hop, for the duration of the kernel call. With the trace on
/// it prints `[call] op=[add], key=[AutogradCPU]`, the format of PyTorch's
/// TORCH_SHOW_DISPATCH_TRACE (which 1.13 does not indent), indented one space
/// per enclosing hop on this thread: a kernel that calls the operator again
/// shows up one level deeper.
class DispatchTraceScope {
 public:
  DispatchTraceScope(std::string_view op, DispatchKey key);
  ~DispatchTraceScope();
  DispatchTraceScope(const DispatchTraceScope&) = delete;
  DispatchTraceScope& operator=(const DispatchTraceScope&) = delete;
};

}  // namespace ch02
}  // namespace mini
