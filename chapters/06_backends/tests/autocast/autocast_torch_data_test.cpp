// Autocast against torch 1.13 (tests/data/pytorch-1.13-autocast.txt, written
// by maint/reference/gen_autocast_data.py): which operators have an Autocast kernel on
// which device, the dtype every CPU-autocast call gives, and a small model
// run forward under autocast and backward after it.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/autocast/autocast_guard.h"
#include "mini/autocast/autocast_policy.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/generated/Functions.h"
#include "mini/util/exercise.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

std::vector<std::string> linesStartingWith(const std::string& word) {
  std::ifstream in(MINI_AUTOCAST_DATA);
  EXPECT_TRUE(in) << "cannot read " << MINI_AUTOCAST_DATA;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(word + " ", 0) == 0) {
      lines.push_back(line.substr(word.size() + 1));
    }
  }
  return lines;
}

ScalarType dtypeNamed(const std::string& name) {
  for (ScalarType type : {ScalarType::Bool, ScalarType::Long, ScalarType::Float, ScalarType::Double, ScalarType::Half,
                          ScalarType::BFloat16}) {
    if (scalarTypeCName(type) == name) {
      return type;
    }
  }
  throw std::runtime_error(fmt::format("'{}' is not a dtype of chapter 06", name));
}

// The Autocast keys the operator has a kernel on, from its dumpState().
std::string autocastKernelKeys(const std::string& op) {
  const auto dot = op.find('.');
  const std::string name = op.substr(0, dot);
  const std::string overload = dot == std::string::npos ? "" : op.substr(dot + 1);
  std::istringstream state(Dispatcher::singleton().findSchemaOrThrow(name, overload).dumpState());
  std::vector<std::string> keys;
  for (std::string line; std::getline(state, line);) {
    if (line.rfind("Autocast", 0) == 0) {
      keys.push_back(line.substr(0, line.find(':')));
    }
  }
  return keys.empty() ? "-" : fmt::format("{}", fmt::join(keys, ","));
}

// Every operator of the chapter has an Autocast kernel exactly where 1.13
// has one, and the policy table says the same: a policy other than
// fallthrough on a device where and only where there is a kernel.
TEST(AutocastPolicy, KernelsWhereTorchHasThem) {
  const std::vector<std::string> lines = linesStartingWith("kernel");
  ASSERT_EQ(lines.size(), autocast::autocastPolicies().size());
  for (const std::string& line : lines) {
    const std::string op = line.substr(0, line.find(' '));
    const std::string torchKeys = line.substr(line.find(' ') + 1);
    EXPECT_EQ(autocastKernelKeys(op), torchKeys) << op;
    const bool cpu = autocast::autocastPolicy(op, DeviceType::CPU) != autocast::CastPolicy::fallthrough;
    const bool cuda = autocast::autocastPolicy(op, DeviceType::CUDA) != autocast::CastPolicy::fallthrough;
    const std::string fromTable = cpu && cuda ? "AutocastCPU,AutocastCUDA"
                                  : cpu       ? "AutocastCPU"
                                  : cuda      ? "AutocastCUDA"
                                              : "-";
    EXPECT_EQ(fromTable, torchKeys) << op << ": the policy table disagrees with torch";
  }
}

// The table is "every operator of the chapter, in ops.yaml's order": an
// operator added to ops.yaml and not to the table (rsub was) would fall
// through autocast without anyone deciding that it should, and the test
// above, which walks the recorded data, would not notice.
TEST(AutocastPolicy, EveryOperatorOfOpsYamlIsInTheTableInItsOrder) {
  std::ifstream yaml(MINI_OPS_YAML);
  ASSERT_TRUE(yaml.is_open()) << MINI_OPS_YAML;
  const std::regex entry(R"(^- func: ([A-Za-z0-9_.]+)\()");
  std::vector<std::string> fromYaml;
  for (std::string line; std::getline(yaml, line);) {
    std::smatch match;
    if (std::regex_search(line, match, entry)) {
      fromYaml.push_back("aten::" + match[1].str());
    }
  }
  std::vector<std::string> fromTable;
  for (const autocast::AutocastPolicy& policy : autocast::autocastPolicies()) {
    fromTable.emplace_back(policy.op);
  }
  EXPECT_GE(fromYaml.size(), 50U);
  EXPECT_EQ(fromTable, fromYaml);
}

Tensor callByName(const std::string& op, const Tensor& a, const Tensor& b) {
  static const std::map<std::string, Tensor (*)(const Tensor&, const Tensor&)> calls = {
      {"matmul", [](const Tensor& x, const Tensor& y) { return matmul(x, y); }},
      {"add", [](const Tensor& x, const Tensor& y) { return add(x, y); }},
      {"mul", [](const Tensor& x, const Tensor& y) { return mul(x, y); }},
      {"sub", [](const Tensor& x, const Tensor& y) { return sub(x, y); }},
      {"div", [](const Tensor& x, const Tensor& y) { return div(x, y); }},
      {"atan2", [](const Tensor& x, const Tensor& y) { return atan2(x, y); }},
      {"exp", [](const Tensor& x, const Tensor&) { return exp(x); }},
      {"sum", [](const Tensor& x, const Tensor&) { return sum(x); }},
      {"relu", [](const Tensor& x, const Tensor&) { return relu(x); }},
      {"neg", [](const Tensor& x, const Tensor&) { return neg(x); }},
      {"sin", [](const Tensor& x, const Tensor&) { return sin(x); }},
      {"cos", [](const Tensor& x, const Tensor&) { return cos(x); }},
  };
  return calls.at(op)(a, b);
}

