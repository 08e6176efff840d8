// Mutant: releases a node when one consumer is still to run (counts down to 1, not 0)
// Must fail: Exercise05_2.ASharedNodeWaitsForAllItsConsumers
// Exercise 05.2: the engine's order.
// The lesson: chapters/05_autograd/part1_autograd_key.md#exercise-52
// Declared in: mini/exercises/execution_order.h
#include <queue>

#include "mini/autograd/engine.h"
#include "mini/exercises/execution_order.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// Count the edges into each node, start from the root, and release a node
// when its count reaches zero; a max-heap on the sequence number picks the
// newest ready node.
std::vector<std::string> executionOrder(const Tensor& root) {
  const Edge rootEdge = gradientEdge(root);
  if (!rootEdge.isValid()) {
    return {};
  }
  std::unordered_map<const Node*, std::size_t> dependencies = Engine::computeDependencies(*rootEdge.function);
  auto newestFirst = [](const Node* a, const Node* b) { return a->sequenceNr() < b->sequenceNr(); };
  std::priority_queue<const Node*, std::vector<const Node*>, decltype(newestFirst)> ready(newestFirst);
  ready.push(rootEdge.function.get());
  std::vector<std::string> order;
  while (!ready.empty()) {
    const Node* node = ready.top();
    ready.pop();
    order.push_back(node->name());
    for (const Edge& edge : node->nextEdges()) {
      if (edge.isValid() && --dependencies[edge.function.get()] <= 1) {
        ready.push(edge.function.get());
      }
    }
  }
  return order;
}

}  // namespace ch05
}  // namespace mini
