#pragma once
/// \file
/// \brief gradcheck: compares backward's gradients with finite differences.

#include <functional>
#include <stdexcept>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// The tolerances of torch.autograd->gradcheck, for float64.
struct GradcheckOptions {
  double eps = 1e-6;   ///< step of the central difference
  double atol = 1e-5;  ///< absolute tolerance
  double rtol = 1e-3;  ///< relative tolerance
};

/// A formula disagrees with the numbers: the message names the input and
/// shows both Jacobians, as torch's GradcheckError does.
class GradcheckError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// [gradcheck]
/// torch.autograd->gradcheck for a function of tensors to one tensor. For
/// every input that requires grad it builds the Jacobian twice: numerically,
/// by nudging each element by ±eps and watching the output, and
/// analytically, by running backward once per output element with a one-hot
/// gradient. Returns true when they agree; throws GradcheckError otherwise.
/// The inputs are copied first, so the caller's tensors are not touched.
bool gradcheck(const std::function<Tensor(const TensorList&)>& function, const TensorList& inputs,
               GradcheckOptions options = {});
// [gradcheck]

}  // namespace ch05
}  // namespace mini
