#pragma once
/// \file
/// \brief Autocast's thread-local state and its casts: the counterpart of
///        ATen's autocast_mode.h (at::autocast).
///
/// Autocast is on for a device exactly when that device's Autocast key is
/// not in this thread's excluded set: there is no other flag. Every thread
/// starts with both keys excluded (kDefaultLocalDispatchKeySet), so autocast
/// is off until an AutocastGuard (autocast_guard.h) or set_cpu_enabled turns
/// it on, for this thread only.

#include <cstddef>

#include "mini/core/device.h"
#include "mini/core/dispatch_key.h"
#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// [autocast_state]
/// torch.is_autocast_enabled() / torch.set_autocast_enabled(): CUDA's.
bool is_enabled();
void set_enabled(bool enabled);
/// torch.is_autocast_cpu_enabled() / torch.set_autocast_cpu_enabled().
bool is_cpu_enabled();
void set_cpu_enabled(bool enabled);

/// The lower precision each device casts to: thread-local, float16 on CUDA
/// and bfloat16 on the CPU until set, as in 1.13, whose CPU autocast takes
/// bfloat16 only: set_autocast_cpu_dtype throws "Currently, AutocastCPU only
/// support Bfloat16 as the autocast_cpu_dtype" for any other.
ScalarType get_autocast_gpu_dtype();
ScalarType get_autocast_cpu_dtype();
void set_autocast_gpu_dtype(ScalarType dtype);
void set_autocast_cpu_dtype(ScalarType dtype);

/// torch.autocast(cache_enabled=...): whether cached_cast may keep casts.
bool is_autocast_cache_enabled();
void set_autocast_cache_enabled(bool enabled);

/// How many autocast scopes this thread is inside; the guard clears the
/// cache when the outermost one ends.
int increment_nesting();
int decrement_nesting();
void clear_cache();
/// How many casts the cache holds now (for the tests and the lesson).
std::size_t cache_size();
// [autocast_state]

/// AutocastCPU or AutocastCUDA. Throws for another device type.
DispatchKey get_autocast_dispatch_key_from_device_type(DeviceType device_type);
/// What lower_precision_fp means on that device now: its autocast dtype.
ScalarType get_lower_precision_fp_from_device_type(DeviceType device_type);

/// Whether autocast may change this argument's dtype: a defined floating
/// tensor on the kernel's device, and not float64 (1.13's is_eligible:
/// autocast never narrows a double, and never touches integers, bools or
/// another device's tensors).
bool is_eligible(const Tensor& arg, DeviceType device_type);

/// `arg` in `to_type` if it is eligible, else `arg` itself. A float32 leaf
/// that requires grad (a model's weight), cast to the device's lower
/// precision, is cast once per autocast region: the cast is kept in a
/// thread-local cache keyed by the source tensor and reused by every later
/// call until the outermost guard exits.
Tensor cached_cast(ScalarType to_type, const Tensor& arg, DeviceType device_type);

/// The widest floating dtype among the eligible arguments, starting from the
/// device's lower precision (1.13's promote_type): float32 wins over the
/// lower precision, float64 arguments are ignored, and an eligible argument
/// of the other two-byte dtype (bfloat16 under CUDA's float16) is an error.
ScalarType promote_type(ScalarType to_type, DeviceType device_type, std::initializer_list<const Tensor*> args);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
