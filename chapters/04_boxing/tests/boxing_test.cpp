// Boxing and unboxing through the dispatcher: every IValue type both ways,
// the stack discipline, Tensor& results, key sets from the stack.
#include <gtest/gtest.h>

#include "mini/extension/myops.h"
#include "support/boxing_support.h"

namespace mini {
namespace {

using mini_test::ScopedOperator;

// The boxed identity: `echo(Tensor dispatch, T x) -> T` returns x.
void boxedEcho(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  IValue x = pop(*stack);
  drop(*stack, 1);
  push(*stack, std::move(x));
}

template <class T>
T unboxedEcho(const Tensor&, T x) {
  return x;
}

// unboxed -> boxed -> unboxed: a typed call reaches a boxed kernel.
// boxed -> unboxed -> boxed: callBoxed reaches a kernel written unboxed.
template <class T>
void expectRoundTrips(std::string_view type, const T& value) {
  SCOPED_TRACE(type);
  const Tensor dispatch = makeTensor(0);
  {
    ScopedOperator op(fmt::format("echo(Tensor dispatch, {} x) -> ({})", type, type));
    op.implBoxed(DispatchKey::CPU, &boxedEcho);
    const T back = op.typed<T(const Tensor&, T)>().call(dispatch, value);
    EXPECT_EQ(IValue(back), IValue(value));
  }
  {
    ScopedOperator op(fmt::format("echo(Tensor dispatch, {} x) -> ({})", type, type));
    op.impl(DispatchKey::CPU, &unboxedEcho<T>);
    Stack stack;
    push(stack, dispatch, value);
    op.handle().callBoxed(stack);
    ASSERT_EQ(stack.size(), 1u);
    EXPECT_EQ(stack[0], IValue(value));
  }
}

TEST(Boxing, EveryIValueTypeRoundTripsBothWays) {
  const Tensor t = makeTensor({1, 2});
  expectRoundTrips<Tensor>("Tensor", t);
  expectRoundTrips<double>("float", 2.5);
  expectRoundTrips<std::int64_t>("int", 42);
  expectRoundTrips<bool>("bool", true);
  expectRoundTrips<std::string>("str", "mean");
  expectRoundTrips<std::vector<std::int64_t>>("int[]", {1, 2, 3});
  expectRoundTrips<std::vector<double>>("float[]", {0.5, 1.5});
  expectRoundTrips<std::vector<Tensor>>("Tensor[]", {t, makeTensor(3)});
  expectRoundTrips<std::vector<bool>>("bool[]", {true, false});
  expectRoundTrips<std::vector<std::string>>("str[]", {"a", "b"});
  // A tuple as one value; `-> (str, Tensor)` would be two returns, so the
  // return list above is in parentheses, `-> ((str, Tensor)[])`.
  expectRoundTrips<std::vector<std::tuple<std::string, Tensor>>>("(str, Tensor)[]", {{"w", t}});
  expectRoundTrips<Dict<std::string, Tensor>>("Dict(str, Tensor)", {{"w", t}});
  expectRoundTrips<std::vector<std::optional<Tensor>>>("Tensor?[]", {t, std::nullopt});
  expectRoundTrips<Device>("Device", Device{BackendComponent::CUDABit, 1});
  expectRoundTrips<std::optional<std::int64_t>>("int?", std::nullopt);
  expectRoundTrips<std::optional<std::int64_t>>("int?", 7);
}

TEST(Boxing, ATwoInOneOutCallLeavesOneValue) {
  const OperatorHandle add = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "");
  Stack stack;
  push(stack, "untouched below", makeTensor({1, 2}), makeTensor({10, 20}));
  add.callBoxed(stack);
  ASSERT_EQ(stack.size(), 2u);
  EXPECT_EQ(stack[0].toStringRef(), "untouched below");
  EXPECT_EQ(stack[1].toTensor().values(), (std::vector<double>{11, 22}));
}

TEST(Boxing, NonTensorArgumentsAndResultsUnbox) {
  Stack stack;
  push(stack, makeTensor({1, 2}), 3.0);
  Dispatcher::singleton().findSchemaOrThrow("myops::myscale", "").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toTensor().values(), (std::vector<double>{3, 6}));
  push(stack, makeTensor({1, 2, 3}));
  Dispatcher::singleton().findSchemaOrThrow("myops::mynumel", "").callBoxed(stack);
  EXPECT_EQ(pop<std::int64_t>(stack), 3);
}

