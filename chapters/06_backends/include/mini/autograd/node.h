#pragma once
/// \file
/// \brief A node of the backward graph: a function from output gradients to
///        input gradients, with edges to the nodes that want them.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mini/autograd/edge.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

// [node]
/// PyTorch's torch::autograd::Node. An autograd kernel makes one per recorded
/// operator call (AddBackward0 for add) and hangs it on the result as its
/// grad_fn. `apply` receives the gradient of the operator's output and
/// returns one gradient per operator input, in the order of nextEdges().
class Node {
 public:
  explicit Node(std::vector<Edge> nextEdges = {});
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  /// "AddBackward0": the name torch prints after `grad_fn=` in a tensor's repr.
  virtual std::string name() const = 0;
  /// The backward formula. `grads[i]` is the gradient of forward output i.
  virtual TensorList apply(TensorList&& grads) = 0;
  /// Frees the tensors the formula saved: the engine calls this once the
  /// node has run, unless backward was asked to retain the graph. A node
  /// that saves nothing has nothing to free.
  virtual void releaseVariables() {}

  const std::vector<Edge>& nextEdges() const { return nextEdges_; }
  /// The same, to take apart: deleteNode moves each edge out of a node it
  /// frees (1.13's non-const next_edges()).
  std::vector<Edge>& nextEdges() { return nextEdges_; }
  /// Whether input `index` of the forward operator wants a gradient; a
  /// formula skips the work for one that does not.
  bool needsInputGrad(std::size_t index) const { return index < nextEdges_.size() && nextEdges_[index].isValid(); }

  /// Order of creation on this thread. The engine runs the newest ready node
  /// first, which walks a chain of operations back in the order it was built.
  /// AccumulateGrad's is the largest there is: a leaf's gradient is added as
  /// soon as it is ready, before any older node runs (and may fail).
  std::uint64_t sequenceNr() const { return sequenceNr_; }

  /// The sizes of forward output `outputNr`, recorded with the history: the
  /// engine checks that a gradient flowing into this node has them.
  const Sizes& inputSizes(std::uint32_t outputNr) const { return inputSizes_.at(outputNr); }
  /// The dtype of that input: a gradient arriving in another dtype is
  /// converted to it (an autocast region's bfloat16 matmul sends float32
  /// gradients a bfloat16 one, and the other way round).
  ScalarType inputDtype(std::uint32_t outputNr) const { return inputDtypes_.at(outputNr); }
  /// Records the next output's sizes (setHistory does this).
  std::uint32_t addInputMetadata(const Tensor& output);

 protected:
  /// A node that sets its own place in the engine's order (AccumulateGrad)
  /// and takes no number from the thread's count.
  Node(std::uint64_t sequenceNr, std::vector<Edge> nextEdges);
  /// For nodes that learn their edges after construction (custom functions).
  void setNextEdges(std::vector<Edge> nextEdges) { nextEdges_ = std::move(nextEdges); }

 private:
  std::vector<Edge> nextEdges_;
  std::vector<Sizes> inputSizes_;
  std::vector<ScalarType> inputDtypes_;
  std::uint64_t sequenceNr_;
};
// [node]

// [delete_node]
/// The deleter of every node's shared_ptr, as 1.13's (function.h): every
/// place that makes a node writes std::shared_ptr<T>(new T(...), deleteNode),
/// never std::make_shared, which cannot take a deleter. Freed by its
/// destructor alone, a node would release its edges, and the last reference
/// to the node before would run that node's destructor from inside this
/// one's, once per node of a chain: a graph of some 10,000 nodes ran out of
/// stack. deleteNode frees the nodes it makes the last owner of in a loop,
/// with a heap stack in place of the call stack, so any depth is freed.
void deleteNode(Node* function);
// [delete_node]

/// The edge a gradient for `tensor` must follow: its grad_fn for a result,
/// its AccumulateGrad for a leaf that requires grad, nothing otherwise.
Edge gradientEdge(const Tensor& tensor);
/// gradientEdge of each input, in order: the edges of a new node.
std::vector<Edge> collectNextEdges(const TensorList& inputs);

// [compute_requires_grad]
/// The autograd kernel's first question: record this call? Only with grad
/// mode on and an input that requires grad.
bool computeRequiresGrad(const TensorList& inputs);
/// Makes `node` the grad_fn of `output` (and records its sizes).
void setHistory(const Tensor& output, const std::shared_ptr<Node>& node);
// [compute_requires_grad]

}  // namespace ch06
}  // namespace mini
