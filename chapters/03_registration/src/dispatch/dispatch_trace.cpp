#include "mini/dispatch/dispatch_trace.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace mini {
inline namespace ch03 {

namespace {
thread_local int tlsDispatchDepth = 0;
}  // namespace

bool readDispatchTraceSetting() {
  const char* value = std::getenv("MINI_DISPATCH_TRACE");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

std::string formatTraceLine(std::string_view event, std::string_view op, DispatchKey key, int depth) {
  return fmt::format("{:{}}[{}] op=[{}], key=[{}]", "", depth, event, op, key);
}

void DispatchTraceScope::enter(std::string_view event, std::string_view op, DispatchKey key) {
  fmt::print("{}\n", formatTraceLine(event, op, key, tlsDispatchDepth));
  std::fflush(stdout);  // interleave correctly with what kernels print on stderr
  ++tlsDispatchDepth;
}

void DispatchTraceScope::leave() { --tlsDispatchDepth; }

}  // namespace ch03
}  // namespace mini
