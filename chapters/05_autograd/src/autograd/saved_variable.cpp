#include "mini/autograd/saved_variable.h"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch05 {

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

// [unpack]
Tensor SavedVariable::unpack(const std::string& savedBy) const {
  if (data_.defined() && data_.version() != savedVersion_) {
    const std::string producer =
        producerName_.empty() ? "" : fmt::format(", which is output {} of {},", outputNr_, producerName_);
    throw std::runtime_error(
        fmt::format("one of the variables needed for gradient computation has been modified by an inplace operation: "
                    "[torch.DoubleTensor [{}]]{} is at version {}; expected version {} instead. Hint: {} saved it in "
                    "the forward pass; clone the tensor before changing it in place, or change it after backward().",
                    fmt::join(data_.sizes(), ", "), producer, data_.version(), savedVersion_, savedBy));
  }
  return data_;
}
// [unpack]

}  // namespace ch05
}  // namespace mini
