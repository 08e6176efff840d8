#pragma once
/// \file
/// \brief Warnings: a problem worth telling, not worth stopping for (TORCH_WARN).

#include <functional>
#include <string>
#include <string_view>

namespace mini {
inline namespace ch06 {

/// Prints `Warning: <message>` on stderr, or hands it to the handler set
/// below. Overriding a kernel is the warning this chapter raises.
void warn(const std::string& message);

/// A kernel's warning, with its operator kept apart as OperatorError keeps
/// it: "aten::add.out: An output ..." on stderr and for a C++ handler, the
/// message alone (1.13's text) for a handler set with `withoutOperator`.
void warn(std::string_view op, const std::string& message);

/// Replaces where warnings go (tests collect them) and returns the old
/// handler; an empty handler restores stderr.
/// With `withoutOperator`, the handler gets a kernel's warning without its
/// operator's name (the Python binding's, which raises 1.13's text).
std::function<void(const std::string&)> setWarningHandler(std::function<void(const std::string&)> handler,
                                                          bool withoutOperator = false);

}  // namespace ch06
}  // namespace mini
