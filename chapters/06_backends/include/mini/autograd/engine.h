#pragma once
/// \file
/// \brief backward(): runs the graph's nodes in dependency order.

#include <cstddef>
#include <unordered_map>
#include <vector>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch06 {

/// PyTorch's autograd Engine, single-threaded. execute() first counts, for
/// every node reachable from the root, how many edges point at it (its
/// dependencies); a node is *ready* when all of them have delivered their
/// gradient into its input buffer. Ready nodes run newest first. A node
/// reached by two paths therefore runs once, with the sum of both gradients.
class Engine {
 public:
  /// The engine of this program (torch::autograd::Engine::get_default_engine()).
  static Engine& get();

  /// Sends `gradient` into `root` and runs everything behind it. Unless
  /// `keepGraph`, each node frees its saved tensors once it has run.
  void execute(const Edge& root, const Tensor& gradient, bool keepGraph = false);

  /// torch.autograd.grad's run (1.13's execute with `outputs`): sends each
  /// of `gradients` into its root, runs only the nodes on a path to one of
  /// `outputs`, and returns the gradient that reaches each of those edges
  /// instead of running its node (undefined where none arrives). A leaf's
  /// AccumulateGrad is such an edge's node, so no `.grad` changes.
  TensorList execute(const std::vector<Edge>& roots, const TensorList& gradients, bool keepGraph,
                     const std::vector<Edge>& outputs);

  /// For each node reachable from `root`, the number of edges that point at it.
  static std::unordered_map<const Node*, std::size_t> computeDependencies(const Node& root);
};

/// `tensor.backward(gradient, retainGraph)`: the gradient may be left out
/// for a one-element tensor. The graph's saved tensors are freed as its
/// nodes run, so a second backward through it throws; `retainGraph` keeps
/// them. (PyTorch's retain_graph defaults to create_graph, which builds a
/// graph of the backward pass; this course has no create_graph, so false.)
void backward(const Tensor& tensor, const Tensor& gradient = {}, bool retainGraph = false);

namespace autograd {
/// torch::autograd::backward(tensors, grad_tensors, retain_graph): one run
/// from all of `outputs` at once (a graph they share runs once), each
/// seeded as grad() seeds it, accumulating into every leaf's .grad.
void backward(const TensorList& outputs, const TensorList& gradOutputs = {}, bool retainGraph = false);

/// torch::autograd::grad(outputs, inputs, grad_outputs, retain_graph,
/// create_graph=false, allow_unused): the gradients of `outputs`, seeded
/// with `gradOutputs` (one each; undefined for a one-element output means
/// ones), with respect to `inputs`, returned rather than accumulated. An
/// input the outputs do not depend on is an error unless `allowUnused`,
/// which returns an undefined tensor for it.
TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs = {},
                bool retainGraph = false, bool allowUnused = false);
}  // namespace autograd

/// Whether this thread is running Engine::execute now: the operators it
/// calls are backward's. PyTorch asks the same of its engine (a current
/// graph task); a FLOP counter uses it to split forward from backward.
bool isExecutingBackward();

}  // namespace ch06
}  // namespace mini
