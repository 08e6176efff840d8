#include "mini/dispatch_modes/logging_mode.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mini {
inline namespace ch06 {

std::string LoggingMode::describe(const IValue& value) {
  if (!value.isTensor()) {
    return fmt::format("{}", value);
  }
  const Tensor& tensor = value.toTensor();
  for (std::size_t number = 0; number < named_.size(); ++number) {
    if (named_[number].is_same(tensor)) {
      return fmt::format("${}", number);
    }
  }
  named_.push_back(tensor);
  return fmt::format("${}", named_.size() - 1);
}

// [logging_mode]
void LoggingMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  const std::size_t numArguments = op.schema().arguments.size();
  std::vector<std::string> arguments;
  for (std::size_t i = 0; i < numArguments; ++i) {
    arguments.push_back(describe(peek(*stack, i, numArguments)));
  }
  callOperator(op, stack);
  const std::size_t numReturns = op.schema().returns.size();
  std::vector<std::string> results;
  for (std::size_t i = 0; i < numReturns; ++i) {
    results.push_back(describe(peek(*stack, i, numReturns)));
  }
  lines_.push_back(fmt::format("{} = {}({})", fmt::join(results, ", "), op.operatorName(), fmt::join(arguments, ", ")));
}
// [logging_mode]

std::string LoggingMode::str() const { return fmt::format("{}\n", fmt::join(lines_, "\n")); }

}  // namespace ch06
}  // namespace mini
