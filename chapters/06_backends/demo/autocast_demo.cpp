// Chapter 06's demo, the autocast section (ch06_demo --autocast): the key
// set before and inside an autocast guard, one matmul under CPU autocast
// and its backward. The lesson shows its dispatch trace; the walkthrough
// gdb/autocast_matmul.gdb stops in the CPU kernel that matmul reaches.
#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/autocast/autocast_guard.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/native/factories.h"

namespace mini_demo {

using namespace mini;

// [demo_autocast]
void autocastOnTheCpu() {
  const Tensor x = view(arange(1, 7, 1, {ScalarType::Float}), {2, 3});
  manualSeed(0);
  const Tensor w = randn({3, 2}, TensorOptions{ScalarType::Float, kCpu}.withRequiresGrad(true));
  fmt::print("before the guard: {}\n", localDispatchKeySet());
  Tensor y;
  {
    autocast::AutocastGuard autocastOn(DeviceType::CPU);  // with torch.autocast("cpu"):
    fmt::print("inside the guard: {}\n", localDispatchKeySet());
    const ScopedDispatchTrace trace(true);  // the hops of this one call
    y = matmul(x, w);
  }
  fmt::print("after the guard:  {}\n", localDispatchKeySet());
  sum(y).backward();
  fmt::print("y = x @ w: {}\n", y);
  fmt::print("w.grad:    {}\n", w.grad());
}
// [demo_autocast]

}  // namespace mini_demo
