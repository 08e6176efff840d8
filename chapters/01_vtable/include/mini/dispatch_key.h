#pragma once
/// \file
/// \brief The key a kernel is registered under: here, how a number is represented.

#include <cstddef>
#include <string_view>

#include <fmt/format.h>

#include "mini/stream_output.h"

namespace mini {
inline namespace ch01 {

/// In this chapter a key names a representation of a number. Later chapters
/// replace it with PyTorch's DispatchKey (CPU, CUDA, AutogradCPU, ...), but the
/// role is the same: it selects the row of an operator's table.
///
/// The order is the priority: when the arguments of a call disagree, the key
/// declared last wins (see computeDispatchKey).
enum class DispatchKey : unsigned char {
  Real,         ///< a real number, the lowest priority (src/real_kernels.cpp)
  Rectangular,  ///< re + im i
  Polar,        ///< r e^(i theta)
};

/// How many keys there are: the size of every operator's table.
inline constexpr std::size_t kNumDispatchKeys = 3;

/// "Real", "Rectangular", "Polar".
std::string_view toString(DispatchKey key);

}  // namespace ch01
}  // namespace mini

template <>
struct fmt::formatter<mini::DispatchKey> : fmt::formatter<std::string_view> {
  auto format(mini::DispatchKey key, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::toString(key), ctx);
  }
};
