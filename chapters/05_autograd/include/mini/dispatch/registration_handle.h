#pragma once
/// \file
/// \brief RegistrationHandleRAII: a registration that undoes itself.

#include <functional>
#include <utility>

namespace mini {
inline namespace ch05 {

// [registration_handle]
/// Every def, impl and fallback returns one of these; destroying it undoes
/// the registration. A Library keeps its handles, so a static Library's
/// registrations last for the program and a local one's for its scope: a test
/// can register a kernel and be sure it is gone afterwards.
class RegistrationHandleRAII {
 public:
  explicit RegistrationHandleRAII(std::function<void()> onDestruction) : onDestruction_(std::move(onDestruction)) {}
  ~RegistrationHandleRAII() {
    if (onDestruction_) {
      onDestruction_();
    }
  }

  // Move-only: a registration is undone exactly once.
  RegistrationHandleRAII(RegistrationHandleRAII&& other) noexcept
      : onDestruction_(std::exchange(other.onDestruction_, nullptr)) {}
  RegistrationHandleRAII& operator=(RegistrationHandleRAII&& other) noexcept {
    if (this != &other) {
      RegistrationHandleRAII old(std::move(*this));
      onDestruction_ = std::exchange(other.onDestruction_, nullptr);
    }
    return *this;
  }
  RegistrationHandleRAII(const RegistrationHandleRAII&) = delete;
  RegistrationHandleRAII& operator=(const RegistrationHandleRAII&) = delete;

 private:
  std::function<void()> onDestruction_;
};
// [registration_handle]

}  // namespace ch05
}  // namespace mini
