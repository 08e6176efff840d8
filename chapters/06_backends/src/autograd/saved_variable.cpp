#include "mini/autograd/saved_variable.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch06 {

SavedVariable::SavedVariable(const Tensor& tensor) {
  if (!tensor.defined()) {
    return;
  }
  data_ = tensor.detach();
  savedVersion_ = tensor.version();
  if (tensor.gradFn() != nullptr) {
    producerName_ = tensor.gradFn()->name();
    outputNr_ = tensor.outputNr();
  }
}

namespace {

// Tensor.type()'s name, which 1.13 prints here: torch.FloatTensor on CPU,
// torch.cuda.DoubleTensor on CUDA.
std::string legacyTensorTypeName(const Tensor& tensor) {
  const std::string device = tensor.device().isCpu() ? "" : fmt::format("{}.", deviceTypeName(tensor.device().type));
  return fmt::format("torch.{}{}Tensor", device, scalarTypeCName(tensor.dtype()));
}

}  // namespace

// [unpack]
Tensor SavedVariable::unpack(const std::string& savedBy) const {
  if (data_.defined() && data_.version() != savedVersion_) {
    const std::string producer =
        producerName_.empty() ? "" : fmt::format(", which is output {} of {},", outputNr_, producerName_);
    throw std::runtime_error(
        fmt::format("one of the variables needed for gradient computation has been modified by an inplace operation: "
                    "[{} [{}]]{} is at version {}; expected version {} instead. Hint: {} saved it in "
                    "the forward pass; clone the tensor before changing it in place, or change it after backward().",
                    legacyTensorTypeName(data_), fmt::join(data_.sizes(), ", "), producer, data_.version(),
                    savedVersion_, savedBy));
  }
  return data_;
}
// [unpack]

}  // namespace ch06
}  // namespace mini
