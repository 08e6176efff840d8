#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/autograd_not_implemented_fallback.h"
#include "mini/autograd/custom_function.h"
#include "mini/autograd/gradcheck.h"
#include "mini/extension/my_add_function.h"
#include "mini/extension/my_inplace_and_view_ops.h"
#include "mini/op_registration/library.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(MyAddFunction, AddsAndPassesTheGradientToBothInputs) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor b = fromValues({3, 4}, {2}, true);
  const Tensor c = myadd(a, b);
  EXPECT_THAT(values(c), ElementsAre(4, 6));
  ASSERT_NE(c.gradFn(), nullptr);
  EXPECT_EQ(c.gradFn()->name(), "MyAddFunctionBackward");
  sum(mul(c, fromValues({10, 20}, {2}))).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(10, 20));
  EXPECT_THAT(values(b.grad()), ElementsAre(10, 20));
}

TEST(MyAddFunction, ForwardIsOneNodeNotAGraph) {
  const Tensor a = fromValues({1}, {1}, true);
  const Tensor c = myadd(a, a);
  // forward ran add with grad mode off: c's node leads straight to a.
  EXPECT_EQ(c.gradFn()->nextEdges()[0].function->name(), "torch::autograd::AccumulateGrad");
}

TEST(MyAddFunction, RecordsNothingWhenNoInputRequiresGrad) { EXPECT_EQ(myadd(ones({1}), ones({1})).gradFn(), nullptr); }

// The recipe's CUDA step is a registration: it is in the table in every
// build, GPU or not (tests/gpu/custom_op_cuda_test.cpp runs it on a GPU).
TEST(MyAddFunction, HasACudaKernelBesideTheCpuOne) {
  const OperatorEntry& entry = Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").entry();
  EXPECT_TRUE(entry.hasKernelForDispatchKey(DispatchKey::CPU));
  EXPECT_TRUE(entry.hasKernelForDispatchKey(DispatchKey::CUDA));
  EXPECT_THAT(entry.dumpComputedTable(), HasSubstr("CUDA: registered at "));
}

// Saves its input, scales by a non-tensor argument kept in savedData.
struct ScaledSquare : Function<ScaledSquare> {
  static Tensor forward(AutogradContext* ctx, const Tensor& x, double scale) {
    ctx->saveForBackward({x});
    ctx->savedData["scale"] = scale;
    return mul(mul(x, x), scalarTensor(scale));
  }
  static TensorList backward(AutogradContext* ctx, TensorList grads) {
    const Tensor x = ctx->getSavedVariables().at(0);
    const Tensor factor = scalarTensor(2 * ctx->savedData.at("scale"));
    return {mul(grads.at(0), mul(x, factor)), Tensor()};
  }
};

TEST(CustomFunction, SavedTensorsAndDataReachBackward) {
  EXPECT_TRUE(gradcheck([](const TensorList& x) { return ScaledSquare::apply(x[0], 3.0); },
                        {fromValues({0.5, -1.5}, {2}, true)}));
}

// e is an input of the custom function, kept as itself: the message names
// its producer now, the add_ (torch 1.13 says the same of a Python Function).
TEST(CustomFunction, ASavedTensorChangedInPlaceIsAnError) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor e = exp(x);
  const Tensor y = ScaledSquare::apply(e, 1.0);
  e.add_(scalarTensor(1));
  const std::string error = errorOf([&] { sum(y).backward(); });
  EXPECT_NE(error.find("which is output 0 of AddBackward0, is at version 1; expected version 0 instead. Hint: "
                       "enable anomaly detection"),
            std::string::npos)
      << error;
}

struct ForgetsAGradient : Function<ForgetsAGradient> {
  static Tensor forward(AutogradContext* /*ctx*/, const Tensor& a, const Tensor& b) { return add(a, b); }
  static TensorList backward(AutogradContext* /*ctx*/, TensorList grads) { return {grads.at(0)}; }
};

TEST(CustomFunction, TheWrongNumberOfGradientsIsAnError) {
  const Tensor a = fromValues({1}, {1}, true);
  EXPECT_EQ(errorOf([&] { sum(ForgetsAGradient::apply(a, a)).backward(); }),
            "function ForgetsAGradientBackward returned an incorrect number of gradients (expected 2, got 1)");
}

struct WrongShape : Function<WrongShape> {
  static Tensor forward(AutogradContext* /*ctx*/, const Tensor& a) { return exp(a); }
  static TensorList backward(AutogradContext* /*ctx*/, TensorList /*grads*/) { return {ones({3})}; }
};

