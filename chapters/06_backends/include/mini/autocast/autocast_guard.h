#pragma once
/// \file
/// \brief The scope in which autocast is on: the counterpart of Python's
///        `with torch.autocast(device_type, dtype)`.

#include <optional>

#include "mini/core/device.h"
#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// [autocast_guard]
/// For its lifetime, this thread runs with autocast on (or off, with
/// enabled = false) for `device_type`, casting to `dtype` (the device's
/// default when none is given: bfloat16 on the CPU, float16 on CUDA). What
/// it does is torch.autocast's __enter__ and __exit__: save the device's
/// enabled flag, dtype and cache flag; set them (enabled means "the Autocast
/// key is not excluded"); count one more nesting level. At the end of the
/// scope, normal or by an exception, it counts the level off, clears the
/// cast cache if that was the outermost level, and restores what it saved,
/// so guards nest. Another thread is never affected: every piece of state is
/// thread-local.
///
/// As 1.13's: a CPU dtype other than bfloat16 is not supported (a warning,
/// then set_autocast_cpu_dtype's error); CUDA without a GPU warns and leaves
/// autocast off; a device other than cpu and cuda is an error.
class AutocastGuard {
 public:
  explicit AutocastGuard(DeviceType device_type, std::optional<ScalarType> dtype = std::nullopt, bool enabled = true,
                         bool cache_enabled = true);
  ~AutocastGuard();
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  DeviceType deviceType_;
  bool previousEnabled_;
  ScalarType previousDtype_;
  bool previousCacheEnabled_;
};
// [autocast_guard]

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
