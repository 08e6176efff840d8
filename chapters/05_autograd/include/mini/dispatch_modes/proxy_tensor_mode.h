#pragma once
/// \file
/// \brief make_fx in miniature: a dispatch mode that records every operator
///        call into a graph (torch/fx/experimental/proxy_tensor.py's
///        ProxyTorchDispatchMode), a printer in FX's format, a graphviz
///        drawing, and an interpreter that runs the graph again.
///
/// Below autograd the mode sees the forward's calls and, when backward runs
/// under it, the calls of the backward formulas: the joint graph that
/// AOTAutograd starts from.

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "mini/dispatch_modes/torch_dispatch_mode.h"

namespace mini {
inline namespace ch05 {

/// One node of an FX graph: an input (placeholder), a tensor the graph
/// holds (get_attr, a constant), an operator call (call_function) or the
/// results (output).
struct FxNode {
  enum class Op { Placeholder, GetAttr, CallFunction, Output };
  /// An argument: another node's result (by index), or a value as given.
  using Argument = std::variant<std::size_t, IValue>;

  Op op;
  std::string name;    ///< `mm_1`, unique in the graph
  std::string target;  ///< the operator's name, the placeholder's or the constant's
  std::vector<Argument> args;
  std::size_t users = 0;                 ///< how many later nodes use this one
  std::optional<OperatorHandle> handle;  ///< the operator of a call_function node
  IValue constant = {};                  ///< the tensor of a get_attr node
};

class FxGraph {
 public:
  const std::vector<FxNode>& nodes() const { return nodes_; }
  /// As torch.fx.Graph prints itself (`print(gm.graph)`).
  std::string str() const;
  /// The graph as graphviz's dot language: a box per node, an edge per use.
  std::string toDot() const;
  /// Runs the graph: `inputs` for the placeholders, in order; returns what
  /// the output node names. Every call is a fresh dispatcher call, without
  /// gradient recording.
  std::vector<Tensor> run(const std::vector<Tensor>& inputs) const;

 private:
  friend class ProxyTorchDispatchMode;
  std::size_t add(FxNode node);
  std::vector<FxNode> nodes_;
};

/// The mode: tensors the graph knows (placeholders, results of recorded
/// calls) are tracked by identity; each call becomes a node whose arguments
/// name those tensors' nodes. A tensor the graph has never seen becomes a
/// constant (get_attr), as make_fx does, except a tensor that is a second
/// handle of one it knows (same storage, same shape: this chapter's detach(),
/// which saved variables use, is no operator) which stands for that node.
class ProxyTorchDispatchMode : public TorchDispatchMode {
 public:
  std::string name() const override { return "ProxyTorchDispatchMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override;

  /// Declares `tensor` an input of the graph, named `name`.
  void placeholder(const Tensor& tensor, const std::string& name);
  /// Ends the graph with these tensors as its results.
  void output(const std::vector<Tensor>& tensors);

  const FxGraph& graph() const { return graph_; }

 private:
  std::size_t nodeOf(const Tensor& tensor);
  void bind(const Tensor& tensor, std::size_t node);
  std::string uniqueName(std::string base);

  FxGraph graph_;
  // Held, not remembered by address, for the reason LoggingMode holds them.
  std::vector<std::pair<Tensor, std::size_t>> tensorNodes_;
  std::vector<std::string> usedNames_;
};

}  // namespace ch05
}  // namespace mini
