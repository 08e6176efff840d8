#include "mini/autograd/basic_ops.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

// [not_implemented_apply]
TensorList NotImplemented::apply(TensorList&& /*grads*/) {
  throw std::runtime_error(fmt::format("derivative for {} is not implemented", op));
}
// [not_implemented_apply]

}  // namespace ch06
}  // namespace mini
