#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/basic_ops.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

// What the autograd-not-implemented fallback records for an operator
// without a formula: a NotImplemented node on the output.
Tensor recordWithoutFormula(const Tensor& input, const std::string& op) {
  Tensor output = expCpu(input);
  setHistory(output, std::shared_ptr<NotImplemented>(new NotImplemented(op, collectNextEdges({input})), deleteNode));
  return output;
}

TEST(NotImplemented, ForwardWorksBackwardNamesTheOperator) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor y = recordWithoutFormula(x, "myops::mysin");
  EXPECT_EQ(y.gradFn()->name(), "NotImplemented");
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }), "derivative for myops::mysin is not implemented");
}

TEST(NotImplemented, AGraphThatDoesNotReachItIsFine) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor other = fromValues({3, 4}, {2}, true);
  (void)recordWithoutFormula(x, "myops::mysin");
  sum(other).backward();
  EXPECT_TRUE(other.grad().defined());
}

}  // namespace
}  // namespace mini
