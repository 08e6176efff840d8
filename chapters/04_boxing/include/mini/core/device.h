#pragma once
/// \file
/// \brief A device (`cpu`, `cuda:0`): the value of a schema's `Device` argument.

#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "mini/core/dispatch_key.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch04 {

// [device]
/// Which backend and which one of its devices, two bytes like c10::Device,
/// so an IValue carries it in its payload with no allocation. Index -1 means
/// "the current one" (`cuda` rather than `cuda:1`).
struct Device {
  BackendComponent type = BackendComponent::CPUBit;
  std::int8_t index = -1;

  bool operator==(const Device&) const = default;
};
// [device]

/// "cpu", "cuda", "meta", "privateuseone": the device names PyTorch prints.
std::string_view deviceTypeName(BackendComponent type);

}  // namespace ch04
}  // namespace mini

/// Prints "cpu" or "cuda:1", as `str(torch.device(...))` does.
template <>
struct fmt::formatter<mini::Device> : fmt::formatter<std::string_view> {
  auto format(const mini::Device& device, fmt::format_context& ctx) const {
    if (device.index < 0) {
      return fmt::format_to(ctx.out(), "{}", mini::deviceTypeName(device.type));
    }
    return fmt::format_to(ctx.out(), "{}:{}", mini::deviceTypeName(device.type), device.index);
  }
};
