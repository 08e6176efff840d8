// Mutant: eye() passes float32 whatever dtype its options ask for
// Must fail: Exercise06_1.EyeOnTheCpuInTheAskedDtype
// Exercise 06.1: one boxed BackendSelect kernel for every factory.
// The lesson: chapters/06_backends/part1_dtypes_and_factories.md#exercise-61
// Declared in: mini/exercises/eye_backend_select.h
#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/exercises/eye_backend_select.h"
#include "mini/native/factories.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

namespace {

// The stack entry of the argument called `name`, or nullptr. A boxed
// kernel's arguments are the top of the stack: the caller's own values may
// lie below them. peek() refuses a stack that holds fewer values than the
// schema has arguments, rather than reading below its bottom.
const IValue* argumentNamed(const FunctionSchema& schema, const Stack& stack, std::string_view name) {
  for (std::size_t i = 0; i < schema.arguments.size(); ++i) {
    if (schema.arguments[i].name == name) return &peek(stack, i, schema.arguments.size());
  }
  return nullptr;
}

}  // namespace

// The dispatch key set it is given says only "BackendSelect": the backend
// is in the arguments, which is why this kernel reads them and replaces it.
void boxedBackendSelect(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const IValue* device = argumentNamed(op.schema(), *stack, "device");
  if (device == nullptr) {
    throw std::runtime_error(
        fmt::format("BackendSelect kernel of {}: its schema has no 'device' argument", op.operatorName()));
  }
  const IValue* dtype = argumentNamed(op.schema(), *stack, "dtype");
  const ScalarType scalarType = dtype != nullptr ? dtype->to<ScalarType>() : ScalarType::Float;
  op.redispatchBoxed(backendSelectKeySet(scalarType, device->toDevice()), stack);
}

Tensor eye(std::int64_t n, const TensorOptions& options) {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("aten::eye", "").typed<Tensor(std::int64_t, ScalarType, Device)>();
  return handle.call(n, ScalarType::Float, options.device);
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, BackendSelect, m) {
  m.impl("eye", mini::KernelFunction::makeFromBoxedFunction<&mini::boxedBackendSelect>());
}
