// The chapter's backward formulas against PyTorch 1.13's own numbers: each
// case of tests/data/pytorch-1.13-derivatives.txt (maint/reference/gen_derivative_data.py
// wrote it from torch) runs here as it ran there, and must give the same
// forward value, grad_fn name, version and gradient of every input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::values;

// The in-place cases write into a clone of input 0, as the generator does.
template <class Write>
std::function<Tensor(const TensorList&)> intoClone(Write write) {
  return [write](const TensorList& x) {
    Tensor y = clone(x[0]);
    write(y, x);
    return y;
  };
}

// The expressions of the generator's CASES, under the same names.
const std::map<std::string, std::function<Tensor(const TensorList&)>>& derivativeCases() {
  static const std::map<std::string, std::function<Tensor(const TensorList&)>> cases = {
      {"sum_dim_IntList", [](const TensorList& x) { return sum(x[0], {1}); }},
      {"sum_dim_IntList_keepdim",
       [](const TensorList& x) {
         return sum(x[0], {0, 2}, true);
       }},
      {"sum_dim_IntList_negative",
       [](const TensorList& x) {
         return sum(x[0], {-1, 0});
       }},
      {"sum_dim_IntList_empty", [](const TensorList& x) { return sum(x[0], std::vector<std::int64_t>{}); }},
      {"clone", [](const TensorList& x) { return clone(x[0]); }},
      {"copy_", intoClone([](Tensor& y, const TensorList& x) { y.copy_(x[1]); })},
      {"copy_from_float32", intoClone([](Tensor& y, const TensorList& x) { y.copy_(x[1]); })},
      {"copy_into_float32",
       [](const TensorList& x) {
         Tensor y = x[0].to(ScalarType::Float);
         return y.copy_(x[1]);
       }},
      {"atan2", [](const TensorList& x) { return atan2(x[0], x[1]); }},
      {"atan2_broadcast", [](const TensorList& x) { return atan2(x[0], x[1]); }},
      {"atan2_other_only", [](const TensorList& x) { return atan2(x[0], x[1]); }},
      {"sin", [](const TensorList& x) { return sin(x[0]); }},
      {"div", [](const TensorList& x) { return div(x[0], x[1]); }},
      {"sub_", intoClone([](Tensor& y, const TensorList& x) { y.sub_(x[1]); })},
      {"mul_", intoClone([](Tensor& y, const TensorList& x) { y.mul_(x[1]); })},
      {"div_", intoClone([](Tensor& y, const TensorList& x) { y.div_(x[1]); })},
      {"div_other_only", intoClone([](Tensor& y, const TensorList& x) { y.div_(x[1]); })},
      {"neg_", intoClone([](Tensor& y, const TensorList&) { neg_(y); })},
      {"relu_", intoClone([](Tensor& y, const TensorList&) { relu_(y); })},
      {"exp_", intoClone([](Tensor& y, const TensorList&) { exp_(y); })},
      {"atan2_", intoClone([](Tensor& y, const TensorList& x) { y.atan2_(x[1]); })},
      {"rsub_Tensor", [](const TensorList& x) { return rsub(x[0], x[1], 2); }},
      {"rsub_Tensor_other_only", [](const TensorList& x) { return rsub(x[0], x[1]); }},
      {"rsub_Scalar", [](const TensorList& x) { return rsub(x[0], Scalar(2.5), 3); }},
      {"rsub_Scalar_float32", [](const TensorList& x) { return rsub(x[0], Scalar(2)); }},
  };
  return cases;
}

// A TENSOR of the file: DTYPE NDIM SIZE... VALUE...
struct RecordedTensor {
  ScalarType dtype = ScalarType::Double;
  Sizes sizes;
  std::vector<double> values;

  Tensor make(bool requiresGrad) const {
    Tensor tensor = _to_copy(fromValues(values, sizes), dtype, kCpu);
    if (requiresGrad) {
      tensor.setRequiresGrad(true);
    }
    return tensor;
  }
};

RecordedTensor readRecordedTensor(std::istringstream& in) {
  RecordedTensor tensor;
  std::string dtype;
  std::size_t dims = 0;
  in >> dtype >> dims;
  tensor.dtype = dtype == "float32" ? ScalarType::Float : ScalarType::Double;
  tensor.sizes.resize(dims);
  for (std::int64_t& size : tensor.sizes) {
    in >> size;
  }
  tensor.values.resize(static_cast<std::size_t>(numelOf(tensor.sizes)));
  for (double& value : tensor.values) {
    in >> value;
  }
  return tensor;
}

struct DerivativeCase {
  std::string name, gradFn, expr;
  std::uint32_t version = 0;
  int ulps = 0;
  std::vector<RecordedTensor> inputs;
  std::vector<bool> requiresGrad;
  RecordedTensor gradOutput, output;
  std::vector<std::optional<RecordedTensor>> grads;
};

