#include "mini/util/warning.h"

#include <cstdio>
#include <utility>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {
std::function<void(const std::string&)>& warningHandler() {
  static std::function<void(const std::string&)> handler;
  return handler;
}
bool& handlerWithoutOperator() {
  static bool withoutOperator = false;
  return withoutOperator;
}
}  // namespace

void warn(const std::string& message) {
  if (warningHandler()) {
    warningHandler()(message);
    return;
  }
  fmt::print(stderr, "Warning: {}\n", message);
}

void warn(std::string_view op, const std::string& message) {
  warn(warningHandler() && handlerWithoutOperator() ? message : fmt::format("{}: {}", op, message));
}

std::function<void(const std::string&)> setWarningHandler(std::function<void(const std::string&)> handler,
                                                          bool withoutOperator) {
  handlerWithoutOperator() = withoutOperator;
  return std::exchange(warningHandler(), std::move(handler));
}

}  // namespace ch06
}  // namespace mini
