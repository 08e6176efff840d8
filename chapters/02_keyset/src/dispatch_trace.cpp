#include "mini/dispatch_trace.h"

#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace mini {
inline namespace ch02 {

namespace {
thread_local int tlsDispatchDepth = 0;
}  // namespace

bool dispatchTraceEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("MINI_DISPATCH_TRACE");
    return value != nullptr && std::strcmp(value, "1") == 0;
  }();
  return enabled;
}

std::string formatTraceLine(std::string_view op, DispatchKey key, int depth) {
  return fmt::format("{:{}}[call] op=[{}], key=[{}]", "", depth, op, key);
}

DispatchTraceScope::DispatchTraceScope(std::string_view op, DispatchKey key) {
  if (dispatchTraceEnabled()) {
    fmt::print("{}\n", formatTraceLine(op, key, tlsDispatchDepth));
  }
  ++tlsDispatchDepth;
}

DispatchTraceScope::~DispatchTraceScope() { --tlsDispatchDepth; }

}  // namespace ch02
}  // namespace mini
