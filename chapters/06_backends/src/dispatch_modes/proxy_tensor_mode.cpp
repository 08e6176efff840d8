#include "mini/dispatch_modes/proxy_tensor_mode.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

namespace {

constexpr std::string_view opName(FxNode::Op op) {
  switch (op) {
    case FxNode::Op::Placeholder: return "placeholder";
    case FxNode::Op::GetAttr: return "get_attr";
    case FxNode::Op::CallFunction: return "call_function";
    case FxNode::Op::Output: return "output";
  }
  return "?";
}

/// `aten::add.Tensor` -> `add`: FX names a node after its target.
std::string baseNameOf(const std::string& operatorName) {
  const std::size_t colons = operatorName.rfind("::");
  std::string base = colons == std::string::npos ? operatorName : operatorName.substr(colons + 2);
  return base.substr(0, base.find('.'));
}

/// The same value under a second handle: this chapter's detach() makes a new
/// TensorImpl viewing the same elements without an operator call.
bool isAliasOf(const Tensor& tensor, const Tensor& known) {
  return tensor.unsafeGetTensorImpl()->storage == known.unsafeGetTensorImpl()->storage &&
         tensor.sizes() == known.sizes() && tensor.strides() == known.strides() &&
         tensor.storageOffset() == known.storageOffset();
}

FxNode makeNode(FxNode::Op op, std::string name, std::string target, std::vector<FxNode::Argument> args = {}) {
  FxNode node{op, std::move(name), std::move(target), std::move(args), 0, std::nullopt, IValue()};
  return node;
}

}  // namespace

std::size_t FxGraph::add(FxNode node) {
  for (const FxNode::Argument& argument : node.args) {
    if (const std::size_t* used = std::get_if<std::size_t>(&argument)) {
      ++nodes_[*used].users;
    }
  }
  nodes_.push_back(std::move(node));
  return nodes_.size() - 1;
}

std::string FxGraph::str() const {
  const auto argumentText = [this](const FxNode::Argument& argument) {
    if (const std::size_t* node = std::get_if<std::size_t>(&argument)) {
      return fmt::format("%{}", nodes_[*node].name);
    }
    return fmt::format("{}", std::get<IValue>(argument));
  };
  std::string out = "graph():\n";
  for (const FxNode& node : nodes_) {
    std::vector<std::string> args;
    std::transform(node.args.begin(), node.args.end(), std::back_inserter(args), argumentText);
    if (node.op == FxNode::Op::Output) {
      for (std::string& arg : args) {
        arg.erase(0, 1);  // FX's return line names nodes without the %
      }
      out += fmt::format("    return ({}{})\n", fmt::join(args, ", "), args.size() == 1 ? "," : "");
      continue;
    }
    out += fmt::format("    %{} : [#users={}] = {}[target={}]", node.name, node.users, opName(node.op), node.target);
    if (node.op == FxNode::Op::CallFunction) {
      out += fmt::format("(args = ({}{}), kwargs = {{}})", fmt::join(args, ", "), args.size() == 1 ? "," : "");
    }
    out += "\n";
  }
  return out;
}

std::string FxGraph::toDot() const {
  std::string out = "digraph fx_graph {\n  rankdir=TB;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
  for (const FxNode& node : nodes_) {
    const char* fill = node.op == FxNode::Op::CallFunction ? "white" : "lightgrey";
    out += fmt::format("  \"{}\" [label=\"{}\\n{}\", style=filled, fillcolor={}];\n", node.name, node.name,
                       node.op == FxNode::Op::CallFunction ? node.target : std::string(opName(node.op)), fill);
    for (const FxNode::Argument& argument : node.args) {
      if (const std::size_t* used = std::get_if<std::size_t>(&argument)) {
        out += fmt::format("  \"{}\" -> \"{}\";\n", nodes_[*used].name, node.name);
      }
    }
  }
  return out + "}\n";
}

