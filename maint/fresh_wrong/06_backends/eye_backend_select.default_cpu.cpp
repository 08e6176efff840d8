// Mistake: A factory with no device argument goes to the CPU instead of being refused, like a factory called without a
// device

// Exercise 06.1: one boxed BackendSelect kernel for every factory.
// The lesson: chapters/06_backends/part1_dtypes_and_factories.md#exercise-61
// Declared in: mini/exercises/eye_backend_select.h
#include "mini/exercises/eye_backend_select.h"

#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

// (was TODO 06.1): a factory's arguments are the top op.schema().arguments.size()
// entries of `stack`, in the schema's order, whatever lies below them. Find
// the ones named "device" and "dtype" by name (a factory may put them
// anywhere, and may have no dtype: then the key set does not depend on it,
// take ScalarType::Float), turn them into a key set with
// backendSelectKeySet(), and redispatch the boxed call with it, leaving the
// stack as you found it. A schema with no "device" argument cannot pick a
// backend: throw std::runtime_error with
//   "BackendSelect kernel of myops::made: its schema has no 'device' argument"
namespace {
std::optional<std::size_t> stackIndexOf(const OperatorHandle& op, const Stack& stack, std::string_view name) {
  const auto& arguments = op.schema().arguments;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].name == name) {
      return stack.size() - arguments.size() + i;
    }
  }
  return std::nullopt;
}
}  // namespace

void boxedBackendSelect(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)dispatchKeySet;
  const std::optional<std::size_t> device = stackIndexOf(op, *stack, "device");
  const std::optional<std::size_t> dtype = stackIndexOf(op, *stack, "dtype");
  const ScalarType scalarType = dtype ? (*stack)[*dtype].to<ScalarType>() : ScalarType::Float;
  op.redispatchBoxed(backendSelectKeySet(scalarType, (device ? (*stack)[*device].toDevice() : kCpu)), stack);
}

Tensor eye(std::int64_t n, const TensorOptions& options) {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("aten::eye", "").typed<Tensor(std::int64_t, ScalarType, Device)>();
  return handle.call(n, options.dtype, options.device);
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, BackendSelect, m) {
  m.impl("eye", mini::KernelFunction::makeFromBoxedFunction<&mini::boxedBackendSelect>());
}
