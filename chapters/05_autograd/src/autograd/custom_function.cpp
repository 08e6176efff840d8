#include "mini/autograd/custom_function.h"

#include <cxxabi.h>

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch05 {

void AutogradContext::saveForBackward(const TensorList& tensors) { toSave_ = tensors; }

void AutogradContext::saveVariables(const Node* gradFn) {
  saved_.clear();
  for (const Tensor& tensor : toSave_) {
    saved_.emplace_back(tensor, tensor.defined() && tensor.gradFn().get() == gradFn);
  }
  toSave_.clear();
}

void AutogradContext::releaseVariables() {
  saved_.clear();
  hasFreedBuffers_ = true;
}

TensorList AutogradContext::getSavedVariables() const {
  if (hasFreedBuffers_) {
    throw std::runtime_error(kErrBackwardTwice);
  }
  TensorList tensors;
  for (const SavedVariable& saved : saved_) {
    tensors.push_back(saved.unpack(nodeName_));
  }
  return tensors;
}

std::string customFunctionNodeName(const std::type_info& function) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(function.name(), nullptr, nullptr, &status);
  std::string name = status == 0 ? demangled : function.name();
  std::free(demangled);
  // Keep the class name, not its namespaces.
  const std::size_t colon = name.rfind("::");
  return (colon == std::string::npos ? name : name.substr(colon + 2)) + "Backward";
}

void throwWrongGradientCount(const std::string& node, std::size_t expected, std::size_t got) {
  throw std::runtime_error(
      fmt::format("function {} returned an incorrect number of gradients (expected {}, got {})", node, expected, got));
}

}  // namespace ch05
}  // namespace mini
