#pragma once
/// \file
/// \brief Warnings: a problem worth telling, not worth stopping for (TORCH_WARN).

#include <functional>
#include <string>

namespace mini {
inline namespace ch03 {

/// Prints `Warning: <message>` on stderr, or hands it to the handler set
/// below. Overriding a kernel is the warning this chapter raises.
void warn(const std::string& message);

/// Replaces where warnings go (tests collect them) and returns the old
/// handler; an empty handler restores stderr.
std::function<void(const std::string&)> setWarningHandler(std::function<void(const std::string&)> handler);

}  // namespace ch03
}  // namespace mini
