#include "mini/boxing/kernel_function.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch03 {

std::string KernelFunction::dumpState() const { return kind_ == Kind::Unboxed ? "unboxed " : ""; }

void KernelFunction::throwNotCallable(const OperatorHandle& op) const {
  switch (kind_) {
    case Kind::Fallthrough:
      // The dispatcher masks fallthrough keys out before it picks a slot;
      // only a redispatch with a hand-made key set can land here.
      throw std::logic_error(
          fmt::format("fallthrough_kernel was executed for operator {} but it should have been short-circuited by the "
                      "dispatcher. This could occur if you redispatched with a key set holding a key whose kernel is a "
                      "fallthrough.",
                      op.operatorName()));
    case Kind::AmbiguousAutogradOther:
      throw std::logic_error(fmt::format(
          "(ERROR) This kernel on Dispatchkey AutogradOther is ambiguous: {} has kernels registered to both "
          "CompositeImplicitAutograd and a backend mapped to AutogradOther. This makes the backend kernel "
          "unreachable; the dispatcher will always prefer the CompositeImplicitAutograd lowering. If you want "
          "to override CompositeImplicitAutograd, please open an issue to request a dedicated Autograd "
          "dispatch key for the backend.\nCanonical state\n~~~~~~~~~~~\n{}",
          op.operatorName(), op.dumpState()));
    case Kind::Missing:
    case Kind::Unboxed: break;
  }
  throw std::logic_error(fmt::format("Tried to call a missing kernel of {}", op.operatorName()));
}

}  // namespace ch03
}  // namespace mini
