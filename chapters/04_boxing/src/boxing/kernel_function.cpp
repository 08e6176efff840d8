#include "mini/boxing/kernel_function.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {

std::string KernelFunction::dumpState() const {
  if (!isValid()) {
    return "";
  }
  return hasUnboxedKernel() ? "boxed unboxed " : "boxed ";
}

void KernelFunction::fallthrough_kernel(OperatorKernel* /*functor*/, const OperatorHandle& op,
                                        DispatchKeySet /*dispatchKeySet*/, Stack* /*stack*/) {
  // The dispatcher masks fallthrough keys out before it picks a slot; only a
  // redispatch with a hand-made key set can land here.
  throw std::logic_error(
      fmt::format("fallthrough_kernel was executed for operator {} but it should have been short-circuited by the "
                  "dispatcher. This could occur if you redispatched with a key set holding a key whose kernel is a "
                  "fallthrough.",
                  op.operatorName()));
}

void KernelFunction::ambiguous_autogradother_kernel(OperatorKernel* /*functor*/, const OperatorHandle& op,
                                                    DispatchKeySet /*dispatchKeySet*/, Stack* /*stack*/) {
  throw std::logic_error(
      fmt::format("(ERROR) This kernel on Dispatchkey AutogradOther is ambiguous: {} has kernels registered to both "
                  "CompositeImplicitAutograd and a backend mapped to AutogradOther. This makes the backend kernel "
                  "unreachable; the dispatcher will always prefer the CompositeImplicitAutograd lowering. If you want "
                  "to override CompositeImplicitAutograd, please open an issue to request a dedicated Autograd "
                  "dispatch key for the backend.\nCanonical state\n~~~~~~~~~~~\n{}",
                  op.operatorName(), op.dumpState()));
}

void KernelFunction::throwMissing(const OperatorHandle& op) {
  throw std::logic_error(fmt::format("Tried to call a missing kernel of {}", op.operatorName()));
}

namespace impl {

void checkBoxedResultCount(const Stack& stack, std::size_t expected) {
  if (stack.size() != expected) {
    throw std::logic_error(
        fmt::format("Boxed kernel was expected to return {} value{} on the stack, but instead "
                    "pushed {} value{}.",
                    expected == 1 ? "one" : fmt::format("{}", expected), expected == 1 ? "" : "s", stack.size(),
                    stack.size() == 1 ? "" : "s"));
  }
}

}  // namespace impl

}  // namespace ch04
}  // namespace mini