TEST(Boxing, WrongArgumentTypesOnTheStackNameTheTags) {
  Stack stack;
  push(stack, makeTensor(1), "three");
  try {
    Dispatcher::singleton().findSchemaOrThrow("myops::myscale", "").callBoxed(stack);
    FAIL() << "a String where a float belongs must not unbox";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Expected Double but got String");
  }
}

// A kernel that asks for the key set gets it, boxed or not.
DispatchKeySet seenKeySet;
Tensor recordKeySet(DispatchKeySet keySet, const Tensor& x) {
  seenKeySet = keySet;
  return x;
}

TEST(Boxing, AKernelTakingTheKeySetReceivesItBothWays) {
  ScopedOperator op("keys(Tensor x) -> Tensor");
  op.impl(DispatchKey::CPU, &recordKeySet);
  const Tensor cuda = makeTensor(1, BackendComponent::CUDABit);
  const Tensor cpu = makeTensor(1);
  seenKeySet = {};
  (void)op.typed<Tensor(const Tensor&)>().call(cpu);
  EXPECT_TRUE(seenKeySet.has(DispatchKey::CPU));
  Stack stack;
  push(stack, cpu);
  seenKeySet = {};
  op.handle().callBoxed(stack);
  EXPECT_TRUE(seenKeySet.has(DispatchKey::CPU));
  EXPECT_EQ(seenKeySet.highestPriorityKey(), DispatchKey::CPU);
  (void)cuda;
}

TEST(Boxing, BoxedCallsReadKeySetsOnlyFromTensorArguments) {
  // `which(int n, Tensor x, Tensor[] more) -> Tensor`: the CUDA tensor in the
  // list makes CUDA the highest backend; the int is not looked at.
  ScopedOperator op("which(int n, Tensor x, Tensor[] more) -> Tensor");
  op.implBoxed(
      DispatchKey::CPU, +[](const OperatorHandle&, DispatchKeySet, Stack* stack) {
        drop(*stack, 3);
        push(*stack, "cpu");
      });
  op.implBoxed(
      DispatchKey::CUDA, +[](const OperatorHandle&, DispatchKeySet, Stack* stack) {
        drop(*stack, 3);
        push(*stack, "cuda");
      });
  Stack stack;
  push(stack, 5, makeTensor(1), std::vector<Tensor>{makeTensor(2, BackendComponent::CUDABit)});
  op.handle().callBoxed(stack);
  EXPECT_EQ(pop<std::string>(stack), "cuda");
  push(stack, 5, makeTensor(1), std::vector<Tensor>{});
  op.handle().callBoxed(stack);
  EXPECT_EQ(pop<std::string>(stack), "cpu");
}

// An in-place operator whose only kernel is boxed: the typed call must hand
// back the very tensor it passed in, written to.
void boxedAddInPlace(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const Tensor other = pop<Tensor>(*stack);
  const Tensor self = pop<Tensor>(*stack);
  self.mutableValues() = myadd_cpu(self, other).values();
  push(*stack, self);
}

