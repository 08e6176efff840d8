// Every source c10 makes a KernelFunction from: a function pointer, a
// TORCH_FN, a functor derived from OperatorKernel, a lambda with or without
// captures, a boxed function and a boxed functor; every return form boxing
// and unboxing carry; and def(name_or_schema, kernel), the catch-all.
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"
#include "support/boxing_support.h"

namespace mini {
namespace {

using mini_test::ScopedOperator;

Library testLibrary(Library::Kind kind, const char* ns) {
  return Library(kind, ns, std::nullopt, SourceSite{"kernel_sources_test.cpp", 1});
}

OperatorHandle findOp(const std::string& name) { return Dispatcher::singleton().findSchemaOrThrow(name, ""); }

Tensor callUnary(const OperatorHandle& op, const Tensor& x) { return op.typed<Tensor(const Tensor&)>().call(x); }

Tensor callUnaryBoxed(const OperatorHandle& op, const Tensor& x) {
  Stack stack;
  push(stack, x);
  op.callBoxed(stack);
  EXPECT_EQ(stack.size(), 1u);
  return pop<Tensor>(stack);
}

Tensor twice(const Tensor& x) { return myadd_cpu(x, x); }

// --- the unboxed sources --------------------------------------------------

TEST(KernelSources, AFunctionPointerIsWrappedIntoARuntimeFunctor) {
  const KernelFunction kernel = KernelFunction::makeFromUnboxedRuntimeFunction(&twice);
  EXPECT_TRUE(kernel.hasUnboxedKernel());
  // The function pointer is held by an object, as every unboxed kernel is.
  EXPECT_NE(kernel.functor(), nullptr);
  EXPECT_NE(dynamic_cast<const impl::WrapFunctionIntoRuntimeFunctor_<Tensor (*)(const Tensor&)>*>(kernel.functor()),
            nullptr);
}

TEST(KernelSources, ATorchFnKernelIsAStatelessFunctorThatNamesItsFunction) {
  const KernelFunction kernel = KernelFunction::makeFromUnboxedFunction(TORCH_FN<&twice>);
  using Functor = impl::WrapFunctionIntoFunctor_<CompileTimeFunctionPointer<&twice>>;
  EXPECT_NE(dynamic_cast<const Functor*>(kernel.functor()), nullptr);
  // No state beyond the OperatorKernel base: the function is in the type.
  static_assert(sizeof(Functor) == sizeof(OperatorKernel));
  Library library = testLibrary(Library::DEF, "ks_torch_fn");
  library.def("twice(Tensor x) -> Tensor").impl("twice", DispatchKey::CPU, TORCH_FN<&twice>);
  EXPECT_EQ(callUnary(findOp("ks_torch_fn::twice"), makeTensor({1, 2})).values(), (std::vector<double>{2, 4}));
  EXPECT_EQ(callUnaryBoxed(findOp("ks_torch_fn::twice"), makeTensor(3)).values(), (std::vector<double>{6}));
}

// A stateful kernel: it counts its calls, and the count of live instances
// tells whether the KernelFunction owns (and frees) it.
class CountingScale final : public OperatorKernel {
 public:
  explicit CountingScale(double factor) : factor_(factor) { ++live; }
  ~CountingScale() override { --live; }
  CountingScale(const CountingScale&) = delete;
  CountingScale& operator=(const CountingScale&) = delete;

  Tensor operator()(const Tensor& x) {
    ++calls;
    return myscale(x, factor_);
  }

  static inline int live = 0;
  int calls = 0;

