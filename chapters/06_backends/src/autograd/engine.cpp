#include "mini/autograd/engine.h"

#include <queue>
#include <stdexcept>
#include <string_view>
#include <unordered_set>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/functions_manual.h"
#include "mini/core/grad_mode.h"
#include "mini/functorch/batched_tensor_impl.h"

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

/// Where several roots meet, as 1.13's GraphRoot: its edges are the roots',
/// and it hands each the gradient it was given.
class GraphRoot : public Node {
 public:
  GraphRoot(std::vector<Edge> roots, TensorList gradients) : Node(std::move(roots)), gradients_(std::move(gradients)) {}
  std::string name() const override { return "GraphRoot"; }
  TensorList apply(TensorList&& /*grads*/) override { return gradients_; }

 private:
  TensorList gradients_;
};

/// Calls visit(node, edge) for every valid edge of the graph behind `root`,
/// each once: the walk computeDependencies and nodesLeadingTo share.
template <class Visit>
void forEachEdge(const Node& root, Visit visit) {
  std::unordered_set<const Node*> seen{&root};
  std::vector<const Node*> stack{&root};
  while (!stack.empty()) {
    const Node* node = stack.back();
    stack.pop_back();
    for (const Edge& edge : node->nextEdges()) {
      if (!edge.isValid()) {
        continue;
      }
      visit(*node, edge);
      if (seen.insert(edge.function.get()).second) {
        stack.push_back(edge.function.get());
      }
    }
  }
}

/// The nodes from which one of the outputs' nodes can be reached (1.13's
/// exec_info_, its `needed_`), found by walking the edges backwards from
/// each output. Every edge into such a node comes from another such node,
/// so the dependencies of the nodes that run are all delivered.
std::unordered_set<const Node*> nodesLeadingTo(const Node& root, const std::vector<Edge>& outputs) {
  std::unordered_map<const Node*, std::vector<const Node*>> predecessors;
  forEachEdge(root, [&](const Node& node, const Edge& edge) { predecessors[edge.function.get()].push_back(&node); });
  std::unordered_set<const Node*> needed;
  std::vector<const Node*> stack;
  for (const Edge& output : outputs) {
    stack.push_back(output.function.get());
  }
  while (!stack.empty()) {
    const Node* node = stack.back();
    stack.pop_back();
    for (const Node* predecessor : predecessors[node]) {
      if (needed.insert(predecessor).second) {
        stack.push_back(predecessor);
      }
    }
  }
  return needed;
}

}  // namespace

Engine& Engine::get() {
  static Engine engine;
  return engine;
}

// [compute_dependencies]
std::unordered_map<const Node*, std::size_t> Engine::computeDependencies(const Node& root) {
  std::unordered_map<const Node*, std::size_t> dependencies;
  forEachEdge(root, [&](const Node& /*node*/, const Edge& edge) { ++dependencies[edge.function.get()]; });
  return dependencies;
}
// [compute_dependencies]

void Engine::execute(const Edge& root, const Tensor& gradient, bool keepGraph) {
  (void)execute(std::vector<Edge>{root}, TensorList{gradient}, keepGraph, {});
}

// [execute]
TensorList Engine::execute(const std::vector<Edge>& roots, const TensorList& gradients, bool keepGraph,
                           const std::vector<Edge>& outputs) {
  // Backward formulas call operators too (mul, matmul...); with grad mode
  // off those calls record nothing, so backward builds no second graph.
  NoGradGuard noGrad;
  const ExecuteDepthGuard executing;
  // One root is where the run starts; several meet in a GraphRoot, which
  // hands each its gradient.
  Edge root = roots.at(0);
  Tensor rootGradient = gradients.at(0);
  if (roots.size() > 1) {
    root = Edge{std::shared_ptr<Node>(new GraphRoot(roots, gradients), deleteNode), 0};
    rootGradient = Tensor();
  }
  // With outputs (torch.autograd.grad), only the nodes that lead to one of
  // them run; without (backward()), every node does.
  const bool capturing = !outputs.empty();
  const std::unordered_set<const Node*> needed =
      capturing ? nodesLeadingTo(*root.function, outputs) : std::unordered_set<const Node*>{};
  TensorList captured(outputs.size());
  std::unordered_map<const Node*, std::size_t> dependencies = computeDependencies(*root.function);
  std::unordered_map<const Node*, InputBuffer> buffers;
  buffers[root.function.get()].accumulate(root.inputNr, rootGradient);
  ReadyQueue ready;
  ready.push(root.function);
  while (!ready.empty()) {
    std::shared_ptr<Node> node = ready.top();
    ready.pop();
    TensorList inputs = buffers[node.get()].take();
    buffers.erase(node.get());
    if (capturing) {
      for (std::size_t k = 0; k < outputs.size(); ++k) {
        if (outputs[k].function == node && outputs[k].inputNr < inputs.size()) {
          captured[k] = inputs[outputs[k].inputNr];
        }
      }
      // No output lies behind it (a leaf's AccumulateGrad among them): its
      // gradient was captured, or not asked for; it does not run.
      if (!needed.contains(node.get())) {
        continue;
      }
    }
    const TensorList grads = callFunction(*node, std::move(inputs));
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
      buffers[next].accumulate(edges[i].inputNr, grads[i]);
      // Ready only once every edge into it has delivered.
      if (--dependencies[next] == 0) {
        ready.push(edges[i].function);
      }
    }
  }
  return captured;
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

