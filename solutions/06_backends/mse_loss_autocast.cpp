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

// 1.13's CPU list puts mse_loss under fp32: its bfloat16 inputs go up to
// float32 (where its CPU kernel has a loop); float64 stays as it is.
Tensor mse_loss_autocast_cpu(const Tensor& self, const Tensor& target, std::int64_t reduction) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(DeviceType::CPU);
  return mse_loss(cached_cast(ScalarType::Float, self, DeviceType::CPU),
                  cached_cast(ScalarType::Float, target, DeviceType::CPU), reduction);
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_FRAGMENT(myops, m) { m.def("mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CompositeImplicitAutograd, m) { m.impl("mse_loss", &mini::autocast::mseLossComposite); }
// Registered for the CPU only, as 1.13 does: its CUDA list has mse_loss too,
// but this exercise is the CPU learner's.
MINI_LIBRARY_IMPL(myops, AutocastCPU, m) { m.impl("mse_loss", &mini::autocast::mse_loss_autocast_cpu); }