TEST(Boxing, ATensorRefResultIsTheArgumentItself) {
  ScopedOperator op("add_(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  op.implBoxed(DispatchKey::CPU, &boxedAddInPlace);
  Tensor self = makeTensor({1, 2});
  Tensor& result = op.typed<Tensor&(Tensor&, const Tensor&)>().call(self, makeTensor({10, 20}));
  EXPECT_EQ(&result, &self);
  EXPECT_EQ(self.values(), (std::vector<double>{11, 22}));
}

TEST(Boxing, AnUnboxedInPlaceKernelPushesItsArgumentBack) {
  Tensor self = makeTensor({1, 2});
  Stack stack;
  push(stack, self, makeTensor(1));
  Dispatcher::singleton().findSchemaOrThrow("myops::myadd_", "").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_TRUE(stack[0].toTensor().is_same(self));
  EXPECT_EQ(self.values(), (std::vector<double>{2, 3}));
  EXPECT_EQ(&myadd_(self, makeTensor(1)), &self);
}

TEST(Boxing, ABoxedKernelBreakingTheStackDisciplineIsReported) {
  ScopedOperator op("two(Tensor x) -> Tensor");
  op.implBoxed(
      DispatchKey::CPU, +[](const OperatorHandle&, DispatchKeySet, Stack* stack) {
        push(*stack, makeTensor(1));  // forgot to pop x
      });
  try {
    (void)op.typed<Tensor(const Tensor&)>().call(makeTensor(0));
    FAIL() << "two values for one result must be refused";
  } catch (const std::logic_error& error) {
    EXPECT_STREQ(error.what(),
                 "Boxed kernel was expected to return one value on the stack, but instead pushed 2 values.");
  }
}

TEST(Boxing, AKernelsOwnErrorComesOutOfABoxedCallUnchanged) {
  Stack stack;
  push(stack, makeTensor({1, 2}), makeTensor({1, 2, 3}));
  try {
    Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").callBoxed(stack);
    FAIL() << "adding tensors of 2 and 3 values must throw";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "The size of tensor a (2) must match the size of tensor b (3)");
  }
}

TEST(KernelFunction, KeepsABoxedEntryAlwaysAndAnUnboxedOneWhenWrittenUnboxed) {
  const KernelFunction unboxed = KernelFunction::makeFromUnboxedRuntimeFunction(&myadd_cpu);
  EXPECT_TRUE(unboxed.isValid());
  EXPECT_TRUE(unboxed.hasUnboxedKernel());
  EXPECT_EQ(unboxed.dumpState(), "boxed unboxed ");
  const KernelFunction boxed = KernelFunction::makeFromBoxedFunction<&boxedEcho>();
  EXPECT_TRUE(boxed.isValid());
  EXPECT_FALSE(boxed.hasUnboxedKernel());
  EXPECT_FALSE(boxed.cppSignature().has_value());
  EXPECT_EQ(boxed.dumpState(), "boxed ");
  EXPECT_FALSE(KernelFunction().isValid());
  EXPECT_TRUE(KernelFunction::makeFallthrough().isFallthrough());
  EXPECT_FALSE(boxed.isFallthrough());
}

TEST(InferSchema, AKernelThatDisagreesWithTheDefIsRefused) {
  ScopedOperator op("scale(Tensor self, float factor) -> Tensor");
  try {
    op.impl(DispatchKey::CPU, &mynumel_cpu);
    FAIL() << "an int(Tensor) kernel must not serve a Tensor(Tensor, float) operator";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("Inferred operator schema for a C++ kernel function doesn't match the expected "
                            "function schema.\n",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find("expected schema: " + op.name() + "(Tensor self, float factor) -> Tensor"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("inferred schema: (Tensor _0) -> int _0"), std::string::npos) << message;
    EXPECT_NE(message.find("reason: The number of arguments is different. 2 vs 1."), std::string::npos) << message;
  }
}

TEST(InferSchema, DevicesAndListsAreInferred) {
  EXPECT_EQ(inferFunctionSchema<Tensor(const Tensor&, Device, const std::vector<std::int64_t>&)>().toString(),
            "(Tensor _0, Device _1, int[] _2) -> Tensor _0");
}

}  // namespace
}  // namespace mini
