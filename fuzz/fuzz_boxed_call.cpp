// libFuzzer target: the boxed call path with random stacks. The input picks
// one of chapter 06's operators and the values on its stack, mostly of the
// types its schema asks for and sometimes not, sometimes too few or too many;
// callBoxed must end in results or a clean error (an exception derived from
// std::exception), never a crash, a leak or a sanitizer report.
//
// Values are kept small (at most 4 elements a dimension, numbers in
// [-4, 4] by quarters) so that a run explores operators and their checks
// rather than allocation sizes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fuzzer/FuzzedDataProvider.h>

#include "mini/boxing/ivalue.h"
#include "mini/boxing/stack.h"
#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"
#include "mini/op_registration/function_schema.h"

namespace {

using mini::IValue;
using Kind = mini::SchemaType::Kind;

// Every operator with a schema, found once: the registrars ran before main.
const std::vector<mini::OperatorHandle>& operatorsWithSchema() {
  static const std::vector<mini::OperatorHandle> operators = [] {
    std::vector<mini::OperatorHandle> found;
    for (const std::string& name : mini::Dispatcher::singleton().allOperatorNames()) {
      std::optional<mini::OperatorHandle> op = mini::Dispatcher::singleton().findOp(name);
      if (op && op->hasSchema()) {
        found.push_back(*op);
      }
    }
    return found;
  }();
  return operators;
}

// Small exact numbers, with inf and NaN now and then: they found that
// filling an integer tensor with them cast them to an integer, which C++
// leaves undefined (fixed: fill_ refuses as PyTorch does, see
// chapters/06_backends/tests/fuzz_findings_test.cpp).
double smallNumber(FuzzedDataProvider& input) {
  switch (input.ConsumeIntegralInRange(0, 15)) {
    case 0: return std::numeric_limits<double>::infinity();
    case 1: return std::numeric_limits<double>::quiet_NaN();
    default: return input.ConsumeIntegralInRange(-16, 16) / 4.0;
  }
}

mini::Device someDevice(FuzzedDataProvider& input) {
  // CPU and Meta most of the time; CUDA (absent in this build) and
  // PrivateUse1 (no backend loaded) must fail cleanly.
  switch (input.ConsumeIntegralInRange(0, 7)) {
    case 0: return mini::cudaDevice(0);
    case 1: return {mini::DeviceType::PrivateUse1, 0};
    case 2:
    case 3: return mini::kMeta;
    default: return mini::kCpu;
  }
}

mini::Tensor someTensor(FuzzedDataProvider& input) {
  mini::Sizes sizes;
  const int dims = input.ConsumeIntegralInRange(0, 3);
  for (int d = 0; d < dims; ++d) {
    sizes.push_back(input.ConsumeIntegralInRange(0, 4));
  }
  const auto dtype = static_cast<mini::ScalarType>(input.ConsumeIntegralInRange(0, 3));
  mini::TensorOptions options{dtype, input.ConsumeBool() ? mini::kCpu : mini::kMeta, false};
  mini::Tensor tensor = mini::full(sizes, smallNumber(input), options);
  if (mini::isFloatingType(dtype) && input.ConsumeBool()) {
    tensor.setRequiresGrad(true);
  }
  return tensor;
}

IValue valueOfKind(FuzzedDataProvider& input, Kind kind);

// A value of the schema's type: the common case, which gets past the
// unboxing checks and into the kernels.
IValue valueOfType(FuzzedDataProvider& input, const mini::SchemaType& type) {
  if (type.kind() == Kind::Optional) {
    return input.ConsumeBool() ? IValue() : valueOfType(input, type.element());
  }
  if (type.kind() != Kind::List) {
    return valueOfKind(input, type.kind());
  }
  const std::size_t length =
      type.fixedSize() && input.ConsumeBool() ? *type.fixedSize() : input.ConsumeIntegralInRange<std::size_t>(0, 4);
  switch (type.element().kind()) {
    case Kind::Tensor: {
      std::vector<mini::Tensor> tensors;
      for (std::size_t i = 0; i < length; ++i) {
        tensors.push_back(someTensor(input));
      }
      return IValue(std::move(tensors));
    }
    case Kind::Float: {
      std::vector<double> numbers;
      for (std::size_t i = 0; i < length; ++i) {
        numbers.push_back(smallNumber(input));
      }
      return IValue(std::move(numbers));
    }
    default: {
      std::vector<std::int64_t> numbers;
      for (std::size_t i = 0; i < length; ++i) {
        numbers.push_back(input.ConsumeIntegralInRange<std::int64_t>(-3, 5));
      }
      return IValue(std::move(numbers));
    }
  }
}

IValue valueOfKind(FuzzedDataProvider& input, Kind kind) {
  switch (kind) {
    case Kind::Tensor: return someTensor(input);
    case Kind::Int: return IValue(input.ConsumeIntegralInRange<std::int64_t>(-3, 5));
    case Kind::Float:
    case Kind::Scalar: return IValue(smallNumber(input));
    case Kind::Bool: return IValue(input.ConsumeBool());
    case Kind::String: return IValue(input.ConsumeRandomLengthString(8));
    case Kind::Device: return IValue(someDevice(input));
    case Kind::ScalarType:
      // One past the last dtype now and then: a boxed dtype is just an int.
      return IValue(input.ConsumeIntegralInRange<std::int64_t>(0, 4));
    case Kind::List: return IValue(std::vector<std::int64_t>{input.ConsumeIntegralInRange<std::int64_t>(-3, 5)});
    case Kind::Optional: return IValue();
    default:
      // The schema types no kernel of the course takes (SymInt, Dict, a
      // custom class, ...) have no IValue here: None stands in for them.
      return IValue();
  }
}

// Any kind of value, whatever the schema says: the unboxing checks' turn.
Kind anyKind(FuzzedDataProvider& input) {
  return static_cast<Kind>(input.ConsumeIntegralInRange(0, static_cast<int>(Kind::Optional)));
}

mini::Stack makeStack(FuzzedDataProvider& input, const mini::FunctionSchema& schema) {
  const std::size_t wanted = schema.arguments.size();
  // One input in eight gets a wrong number of values.
  const std::size_t count =
      input.ConsumeIntegralInRange(0, 7) == 0 ? input.ConsumeIntegralInRange<std::size_t>(0, wanted + 2) : wanted;
  mini::Stack stack;
  for (std::size_t i = 0; i < count; ++i) {
    // The call takes the top `wanted` values: with extra values below them,
    // or too few, value i is argument i + wanted - count (if that exists).
    const std::size_t position = i + wanted;
    const mini::Argument* argument =
        position >= count && position - count < wanted ? &schema.arguments[position - count] : nullptr;
    const bool followSchema = argument != nullptr && input.ConsumeIntegralInRange(0, 7) != 0;
    stack.push_back(followSchema ? valueOfType(input, argument->type) : valueOfKind(input, anyKind(input)));
  }
  return stack;
}

// Reads every result as a caller would: a tensor's values (where it has
// storage on the CPU) are printed, which walks its sizes and strides.
// Except empty's: its memory is uninitialized, and reading a bool that is
// neither 0 nor 1 is undefined (as printing torch.empty's result is).
void touchResults(const mini::OperatorHandle& op, const mini::Stack& stack) {
  if (op.operatorName() == "aten::empty") {
    return;
  }
  for (const IValue& value : stack) {
    if (value.isTensor()) {
      const mini::Tensor tensor = value.toTensor();
      if (tensor.defined() && tensor.device().isCpu()) {
        (void)mini::formatTensor(tensor);
      }
    }
  }
}

// MINI_FUZZ_SHOW=1 when replaying an input prints the call it makes.
void showCall(const mini::OperatorHandle& op, const mini::Stack& stack) {
  fmt::print(stderr, "{}\n", op.schema().toString());
  for (const IValue& value : stack) {
    if (value.isTensor()) {
      const mini::Tensor tensor = value.toTensor();
      fmt::print(stderr, "  Tensor [{}] {} on {}{}\n", fmt::join(tensor.sizes(), ", "),
                 mini::scalarTypeName(tensor.dtype()), mini::formatDevice(tensor.device()),
                 tensor.requiresGrad() ? ", requires_grad" : "");
    } else {
      fmt::print(stderr, "  {} {}\n", value.tagKind(), value);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<mini::OperatorHandle>& operators = operatorsWithSchema();
  if (operators.empty()) {
    fmt::print(stderr, "fuzz_boxed_call: no operator has a schema: were the registrars linked in?\n");
    std::abort();
  }
  FuzzedDataProvider input(data, size);
  const mini::OperatorHandle& op = operators[input.ConsumeIntegralInRange<std::size_t>(0, operators.size() - 1)];
  try {
    mini::Stack stack = makeStack(input, op.schema());
    const std::size_t pushed = stack.size();
    if (std::getenv("MINI_FUZZ_SHOW") != nullptr) {
      showCall(op, stack);
    }
    op.callBoxed(stack);
    // A call that succeeds took its arguments and left its returns.
    const std::size_t arguments = op.schema().arguments.size();
    if (pushed == arguments && stack.size() != op.schema().returns.size()) {
      fmt::print(stderr, "fuzz_boxed_call: {} left {} value(s) on the stack, its schema returns {}\n",
                 op.operatorName(), stack.size(), op.schema().returns.size());
      std::abort();
    }
    touchResults(op, stack);
  } catch (const std::exception&) {
    // A clean error: the call refused its arguments with a message.
  }
  return 0;
}
