#pragma once
/// \file
/// \brief MINI_DISPATCH_TRACE=1: one line per dispatcher hop.

#include <string_view>

#include "mini/dispatch_key.h"

namespace mini {
inline namespace ch01 {

/// True when the environment variable MINI_DISPATCH_TRACE is set to 1. Read
/// once, so a call with the trace off costs one predictable branch.
bool dispatchTraceEnabled();

/// Prints `[call] op=[add], key=[Polar]`, the format of PyTorch's
/// TORCH_SHOW_DISPATCH_TRACE.
void traceCall(std::string_view op, DispatchKey key);

}  // namespace ch01
}  // namespace mini