// [fx_run]
std::vector<Tensor> FxGraph::run(const std::vector<Tensor>& inputs) const {
  // The graph already holds backward's calls: running it must not record
  // a second autograd graph.
  NoGradGuard noGrad;
  std::vector<IValue> values(nodes_.size());
  std::size_t nextInput = 0;
  const auto valueOf = [&values](const FxNode::Argument& argument) {
    const std::size_t* node = std::get_if<std::size_t>(&argument);
    return node != nullptr ? values[*node] : std::get<IValue>(argument);
  };
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const FxNode& node = nodes_[i];
    switch (node.op) {
      case FxNode::Op::Placeholder:
        if (nextInput == inputs.size()) {
          throw std::invalid_argument(
              fmt::format("FxGraph::run: placeholder '{}' has no input: {} given", node.name, inputs.size()));
        }
        values[i] = inputs[nextInput++];
        break;
      case FxNode::Op::GetAttr: values[i] = node.constant; break;
      case FxNode::Op::CallFunction: {
        Stack stack;
        for (const FxNode::Argument& argument : node.args) {
          push(stack, valueOf(argument));
        }
        node.handle->callBoxed(&stack);
        values[i] = pop(stack);
        break;
      }
      case FxNode::Op::Output: {
        std::vector<Tensor> results;
        for (const FxNode::Argument& argument : node.args) {
          results.push_back(valueOf(argument).toTensor());
        }
        return results;
      }
    }
  }
  throw std::logic_error("FxGraph::run: the graph has no output node; call ProxyTorchDispatchMode::output()");
}
// [fx_run]

std::string ProxyTorchDispatchMode::uniqueName(std::string base) {
  std::string name = base;
  for (int suffix = 1; std::find(usedNames_.begin(), usedNames_.end(), name) != usedNames_.end(); ++suffix) {
    name = fmt::format("{}_{}", base, suffix);
  }
  usedNames_.push_back(name);
  return name;
}

void ProxyTorchDispatchMode::bind(const Tensor& tensor, std::size_t node) { tensorNodes_.emplace_back(tensor, node); }

void ProxyTorchDispatchMode::placeholder(const Tensor& tensor, const std::string& name) {
  bind(tensor, graph_.add(makeNode(FxNode::Op::Placeholder, uniqueName(name), name)));
}

std::size_t ProxyTorchDispatchMode::nodeOf(const Tensor& tensor) {
  // Newest first: a result bound later is the one the program means.
  for (auto it = tensorNodes_.rbegin(); it != tensorNodes_.rend(); ++it) {
    if (it->first.is_same(tensor)) {
      return it->second;
    }
  }
  for (auto it = tensorNodes_.rbegin(); it != tensorNodes_.rend(); ++it) {
    if (isAliasOf(tensor, it->first)) {
      return it->second;
    }
  }
  // Made outside the dispatcher (a factory, a kernel called directly): its
  // value is baked into the graph, as make_fx does with _tensor_constant0.
  const std::string name = uniqueName("_tensor_constant0");
  FxNode constant = makeNode(FxNode::Op::GetAttr, name, name);
  constant.constant = IValue(tensor);
  const std::size_t node = graph_.add(std::move(constant));
  bind(tensor, node);
  return node;
}

// [proxy_dispatch]
void ProxyTorchDispatchMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  if (schema.returns.size() != 1) {
    throw std::invalid_argument(
        fmt::format("ProxyTorchDispatchMode: {} returns {} values; this tracer records operators with one result",
                    op.operatorName(), schema.returns.size()));
  }
  const std::size_t numArguments = schema.arguments.size();
  std::vector<FxNode::Argument> args;
  for (std::size_t i = 0; i < numArguments; ++i) {
    const IValue& argument = peek(*stack, i, numArguments);
    if (argument.isTensorList()) {
      throw std::invalid_argument(
          fmt::format("ProxyTorchDispatchMode: {} takes a Tensor[] ('{}'), which it cannot record", op.operatorName(),
                      schema.arguments[i].name));
    }
    args.push_back(argument.isTensor() ? FxNode::Argument(nodeOf(argument.toTensor())) : FxNode::Argument(argument));
  }
  callOperator(op, stack);
  const IValue& result = peek(*stack, 0, 1);
  FxNode call =
      makeNode(FxNode::Op::CallFunction, uniqueName(baseNameOf(op.operatorName())), op.operatorName(), std::move(args));
  call.handle = op;
  const std::size_t node = graph_.add(std::move(call));
  if (result.isTensor()) {
    bind(result.toTensor(), node);
  }
}
// [proxy_dispatch]

void ProxyTorchDispatchMode::output(const std::vector<Tensor>& tensors) {
  std::vector<FxNode::Argument> args;
  for (const Tensor& tensor : tensors) {
    args.emplace_back(nodeOf(tensor));
  }
  graph_.add(makeNode(FxNode::Op::Output, "output", "output", std::move(args)));
}

}  // namespace ch06
}  // namespace mini
