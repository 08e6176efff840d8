#pragma once
/// \file
/// \brief Where a tensor's elements live: a device type and an index.

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

// [device]
/// The kinds of memory a tensor can live in. Each one becomes a backend bit
/// of the tensor's key set, so the device decides which kernel runs.
/// PrivateUse1 is the slot PyTorch keeps free for a backend written outside
/// the core (chapter 06's out-of-tree device uses it); Meta has no memory at
/// all, only shapes.
enum class DeviceType : std::uint8_t { CPU, CUDA, Meta, PrivateUse1 };

/// torch.device: a type and, for devices that come in several, an index.
/// The index is -1 for "no index" (cpu, meta): torch prints `cuda:1` but `cpu`.
struct Device {
  DeviceType type = DeviceType::CPU;
  std::int8_t index = -1;

  bool operator==(const Device&) const = default;
  bool isCpu() const { return type == DeviceType::CPU; }
  bool isCuda() const { return type == DeviceType::CUDA; }
  bool isMeta() const { return type == DeviceType::Meta; }
};
// [device]

/// "cpu", "cuda", "meta", "privateuseone": the names torch 1.13 uses.
std::string_view deviceTypeName(DeviceType type);

/// "cuda:1", "cpu".
std::string formatDevice(Device device);

/// Parses torch's spellings: "cpu", "cuda", "cuda:1", "meta", "privateuseone:0".
/// Throws std::invalid_argument naming the string for anything else.
Device parseDevice(std::string_view text);

/// The devices a factory gets by default and a CUDA tensor gets without an
/// index: CPU, and cuda:0.
inline constexpr Device kCpu{DeviceType::CPU, -1};
inline constexpr Device kMeta{DeviceType::Meta, -1};
inline constexpr Device cudaDevice(std::int8_t index = 0) { return {DeviceType::CUDA, index}; }

}  // namespace ch06
}  // namespace mini

template <>
struct fmt::formatter<mini::Device> : fmt::formatter<std::string_view> {
  auto format(mini::Device device, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::formatDevice(device), ctx);
  }
};
