#include "mini/autograd/node.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/autograd/accumulate_grad.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch05 {

namespace {
thread_local std::uint64_t tlsNextSequenceNr = 0;
}  // namespace

Node::Node(std::vector<Edge> nextEdges) : nextEdges_(std::move(nextEdges)), sequenceNr_(tlsNextSequenceNr++) {}

Node::Node(std::uint64_t sequenceNr, std::vector<Edge> nextEdges)
    : nextEdges_(std::move(nextEdges)), sequenceNr_(sequenceNr) {}

// [gather_functions]
namespace {

/// Takes `func` apart without freeing the nodes behind it from inside this
/// call. What it saved goes first: a saved input is the tensor itself, whose
/// grad_fn is a second reference to the node before, and with it held that
/// node's count could not reach one. Then each edge to a node only `func`
/// holds moves onto `stack`, for the caller's loop to free; an edge to a
/// node held elsewhere too only drops its reference, which frees nothing.
/// 1.13's gatherFunctions.
void gatherFunctions(Node* func, std::vector<std::shared_ptr<Node>>& stack) {
  func->releaseVariables();
  for (Edge& edge : func->nextEdges()) {
    if (edge.function.use_count() == 1) {
      stack.push_back(std::move(edge.function));
    } else {
      edge.function.reset();
    }
  }
}

}  // namespace

void deleteNode(Node* function) {
  std::vector<std::shared_ptr<Node>> stack;
  gatherFunctions(function, stack);
  // Its edges hold no node now: its destructor frees no other node.
  delete function;
  while (!stack.empty()) {
    std::shared_ptr<Node> func = std::move(stack.back());
    stack.pop_back();
    gatherFunctions(func.get(), stack);
    // func, the last reference, goes at the end of this iteration: this
    // deleter runs again, one level down, for a node whose edges hold none.
  }
}
// [gather_functions]

std::uint32_t Node::addInputMetadata(const Tensor& output) {
  inputSizes_.push_back(output.sizes());
  return static_cast<std::uint32_t>(inputSizes_.size() - 1);
}

namespace {

// A view shares its base's storage, so an in-place write into the base
// changes the view's values too, and the view's history (TBackward0 back to
// the base's old history) no longer describes them: a gradient through it
// would be silently wrong. PyTorch regenerates the view's grad_fn from the
// base's new history (as an AsStridedBackward0); this course refuses.
void checkViewHistoryIsCurrent(const Tensor& view) {
  const AutogradMeta& meta = *view.unsafeGetTensorImpl()->autograd;
  if (meta.isView && view.version() != meta.historyVersion) {
    throw std::runtime_error(fmt::format(
        "a view was used after its base was modified by an inplace operation (its history is from version {}, its "
        "storage is at version {}): PyTorch would rebuild the view's history here, this course does not. Take the "
        "view again after the inplace operation.",
        meta.historyVersion, view.version()));
  }
}

}  // namespace

// [gradient_edge]
Edge gradientEdge(const Tensor& tensor) {
  if (!tensor.defined()) {
    return {};
  }
  if (tensor.gradFn() != nullptr) {
    checkViewHistoryIsCurrent(tensor);
    return {tensor.gradFn(), tensor.outputNr()};
  }
  if (tensor.requiresGrad()) {
    return {gradAccumulator(tensor), 0};
  }
  return {};
}
// [gradient_edge]

std::vector<Edge> collectNextEdges(const TensorList& inputs) {
  std::vector<Edge> edges;
  edges.reserve(inputs.size());
  for (const Tensor& input : inputs) {
    edges.push_back(gradientEdge(input));
  }
  return edges;
}

bool computeRequiresGrad(const TensorList& inputs) {
  if (!GradMode::isEnabled()) {
    return false;
  }
  for (const Tensor& input : inputs) {
    if (input.defined() && input.requiresGrad()) {
      return true;
    }
  }
  return false;
}

void setHistory(const Tensor& output, const std::shared_ptr<Node>& node) {
  AutogradMeta& meta = *output.unsafeGetTensorImpl()->autograd;
  meta.gradFn = node;
  meta.outputNr = node->addInputMetadata(output);
  meta.historyVersion = output.version();
}

}  // namespace ch05
}  // namespace mini
