// Autocast's state and casts (at::autocast in ATen's autocast_mode.cpp).
#include "mini/autocast/autocast_mode.h"

#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "mini/autograd/autograd_meta.h"
#include "mini/core/local_dispatch_key_set.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

namespace {

// Everything autocast remembers is per thread, as in 1.13: a guard on one
// thread never changes what another thread's calls do.
thread_local ScalarType autocastCpuDtype = ScalarType::BFloat16;
thread_local ScalarType autocastGpuDtype = ScalarType::Half;
thread_local bool cacheEnabled = true;
thread_local int nesting = 0;

// The cast cache: source TensorImpl* -> (the source, its cast). 1.13 holds a
// weak reference to the source so that its address cannot be reused by
// another tensor while the entry lives; the course holds a strong one, which
// does the same more simply, at the price of keeping the float32 weight
// alive until the region ends (a model's weights live longer anyway).
thread_local std::unordered_map<const TensorImpl*, std::pair<Tensor, Tensor>> cachedCasts;

bool isExcluded(DispatchKey key) { return localDispatchKeySet().excluded.has(key); }

// tls_set_dispatch_key_excluded: enabling autocast is un-excluding its key.
void setExcluded(DispatchKey key, bool excluded) {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = excluded ? state.excluded.add(key) : state.excluded.remove(key);
  setLocalDispatchKeySet(state);
}

bool isAutocastEligibleDevice(const Tensor& arg, DeviceType device_type) {
  return arg.device().type == device_type && (device_type == DeviceType::CPU || device_type == DeviceType::CUDA);
}

}  // namespace

bool is_enabled() { return !isExcluded(DispatchKey::AutocastCUDA); }
void set_enabled(bool enabled) { setExcluded(DispatchKey::AutocastCUDA, !enabled); }
bool is_cpu_enabled() { return !isExcluded(DispatchKey::AutocastCPU); }
void set_cpu_enabled(bool enabled) { setExcluded(DispatchKey::AutocastCPU, !enabled); }

ScalarType get_autocast_gpu_dtype() { return autocastGpuDtype; }
ScalarType get_autocast_cpu_dtype() { return autocastCpuDtype; }
void set_autocast_gpu_dtype(ScalarType dtype) { autocastGpuDtype = dtype; }
void set_autocast_cpu_dtype(ScalarType dtype) {
  if (dtype != ScalarType::BFloat16) {
    throw std::runtime_error("Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype");
  }
  autocastCpuDtype = dtype;
}

bool is_autocast_cache_enabled() { return cacheEnabled; }
void set_autocast_cache_enabled(bool enabled) { cacheEnabled = enabled; }

int increment_nesting() { return ++nesting; }
int decrement_nesting() { return --nesting; }
void clear_cache() { cachedCasts.clear(); }
std::size_t cache_size() { return cachedCasts.size(); }

DispatchKey get_autocast_dispatch_key_from_device_type(DeviceType device_type) {
  switch (device_type) {
    case DeviceType::CPU: return DispatchKey::AutocastCPU;
    case DeviceType::CUDA: return DispatchKey::AutocastCUDA;
    default:
      throw std::invalid_argument(fmt::format(
          "unknown device type for autocast in get_autocast_dispatch_key_from_device_type: {}", Device{device_type}));
  }
}

ScalarType get_lower_precision_fp_from_device_type(DeviceType device_type) {
  switch (device_type) {
    case DeviceType::CPU: return get_autocast_cpu_dtype();
    case DeviceType::CUDA: return get_autocast_gpu_dtype();
    default:
      throw std::invalid_argument(fmt::format(
          "unknown device type for autocast in get_lower_precision_fp_from_device_type: {}", Device{device_type}));
  }
}

bool is_eligible(const Tensor& arg, DeviceType device_type) {
  return arg.defined() && isAutocastEligibleDevice(arg, device_type) && isFloatingType(arg.dtype()) &&
         arg.dtype() != ScalarType::Double;
}

// [cached_cast]
Tensor cached_cast(ScalarType to_type, const Tensor& arg, DeviceType device_type) {
  if (!is_eligible(arg, device_type) || arg.dtype() == to_type) {
    return arg;
  }
  // Only what is worth keeping: the float32 -> lower precision cast of a
  // leaf that requires grad and is not a view, a weight used by every step
  // of a forward pass. An activation is cast once anyway.
  const TensorImpl* source = arg.unsafeGetTensorImpl();
  const bool canTryCache = to_type == get_lower_precision_fp_from_device_type(device_type) &&
                           arg.dtype() == ScalarType::Float && arg.requiresGrad() && arg.isLeaf() &&
                           !(source->autograd && source->autograd->isView) && cacheEnabled;
  if (!canTryCache) {
    return arg.to(to_type);
  }
  if (auto hit = cachedCasts.find(source); hit != cachedCasts.end()) {
    return hit->second.second;
  }
  Tensor casted = arg.to(to_type);
  cachedCasts.emplace(source, std::pair{arg, casted});
  return casted;
}
// [cached_cast]

ScalarType promote_type(ScalarType to_type, DeviceType device_type, std::initializer_list<const Tensor*> args) {
  const ScalarType lowerPrecision = get_lower_precision_fp_from_device_type(device_type);
  ScalarType current = to_type;
  for (const Tensor* arg : args) {
    if (!is_eligible(*arg, device_type)) {
      continue;  // is_eligible leaves float64 out: prioritize ignores it too
    }
    const ScalarType next = arg->dtype();
    if (current == ScalarType::Float || next == ScalarType::Float) {
      current = ScalarType::Float;
    } else if (current == lowerPrecision && next == lowerPrecision) {
      current = lowerPrecision;
    } else {
      throw std::runtime_error(fmt::format("Unexpected floating ScalarType in at::autocast::prioritize: {} with {}",
                                           scalarTypeCName(current), scalarTypeCName(next)));
    }
  }
  return current;
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
