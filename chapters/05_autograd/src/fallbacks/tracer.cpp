#include "mini/fallbacks/tracer.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

namespace {
thread_local Trace* tlsCurrentTrace = nullptr;
}  // namespace

std::string Trace::nameOf(const Tensor& tensor, bool newTensorsAreInputs) {
  for (std::size_t number = 0; number < named_.size(); ++number) {
    if (named_[number].is_same(tensor)) {
      return fmt::format("%{}", number);
    }
  }
  named_.push_back(tensor);
  const std::string name = fmt::format("%{}", named_.size() - 1);
  if (newTensorsAreInputs) {
    record(fmt::format("{} = input {}", name, tensor));
  }
  return name;
}

std::string Trace::describe(const IValue& value, bool newTensorsAreInputs) {
  if (value.isTensor()) {
    return nameOf(value.toTensor(), newTensorsAreInputs);
  }
  if (value.isTensorList()) {
    std::vector<std::string> names;
    for (const Tensor& tensor : value.toTensorList()) {
      names.push_back(nameOf(tensor, newTensorsAreInputs));
    }
    return fmt::format("[{}]", fmt::join(names, ", "));
  }
  return fmt::format("{}", value);
}

std::string Trace::str() const { return fmt::format("{}\n", fmt::join(lines_, "\n")); }

TracingScope::TracingScope() : previous_(tlsCurrentTrace), includeTracer_(DispatchKey::Tracer) {
  tlsCurrentTrace = &trace_;
}

TracingScope::~TracingScope() { tlsCurrentTrace = previous_; }

// [tracer_fallback]
void tracerFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  if (tlsCurrentTrace == nullptr) {
    throw std::logic_error(fmt::format("{} reached the Tracer fallback with no TracingScope alive", op.operatorName()));
  }
  Trace& trace = *tlsCurrentTrace;
  // The schema says how many of the stack's values are this call's arguments.
  const std::size_t numArguments = op.schema().arguments.size();
  std::vector<std::string> arguments;
  for (std::size_t i = 0; i < numArguments; ++i) {
    arguments.push_back(trace.describeArgument(peek(*stack, i, numArguments)));
  }
  {
    // Record what the program called, not how each operator is built: calls
    // made by the kernels below are not traced (torch.jit.trace does the same).
    ExcludeDispatchKeyGuard noTracing(DispatchKey::Tracer);
    op.redispatchBoxed(dispatchKeySet.remove(DispatchKey::Tracer), stack);
  }
  const std::size_t numReturns = op.schema().returns.size();
  std::vector<std::string> results;
  for (std::size_t i = 0; i < numReturns; ++i) {
    results.push_back(trace.describeResult(peek(*stack, i, numReturns)));
  }
  const std::string call = fmt::format("{}({})", op.operatorName(), fmt::join(arguments, ", "));
  trace.record(results.empty() ? call : fmt::format("{} = {}", fmt::join(results, ", "), call));
}
// [tracer_fallback]

}  // namespace ch05
}  // namespace mini

// [tracer_registration]
MINI_LIBRARY_IMPL(_, Tracer, m) { m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::tracerFallback>()); }
// [tracer_registration]
