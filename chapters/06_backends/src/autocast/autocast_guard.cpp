// torch.autocast's __enter__ and __exit__, as a C++ scope.
#include "mini/autocast/autocast_guard.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/autocast/autocast_mode.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/util/warning.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

namespace {

bool isEnabledOn(DeviceType device_type) { return device_type == DeviceType::CPU ? is_cpu_enabled() : is_enabled(); }

void setEnabledOn(DeviceType device_type, bool enabled) {
  device_type == DeviceType::CPU ? set_cpu_enabled(enabled) : set_enabled(enabled);
}

void setDtypeOn(DeviceType device_type, ScalarType dtype) {
  device_type == DeviceType::CPU ? set_autocast_cpu_dtype(dtype) : set_autocast_gpu_dtype(dtype);
}

// torch.autocast.__init__'s checks, in its words.
void checkDeviceType(DeviceType device_type) {
  if (device_type != DeviceType::CPU && device_type != DeviceType::CUDA) {
    throw std::invalid_argument(
        fmt::format("User specified autocast device_type must be 'cuda' or 'cpu', but got '{}'", Device{device_type}));
  }
}

}  // namespace

AutocastGuard::AutocastGuard(DeviceType device_type, std::optional<ScalarType> dtype, bool enabled, bool cache_enabled)
    : deviceType_((checkDeviceType(device_type), device_type)),
      previousEnabled_(isEnabledOn(device_type)),
      previousDtype_(get_lower_precision_fp_from_device_type(device_type)),
      previousCacheEnabled_(is_autocast_cache_enabled()) {
  const ScalarType fastDtype = dtype.value_or(previousDtype_);
  if (enabled && device_type == DeviceType::CUDA && cudaAvailability().devices == 0) {
    warn("User provided device_type of 'cuda', but CUDA is not available. Disabling");
    enabled = false;
  }
  if (enabled && device_type == DeviceType::CPU && fastDtype != ScalarType::BFloat16) {
    warn(
        "In CPU autocast, but the target dtype is not supported. Disabling autocast.\n"
        "CPU Autocast only supports dtype of torch.bfloat16 currently.");
    enabled = false;
  }
  // The dtype first: set_autocast_cpu_dtype refuses all but bfloat16, as
  // 1.13's does, and a guard that throws must leave the state as it was.
  setDtypeOn(device_type, fastDtype);
  setEnabledOn(device_type, enabled);
  set_autocast_cache_enabled(cache_enabled);
  increment_nesting();
}

AutocastGuard::~AutocastGuard() {
  // Casts made inside the outermost region die with it: the next forward
  // pass casts the (updated) weights again.
  if (decrement_nesting() == 0) {
    clear_cache();
  }
  setEnabledOn(deviceType_, previousEnabled_);
  setDtypeOn(deviceType_, previousDtype_);
  set_autocast_cache_enabled(previousCacheEnabled_);
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
