#include "mini/dispatch/dispatch_depth.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {

// What the kernel that recursed must do, by its key: an Autograd kernel and
// an autocast kernel step out of their own key in different ways, and the
// advice for one misleads whoever wrote the other.
std::string adviceFor(DispatchKey key) {
  if (key == DispatchKey::AutocastCPU || key == DispatchKey::AutocastCUDA) {
    return "an autocast kernel must exclude its autocast key before it calls the operator again, with "
           "`const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(device);` held (a named variable, not a "
           "temporary) until that call returns.";
  }
  if (toFunctionalityKey(key) == DispatchKey::AutogradFunctionality || key == DispatchKey::AutogradOther) {
    return "an Autograd kernel must step below autograd before it calls the operator again, with "
           "`AutoDispatchBelowADInplaceOrView guard;` and `op.redispatch(dispatchKeySet & kAfterAutogradKeySet, "
           "...)`.";
  }
  return fmt::format(
      "a kernel that calls its operator again must first leave its own key ('{}') behind, with a named "
      "`ExcludeDispatchKeyGuard` held until that call returns, or redispatch to the keys after it.",
      key);
}

}  // namespace

void DispatchDepthGuard::throwTooDeep(std::string_view op, DispatchKey key) {
  throw DispatchDepthError(
      fmt::format("'{}': more than {} nested dispatcher calls, the last one to its '{}' kernel. A kernel keeps calling "
                  "the operator it implements: {}",
                  op, kMaxDispatchDepth, key, adviceFor(key)));
}

}  // namespace ch06
}  // namespace mini
