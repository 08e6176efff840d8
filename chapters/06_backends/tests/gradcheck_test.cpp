// Every backward formula of the chapter against finite differences.
#include <fstream>
#include <ostream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/gradcheck.h"
#include "mini/extension/my_add_function.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

// Inputs away from 0 (relu's kink) and with no zero divisor.
Tensor matrixA() { return fromValues({0.9, -1.3, 2.1, 0.4, -0.7, 1.6}, {2, 3}, true); }
Tensor matrixB() { return fromValues({1.2, 0.8, -0.5, 1.7, 2.2, -1.1}, {2, 3}, true); }
Tensor scalar() { return scalarTensor(1.5, true); }

struct FormulaCase {
  const char* name;
  std::function<Tensor(const TensorList&)> function;
  std::function<TensorList()> inputs;
};

class Formula : public ::testing::TestWithParam<FormulaCase> {};

// GoogleTest names a case by its operator in a failure.
void PrintTo(const FormulaCase& formula, std::ostream* out) { *out << formula.name; }

TEST_P(Formula, MatchesFiniteDifferences) { EXPECT_TRUE(gradcheck(GetParam().function, GetParam().inputs())); }

Tensor& inplaceAdd(Tensor& self, const Tensor& other) { return self.add_(other); }

// One case per operator of derivatives.yaml and per in-place variant that
// uses its entry (EveryEntryOfDerivativesYamlHasACase checks the first).
const std::vector<FormulaCase>& everyFormula() {
  static const std::vector<FormulaCase> cases{
      FormulaCase{"add", [](const TensorList& x) { return add(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"add_scalar", [](const TensorList& x) { return add(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"sub", [](const TensorList& x) { return sub(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"sub_scalar", [](const TensorList& x) { return sub(x[1], x[0]); },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"mul", [](const TensorList& x) { return mul(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"mul_scalar", [](const TensorList& x) { return mul(x[1], x[0]); },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"div", [](const TensorList& x) { return div(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"div_scalar", [](const TensorList& x) { return div(x[1], x[0]); },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"neg", [](const TensorList& x) { return neg(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"sum", [](const TensorList& x) { return sum(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"matmul", [](const TensorList& x) { return matmul(x[0], mini::t(x[1])); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"relu", [](const TensorList& x) { return relu(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"exp", [](const TensorList& x) { return exp(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"sigmoid", [](const TensorList& x) { return sigmoid(x[0]); }, [] { return TensorList{matrixA()}; }},
      // sigmoid's backward, differentiated itself (the double backward of sigmoid).
      FormulaCase{"sigmoid_backward", [](const TensorList& x) { return sigmoid_backward(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      // Along the rows: each row's log-probabilities, the gradient
      // grad - exp(result) * rowsum(grad) (_log_softmax_backward_data).
      FormulaCase{"_log_softmax", [](const TensorList& x) { return _log_softmax(x[0], 1, false); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"t", [](const TensorList& x) { return mini::t(x[0]); }, [] { return TensorList{matrixA()}; }},
      // Every other column from the second: the gradient lands in the columns taken, zeros elsewhere.
      FormulaCase{"slice", [](const TensorList& x) { return slice(x[0], 1, 1, std::nullopt, 2); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"view",
                  [](const TensorList& x) {
                    return x[0].view({3, 2});
                  },
                  [] { return TensorList{matrixA()}; }},
      // In-place operators on a fresh non-leaf (a leaf that requires grad refuses them).
      FormulaCase{"add_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return inplaceAdd(y, x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"mul_",
                  [](const TensorList& x) {
                    Tensor y = neg(x[0]);
                    return y.mul_(x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"sum_dim_IntList", [](const TensorList& x) { return sum(x[0], {1}); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"sum_dim_IntList_keepdim", [](const TensorList& x) { return sum(x[0], {-2}, true); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"sum_dim_IntList_of_a_transpose", [](const TensorList& x) { return sum(mini::t(x[0]), {0}); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"clone", [](const TensorList& x) { return clone(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"atan2", [](const TensorList& x) { return atan2(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"atan2_scalar", [](const TensorList& x) { return atan2(x[1], x[0]); },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"sin", [](const TensorList& x) { return sin(x[0]); }, [] { return TensorList{matrixA()}; }},
      FormulaCase{"copy_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return y.copy_(x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), fromValues({0.3, -0.8, 1.1}, {3}, true)};
                  }},
      FormulaCase{"sub_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return y.sub_(x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), scalar()};
                  }},
      FormulaCase{"div_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return y.div_(x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"atan2_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return y.atan2_(x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"neg_",
                  [](const TensorList& x) {
                    Tensor y = clone(x[0]);
                    return neg_(y);
                  },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"relu_",
                  [](const TensorList& x) {
                    Tensor y = clone(x[0]);
                    return relu_(y);
                  },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"exp_",
                  [](const TensorList& x) {
                    Tensor y = clone(x[0]);
                    return exp_(y);
                  },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"sigmoid_",
                  [](const TensorList& x) {
                    Tensor y = clone(x[0]);
                    return sigmoid_(y);
                  },
                  [] { return TensorList{matrixA()}; }},
      // rsub.Tensor (other - alpha * self) and rsub.Scalar, what 2 - a runs.
      FormulaCase{"rsub", [](const TensorList& x) { return rsub(x[0], x[1], 3); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"rsub_Scalar", [](const TensorList& x) { return rsub(x[0], Scalar(2.5), -2); },
                  [] { return TensorList{matrixA()}; }},
      FormulaCase{"myadd", [](const TensorList& x) { return myadd(x[0], x[1]); },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"_to_copy", [](const TensorList& x) { return _to_copy(x[0], ScalarType::Double, kCpu); },
                  [] { return TensorList{matrixA()}; }},
      // fill_ forgets y's old values: x[0]'s gradient is zero.
      FormulaCase{"fill_",
                  [](const TensorList& x) {
                    Tensor y = mul(x[0], x[0]);
                    return mul(fill_(y, 0.5), x[1]);
                  },
                  [] {
                    return TensorList{matrixA(), matrixB()};
                  }},
      FormulaCase{"model", [](const TensorList& x) { return sum(matmul(relu(matmul(x[0], mini::t(x[1]))), x[2])); },
                  [] {
                    return TensorList{matrixA(), matrixB(), fromValues({0.3, -0.2, 0.5, 0.7}, {2, 2}, true)};
                  }}};
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryOperator, Formula, ::testing::ValuesIn(everyFormula()),
                         [](const ::testing::TestParamInfo<FormulaCase>& info) {
                           return std::string(info.param.name);
                         });

// A case per entry of derivatives.yaml, named after its operator
// (sum.dim_IntList: sum_dim_IntList; add.Tensor: add). An entry with no
// formula, only `output_differentiability: [False]` (the comparisons), has
// no gradient to check: its result must not require grad instead, which
// tests/parity (the comparison family) and python/tests check.
TEST(Formula, EveryEntryOfDerivativesYamlHasACase) {
  std::ifstream yaml(MINI_DERIVATIVES_YAML);
  ASSERT_TRUE(yaml.is_open()) << MINI_DERIVATIVES_YAML;
  std::set<std::string> cases;
  for (const FormulaCase& formula : everyFormula()) {
    cases.insert(formula.name);
  }
  const std::regex entry(R"(^- name: ([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?\()");
  const std::regex formulaLine(R"(^  [A-Za-z_][A-Za-z0-9_, ]*: )");
  int entries = 0;
  int withoutFormula = 0;
  // Each entry is checked when the next begins (or the file ends): by then
  // its lines say whether it has a formula.
  std::string pending;
  bool pendingHasFormula = false;
  auto check = [&] {
    if (pending.empty()) {
      return;
    }
    std::smatch match;
    std::regex_search(pending, match, entry);
    ++entries;
    const std::string overload = match[2].str();
    const std::string name = match[1].str() + (overload.empty() || overload == "Tensor" ? "" : "_" + overload);
    if (!pendingHasFormula) {
      ++withoutFormula;
      EXPECT_FALSE(cases.contains(name)) << name << " has no formula in derivatives.yaml but a case here";
      return;
    }
    EXPECT_TRUE(cases.contains(name)) << "derivatives.yaml has " << pending << " but gradcheck_test.cpp no case "
                                      << name;
  };
  for (std::string line; std::getline(yaml, line);) {
    if (std::regex_search(line, entry)) {
      check();
      pending = line;
      pendingHasFormula = false;
    } else if (!pending.empty() && std::regex_search(line, formulaLine) &&
               line.rfind("  output_differentiability:", 0) != 0 && line.rfind("  result:", 0) != 0) {
      pendingHasFormula = true;
    }
  }
  check();
  EXPECT_GE(entries, 17);
  EXPECT_EQ(withoutFormula, 13);  // eq, ne, lt, le, gt, ge: .Tensor and .Scalar; argmax
}

TEST(Gradcheck, OnlyDifferentiatesInputsThatRequireGrad) {
  EXPECT_TRUE(gradcheck([](const TensorList& x) { return mul(x[0], x[1]); },
                        {matrixA(), fromValues({1, 2, 3, 4, 5, 6}, {2, 3})}));
}

// A custom function with a deliberately wrong backward: gradcheck must say so.
struct WrongSquare : Function<WrongSquare> {
  static Tensor forward(AutogradContext* ctx, const Tensor& x) {
    ctx->saveForBackward({x});
    return mul(x, x);
  }
  static TensorList backward(AutogradContext* ctx, TensorList grads) {
    return {mul(grads.at(0), ctx->getSavedVariables().at(0))};  // forgot the factor 2
  }
};

TEST(Gradcheck, CatchesAWrongFormula) {
  const std::string error =
      errorOf([] { gradcheck([](const TensorList& x) { return WrongSquare::apply(x[0]); }, {matrixA()}); });
  EXPECT_NE(error.find("Jacobian mismatch for output 0 with respect to input 0,\nnumerical:"), std::string::npos)
      << error;
  EXPECT_NE(error.find("analytical:"), std::string::npos) << error;
}

TEST(Gradcheck, LeavesTheCallersInputsAlone) {
  const Tensor a = matrixA();
  gradcheck([](const TensorList& x) { return exp(x[0]); }, {a});
  EXPECT_FALSE(a.grad().defined());
  EXPECT_EQ(a.data()[0], 0.9);
}

}  // namespace
}  // namespace mini
