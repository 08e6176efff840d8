#include "mini/autograd/engine.h"

#include <queue>
#include <stdexcept>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/functions_manual.h"
#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

namespace {

// [input_buffer]
/// The gradients waiting for one node, one slot per forward output. Two
/// edges into the same slot (a tensor used twice) are summed here: this is
/// where "the gradients of a shared input add up" happens.
class InputBuffer {
 public:
  void accumulate(std::uint32_t slot, const Tensor& grad) {
    if (!grad.defined()) {
      return;
    }
    if (slot >= grads_.size()) {
      grads_.resize(slot + 1);
    }
    Tensor& held = grads_[slot];
    held = held.defined() ? add(held, grad) : grad;
  }

  TensorList take() { return std::move(grads_); }

 private:
  TensorList grads_;
};
// [input_buffer]

/// Newest node first (highest sequence number), as PyTorch's ready queue.
struct RunNewestFirst {
  bool operator()(const std::shared_ptr<Node>& a, const std::shared_ptr<Node>& b) const {
    return a->sequenceNr() < b->sequenceNr();
  }
};
thread_local std::size_t tlsExecuteDepth = 0;

/// Counts this thread's Engine::execute calls in flight, also when one throws.
class ExecuteDepthGuard {
 public:
  ExecuteDepthGuard() { ++tlsExecuteDepth; }
  ~ExecuteDepthGuard() { --tlsExecuteDepth; }
  ExecuteDepthGuard(const ExecuteDepthGuard&) = delete;
  ExecuteDepthGuard& operator=(const ExecuteDepthGuard&) = delete;
};

using ReadyQueue = std::priority_queue<std::shared_ptr<Node>, std::vector<std::shared_ptr<Node>>, RunNewestFirst>;

// A formula that returns the wrong number or shape of gradients would
// otherwise fail far away, in whichever node receives them; PyTorch checks
// here and names the culprit (validate_outputs). A gradient of a broadcast
// input is summed to the input's sizes, and one of another
// dtype than its input is converted to that dtype, as there: an autocast
// region mixes float32 and bfloat16 nodes in one graph.
void validateOutputs(const Node& node, TensorList& outputs) {
  const std::vector<Edge>& edges = node.nextEdges();
  if (outputs.size() != edges.size()) {
    throw std::runtime_error(fmt::format("Function {} returned an incorrect number of gradients (expected {}, got {})",
                                         node.name(), edges.size(), outputs.size()));
  }
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (!edges[i].isValid() || !outputs[i].defined()) {
      continue;
    }
    const Sizes& expected = edges[i].function->inputSizes(edges[i].inputNr);
    if (outputs[i].sizes() != expected && isExpandableTo(expected, outputs[i].sizes())) {
      // The input was broadcast: the formulas of derivatives.yaml return the
      // gradient of the broadcast shape, and it is summed back here.
      outputs[i] = reduceTo(outputs[i], expected);
    }
    if (outputs[i].sizes() != expected) {
      throw std::runtime_error(fmt::format(
          "Function {} returned an invalid gradient at index {} - got [{}] but expected shape compatible with [{}]",
          node.name(), i, fmt::join(outputs[i].sizes(), ", "), fmt::join(expected, ", ")));
    }
    const ScalarType dtype = edges[i].function->inputDtype(edges[i].inputNr);
    if (outputs[i].dtype() != dtype) {
      outputs[i] = outputs[i].to(dtype);
    }
  }
}

TensorList callFunction(Node& node, TensorList&& inputs) {
  TensorList outputs = node.apply(std::move(inputs));
  validateOutputs(node, outputs);
  return outputs;
}

}  // namespace

Engine& Engine::get() {
  static Engine engine;
  return engine;
}

// [compute_dependencies]
std::unordered_map<const Node*, std::size_t> Engine::computeDependencies(const Node& root) {
  std::unordered_map<const Node*, std::size_t> dependencies;
  std::unordered_set<const Node*> seen{&root};
  std::vector<const Node*> stack{&root};
  while (!stack.empty()) {
    const Node* node = stack.back();
    stack.pop_back();
    for (const Edge& edge : node->nextEdges()) {
      if (!edge.isValid()) {
        continue;
      }
      ++dependencies[edge.function.get()];
      if (seen.insert(edge.function.get()).second) {
        stack.push_back(edge.function.get());
      }
    }
  }
  return dependencies;
}
// [compute_dependencies]

// [execute]
void Engine::execute(const Edge& root, const Tensor& gradient, bool keepGraph) {
  // Backward formulas call operators too (mul, matmul...); with grad mode
  // off those calls record nothing, so backward builds no second graph.
  NoGradGuard noGrad;
  const ExecuteDepthGuard executing;
  std::unordered_map<const Node*, std::size_t> dependencies = computeDependencies(*root.function);
  std::unordered_map<const Node*, InputBuffer> buffers;
  buffers[root.function.get()].accumulate(root.inputNr, gradient);
  ReadyQueue ready;
  ready.push(root.function);
  while (!ready.empty()) {
    std::shared_ptr<Node> node = ready.top();
    ready.pop();
    TensorList inputs = buffers[node.get()].take();
    buffers.erase(node.get());
    const TensorList outputs = callFunction(*node, std::move(inputs));
    // Its formula has run: what it saved for it can go, unless the caller
    // asked to keep the graph for another backward.
    if (!keepGraph) {
      node->releaseVariables();
    }
    const std::vector<Edge>& edges = node->nextEdges();
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (!edges[i].isValid()) {
        continue;
      }
      const Node* next = edges[i].function.get();
      buffers[next].accumulate(edges[i].inputNr, outputs[i]);
      // Ready only once every edge into it has delivered.
      if (--dependencies[next] == 0) {
        ready.push(edges[i].function);
      }
    }
  }
}
// [execute]

bool isExecutingBackward() { return tlsExecuteDepth > 0; }

void backward(const Tensor& tensor, const Tensor& gradient, bool retainGraph) {
  if (!tensor.requiresGrad()) {
    throw std::runtime_error("element 0 of tensors does not require grad and does not have a grad_fn");
  }
  Tensor seed = gradient;
  if (!seed.defined()) {
    if (tensor.numel() != 1) {
      throw std::runtime_error("grad can be implicitly created only for scalar outputs");
    }
    seed = ones(tensor.sizes(), tensor.options());
  } else if (seed.sizes() != tensor.sizes()) {
    throw std::runtime_error(
        fmt::format("Mismatch in shape: grad_output[0] has a shape of torch.Size([{}]) and output[0] has a "
                    "shape of torch.Size([{}]).",
                    fmt::join(seed.sizes(), ", "), fmt::join(tensor.sizes(), ", ")));
  }
  Engine::get().execute(gradientEdge(tensor), seed, retainGraph);
}

}  // namespace ch06
}  // namespace mini
