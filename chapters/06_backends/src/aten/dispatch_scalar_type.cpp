#include "mini/aten/dispatch_scalar_type.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

void throwNotImplementedForType(std::string_view op, ScalarType type) {
  throw std::invalid_argument(fmt::format("\"{}\" not implemented for '{}'", op, scalarTypeCName(type)));
}

}  // namespace ch06
}  // namespace mini
