// The generated call path (lesson 06, section 10, "The call path"): one
// _ops struct per operator, its redispatch:: function, and the Tensor
// methods of the entries whose `variants:` say `method`, as ATen's
// Operators.h, RedispatchFunctions.h and TensorBody.h are.
#include <string>
#include <type_traits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "support/backend_test_helpers.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::handleOf;
using mini_test::valuesOf;
using ::testing::ElementsAre;

// The schema the struct was generated with is the one the dispatcher has,
// found by the struct's own names.
template <class Op>
void expectTheRegisteredSchema() {
  const OperatorHandle handle = handleOf<Op>();
  EXPECT_EQ(handle.schema().toString(), std::string("aten::") + Op::schema_str) << Op::name;
}

TEST(GeneratedOps, EveryStructNamesItsRegisteredSchema) {
  expectTheRegisteredSchema<_ops::add_Tensor>();
  expectTheRegisteredSchema<_ops::add__Tensor>();
  expectTheRegisteredSchema<_ops::add_out>();
  expectTheRegisteredSchema<_ops::sum_dim_IntList>();
  expectTheRegisteredSchema<_ops::view>();
  expectTheRegisteredSchema<_ops::copy_>();
  expectTheRegisteredSchema<_ops::empty>();
  EXPECT_STREQ(_ops::add__Tensor::name, "aten::add_");
  EXPECT_STREQ(_ops::add__Tensor::overload_name, "Tensor");
  EXPECT_STREQ(_ops::neg::overload_name, "");
}

TEST(GeneratedOps, TheSchemaTypeIsTheCppSignature) {
  static_assert(std::is_same_v<_ops::add_Tensor::schema, Tensor(const Tensor&, const Tensor&, const Scalar&)>);
  static_assert(std::is_same_v<_ops::add__Tensor::schema, Tensor&(Tensor&, const Tensor&, const Scalar&)>);
  static_assert(
      std::is_same_v<_ops::add_out::ptr_schema, Tensor& (*)(const Tensor&, const Tensor&, const Scalar&, Tensor&)>);
  SUCCEED() << "checked while compiling";
}

TEST(GeneratedOps, CallDispatchesFromTheTopAndRedispatchFromTheKeySetGiven) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor b = fromValues({10, 20}, {2});
  // call: the arguments' highest key, AutogradCPU, records the node.
  const Tensor viaCall = _ops::add_Tensor::call(a, b, 2);
  ASSERT_NE(viaCall.gradFn(), nullptr);
  EXPECT_EQ(viaCall.gradFn()->name(), "AddBackward0");
  // redispatch with {CPU}: the CPU kernel alone, no autograd, as a kernel
  // below Autograd calls it.
  const Tensor viaRedispatch = redispatch::add(DispatchKeySet(DispatchKey::CPU), a, b, 2);
  EXPECT_EQ(viaRedispatch.gradFn(), nullptr);
  EXPECT_FALSE(viaRedispatch.requiresGrad());
  EXPECT_THAT(valuesOf(viaRedispatch), ElementsAre(21, 42));
  EXPECT_THAT(valuesOf(viaCall), ElementsAre(21, 42));
}

TEST(GeneratedOps, AnOutOverloadRedispatchesInBothArgumentOrders) {
  const Tensor a = cpuTensor({1, 2}, {2});
  Tensor outFirst = cpuTensor({0, 0}, {2});
  Tensor outLast = cpuTensor({0, 0}, {2});
  const DispatchKeySet cpu(DispatchKey::CPU);
  // add_out(ks, out, self, other) as the public add_out; add_outf(ks, self,
  // other, alpha, out) in the schema's order, as at::redispatch::add_outf.
  EXPECT_TRUE(redispatch::add_out(cpu, outFirst, a, a).is_same(outFirst));
  EXPECT_TRUE(redispatch::add_outf(cpu, a, a, 3, outLast).is_same(outLast));
  EXPECT_THAT(valuesOf(outFirst), ElementsAre(2, 4));
  EXPECT_THAT(valuesOf(outLast), ElementsAre(4, 8));
}

TEST(TensorMethods, AreTheSameCallsAsTheFunctions) {
  const Tensor a = cpuTensor({1, -2, 3, 4}, {2, 2});
  const Tensor b = cpuTensor({10, 20}, {2});
  EXPECT_EQ(valuesOf(a.add(b, 2)), valuesOf(add(a, b, 2)));
  EXPECT_EQ(valuesOf(a.mul(b)), valuesOf(mul(a, b)));
  EXPECT_EQ(valuesOf(a.neg()), valuesOf(neg(a)));
  EXPECT_EQ(valuesOf(a.sum({0}, true)), valuesOf(sum(a, {0}, true)));
  EXPECT_EQ(a.t().strides(), t(a).strides());
  EXPECT_EQ(a.view({4}).sizes(), (Sizes{4}));
}

TEST(TensorMethods, InPlaceOnesWriteThroughAConstHandleAndReturnIt) {
  // const, as 1.13's: the Tensor is a handle, the write goes to its storage.
  const Tensor a = cpuTensor({1, 2}, {2});
  const std::uint32_t before = a.version();
  Tensor& written = a.add_(cpuTensor({1, 1}, {2}), 10);
  EXPECT_EQ(&written, &a);
  EXPECT_THAT(valuesOf(a), ElementsAre(11, 12));
  EXPECT_EQ(a.version(), before + 1);
  a.copy_(cpuTensor({5, 6}, {2}));
  EXPECT_THAT(valuesOf(a), ElementsAre(5, 6));
}

// `variants: method` alone, as in 1.13: there is a.add_(b) and no free
// add_(a, b); add is both, add.out a function only.
template <class T>
concept HasFreeAddInplace = requires(T& t) {
  add_(t, t);
};
template <class T>
concept HasFreeAdd = requires(const T& t) {
  add(t, t);
};
template <class T>
concept HasAddOutMethod = requires(T& t) {
  t.add_out(t, t);
};

TEST(TensorMethods, VariantsDecideWhichFormsExist) {
  static_assert(!HasFreeAddInplace<Tensor>);
  static_assert(HasFreeAdd<Tensor>);
  static_assert(!HasAddOutMethod<Tensor>);
  SUCCEED() << "checked while compiling";
}

}  // namespace
}  // namespace mini
