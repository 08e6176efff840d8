#include "mini/util/warning.h"

#include <cstdio>
#include <utility>

#include <fmt/format.h>

namespace mini {
inline namespace ch04 {

namespace {
std::function<void(const std::string&)>& warningHandler() {
  static std::function<void(const std::string&)> handler;
  return handler;
}
}  // namespace

void warn(const std::string& message) {
  if (warningHandler()) {
    warningHandler()(message);
    return;
  }
  fmt::print(stderr, "Warning: {}\n", message);
}

std::function<void(const std::string&)> setWarningHandler(std::function<void(const std::string&)> handler) {
  return std::exchange(warningHandler(), std::move(handler));
}

}  // namespace ch04
}  // namespace mini
