#pragma once
/// \file
/// \brief backward(): runs the graph's nodes in dependency order.

#include <cstddef>
#include <unordered_map>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch05 {

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

  /// For each node reachable from `root`, the number of edges that point at it.
  static std::unordered_map<const Node*, std::size_t> computeDependencies(const Node& root);
};

/// `tensor.backward(gradient, retainGraph)`: the gradient may be left out
/// for a one-element tensor. The graph's saved tensors are freed as its
/// nodes run, so a second backward through it throws; `retainGraph` keeps
/// them. (PyTorch's retain_graph defaults to create_graph, which builds a
/// graph of the backward pass; this course has no create_graph, so false.)
void backward(const Tensor& tensor, const Tensor& gradient = {}, bool retainGraph = false);

/// Whether this thread is running Engine::execute now: the operators it
/// calls are backward's. PyTorch asks the same of its engine (a current
/// graph task); a FLOP counter uses it to split forward from backward.
bool isExecutingBackward();

}  // namespace ch05
}  // namespace mini
