#include "mini/autograd/basic_ops.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

TensorList NotImplemented::apply(TensorList&& /*grads*/) {
  throw std::runtime_error(fmt::format("derivative for {} is not implemented", op));
}

}  // namespace ch06
}  // namespace mini