 private:
  double factor_;
};

TEST(KernelSources, AFunctorKeepsItsStateAndIsOwnedByTheKernelFunction) {
  ASSERT_EQ(CountingScale::live, 0);
  {
    Library library = testLibrary(Library::DEF, "ks_functor");
    library.def("scale(Tensor x) -> Tensor")
        .impl("scale", DispatchKey::CPU, CppFunction::makeFromUnboxedFunctor(std::make_unique<CountingScale>(3.0)));
    EXPECT_EQ(CountingScale::live, 1);
    const OperatorHandle op = findOp("ks_functor::scale");
    EXPECT_EQ(callUnary(op, makeTensor({1, 2})).values(), (std::vector<double>{3, 6}));
    EXPECT_EQ(callUnaryBoxed(op, makeTensor(2)).values(), (std::vector<double>{6}));
    // Both calls reached the one object: the unboxed and the boxed entry
    // share the functor.
    const auto* functor =
        dynamic_cast<const CountingScale*>(op.entry().lookup(DispatchKeySet(DispatchKey::CPU)).functor());
    ASSERT_NE(functor, nullptr);
    EXPECT_EQ(functor->calls, 2);
  }
  // The library's handles are gone, the tables rebuilt: the last owner freed it.
  EXPECT_EQ(CountingScale::live, 0);
}

TEST(KernelSources, CopiesOfAKernelFunctionShareItsFunctor) {
  ASSERT_EQ(CountingScale::live, 0);
  {
    const KernelFunction first = KernelFunction::makeFromUnboxedFunctor(std::make_unique<CountingScale>(2.0));
    const KernelFunction second = first;  // NOLINT(performance-unnecessary-copy-initialization): the point
    EXPECT_EQ(first.functor(), second.functor());
    EXPECT_EQ(CountingScale::live, 1);
    EXPECT_EQ(first.functor()->use_count(), 2u);
  }
  EXPECT_EQ(CountingScale::live, 0);
}

TEST(KernelSources, AStatelessLambdaIsAKernel) {
  Library library = testLibrary(Library::DEF, "ks_lambda");
  library.def("negate(Tensor x) -> Tensor").impl("negate", DispatchKey::CPU, [](const Tensor& x) {
    return myscale(x, -1.0);
  });
  EXPECT_EQ(callUnary(findOp("ks_lambda::negate"), makeTensor({1, -2})).values(), (std::vector<double>{-1, 2}));
}

TEST(KernelSources, ACapturingLambdaIsAStatefulKernelOwnedByItsSlot) {
  auto captured = std::make_shared<int>(0);
  {
    Library library = testLibrary(Library::DEF, "ks_capture");
    library.def("count(Tensor x) -> Tensor").impl("count", DispatchKey::CPU, [captured](const Tensor& x) {
      ++*captured;
      return x;
    });
    // The lambda, captures and all, lives in the registered kernel.
    EXPECT_EQ(captured.use_count(), 2);
    const OperatorHandle op = findOp("ks_capture::count");
    (void)callUnary(op, makeTensor(1));
    (void)callUnaryBoxed(op, makeTensor(1));
    EXPECT_EQ(*captured, 2);
  }
  EXPECT_EQ(captured.use_count(), 1);  // deregistering destroyed the lambda
}

TEST(KernelSources, AKernelThatTakesTheKeySetGetsItWhicheverSourceItCameFrom) {
  Library library = testLibrary(Library::DEF, "ks_keyset");
  DispatchKeySet seen;
  library.def("probe(Tensor x) -> Tensor")
      .impl("probe", DispatchKey::CPU, [&seen](DispatchKeySet dispatchKeySet, const Tensor& x) {
        seen = dispatchKeySet;
        return x;
      });
  (void)callUnary(findOp("ks_keyset::probe"), makeTensor(1));
  EXPECT_TRUE(seen.has(DispatchKey::CPU));
}

// --- the boxed sources ----------------------------------------------------

void boxedDouble(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const Tensor x = pop<Tensor>(*stack);
  push(*stack, myadd_cpu(x, x));
}

TEST(KernelSources, ABoxedFunctionNamedAtCompileTimeHasNoObject) {
  const KernelFunction kernel = KernelFunction::makeFromBoxedFunction<&boxedDouble>();
  EXPECT_TRUE(kernel.isValid());
  EXPECT_FALSE(kernel.hasUnboxedKernel());
  EXPECT_EQ(kernel.functor(), nullptr);
  Library library = testLibrary(Library::DEF, "ks_boxed");
  library.def("twice(Tensor x) -> Tensor").impl("twice", DispatchKey::CPU, kernel);
  // A typed call boxes its arguments to reach it.
  EXPECT_EQ(callUnary(findOp("ks_boxed::twice"), makeTensor(4)).values(), (std::vector<double>{8}));
}

// The key-less form, as c10's BoxedKernelFunction: no key set to pass on.
void boxedTriple(const OperatorHandle&, Stack* stack) {
  const Tensor x = pop<Tensor>(*stack);
  push(*stack, myadd_cpu(myadd_cpu(x, x), x));
}

TEST(KernelSources, ABoxedFunctionWithoutAKeySetIsTheOtherForm) {
  const KernelFunction kernel = KernelFunction::makeFromBoxedFunction<&boxedTriple>();
  EXPECT_TRUE(kernel.isValid());
  EXPECT_FALSE(kernel.hasUnboxedKernel());
  Library library = testLibrary(Library::DEF, "ks_keyless");
  library.def("thrice(Tensor x) -> Tensor").impl("thrice", DispatchKey::CPU, kernel);
  EXPECT_EQ(callUnary(findOp("ks_keyless::thrice"), makeTensor(4)).values(), (std::vector<double>{12}));
  Stack stack{makeTensor(1)};
  findOp("ks_keyless::thrice").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toTensor().values(), (std::vector<double>{3}));
}

class BoxedCallCounter final : public OperatorKernel {
 public:
  void operator()(const OperatorHandle&, DispatchKeySet, Stack* stack) {
    ++calls;
    const Tensor x = pop<Tensor>(*stack);
    push(*stack, x);
  }
  int calls = 0;
};

TEST(KernelSources, ABoxedFunctorKeepsItsState) {
  auto counter = std::make_unique<BoxedCallCounter>();
  const BoxedCallCounter* seen = counter.get();
  Library library = testLibrary(Library::DEF, "ks_boxed_functor");
  library.def("same(Tensor x) -> Tensor")
      .impl("same", DispatchKey::CPU, KernelFunction::makeFromBoxedFunctor(std::move(counter)));
  const OperatorHandle op = findOp("ks_boxed_functor::same");
  (void)callUnary(op, makeTensor(1));
  (void)callUnaryBoxed(op, makeTensor(1));
  EXPECT_EQ(seen->calls, 2);
}

// --- every return form, both ways ----------------------------------------

std::tuple<Tensor, Tensor> splitSigns(const Tensor& x) { return {myscale(x, 1.0), myscale(x, -1.0)}; }

std::tuple<Tensor&, Tensor&> splitSignsOut(const Tensor& x, Tensor& positive, Tensor& negative) {
  positive.mutableValues() = x.values();
  negative.mutableValues() = myscale(x, -1.0).values();
  return {positive, negative};
}

void boxedSplitSignsOut(const OperatorHandle&, DispatchKeySet, Stack* stack) {
  const Tensor negative = pop<Tensor>(*stack);
  const Tensor positive = pop<Tensor>(*stack);
  const Tensor x = pop<Tensor>(*stack);
  positive.mutableValues() = x.values();
  negative.mutableValues() = myscale(x, -1.0).values();
  push(*stack, positive, negative);
}

std::vector<Tensor> unbind(const Tensor& x) {
  std::vector<Tensor> parts;
  for (const double value : x.values()) {
    parts.push_back(makeTensor(value));
  }
  return parts;
}

TEST(KernelSources, ATupleOfResultsIsUnboxedAndBoxedInOrder) {
  ScopedOperator op("split_signs(Tensor x) -> (Tensor, Tensor)");
  op.impl(DispatchKey::CPU, &splitSigns);
  const auto [positive, negative] = op.typed<std::tuple<Tensor, Tensor>(const Tensor&)>().call(makeTensor(2));
  EXPECT_EQ(positive.values(), (std::vector<double>{2}));
  EXPECT_EQ(negative.values(), (std::vector<double>{-2}));
  Stack stack;
  push(stack, makeTensor(5));
  op.handle().callBoxed(stack);
  ASSERT_EQ(stack.size(), 2u);
  EXPECT_EQ(stack[0].toTensor().values(), (std::vector<double>{5}));
  EXPECT_EQ(stack[1].toTensor().values(), (std::vector<double>{-5}));
}

TEST(KernelSources, AnOutKernelWithTwoOutputsPushesTheOutArgumentsBack) {
  ScopedOperator op(
      "split_signs_out(Tensor x, *, Tensor(a!) positive, Tensor(b!) negative) -> (Tensor(a!) positive, Tensor(b!) "
      "negative)");
  op.impl(DispatchKey::CPU, &splitSignsOut);
  const Tensor positive = makeTensor(0);
  const Tensor negative = makeTensor(0);
  Stack stack;
  push(stack, makeTensor(7), positive, negative);
  op.handle().callBoxed(stack);
  ASSERT_EQ(stack.size(), 2u);
  EXPECT_TRUE(stack[0].toTensor().is_same(positive));
  EXPECT_TRUE(stack[1].toTensor().is_same(negative));
  EXPECT_EQ(negative.values(), (std::vector<double>{-7}));
}

TEST(KernelSources, ATypedOutCallWithTwoOutputsGetsItsOwnTensorsBackFromABoxedKernel) {
  ScopedOperator op(
      "split_signs_out(Tensor x, *, Tensor(a!) positive, Tensor(b!) negative) -> (Tensor(a!) positive, Tensor(b!) "
      "negative)");
  op.implBoxed(DispatchKey::CPU, &boxedSplitSignsOut);
  Tensor positive = makeTensor(0);
  Tensor negative = makeTensor(0);
  auto [first, second] =
      op.typed<std::tuple<Tensor&, Tensor&>(const Tensor&, Tensor&, Tensor&)>().call(makeTensor(3), positive, negative);
  // c10 hands back the caller's out arguments, not new handles.
  EXPECT_EQ(&first, &positive);
  EXPECT_EQ(&second, &negative);
  EXPECT_EQ(negative.values(), (std::vector<double>{-3}));
}

TEST(KernelSources, AListOfTensorsIsUnboxedAndBoxed) {
  ScopedOperator op("unbind(Tensor x) -> Tensor[]");
  op.impl(DispatchKey::CPU, &unbind);
  const std::vector<Tensor> parts = op.typed<std::vector<Tensor>(const Tensor&)>().call(makeTensor({1, 2, 3}));
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[2].values(), (std::vector<double>{3}));
  Stack stack;
  push(stack, makeTensor({4, 5}));
  op.handle().callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].to<std::vector<Tensor>>().size(), 2u);
}

