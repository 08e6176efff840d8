#include "mini/autograd/gradcheck.h"

#include <cmath>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/engine.h"
#include "mini/core/grad_mode.h"
#include "mini/native/factories.h"

namespace mini {
inline namespace ch06 {

namespace {

/// Row-major [input element][output element].
using Jacobian = std::vector<std::vector<double>>;

// A copy: a view of an input would otherwise change back when the input is restored.
Tensor evaluateWithoutGrad(const std::function<Tensor(const TensorList&)>& function, const TensorList& inputs) {
  NoGradGuard noGrad;
  return _to_copy(function(inputs), ScalarType::Double, kCpu);
}

Jacobian numericalJacobian(const std::function<Tensor(const TensorList&)>& function, const TensorList& inputs,
                           const Tensor& input, std::int64_t outputNumel, double eps) {
  Jacobian jacobian(static_cast<std::size_t>(input.numel()),
                    std::vector<double>(static_cast<std::size_t>(outputNumel)));
  std::span<double> values = input.mutableData();
  for (std::size_t k = 0; k < values.size(); ++k) {
    const double original = values[k];
    values[k] = original + eps;
    const Tensor plus = evaluateWithoutGrad(function, inputs);
    values[k] = original - eps;
    const Tensor minus = evaluateWithoutGrad(function, inputs);
    values[k] = original;
    for (std::size_t j = 0; j < jacobian[k].size(); ++j) {
      jacobian[k][j] = (plus.data()[j] - minus.data()[j]) / (2 * eps);
    }
  }
  return jacobian;
}

// One backward per output element j with gradient e_j gives row j of the
// Jacobian transposed: d output_j / d input_k for every input at once.
std::vector<Jacobian> analyticalJacobians(const std::function<Tensor(const TensorList&)>& function,
                                          const TensorList& inputs, std::int64_t outputNumel) {
  std::vector<Jacobian> jacobians;
  for (const Tensor& input : inputs) {
    jacobians.emplace_back(static_cast<std::size_t>(input.numel()),
                           std::vector<double>(static_cast<std::size_t>(outputNumel)));
  }
  for (std::int64_t j = 0; j < outputNumel; ++j) {
    for (const Tensor& input : inputs) {
      input.mutableGrad() = Tensor();
    }
    const Tensor output = function(inputs);
    if (!output.requiresGrad()) {
      throw GradcheckError(
          "gradcheck: the output does not require grad: no input reached it through a recorded operation");
    }
    Tensor seed = zeros(output.sizes(), output.options());
    seed.mutableData()[static_cast<std::size_t>(j)] = 1.0;
    output.backward(seed);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const Tensor& grad = inputs[i].grad();
      for (std::size_t k = 0; grad.defined() && k < grad.data().size(); ++k) {
        jacobians[i][k][static_cast<std::size_t>(j)] = grad.data()[k];
      }
    }
  }
  return jacobians;
}

bool allClose(const Jacobian& analytical, const Jacobian& numerical, const GradcheckOptions& options) {
  for (std::size_t k = 0; k < numerical.size(); ++k) {
    for (std::size_t j = 0; j < numerical[k].size(); ++j) {
      if (std::abs(analytical[k][j] - numerical[k][j]) > options.atol + options.rtol * std::abs(numerical[k][j])) {
        return false;
      }
    }
  }
  return true;
}

std::string formatJacobian(const Jacobian& jacobian) {
  std::string out;
  for (const std::vector<double>& row : jacobian) {
    out += fmt::format("\n  [{:.6f}]", fmt::join(row, ", "));
  }
  return out;
}

}  // namespace

bool gradcheck(const std::function<Tensor(const TensorList&)>& function, const TensorList& inputs,
               GradcheckOptions options) {
  TensorList leaves;
  for (const Tensor& input : inputs) {
    if (input.dtype() != ScalarType::Double || !input.device().isCpu()) {
      throw GradcheckError(
          fmt::format("gradcheck: input {} is {} on {}; gradcheck needs float64 CPU inputs, because float32's rounding "
                      "error swamps the finite differences",
                      leaves.size(), scalarTypeName(input.dtype()), input.device()));
    }
    Tensor leaf = clone(input.detach());
    leaf.setRequiresGrad(input.requiresGrad());
    leaves.push_back(leaf);
  }
  const std::int64_t outputNumel = evaluateWithoutGrad(function, leaves).numel();
  const std::vector<Jacobian> analytical = analyticalJacobians(function, leaves, outputNumel);
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (!leaves[i].requiresGrad()) {
      continue;
    }
    const Jacobian numerical = numericalJacobian(function, leaves, leaves[i], outputNumel, options.eps);
    if (!allClose(analytical[i], numerical, options)) {
      throw GradcheckError(
          fmt::format("Jacobian mismatch for output 0 with respect to input {},\nnumerical:{}\nanalytical:{}", i,
                      formatJacobian(numerical), formatJacobian(analytical[i])));
    }
  }
  return true;
}

}  // namespace ch06
}  // namespace mini
