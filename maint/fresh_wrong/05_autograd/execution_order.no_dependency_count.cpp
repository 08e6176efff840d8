// Mistake: I pushed every node the first time an edge reaches it (with a seen set), without waiting for all its
// consumers

// Exercise 05.2: the order in which backward() runs the nodes.
#include <memory>
#include <queue>
#include <string>
#include <unordered_set>
#include <vector>

#include "mini/autograd/engine.h"
#include "mini/exercises/execution_order.h"

namespace mini {
inline namespace ch05 {

namespace {
struct NewestFirst {
  bool operator()(const std::shared_ptr<Node>& a, const std::shared_ptr<Node>& b) const {
    return a->sequenceNr() < b->sequenceNr();
  }
};
}  // namespace

std::vector<std::string> executionOrder(const Tensor& root) {
  const Edge edge = gradientEdge(root);
  if (!edge.isValid()) {
    return {};
  }
  std::unordered_map<const Node*, std::size_t> dependencies = Engine::computeDependencies(*edge.function);
  std::priority_queue<std::shared_ptr<Node>, std::vector<std::shared_ptr<Node>>, NewestFirst> ready;
  ready.push(edge.function);
  (void)dependencies;
  std::unordered_set<const Node*> seen{edge.function.get()};
  std::vector<std::string> order;
  while (!ready.empty()) {
    const std::shared_ptr<Node> node = ready.top();
    ready.pop();
    order.push_back(node->name());
    for (const Edge& next : node->nextEdges()) {
      if (!next.isValid()) {
        continue;
      }
      if (seen.insert(next.function.get()).second) {
        ready.push(next.function);
      }
    }
  }
  return order;
}

}  // namespace ch05
}  // namespace mini
