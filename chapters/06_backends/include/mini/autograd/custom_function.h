#pragma once
/// \file
/// \brief Custom autograd functions: a forward and a backward written by the
///        user, with a context that carries tensors from one to the other.

#include <memory>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <vector>

#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/node.h"
#include "mini/autograd/saved_variable.h"
#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

// [autograd_context]
/// torch::autograd::AutogradContext: what forward leaves for backward.
/// Tensors go through saveForBackward, so they get the same version check as
/// a built-in formula's; other values go in savedData.
class AutogradContext {
 public:
  explicit AutogradContext(std::string nodeName) : nodeName_(std::move(nodeName)) {}

  /// Keeps `tensors` for backward. They are saved (as SavedVariables) only
  /// once the output has its history: an output saved before that could not
  /// be told from an input, and kept as itself it would keep its own node
  /// alive.
  void saveForBackward(const TensorList& tensors);
  /// The saved tensors, each checked against in-place changes since forward.
  /// Throws "Trying to backward through the graph a second time" once
  /// backward has freed them.
  TensorList getSavedVariables() const;
  /// Non-tensor values (a scale, a flag). PyTorch keeps IValues here.
  std::unordered_map<std::string, double> savedData;

  /// Turns what saveForBackward kept into SavedVariables, each an output
  /// when its grad_fn is `gradFn` (Function::apply calls this after
  /// setHistory; PyTorch's save_variables).
  void saveVariables(const Node* gradFn);
  /// Frees the saved tensors (CppNode::releaseVariables).
  void releaseVariables();

 private:
  std::string nodeName_;
  TensorList toSave_;
  std::vector<SavedVariable> saved_;
  bool hasFreedBuffers_ = false;
};
// [autograd_context]

/// "MyAddFunctionBackward" for mini::ch06::MyAddFunction: the name torch
/// gives the node of a Python custom function.
std::string customFunctionNodeName(const std::type_info& function);

/// Throws PyTorch's "returned an incorrect number of gradients" error.
[[noreturn]] void throwWrongGradientCount(const std::string& node, std::size_t expected, std::size_t got);

// [cpp_node]
/// The node a custom function records: its apply is the user's backward.
/// backward returns one gradient per forward argument; those of non-tensor
/// arguments (a double, say) must be undefined and are dropped here.
template <class T>
class CppNode : public Node {
 public:
  explicit CppNode(std::vector<bool> isTensorArgument)
      : ctx(customFunctionNodeName(typeid(T))), isTensorArgument_(std::move(isTensorArgument)) {}

  std::string name() const override { return customFunctionNodeName(typeid(T)); }

  TensorList apply(TensorList&& grads) override {
    TensorList perArgument = T::backward(&ctx, std::move(grads));
    if (perArgument.size() != isTensorArgument_.size()) {
      throwWrongGradientCount(name(), isTensorArgument_.size(), perArgument.size());
    }
    TensorList perTensor;
    for (std::size_t i = 0; i < perArgument.size(); ++i) {
      if (isTensorArgument_[i]) {
        perTensor.push_back(std::move(perArgument[i]));
      }
    }
    return perTensor;
  }

  void releaseVariables() override { ctx.releaseVariables(); }

  using Node::setNextEdges;
  AutogradContext ctx;

 private:
  std::vector<bool> isTensorArgument_;
};
// [cpp_node]

// [function_apply]
/// torch::autograd::Function<T>: derive T from it, give T
///   static Tensor forward(AutogradContext*, args...);
///   static TensorList backward(AutogradContext*, TensorList gradOutputs);
/// and call T::apply(args...). apply runs forward with grad mode off (what
/// forward computes is one operation to autograd, not a graph of its own) and
/// records a CppNode<T> when an argument requires grad.
template <class T>
struct Function {
  template <class... Args>
  static Tensor apply(Args&&... args) {
    TensorList tensorArguments;
    (appendIfTensor(tensorArguments, args), ...);
    std::shared_ptr<CppNode<T>> node(
        new CppNode<T>(std::vector<bool>{std::is_same_v<std::remove_cvref_t<Args>, Tensor>...}), deleteNode);
    const bool record = computeRequiresGrad(tensorArguments);
    Tensor output;
    {
      NoGradGuard noGrad;
      output = T::forward(&node->ctx, std::forward<Args>(args)...);
    }
    // 1.13's _wrap_outputs: an integer or bool output is not differentiable.
    if (record && isDifferentiableType(output.dtype())) {
      node->setNextEdges(collectNextEdges(tensorArguments));
      setHistory(output, node);
      node->ctx.saveVariables(node.get());
    }
    return output;
  }

 private:
  template <class Arg>
  static void appendIfTensor(TensorList& tensors, const Arg& arg) {
    if constexpr (std::is_same_v<Arg, Tensor>) {
      tensors.push_back(arg);
    }
  }
};
// [function_apply]

}  // namespace ch06
}  // namespace mini