namespace autograd {

namespace {

/// Under vmap, the gradients may be batched (is_grads_batched), never the
/// tensors differentiated: 1.13 refuses a batched output or input so.
void checkNotVmapped(const Tensor& tensor, std::string_view what, std::size_t i) {
  if (tensor.defined() && maybeGetBatchedImpl(tensor) != nullptr) {
    throw std::invalid_argument(fmt::format(
        "torch.autograd.grad(outputs, inputs, grad_outputs) called inside torch.vmap. We do not support the case "
        "where any {}s are vmapped tensors ({} {} is being vmapped over). Please call autograd.grad() outside "
        "torch.vmap or file a bug report with your use case.",
        what, what, i));
  }
}

/// torch.autograd's roots and their seeds, checked as 1.13 checks them: an
/// output that requires no grad has no root; a missing gradient is ones
/// for a one-element output only; a given one has the output's shape.
std::pair<std::vector<Edge>, TensorList> rootsAndSeeds(const TensorList& outputs, const TensorList& gradOutputs) {
  std::vector<Edge> roots;
  TensorList seeds;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& output = outputs[i];
    checkNotVmapped(output, "output", i);
    Edge edge = gradientEdge(output);
    if (!edge.isValid()) {
      throw std::runtime_error(
          fmt::format("element {} of tensors does not require grad and does not have a grad_fn", i));
    }
    roots.push_back(std::move(edge));
    seeds.push_back(i < gradOutputs.size() ? gradOutputs[i] : Tensor());
    if (!seeds.back().defined()) {
      if (output.numel() != 1) {
        throw std::runtime_error("grad can be implicitly created only for scalar outputs");
      }
      seeds.back() = ones(output.sizes(), output.options());
    } else if (seeds.back().sizes() != output.sizes()) {
      throw std::runtime_error(
          fmt::format("Mismatch in shape: grad_output[{}] has a shape of torch.Size([{}]) and output[{}] has a "
                      "shape of torch.Size([{}]).",
                      i, fmt::join(seeds.back().sizes(), ", "), i, fmt::join(output.sizes(), ", ")));
    } else if (seeds.back().dtype() != output.dtype()) {
      // A gradient has its output's dtype: 1.13's GraphRoot converts it
      // (validate_outputs), which shows when the output is itself an input.
      seeds.back() = seeds.back().to(output.dtype());
    }
  }
  return {std::move(roots), std::move(seeds)};
}

}  // namespace

void backward(const TensorList& outputs, const TensorList& gradOutputs, bool retainGraph) {
  auto [roots, seeds] = rootsAndSeeds(outputs, gradOutputs);
  if (!roots.empty()) {  // no outputs: nothing runs, as in 1.13
    (void)Engine::get().execute(roots, seeds, retainGraph, {});
  }
}

TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs, bool retainGraph,
                bool allowUnused) {
  auto [roots, seeds] = rootsAndSeeds(outputs, gradOutputs);
  // Without outputs to capture, execute() would be backward() and fill .grad.
  if (inputs.empty()) {
    throw std::runtime_error("grad requires non-empty inputs.");
  }
  // Each input's edge: its grad_fn's, or a leaf's AccumulateGrad if one is
  // alive (1.13's try_get_grad_accumulator: none means no graph reaches it).
  std::vector<Edge> edges;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& input = inputs[i];
    checkNotVmapped(input, "input", i);
    if (!input.defined() || !input.requiresGrad()) {
      throw std::runtime_error("One of the differentiated Tensors does not require grad");
    }
    if (input.gradFn() != nullptr) {
      edges.push_back({input.gradFn(), input.outputNr()});
    } else {
      edges.push_back({input.unsafeGetTensorImpl()->autograd->gradAccumulator.lock(), 0});
    }
  }
  // No outputs: no input is reached (1.13 then says each was unused).
  TensorList grads =
      roots.empty() ? TensorList(inputs.size()) : Engine::get().execute(roots, seeds, retainGraph, edges);
  for (const Tensor& grad : grads) {
    if (!allowUnused && !grad.defined()) {
      throw std::runtime_error(
          "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
          "this is the desired behavior.");
    }
  }
  return grads;
}

}  // namespace autograd

}  // namespace ch06
}  // namespace mini
