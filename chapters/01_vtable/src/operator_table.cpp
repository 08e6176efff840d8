#include "mini/operator_table.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mini {
inline namespace ch01 {

namespace {
std::size_t index(DispatchKey key) { return static_cast<std::size_t>(key); }
}  // namespace

std::vector<DispatchKey> OperatorTableBase::registeredKeys() const {
  std::vector<DispatchKey> keys;
  for (std::size_t i = 0; i < kNumDispatchKeys; ++i) {
    if (sites_[i]) {
      keys.push_back(static_cast<DispatchKey>(i));
    }
  }
  return keys;
}

std::optional<SourceSite> OperatorTableBase::registrationSite(DispatchKey key) const { return sites_[index(key)]; }

void OperatorTableBase::claim(DispatchKey key, SourceSite site) {
  if (const auto& original = sites_[index(key)]) {
    // PyTorch refuses a second def() of one operator in the same words; two
    // kernels on one key is the same mistake at this chapter's scale.
    throw std::logic_error(
        fmt::format("Tried to register a kernel for '{}' on key '{}' twice. Each key takes a single kernel. "
                    "Duplicate registration: registered at {}. Original registration: registered at {}",
                    name_, key, site, *original));
  }
  sites_[index(key)] = site;
}

void OperatorTableBase::release(DispatchKey key) { sites_[index(key)].reset(); }

void OperatorTableBase::throwMissingKernel(DispatchKey key) const {
  std::string registrations;
  for (DispatchKey registered : registeredKeys()) {
    registrations += fmt::format("\n{}: registered at {}", registered, *sites_[index(registered)]);
  }
  throw std::runtime_error(
      fmt::format("Could not run '{}' with arguments from the '{}' backend. '{}' is only available for these "
                  "backends: [{}].{}",
                  name_, key, name_, fmt::join(registeredKeys(), ", "), registrations));
}

}  // namespace ch01
}  // namespace mini
