// Chapter 05's demo: a two-layer model trained for a few steps, every
// operator going through the dispatcher: Autograd kernel, redispatch, CPU.
// One step runs with the dispatch trace on, to show the hops.
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/operators.h"
#include "mini/autograd/accumulate_grad.h"
#include "mini/autograd/node.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/dispatch_modes/autograd_grad.h"
#include "mini/dispatch_modes/flop_counter_mode.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/dispatch_modes/proxy_tensor_mode.h"
#include "mini/extension/my_add_function.h"

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

// [autograd_graph_dot]
// The backward graph hanging off `loss`, as graphviz DOT: every node reached
// through Node::nextEdges() from loss.gradFn(), with an edge per gradient it
// passes on, and each AccumulateGrad labelled with the parameter it fills.
std::string autogradGraphDot(const Tensor& loss, const std::map<std::string, Tensor>& parameters) {
  std::map<const mini::Node*, int> ids;  // also "seen": each node is drawn once
  std::vector<const mini::Node*> pending{loss.gradFn().get()};
  std::string nodes = fmt::format("  loss [shape=ellipse, label=\"loss {:.4f}\"];\n  loss -> n0;\n", loss.item());
  std::string edges;
  ids[pending.front()] = 0;
  while (!pending.empty()) {
    const mini::Node* node = pending.back();
    pending.pop_back();
    std::string label = node->name();
    if (const auto* leaf = dynamic_cast<const mini::AccumulateGrad*>(node)) {
      for (const auto& [name, parameter] : parameters) {
        if (parameter.is_same(leaf->variable())) {
          label += fmt::format("\\n{} {}", name, parameter.sizes());
        }
      }
    }
    nodes +=
        fmt::format("  n{} [label=\"{}\"{}];\n", ids.at(node), label,
                    label.starts_with("AccumulateGrad") ? ", style=\"rounded,filled\", fillcolor=\"#c7e9c0\"" : "");
    for (const mini::Edge& edge : node->nextEdges()) {
      if (!edge.isValid()) {
        continue;  // an input that wants no gradient (x, target)
      }
      const auto [next, isNew] = ids.try_emplace(edge.function.get(), static_cast<int>(ids.size()));
      if (isNew) {
        pending.push_back(edge.function.get());
      }
      edges += fmt::format("  n{} -> n{};\n", ids.at(node), next->second);
    }
  }
  return fmt::format(
      "digraph autograd_graph {{\n  rankdir=TB;\n  node [shape=box, style=rounded, "
      "fontname=\"Helvetica\", fontsize=10];\n{}{}}}\n",
      nodes, edges);
}
// [autograd_graph_dot]

// [modes_demo]
/// One training step of the model under each of the three modes. A mode sits
/// on the Python key, below Autograd: it sees the forward's operators, then
/// the ones the backward formulas call.
std::shared_ptr<mini::ProxyTorchDispatchMode> traceJointGraph(const Model& model, const Tensor& x) {
  auto tracer = std::make_shared<mini::ProxyTorchDispatchMode>();
  // The leaves' AccumulateGrad must not be alive yet: a model no step used.
  mini::GradCapture capture({model.w1, model.w2});
  const Tensor seed = mini::scalarTensor(1.0);
  const mini::TorchDispatchModeGuard guard(tracer);
  tracer->placeholder(x, "x_1");
  tracer->placeholder(model.w1, "w1_1");
  tracer->placeholder(model.w2, "w2_1");
  tracer->placeholder(seed, "g_1");
  const Tensor loss = mini::sum(mini::matmul(mini::exp(mini::matmul(x, model.w1)), model.w2));
  const std::vector<Tensor> grads = capture.grad(loss, seed);
  tracer->output({loss, grads[0], grads[1]});
  return tracer;
}

void dispatchModesDemo(const Tensor& x) {
  const Model model;
  const auto logging = std::make_shared<mini::LoggingMode>();
  const auto flops = std::make_shared<mini::FlopCounterMode>();
  {
    const mini::TorchDispatchModeGuard countFlops(flops);  // pushed first: the bottom of the stack
    const mini::TorchDispatchModeGuard log(logging);       // on top: its handler runs first
    mini::sum(mini::matmul(mini::exp(mini::matmul(x, model.w1)), model.w2)).backward();
  }
  fmt::print("LoggingMode: forward, then what backward called\n{}\n", logging->str());
  fmt::print("FlopCounterMode, below LoggingMode on the stack:\n{}\n", flops->table());
  const mini::FxGraph graph = traceJointGraph(Model{}, x)->graph();
  fmt::print("ProxyTorchDispatchMode: the joint graph of forward and backward\n{}\n", graph.str());
  const Model other;
  const std::vector<Tensor> replayed = graph.run({x, other.w1, other.w2, mini::scalarTensor(1.0)});
  fmt::print("replayed: loss {}, grad w2 {}\n", replayed[0], replayed[2]);
}
// [modes_demo]

