// Chapter 06's demo, the autocast section (ch06_demo --autocast): the key
// set before and inside an autocast guard, one matmul under CPU autocast
// and its backward. The lesson shows its dispatch trace; the walkthrough
// gdb/autocast_matmul.gdb stops in the CPU kernel that matmul reaches.
#include <string>

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
  const Tensor x = arange(1, 7, 1, {ScalarType::Float}).view({2, 3});
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

namespace {

// One table row per key a float32 CPU tensor carries, highest priority
// first: what the call's key set keeps (the tensor's keys and this thread's
// included set, less its excluded set), struck through where excluded, and
// the key the call dispatches to in bold.
std::string keySetTable(const Tensor& tensor, std::string_view title) {
  const LocalDispatchKeySet local = localDispatchKeySet();
  const DispatchKeySet call = (tensor.keySet() | local.included) - local.excluded;
  std::vector<DispatchKey> keys = (tensor.keySet() | local.included).keys();
  std::string rows;
  for (auto key = keys.rbegin(); key != keys.rend(); ++key) {
    const bool excluded = local.excluded.has(*key);
    const bool chosen = *key == call.highestPriorityKey();
    const std::string name = fmt::format("{}", *key);
    rows += fmt::format("<tr><td align=\"left\"{}>{}</td><td align=\"left\">{}</td></tr>",
                        chosen ? " bgcolor=\"#ffe08a\"" : "",
                        excluded ? "<s>" + name + "</s>"
                        : chosen ? "<b>" + name + "</b>"
                                 : name,
                        excluded ? "excluded"
                        : chosen ? "runs first"
                                 : "");
  }
  return fmt::format(
      "<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\"><tr><td colspan=\"2\"><b>{}</b></td></tr>{}</table>>",
      title, rows);
}

}  // namespace

// The picture of the lesson (docs/pictures/autocast_keyset.svg, ch06_demo
// --dot autocast-keyset): a float32 CPU tensor's keys as a call sees them
// before and inside an autocast guard, drawn from the thread's real sets.
void printAutocastKeySetDot() {
  const Tensor x = zeros({2}, {ScalarType::Float});
  fmt::print("digraph autocast_keyset {{\n  rankdir=LR;\n  node [shape=plaintext, fontname=\"Helvetica\"];\n");
  fmt::print("  before [label={}];\n", keySetTable(x, "before the guard"));
  {
    autocast::AutocastGuard autocastOn(DeviceType::CPU);
    fmt::print("  inside [label={}];\n", keySetTable(x, "inside autocast::AutocastGuard(CPU)"));
  }
  fmt::print("  before -> inside [label=\"guard removes AutocastCPU\\nfrom the excluded set\"];\n}}\n");
}

}  // namespace mini_demo
