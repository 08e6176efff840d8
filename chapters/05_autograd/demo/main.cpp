// Chapter 05's demo: a two-layer model trained for a few steps, every
// operator going through the dispatcher: Autograd kernel, redispatch, CPU.
// One step runs with the dispatch trace on, to show the hops.
#include <cstdio>
#include <exception>
#include <vector>

#include <fmt/format.h>

#include "mini/dispatch_trace.h"
#include "mini/grad_mode.h"
#include "mini/my_add_function.h"
#include "mini/node.h"
#include "mini/operators.h"

namespace {

using mini::Tensor;

// [model]
/// relu(x @ w1 + b) @ w2: two matmuls and a relu, and a scalar bias so that
/// add is on the path too.
struct Model {
  Tensor w1 = mini::fromValues({0.5, -0.3, 0.8, 0.1, -0.6, 0.4, 0.7, 0.2, -0.5, 0.3, 0.6, -0.2}, {3, 4}, true);
  Tensor b = mini::scalarTensor(0.1, true);
  Tensor w2 = mini::fromValues({0.4, -0.7, 0.9, 0.5}, {4, 1}, true);

  Tensor forward(const Tensor& x) const { return mini::matmul(mini::relu(mini::add(mini::matmul(x, w1), b)), w2); }
  std::vector<Tensor> parameters() const { return {w1, b, w2}; }
};

Tensor meanSquaredError(const Tensor& prediction, const Tensor& target) {
  const Tensor error = mini::sub(prediction, target);
  return mini::div(mini::sum(mini::mul(error, error)), mini::scalarTensor(static_cast<double>(target.numel())));
}
// [model]

// [sgd_step]
/// w -= lr * w.grad, in place, under no_grad: the update is not part of any
/// graph, and a leaf that requires grad accepts an in-place write only there.
void sgdStep(const std::vector<Tensor>& parameters, double learningRate) {
  mini::NoGradGuard noGrad;
  for (Tensor parameter : parameters) {
    mini::add_(parameter, mini::mul(parameter.grad(), mini::scalarTensor(-learningRate)));
    parameter.mutableGrad() = Tensor();
  }
}
// [sgd_step]

void announce(bool traced, const char* what) {
  if (traced) {
    fmt::print("--- {} ---\n", what);
  }
}

}  // namespace

int main() {
  const Tensor x = mini::fromValues({1.0, 0.5, -1.0, 0.2, -0.4, 0.9, -0.7, 1.2, 0.3, 0.6, 0.8, -0.5}, {4, 3});
  const Tensor target = mini::fromValues({1.0, -0.5, 0.8, 0.2}, {4, 1});
  Model model;

  // [training_loop]
  constexpr int kTracedStep = 1;
  for (int step = 0; step < 6; ++step) {
    // MINI_DISPATCH_TRACE=1 asks for the trace; this prints it for one step
    // of six, and silences the others.
    const bool traced = step == kTracedStep && mini::kDispatchTraceEnabled;
    mini::ScopedDispatchTrace trace(traced);
    announce(traced, "forward: each operator enters at AutogradCPU and redispatches to CPU");
    const Tensor loss = meanSquaredError(model.forward(x), target);
    announce(traced, "backward: the formulas call operators too, with grad mode off");
    loss.backward();
    announce(traced, "optimizer: add_ stops at ADInplaceOrView, which bumps the version");
    sgdStep(model.parameters(), 0.1);
    fmt::print("step {}: loss {:.6f} ({})\n", step, loss.item(), loss.gradFn()->name());
  }
  // [training_loop]

  // [custom_function_demo]
  const Tensor a = mini::fromValues({1, 2}, {2}, true);
  const Tensor c = mini::myadd(a, mini::fromValues({10, 20}, {2}));
  fmt::print("\nmyadd(a, b) = {}\n", c);
  mini::sum(c).backward();
  fmt::print("a.grad = {}\n", a.grad());
  // [custom_function_demo]

  // [not_implemented_demo]
  try {
    mini::sum(mini::sin(a)).backward();
  } catch (const std::exception& error) {
    fmt::print("\nbackward through sin: {}\n", error.what());
  }
  // [not_implemented_demo]
  return 0;
}
