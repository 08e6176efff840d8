#include "mini/core/dispatch_key.h"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {

// One list serves printing and parsing, so the two cannot disagree. The
// markers (EndOfFunctionalityKeys, StartOf...Backends) are not keys and have
// no names.
constexpr std::array kKeyNames = {
    std::pair{DispatchKey::Undefined, "Undefined"},
    std::pair{DispatchKey::Dense, "Dense"},
    std::pair{DispatchKey::FPGA, "FPGA"},
    std::pair{DispatchKey::BackendSelect, "BackendSelect"},
    std::pair{DispatchKey::Python, "Python"},
    std::pair{DispatchKey::ADInplaceOrView, "ADInplaceOrView"},
    std::pair{DispatchKey::AutogradOther, "AutogradOther"},
    std::pair{DispatchKey::AutogradFunctionality, "AutogradFunctionality"},
    std::pair{DispatchKey::Tracer, "Tracer"},
    std::pair{DispatchKey::AutocastCPU, "AutocastCPU"},
    std::pair{DispatchKey::AutocastCUDA, "AutocastCUDA"},
    std::pair{DispatchKey::Batched, "Batched"},
    std::pair{DispatchKey::PythonTLSSnapshot, "PythonTLSSnapshot"},
    std::pair{DispatchKey::CPU, "CPU"},
    std::pair{DispatchKey::CUDA, "CUDA"},
    std::pair{DispatchKey::Meta, "Meta"},
    std::pair{DispatchKey::PrivateUse1, "PrivateUse1"},
    std::pair{DispatchKey::AutogradCPU, "AutogradCPU"},
    std::pair{DispatchKey::AutogradCUDA, "AutogradCUDA"},
    std::pair{DispatchKey::AutogradMeta, "AutogradMeta"},
    std::pair{DispatchKey::AutogradPrivateUse1, "AutogradPrivateUse1"},
    std::pair{DispatchKey::Autograd, "Autograd"},
    std::pair{DispatchKey::CompositeImplicitAutograd, "CompositeImplicitAutograd"},
    std::pair{DispatchKey::CompositeExplicitAutograd, "CompositeExplicitAutograd"},
};

}  // namespace

std::string_view toString(DispatchKey key) {
  for (const auto& [candidate, name] : kKeyNames) {
    if (candidate == key) {
      return name;
    }
  }
  return "<invalid DispatchKey>";
}

std::string_view toString(BackendComponent backend) {
  switch (backend) {
    case BackendComponent::InvalidBit: return "InvalidBit";
    case BackendComponent::CPUBit: return "CPUBit";
    case BackendComponent::CUDABit: return "CUDABit";
    case BackendComponent::MetaBit: return "MetaBit";
    case BackendComponent::PrivateUse1Bit: return "PrivateUse1Bit";
  }
  return "<invalid BackendComponent>";
}

DispatchKey parseDispatchKey(std::string_view name) {
  std::string valid;
  for (const auto& [key, candidate] : kKeyNames) {
    if (candidate == name) {
      return key;
    }
    valid += fmt::format("{}{}", valid.empty() ? "" : ", ", candidate);
  }
  // A typo in a key name should cost one read of the message, not a search.
  throw std::invalid_argument(fmt::format("Unknown dispatch key name '{}'. Valid names are: [{}]", name, valid));
}

}  // namespace ch06
}  // namespace mini
