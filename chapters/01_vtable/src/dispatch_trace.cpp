#include "mini/dispatch_trace.h"

#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace mini {
inline namespace ch01 {

bool dispatchTraceEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("MINI_DISPATCH_TRACE");
    return value != nullptr && std::strcmp(value, "1") == 0;
  }();
  return enabled;
}

void traceCall(std::string_view op, DispatchKey key) { fmt::print("[call] op=[{}], key=[{}]\n", op, key); }

}  // namespace ch01
}  // namespace mini
