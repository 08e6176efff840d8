#include "mini/dispatch/dispatch_trace.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "mini/dispatch/dispatch_explain.h"

namespace mini {
inline namespace ch05 {

namespace {
thread_local int tlsDispatchDepth = 0;

bool environmentSaysOne(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::strcmp(value, "1") == 0;
}
}  // namespace

bool readDispatchTraceSetting() { return environmentSaysOne("MINI_DISPATCH_TRACE"); }

bool readDispatchExplainSetting() { return environmentSaysOne("MINI_DISPATCH_EXPLAIN"); }

std::string formatTraceLine(std::string_view event, std::string_view op, DispatchKey key, int depth) {
  return fmt::format("{:{}}[{}] op=[{}], key=[{}]", "", depth, event, op, key);
}

void DispatchTraceScope::enter(std::string_view event, std::string_view op, DispatchKey key,
                               std::string_view explanation) {
  // One print for the whole block: another thread's hops cannot cut into it.
  fmt::print("{}\n", formatExplainedHop(event, op, key, explanation, tlsDispatchDepth));
  std::fflush(stdout);  // interleave correctly with what kernels print on stderr
  ++tlsDispatchDepth;
  entered_ = true;
}

void DispatchTraceScope::leave() { --tlsDispatchDepth; }

}  // namespace ch05
}  // namespace mini
