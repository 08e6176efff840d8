#pragma once
/// \file
/// \brief DispatchStub: one kernel per CPU capability (DEFAULT, AVX2), the
///        one this CPU can run chosen once, at run time (ATen's
///        native/DispatchStub.h).
///
/// The dispatcher picks a kernel by dispatch key; below it, a CPU kernel's
/// impl() picks its loop by what the processor can do. The same loop is
/// compiled twice (src/native/cpu/*_kernel.cpp, once with the compiler's
/// defaults, once with -mavx2 -mfma), each build registers itself on the
/// stub, and the first call chooses: the AVX2 build on a CPU with AVX2 and
/// FMA, the default one elsewhere, or what ATEN_CPU_CAPABILITY says.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "mini/core/device.h"

namespace mini {
inline namespace ch06 {

// [cpu_capability]
/// What a build of a kernel file may use, in ATen's names and order: each
/// capability can run everything the ones before it can.
enum class CPUCapability : std::uint8_t { DEFAULT = 0, AVX2 = 1, AVX512 = 2, NUM_OPTIONS = 3 };

/// The capability this process runs its CPU kernels with: computed on the
/// first call (compute_cpu_capability), then the same for the life of the
/// process, as ATen's at::native::get_cpu_capability().
CPUCapability get_cpu_capability();

/// The choice itself, made again on every call: ATEN_CPU_CAPABILITY when it
/// holds one of 1.13's values ("default", "avx2", "avx512"; an unknown one
/// is ignored with a warning, as 1.13 does), else the best this CPU and this
/// build support. Like torch 1.13.1 on an AVX-512 machine, never AVX512
/// unless asked for.
CPUCapability compute_cpu_capability();

/// Whether this build compiled the AVX2 kernels (CMake found a compiler
/// that takes -mavx2 -mfma, on x86-64): ATen's HAVE_AVX2_CPU_DEFINITION.
bool cpuCapabilityCompiled(CPUCapability capability);

/// "DEFAULT", "AVX2", "AVX512": the enumerators' names (in 1.13,
/// torch.__config__.show() says "CPU capability usage: AVX2", and "NO AVX"
/// for the default build).
std::string_view cpuCapabilityName(CPUCapability capability);
// [cpu_capability]

// [dispatch_stub]
namespace detail {
/// The stub's errors, out of line: a kernel file that registered no
/// default build, a call on a device the stub has no kernel for.
[[noreturn]] void throwMissingDefaultKernel(std::string_view name);
[[noreturn]] void throwUnsupportedDeviceType(std::string_view name, DeviceType deviceType);
}  // namespace detail

template <class FnPtr>
class DispatchStub;

/// A function pointer per capability, and the one in use. `add_stub(kCpu,
/// out, self, other, alpha)` calls the kernel get_cpu_capability() selects; the
/// choice is made on the first call and kept in an atomic, so every later
/// call is one load and one indirect call. An object of this class is
/// constant-initialized (constinit): it exists before any registration runs,
/// whichever file's static initializers run first.
template <class rT, class... Args>
class DispatchStub<rT (*)(Args...)> {
 public:
  using FnPtr = rT (*)(Args...);

  constexpr explicit DispatchStub(std::string_view name) : name_(name) {}
  DispatchStub(const DispatchStub&) = delete;
  DispatchStub& operator=(const DispatchStub&) = delete;

  template <class... ArgTypes>
  rT operator()(DeviceType deviceType, ArgTypes&&... args) {
    return (*get_call_ptr(deviceType))(std::forward<ArgTypes>(args)...);
  }

  /// The kernel for `deviceType`: chosen on the first call, then cached.
  /// Two threads racing on the first call compute the same pointer.
  FnPtr get_call_ptr(DeviceType deviceType) {
    if (deviceType != DeviceType::CPU) {
      detail::throwUnsupportedDeviceType(name_, deviceType);
    }
    FnPtr chosen = cpu_dispatch_ptr_.load(std::memory_order_relaxed);
    if (chosen == nullptr) {
      chosen = choose_cpu_impl(get_cpu_capability());
      cpu_dispatch_ptr_.store(chosen, std::memory_order_relaxed);
    }
    return chosen;
  }

  /// The kernel a CPU of `capability` runs: its own build, or the best
  /// one below it that was registered (a stub with no AVX512 build runs its
  /// AVX2 one on AVX512, as in ATen). Tests call each capability's kernel
  /// through this to compare them.
  FnPtr choose_cpu_impl(CPUCapability capability) const {
    for (auto level = static_cast<std::size_t>(capability) + 1; level-- > 0;) {
      if (kernels_[level] != nullptr) {
        return kernels_[level];
      }
    }
    detail::throwMissingDefaultKernel(name_);
  }

  /// REGISTER_DISPATCH's work: the kernel file built for `capability`
  /// hands its kernel over while the program starts.
  void registerKernel(CPUCapability capability, FnPtr kernel) {
    kernels_[static_cast<std::size_t>(capability)] = kernel;
  }

  std::string_view name() const { return name_; }

 private:
  std::string_view name_;
  std::array<FnPtr, static_cast<std::size_t>(CPUCapability::NUM_OPTIONS)> kernels_{};
  std::atomic<FnPtr> cpu_dispatch_ptr_{nullptr};
};
// [dispatch_stub]

// [register_dispatch]
/// A kernel file's registration: an object whose constructor puts `kernel`
/// in the stub's slot for the capability the file was compiled for.
template <class FnPtr>
struct RegisterDispatch {
  RegisterDispatch(DispatchStub<FnPtr>& stub, CPUCapability capability, FnPtr kernel) {
    stub.registerKernel(capability, kernel);
  }
};

/// REGISTER_DISPATCH(add_stub, &add_kernel), written once in a kernel file
/// and registering each build of it under its own capability: CMake
/// compiles the file with CPU_CAPABILITY defined as DEFAULT, then as AVX2,
/// and only the preprocessor can turn that word into the enumerator. ATen's
/// macro specializes a static member named after the capability
/// (DispatchStub<...>::AVX2 = fn), which needs every file of the library to
/// know which builds exist; a slot filled at start-up lets a build without
/// AVX2 simply leave it empty.
#define REGISTER_DISPATCH(name, fn)                                                  \
  static const ::mini::RegisterDispatch<decltype(name)::FnPtr> name##_registration { \
    name, ::mini::CPUCapability::CPU_CAPABILITY, fn                                  \
  }
// [register_dispatch]

}  // namespace ch06
}  // namespace mini
