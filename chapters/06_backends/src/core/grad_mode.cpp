#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

namespace {
// Per thread, as in PyTorch: a no_grad block on one thread does not stop
// another thread from recording.
thread_local bool tlsGradModeEnabled = true;
}  // namespace

bool GradMode::isEnabled() { return tlsGradModeEnabled; }
void GradMode::setEnabled(bool enabled) { tlsGradModeEnabled = enabled; }

}  // namespace ch06
}  // namespace mini