// --- def(name_or_schema, kernel): the catch-all ---------------------------

TEST(KernelSources, DefWithANameInfersTheSchemaFromTheKernel) {
  Library library = testLibrary(Library::DEF, "ks_def_name");
  library.def("twice", &twice);
  const OperatorHandle op = findOp("ks_def_name::twice");
  EXPECT_EQ(op.schema().toString(), "ks_def_name::twice(Tensor _0) -> Tensor _0");
  EXPECT_EQ(callUnary(op, makeTensor(5)).values(), (std::vector<double>{10}));
}

TEST(KernelSources, DefWithAKernelRegistersItOnCompositeImplicitAutograd) {
  Library library = testLibrary(Library::DEF, "ks_def_catch_all");
  library.def("twice.overload(Tensor x) -> Tensor", [](const Tensor& x) { return twice(x); });
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("ks_def_catch_all::twice", "overload");
  // The old catch-all, as 1.13 registers it: every backend and autograd.
  const std::string state = op.dumpState();
  EXPECT_NE(
      state.find("CompositeImplicitAutograd[alias]: registered at chapters/04_boxing/tests/kernel_sources_test.cpp:"),
      std::string::npos)
      << state;
  EXPECT_NE(state.find(":: (Tensor _0) -> Tensor _0 [ boxed unboxed ]"), std::string::npos) << state;
  EXPECT_EQ(op.typed<Tensor(const Tensor&)>().call(makeTensor(1)).values(), (std::vector<double>{2}));
}

TEST(KernelSources, DefWithANameAndABoxedKernelCannotInferASchema) {
  Library library = testLibrary(Library::DEF, "ks_def_boxed");
  try {
    library.def("twice", KernelFunction::makeFromBoxedFunction<&boxedDouble>());
    FAIL() << "a boxed kernel has no C++ type to infer a schema from";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("def(\"twice\"): Full schema string was not specified, and we couldn't infer schema "
                            "either.  Please explicitly provide a schema string. (Error occurred at "
                            "chapters/04_boxing/tests/kernel_sources_test.cpp:",
                            0),
              0u)
        << message;
  }
}

TEST(KernelSources, DefWithASchemaChecksTheKernelAgainstIt) {
  Library library = testLibrary(Library::DEF, "ks_def_mismatch");
  try {
    library.def("scale(Tensor x, float factor) -> Tensor", &twice);
    FAIL() << "a kernel of one argument cannot serve a schema of two";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("ks_def_mismatch::scale"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace mini