std::vector<DerivativeCase> readDerivativeData() {
  std::ifstream file(MINI_DERIVATIVE_DATA);
  std::vector<DerivativeCase> cases;
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string item;
    in >> item;
    if (item == "case") {
      cases.emplace_back();
      in >> cases.back().name >> cases.back().gradFn >> cases.back().version >> cases.back().ulps;
    } else if (item == "expr") {
      cases.back().expr = line.substr(5);
    } else if (item == "input") {
      int index = 0, requiresGrad = 0;
      in >> index >> requiresGrad;
      cases.back().requiresGrad.push_back(requiresGrad != 0);
      cases.back().inputs.push_back(readRecordedTensor(in));
    } else if (item == "grad_output") {
      cases.back().gradOutput = readRecordedTensor(in);
    } else if (item == "output") {
      cases.back().output = readRecordedTensor(in);
    } else if (item == "grad") {
      int index = 0;
      in >> index;
      const bool none = line.ends_with(" none");
      cases.back().grads.push_back(none ? std::nullopt : std::optional(readRecordedTensor(in)));
    }
  }
  return cases;
}

const std::vector<DerivativeCase>& derivativeData() {
  static const std::vector<DerivativeCase> data = readDerivativeData();
  return data;
}

// Within `ulps` units in the last place of `dtype` (0: the same bits, NaN
// equal to NaN).
::testing::AssertionResult closeInUlps(const std::vector<double>& actual, const RecordedTensor& expected, int ulps) {
  if (actual.size() != expected.values.size()) {
    return ::testing::AssertionFailure() << actual.size() << " values, expected " << expected.values.size();
  }
  const double epsilon = expected.dtype == ScalarType::Float ? std::numeric_limits<float>::epsilon()
                                                             : std::numeric_limits<double>::epsilon();
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double a = actual[i], e = expected.values[i];
    const bool same = a == e || (std::isnan(a) && std::isnan(e));
    if (!same && std::abs(a - e) > ulps * epsilon * std::max(std::abs(a), std::abs(e))) {
      return ::testing::AssertionFailure() << "element " << i << ": " << fmt::format("{:.17g}", a) << ", torch "
                                           << fmt::format("{:.17g}", e) << " (" << ulps << " ulps allowed)";
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<std::string> derivativeCaseNames() {
  std::vector<std::string> names;
  for (const auto& [name, function] : derivativeCases()) {
    names.push_back(name);
  }
  return names;
}

TEST(DerivativeData, EveryCaseOfTheFileHasItsExpressionHereAndBack) {
  std::vector<std::string> inFile;
  for (const DerivativeCase& c : derivativeData()) {
    inFile.push_back(c.name);
  }
  std::sort(inFile.begin(), inFile.end());
  EXPECT_EQ(inFile, derivativeCaseNames())
      << "maint/reference/gen_derivative_data.py's CASES and derivativeCases() name the same cases";
}

class DerivativeOf : public ::testing::TestWithParam<std::string> {};

TEST_P(DerivativeOf, MatchesPyTorch113) {
  const auto found = std::find_if(derivativeData().begin(), derivativeData().end(),
                                  [](const DerivativeCase& c) { return c.name == GetParam(); });
  ASSERT_NE(found, derivativeData().end()) << GetParam() << " is not in " << MINI_DERIVATIVE_DATA;
  const DerivativeCase& c = *found;
  SCOPED_TRACE(fmt::format("{}: {}", c.name, c.expr));
  TensorList inputs;
  for (std::size_t i = 0; i < c.inputs.size(); ++i) {
    inputs.push_back(c.inputs[i].make(c.requiresGrad[i]));
  }
  const Tensor result = derivativeCases().at(c.name)(inputs);
  ASSERT_NE(result.gradFn(), nullptr);
  // The data records the node's Python class name, which is Node::name()
  // without its namespaces (torch::autograd::CopyBackwards is CopyBackwards).
  const std::string name = result.gradFn()->name();
  EXPECT_EQ(name.substr(name.rfind(':') + 1), c.gradFn);
  EXPECT_EQ(result.version(), c.version);
  EXPECT_EQ(result.dtype(), c.output.dtype);
  EXPECT_EQ(result.sizes(), c.output.sizes);
  EXPECT_TRUE(closeInUlps(values(result), c.output, 4)) << "forward";
  result.backward(c.gradOutput.make(false));
  ASSERT_EQ(c.grads.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    SCOPED_TRACE(fmt::format("gradient of input {}", i));
    if (!c.grads[i].has_value()) {
      EXPECT_FALSE(inputs[i].grad().defined());
      continue;
    }
    ASSERT_TRUE(inputs[i].grad().defined());
    EXPECT_EQ(inputs[i].grad().dtype(), c.grads[i]->dtype);
    EXPECT_EQ(inputs[i].grad().sizes(), c.grads[i]->sizes);
    EXPECT_TRUE(closeInUlps(values(inputs[i].grad()), *c.grads[i], c.ulps));
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCase, DerivativeOf, ::testing::ValuesIn(derivativeCaseNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace mini
