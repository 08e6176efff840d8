#include "mini/core/device.h"

#include <array>
#include <charconv>
#include <stdexcept>

namespace mini {
inline namespace ch06 {

namespace {

constexpr std::array<DeviceType, 4> kDeviceTypes = {DeviceType::CPU, DeviceType::CUDA, DeviceType::Meta,
                                                    DeviceType::PrivateUse1};

}  // namespace

std::string_view deviceTypeName(DeviceType type) {
  switch (type) {
    case DeviceType::CPU: return "cpu";
    case DeviceType::CUDA: return "cuda";
    case DeviceType::Meta: return "meta";
    case DeviceType::PrivateUse1: return "privateuseone";
  }
  return "unknown";
}

std::string formatDevice(Device device) {
  if (device.index < 0) {
    return std::string(deviceTypeName(device.type));
  }
  return fmt::format("{}:{}", deviceTypeName(device.type), device.index);
}

Device parseDevice(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view typeName = text.substr(0, colon);
  for (DeviceType type : kDeviceTypes) {
    if (deviceTypeName(type) != typeName) {
      continue;
    }
    if (colon == std::string_view::npos) {
      return Device{type, -1};
    }
    const std::string_view indexText = text.substr(colon + 1);
    int index = -1;
    const auto [end, error] = std::from_chars(indexText.data(), indexText.data() + indexText.size(), index);
    if (error == std::errc{} && end == indexText.data() + indexText.size() && index >= 0 && index < 128) {
      return Device{type, static_cast<std::int8_t>(index)};
    }
    break;
  }
  throw std::invalid_argument(
      fmt::format("Expected one of cpu, cuda, meta, privateuseone device type at start of device string: {}", text));
}

}  // namespace ch06
}  // namespace mini
