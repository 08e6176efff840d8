#include "mini/dispatch/dispatch_depth.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

void DispatchDepthGuard::throwTooDeep(std::string_view op, DispatchKey key) {
  throw DispatchDepthError(fmt::format(
      "'{}': more than {} nested dispatcher calls, the last one to its '{}' kernel. A kernel keeps calling "
      "the operator it implements: an Autograd kernel must step below autograd before it calls the operator "
      "again, with `AutoDispatchBelowADInplaceOrView guard;` and `op.redispatch(dispatchKeySet & "
      "kAfterAutogradKeySet, ...)`.",
      op, kMaxDispatchDepth, key));
}

}  // namespace ch06
}  // namespace mini
