// Exercise 06.10: an AutocastCPU kernel from its policy (mse_loss).
// The lesson: chapters/06_backends/part6_autocast.md#exercise-610
// Declared in: mini/exercises/mse_loss_autocast.h
#include "mini/exercises/mse_loss_autocast.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/autocast/autocast_kernels.h"
#include "mini/autocast/autocast_mode.h"
#include "mini/core/type_promotion.h"
#include "mini/generated/Functions.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

namespace {

// The operator, given: (self - target)^2 by the chapter's own operators, so
// autograd and every backend come with them. 1.13's CPU kernel has no
// bfloat16 loop; the check says so in its words.
Tensor mseLossComposite(const Tensor& self, const Tensor& target, std::int64_t reduction) {
  const ScalarType common = promoteTypes(self.dtype(), target.dtype());
  if (common == ScalarType::BFloat16) {
    throw std::invalid_argument(fmt::format("\"mse_cpu\" not implemented for '{}'", scalarTypeCName(common)));
  }
  const Tensor difference = sub(self, target);
  const Tensor squares = mul(difference, difference);
  if (reduction == 0) {
    return squares;
  }
  const Tensor total = sum(squares);
  if (reduction == 2) {
    return total;
  }
  return div(total, full({}, static_cast<double>(squares.numel()), {squares.dtype()}));
}

}  // namespace

Tensor mse_loss(const Tensor& self, const Tensor& target, std::int64_t reduction) {
  static const auto op = Dispatcher::singleton()
                             .findSchemaOrThrow("myops::mse_loss", "")
                             .typed<Tensor(const Tensor&, const Tensor&, std::int64_t)>();
  return op.call(self, target, reduction);
}

// TODO(06.10): mse_loss's AutocastCPU kernel, by 1.13's policy for it on the
// CPU. Then register it on AutocastCPU, at the bottom of this file.
Tensor mse_loss_autocast_cpu(const Tensor& self, const Tensor& target, std::int64_t reduction) {
  (void)self;
  (void)target;
  (void)reduction;
  throw ExerciseNotDone("06.10");
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_FRAGMENT(myops, m) { m.def("mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CompositeImplicitAutograd, m) { m.impl("mse_loss", &mini::autocast::mseLossComposite); }
