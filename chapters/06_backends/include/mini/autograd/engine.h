#pragma once
/// \file
/// \brief backward(): runs the graph's nodes in dependency order.

#include <cstddef>
#include <unordered_map>

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

  /// Sends `gradient` into `root` and runs everything behind it.
  void execute(const Edge& root, const Tensor& gradient);

  /// For each node reachable from `root`, the number of edges that point at it.
  static std::unordered_map<const Node*, std::size_t> computeDependencies(const Node& root);
};

/// `tensor.backward(gradient)`: the gradient may be left out for a
/// one-element tensor.
void backward(const Tensor& tensor, const Tensor& gradient = {});

/// Whether this thread is running Engine::execute now: the operators it
/// calls are backward's. PyTorch asks the same of its engine (a current
/// graph task); a FLOP counter uses it to split forward from backward.
bool isExecutingBackward();

}  // namespace ch06
}  // namespace mini