// Each call under torch.autocast("cpu"): the result's dtype, or the error.
TEST(AutocastPolicy, CpuCallsGiveTorchsDtypes) {
  const std::vector<std::string> lines = linesStartingWith("policy");
  ASSERT_GT(lines.size(), 100u);
  for (const std::string& line : lines) {
    std::istringstream words(line);
    std::string op, da, db, arrow;
    words >> op >> da >> db >> arrow;
    std::string expected;
    std::getline(words >> std::ws, expected);
    const Tensor a = mini_test::cpuTensor({1, 2, 3, 4}, {2, 2}, dtypeNamed(da));
    const Tensor b = mini_test::cpuTensor({0.5, -1, 2, 0.25}, {2, 2}, dtypeNamed(db));
    std::string actual;
    try {
      autocast::AutocastGuard autocastOn(DeviceType::CPU);
      actual = scalarTypeCName(callByName(op, a, b).dtype());
    } catch (const std::exception& error) {
      actual = std::string("error ") + error.what();
    }
    EXPECT_EQ(actual, expected) << line;
  }
}

struct Recorded {
  ScalarType dtype;
  Sizes sizes;
  std::vector<double> values;
};

std::map<std::string, Recorded> recorded(const std::string& word) {
  std::map<std::string, Recorded> out;
  for (const std::string& line : linesStartingWith(word)) {
    std::istringstream words(line);
    std::string name, dtype, sizes, values;
    words >> name >> dtype >> sizes >> values;
    Recorded record{dtypeNamed(dtype), {}, {}};
    std::istringstream sizeList(sizes.substr(1, sizes.size() - 2));
    for (std::string size; std::getline(sizeList, size, ',');) {
      record.sizes.push_back(std::stoll(size));
    }
    std::istringstream valueList(values.substr(1, values.size() - 2));
    for (std::string value; std::getline(valueList, value, ',');) {
      record.values.push_back(std::stod(value));
    }
    out[name] = record;
  }
  return out;
}

// bfloat16 keeps 8 bits: a value computed in another order may land one
// unit in the last place away (2^-7 relative), and a gradient summed from
// such values a little more.
void expectLike(const Recorded& torch, const Tensor& actual, const std::string& name) {
  EXPECT_EQ(actual.dtype(), torch.dtype) << name;
  EXPECT_EQ(actual.sizes(), torch.sizes) << name;
  const std::vector<double> values = mini_test::values(actual);
  ASSERT_EQ(values.size(), torch.values.size()) << name;
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_NEAR(values[i], torch.values[i], 1e-6 + 0x1p-6 * std::abs(torch.values[i])) << name << "[" << i << "]";
  }
}

// [autocast_model_test]
// maint/reference/gen_autocast_data.py's model, step for step: matmul in bfloat16,
// relu and exp in what they are given, the float32 bias promoting z back
// to float32; backward after the region, in the forward's dtypes, with
// float32 gradients for the float32 leaves.
TEST(AutocastModel, ForwardAndBackwardAsTorch) {
  const auto values = recorded("value");
  const auto grads = recorded("grad");
  const Tensor x = mini_test::cpuTensor({0.5, -1.25, 2.0, 1.5, 0.75, -0.5, -2.0, 0.25, 1.0, 0.125, 3.0, -1.5}, {4, 3},
                                        ScalarType::Float);
  std::vector<double> w1Values, w2Values;
  for (int i = 0; i < 15; ++i) w1Values.push_back(0.1 * (i - 7));
  for (int i = 0; i < 10; ++i) w2Values.push_back(0.3 - 0.05 * i);
  Tensor w1 = mini_test::cpuTensor(w1Values, {3, 5}, ScalarType::Float);
  Tensor w2 = mini_test::cpuTensor(w2Values, {5, 2}, ScalarType::Float);
  Tensor bias = mini_test::cpuTensor({0.25, -0.5}, {2}, ScalarType::Float);
  for (Tensor* leaf : {&w1, &w2, &bias}) leaf->setRequiresGrad(true);
  Tensor h, r, y, z, e, loss;
  {
    autocast::AutocastGuard autocastOn(DeviceType::CPU);
    h = matmul(x, w1);
    r = relu(h);
    y = matmul(r, w2);
    z = add(y, bias);
    e = exp(y);
    loss = add(sum(mul(z, z)), sum(e));
  }
  for (const auto& [name, tensor] :
       std::map<std::string, Tensor>{{"h", h}, {"r", r}, {"y", y}, {"z", z}, {"e", e}, {"loss", loss}}) {
    expectLike(values.at(name), tensor, name);
  }
  loss.backward();
  expectLike(grads.at("w1"), w1.grad(), "w1.grad");
  expectLike(grads.at("w2"), w2.grad(), "w2.grad");
  expectLike(grads.at("bias"), bias.grad(), "bias.grad");
}
// [autocast_model_test]

}  // namespace
}  // namespace mini
