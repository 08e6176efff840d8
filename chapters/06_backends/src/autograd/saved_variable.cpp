#include "mini/autograd/saved_variable.h"

#include <array>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch06 {

SavedVariable::SavedVariable(const Tensor& tensor, bool isOutput) {
  if (!tensor.defined()) {
    return;
  }
  wasDefaultConstructed_ = false;
  savedVersion_ = tensor.version();
  isLeaf_ = tensor.isLeaf();
  // An input's grad_fn is an older node, and a leaf has none: keeping the
  // tensor itself makes no cycle, and its grad_fn stays current.
  if (!isOutput || isLeaf_) {
    savedOriginal_ = true;
    data_ = tensor;
    return;
  }
  outputNr_ = tensor.outputNr();
  data_ = tensor.detach();
}

void SavedVariable::resetData() { data_ = Tensor(); }

namespace {

// Tensor.type()'s name, which 1.13 prints here: torch.FloatTensor on CPU,
// torch.cuda.DoubleTensor on CUDA. Bool and BFloat16 have no such name in
// 1.13's table: it prints the backend's key and the type, CPUBoolType.
std::string legacyTensorTypeName(const Tensor& tensor) {
  if (tensor.dtype() == ScalarType::Bool || tensor.dtype() == ScalarType::BFloat16) {
    constexpr std::array<std::string_view, 4> kBackendKeys = {"CPU", "CUDA", "Meta", "PrivateUse1"};
    return fmt::format("{}{}Type", kBackendKeys.at(static_cast<std::size_t>(tensor.device().type)),
                       scalarTypeCName(tensor.dtype()));
  }
  const std::string device = tensor.device().isCpu() ? "" : fmt::format("{}.", deviceTypeName(tensor.device().type));
  return fmt::format("torch.{}{}Tensor", device, scalarTypeCName(tensor.dtype()));
}

}  // namespace

// [unpack]
Tensor SavedVariable::unpack(const std::string& savedBy) const {
  if (wasDefaultConstructed_) {
    return {};
  }
  if (!data_.defined()) {
    throw std::runtime_error(kErrBackwardTwice);
  }
  // The node the message names: a tensor kept as itself names its grad_fn
  // now (the in-place operator that changed it, if one recorded); an
  // output names the node that saved it.
  std::string producer = savedOriginal_ && data_.gradFn() != nullptr ? data_.gradFn()->name() : "";
  if (!isLeaf_ && producer.empty()) {
    producer = savedBy;
  }
  if (data_.version() != savedVersion_) {
    throw std::runtime_error(fmt::format(
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        "[{} [{}]]{} is at version {}; expected version {} instead. Hint: enable anomaly detection "
        "to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).",
        legacyTensorTypeName(data_), fmt::join(data_.sizes(), ", "),
        producer.empty() ? "" : fmt::format(", which is output {} of {},", outputNr_, producer), data_.version(),
        savedVersion_));
  }
  return data_;
}
// [unpack]

const char* const kErrBackwardTwice =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
    "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
    "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
    "saved tensors after calling backward.";

}  // namespace ch06
}  // namespace mini
