#include "mini/native/cpu/dispatch_stub.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "mini/util/warning.h"

namespace mini {
inline namespace ch06 {

// [compute_cpu_capability]
CPUCapability compute_cpu_capability() {
  // 1.13's values, compared as written: "AVX2" is not "avx2", and a set but
  // empty variable is an invalid value too. A value this build has no
  // kernels for ("avx2" where the compiler could not build them) is
  // invalid, as in a PyTorch built without that capability.
  if (const char* envar = std::getenv("ATEN_CPU_CAPABILITY")) {
    const std::string_view value = envar;
    if (value == "avx512" && cpuCapabilityCompiled(CPUCapability::AVX2)) {
      return CPUCapability::AVX512;
    }
    if (value == "avx2" && cpuCapabilityCompiled(CPUCapability::AVX2)) {
      return CPUCapability::AVX2;
    }
    if (value == "default") {
      return CPUCapability::DEFAULT;
    }
    warn(fmt::format("ignoring invalid value for ATEN_CPU_CAPABILITY: {}", value));
  }
  // AVX2 needs FMA beside it, as ATen's check has it (the AVX2 build is
  // compiled with -mfma). torch 1.13.1 chooses AVX2 on a CPU with AVX-512
  // too: AVX512 is what the variable asks for, never the CPU's choice.
  if (cpuCapabilityCompiled(CPUCapability::AVX2) && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    return CPUCapability::AVX2;
  }
  return CPUCapability::DEFAULT;
}
// [compute_cpu_capability]

CPUCapability get_cpu_capability() {
  static const CPUCapability capability = compute_cpu_capability();
  return capability;
}

bool cpuCapabilityCompiled(CPUCapability capability) {
  switch (capability) {
    case CPUCapability::DEFAULT: return true;
    case CPUCapability::AVX2:
#ifdef HAVE_AVX2_CPU_DEFINITION
      return true;
#else
      return false;
#endif
    default: return false;
  }
}

std::string_view cpuCapabilityName(CPUCapability capability) {
  switch (capability) {
    case CPUCapability::DEFAULT: return "DEFAULT";
    case CPUCapability::AVX2: return "AVX2";
    case CPUCapability::AVX512: return "AVX512";
    default: return "?";
  }
}

void detail::throwMissingDefaultKernel(std::string_view name) {
  throw std::logic_error(fmt::format(
      "DispatchStub: missing default kernel for {}: no kernel file registered one (REGISTER_DISPATCH({}, ...) "
      "in a file of src/native/cpu/ compiled with CPU_CAPABILITY=DEFAULT)",
      name, name));
}

void detail::throwUnsupportedDeviceType(std::string_view name, DeviceType deviceType) {
  throw std::logic_error(
      fmt::format("DispatchStub: unsupported device type {} for {}: only CPU kernels are registered on a stub",
                  deviceTypeName(deviceType), name));
}

}  // namespace ch06
}  // namespace mini
