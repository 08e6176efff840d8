#include "mini/operator_table.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mini {
inline namespace ch02 {

std::vector<DispatchKey> OperatorTableBase::registeredKeys() const {
  std::vector<DispatchKey> keys;
  // Every runtime key, in slot order: the keys of the full set.
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    if (sites_[getDispatchTableIndexForDispatchKey(key)]) {
      keys.push_back(key);
    }
  }
  return keys;
}

std::optional<SourceSite> OperatorTableBase::registrationSite(DispatchKey key) const {
  return sites_[getDispatchTableIndexForDispatchKey(key)];
}

std::size_t OperatorTableBase::claim(DispatchKey key, SourceSite site) {
  if (!isRuntimeDispatchKey(key)) {
    throw std::invalid_argument(fmt::format(
        "Tried to register a kernel for '{}' on '{}', which is not a runtime key. Register on one of: [{}]. "
        "(Alias keys such as Autograd arrive in chapter 03.) Registration: registered at {}",
        name_, key, fmt::join(DispatchKeySet(DispatchKeySet::FULL).keys(), ", "), site));
  }
  const std::size_t slot = getDispatchTableIndexForDispatchKey(key);
  if (const auto& original = sites_[slot]) {
    throw std::logic_error(
        fmt::format("Tried to register a kernel for '{}' on key '{}' twice. Each key takes a single kernel. "
                    "Duplicate registration: registered at {}. Original registration: registered at {}",
                    name_, key, site, *original));
  }
  sites_[slot] = site;
  // A kernel on a fallthrough key means the operator does want that key.
  letThrough_ = letThrough_ - DispatchKeySet(key);
  return slot;
}

std::size_t OperatorTableBase::release(DispatchKey key) {
  const std::size_t slot = getDispatchTableIndexForDispatchKey(key);
  sites_[slot].reset();
  letThrough_ = letThrough_ | (kFallthroughKeys & DispatchKeySet(key));
  return slot;
}

void OperatorTableBase::throwMissingKernel(DispatchKeySet dispatchKeySet) const {
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  std::string registrations;
  for (DispatchKey registered : registeredKeys()) {
    registrations += fmt::format("\n{}: registered at {}", registered, *registrationSite(registered));
  }
  throw std::runtime_error(
      fmt::format("Could not run '{}' with arguments from the '{}' backend. '{}' is only available for these "
                  "backends: [{}].{}",
                  name_, key, name_, fmt::join(registeredKeys(), ", "), registrations));
}

}  // namespace ch02
}  // namespace mini