TEST(CustomFunction, AGradientOfTheWrongShapeIsAnError) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { sum(WrongShape::apply(a)).backward(); }),
            "Function WrongShapeBackward returned an invalid gradient at index 0 - got [3] but expected shape "
            "compatible with [2]");
}

// The boxed ADInplaceOrView fallback, on myops' custom operators
// (src/extension/my_inplace_and_view_ops.cpp) and on schemas it refuses.
TEST(InplaceOrViewFallback, AMutatingCustomOperatorBumpsTheVersion) {
  const Tensor a = fromValues({1, 2}, {2});
  const std::uint32_t before = a.version();
  const Tensor result = myadd_(a, fromValues({10, 20}, {2}));
  EXPECT_EQ(a.version(), before + 1);
  EXPECT_THAT(values(a), ElementsAre(11, 22));
  EXPECT_TRUE(result.is_same(a));
}

TEST(InplaceOrViewFallback, TheBumpMakesASavedTensorStale) {
  // The reason for the key: mul saved x for its backward, myadd_ wrote x
  // after that, and backward must notice rather than use the new values.
  const Tensor leaf = fromValues({1, 2}, {2}, true);
  const Tensor x = mul(leaf, fromValues({1, 1}, {2}));
  const Tensor y = mul(x, x);
  myadd_(x, fromValues({1, 1}, {2}));
  EXPECT_THAT(errorOf([&] { sum(y).backward(); }),
              HasSubstr("one of the variables needed for gradient computation has been modified by an inplace "
                        "operation"));
}

TEST(InplaceOrViewFallback, AViewCustomOperatorReturnsAView) {
  const Tensor a = fromValues({1, 2, 3}, {3});
  const Tensor view = myalias(a);
  ASSERT_NE(view.unsafeGetTensorImpl()->autograd, nullptr);
  EXPECT_TRUE(view.unsafeGetTensorImpl()->autograd->isView);
  EXPECT_FALSE(view.is_same(a));
  // A view shares its base's storage, and with it the version counter.
  myadd_(view, fromValues({1, 1, 1}, {3}));
  EXPECT_THAT(values(a), ElementsAre(2, 3, 4));
  EXPECT_EQ(a.version(), view.version());
}

TEST(InplaceOrViewFallback, BackwardThroughTheCustomOperatorsIsNotImplemented) {
  const Tensor leaf = fromValues({1, 2}, {2}, true);
  const Tensor view = myalias(leaf);
  ASSERT_NE(view.gradFn(), nullptr);
  EXPECT_THAT(errorOf([&] { sum(view).backward(); }), HasSubstr("myops::myalias"));
}

// Schemas the fallback cannot serve: it pairs the first argument with the
// first result, as the generated view kernels do.
MINI_LIBRARY(test06_inplace_or_view, m) {
  m.def("two_views(Tensor(a) self, Tensor(a) other) -> Tensor(a)");
  m.def("view_of_second(Tensor self, Tensor(a) other) -> Tensor(a)");
}

MINI_LIBRARY_IMPL(test06_inplace_or_view, CPU, m) {
  m.impl("two_views", [](const Tensor& self, const Tensor&) { return self; });
  m.impl("view_of_second", [](const Tensor&, const Tensor& other) { return other; });
}

MINI_LIBRARY_IMPL(test06_inplace_or_view, ADInplaceOrView, m) {
  m.impl("two_views", KernelFunction::makeFromBoxedFunction<&autogradNotImplementedInplaceOrViewFallback>());
  m.impl("view_of_second", KernelFunction::makeFromBoxedFunction<&autogradNotImplementedInplaceOrViewFallback>());
}

std::string boxedCallError(const char* name) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow(name, "");
  return errorOf([&] {
    Stack stack;
    push(stack, fromValues({1}, {1}), fromValues({2}, {1}));
    op.callBoxed(stack);
  });
}

TEST(InplaceOrViewFallback, RefusesTwoInputsThatAViewMayAlias) {
  EXPECT_EQ(boxedCallError("test06_inplace_or_view::two_views"),
            "Fallback ADInplaceOrView kernel expects only a single input in the operator schema to have a "
            "non-write alias annotation (i.e., 'Tensor(a)'). Non-composite functions where multiple inputs are "
            "aliased with outputs aren't supported. Please rewrite your function as a composite function.");
}

TEST(InplaceOrViewFallback, RefusesAViewOfAnArgumentOtherThanTheFirst) {
  EXPECT_THAT(boxedCallError("test06_inplace_or_view::view_of_second"),
              HasSubstr("Fallback ADInplaceOrView kernel can only create view relationships between the first "
                        "input and the first output"));
}

}  // namespace
}  // namespace mini