enum class Run { Training, AutogradGraphPicture, AddTrace, Modes, JointGraphPicture };

constexpr std::string_view kUsageLine = "ch05_demo [--help] [--dot autograd-graph|joint-graph] [--trace-add] [--modes]";
constexpr std::string_view kAbout = R"(Trains a two-layer model for six steps, every operator going through the
dispatcher (Autograd kernel, redispatch, CPU kernel); MINI_DISPATCH_TRACE=1
prints the hops of one step, MINI_DISPATCH_EXPLAIN=1 why each went where it
went. Then a custom function and a missing formula.

  --dot autograd-graph  print the model's backward graph as graphviz DOT
  --trace-add           only add(a, b) with a.requires_grad, trace on: the
                        hops the docs build draws
  --modes               one step under a logging mode, a FLOP counter and
                        make_fx's tracer (dispatch modes on the Python key)
  --dot joint-graph     print the traced joint forward+backward graph as DOT
)";

// No arguments train; the two flags print what the docs build draws.
// Anything else is refused (status 2, one line on stderr), not silently
// ignored, so a typo never looks like a run. Returns what to run, or main's
// exit status.
std::variant<Run, int> handleArguments(int argc, char** argv) {
  Run run = Run::Training;
  bool help = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    const std::string picture = argument == "--dot" && i + 1 < argc ? argv[++i] : "";
    if (argument == "--help") {
      help = true;
    } else if (argument == "--trace-add") {
      run = Run::AddTrace;
    } else if (picture == "autograd-graph") {
      run = Run::AutogradGraphPicture;
    } else if (argument == "--modes") {
      run = Run::Modes;
    } else if (picture == "joint-graph") {
      run = Run::JointGraphPicture;
    } else {
      const std::string given = picture.empty() ? argument : fmt::format("{} {}", argument, picture);
      fmt::print(stderr, "ch05_demo: unknown argument '{}' (usage: {})\n", given, kUsageLine);
      return 2;
    }
  }
  if (help) {
    fmt::print("usage: {}\n\n{}", kUsageLine, kAbout);
    return 0;
  }
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  const std::variant<Run, int> asked = handleArguments(argc, argv);
  if (const int* status = std::get_if<int>(&asked)) {
    return *status;
  }
  const Tensor x = mini::fromValues({1.0, 0.5, -1.0, 0.2, -0.4, 0.9, -0.7, 1.2, 0.3, 0.6, 0.8, -0.5}, {4, 3});
  const Tensor target = mini::fromValues({1.0, -0.5, 0.8, 0.2}, {4, 1});
  Model model;
  if (std::get<Run>(asked) == Run::AutogradGraphPicture) {
    const Tensor loss = meanSquaredError(model.forward(x), target);
    fmt::print("{}", autogradGraphDot(loss, {{"w1", model.w1}, {"b", model.b}, {"w2", model.w2}}));
    return 0;
  }
  if (std::get<Run>(asked) == Run::Modes) {
    dispatchModesDemo(x);
    return 0;
  }
  if (std::get<Run>(asked) == Run::JointGraphPicture) {
    fmt::print("{}", traceJointGraph(model, x)->graph().toDot());
    return 0;
  }
  if (std::get<Run>(asked) == Run::AddTrace) {
    // [add_trace]
    const Tensor a = mini::fromValues({1, 2}, {2}, /*requiresGrad=*/true);
    const Tensor b = mini::fromValues({10, 20}, {2});
    mini::ScopedDispatchTrace trace(true);
    mini::add(a, b);
    // [add_trace]
    return 0;
  }

  // [training_loop]
  constexpr int kTracedStep = 1;
  for (int step = 0; step < 6; ++step) {
    // MINI_DISPATCH_TRACE=1 asks for the trace (MINI_DISPATCH_EXPLAIN=1 for
    // the explained one); this prints it for one step of six, and silences
    // the others.
    const bool traced = step == kTracedStep && mini::kDispatchTraceEnabled;
    const bool explained = step == kTracedStep && mini::kDispatchExplainEnabled;
    mini::ScopedDispatchTrace trace(traced);
    mini::ScopedDispatchExplain explain(explained);
    announce(traced || explained, "forward: each operator enters at AutogradCPU and redispatches to CPU");
    const Tensor loss = meanSquaredError(model.forward(x), target);
    announce(traced || explained, "backward: the formulas call operators too, with grad mode off");
    loss.backward();
    announce(traced || explained, "optimizer: add_ stops at ADInplaceOrView, which bumps the version");
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
