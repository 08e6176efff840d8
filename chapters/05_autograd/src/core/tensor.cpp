#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/engine.h"

namespace mini {
inline namespace ch05 {

std::string_view scalarTypeName(ScalarType type) {
  switch (type) {
    case ScalarType::Double: return "float64";
  }
  return "unknown";
}

std::int64_t numelOf(const Sizes& sizes) {
  std::int64_t count = 1;
  for (std::int64_t size : sizes) {
    count *= size;
  }
  return count;
}

TensorImpl::TensorImpl(DispatchKeySet keySet, std::shared_ptr<Storage> storage, Sizes sizes)
    : keySet(keySet),
      storage(std::move(storage)),
      sizes(std::move(sizes)),
      autograd(std::make_unique<AutogradMeta>()) {}

// Here, where AutogradMeta is complete.
TensorImpl::~TensorImpl() = default;

void Tensor::throwUndefined() {
  throw std::logic_error("this tensor is undefined (a gradient that was never computed?)");
}

std::int64_t Tensor::numel() const { return numelOf(sizes()); }

std::span<const double> Tensor::data() const { return impl().storage->values; }
std::span<double> Tensor::mutableData() const { return impl().storage->values; }

double Tensor::item() const {
  if (numel() != 1) {
    throw std::invalid_argument(fmt::format("a Tensor with {} elements cannot be converted to Scalar", numel()));
  }
  return data()[0];
}

bool Tensor::requiresGrad() const {
  const AutogradMeta& meta = *impl().autograd;
  return meta.requiresGrad || meta.gradFn != nullptr;
}

Tensor& Tensor::setRequiresGrad(bool requiresGrad) {
  if (!isLeaf()) {
    throw std::logic_error(
        "you can only change requires_grad flags of leaf variables. If you want to use a computed "
        "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  }
  impl().autograd->requiresGrad = requiresGrad;
  return *this;
}

bool Tensor::isLeaf() const { return impl().autograd->gradFn == nullptr; }
const Tensor& Tensor::grad() const { return impl().autograd->grad; }
Tensor& Tensor::mutableGrad() const { return impl().autograd->grad; }
const std::shared_ptr<Node>& Tensor::gradFn() const { return impl().autograd->gradFn; }
std::uint32_t Tensor::outputNr() const { return impl().autograd->outputNr; }
std::uint32_t Tensor::version() const { return impl().storage->version; }

Tensor Tensor::detach() const {
  return Tensor(make_intrusive<TensorImpl>(impl().keySet, impl().storage, impl().sizes));
}

void Tensor::backward(const Tensor& gradient) const { mini::backward(*this, gradient); }

DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend) {
  return DispatchKeySet(DispatchKey::ADInplaceOrView) |
         DispatchKeySet(toRuntimePerBackendFunctionalityKey(DispatchKey::AutogradFunctionality, backend));
}

DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend) {
  switch (backend) {
    case BackendComponent::CPUBit: return DispatchKey::AutocastCPU;
    case BackendComponent::CUDABit: return DispatchKey::AutocastCUDA;
    default: return {};
  }
}

DispatchKeySet tensorKeySetForBackend(BackendComponent backend) {
  return DispatchKeySet(toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, backend)) |
         getAutogradRelatedKeySetFromBackend(backend) | getAutocastRelatedKeySetFromBackend(backend);
}

Tensor fromValues(std::vector<double> values, Sizes sizes, bool requiresGrad) {
  if (numelOf(sizes) != static_cast<std::int64_t>(values.size())) {
    throw std::invalid_argument(
        fmt::format("shape [{}] is invalid for input of size {}", fmt::join(sizes, ", "), values.size()));
  }
  auto impl = make_intrusive<TensorImpl>(tensorKeySetForBackend(BackendComponent::CPUBit),
                                         std::make_shared<Storage>(Storage{std::move(values)}), std::move(sizes));
  impl->autograd->requiresGrad = requiresGrad;
  return Tensor(std::move(impl));
}

Tensor scalarTensor(double value, bool requiresGrad) { return fromValues({value}, {}, requiresGrad); }

Tensor full(Sizes sizes, double value) {
  std::vector<double> values(static_cast<std::size_t>(numelOf(sizes)), value);
  return fromValues(std::move(values), std::move(sizes));
}

Tensor zeros(Sizes sizes) { return full(std::move(sizes), 0.0); }
Tensor ones(Sizes sizes) { return full(std::move(sizes), 1.0); }

namespace {

// Nested brackets for the dimensions from `dim` on, starting at element `offset`.
void formatValues(std::string& out, const Tensor& tensor, std::size_t dim, std::int64_t offset) {
  const Sizes& sizes = tensor.sizes();
  if (dim == sizes.size()) {
    fmt::format_to(std::back_inserter(out), "{}", tensor.data()[static_cast<std::size_t>(offset)]);
    return;
  }
  const std::int64_t stride = numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(dim) + 1, sizes.end()));
  out += '[';
  for (std::int64_t i = 0; i < sizes[dim]; ++i) {
    if (i > 0) {
      out += ", ";
    }
    formatValues(out, tensor, dim + 1, offset + i * stride);
  }
  out += ']';
}

}  // namespace

std::string formatTensor(const Tensor& tensor) {
  if (!tensor.defined()) {
    return "tensor(undefined)";
  }
  std::string out = "tensor(";
  formatValues(out, tensor, 0, 0);
  if (tensor.gradFn() != nullptr) {
    fmt::format_to(std::back_inserter(out), ", grad_fn=<{}>", tensor.gradFn()->name());
  } else if (tensor.requiresGrad()) {
    out += ", requires_grad=True";
  }
  return out + ")";
}

}  // namespace ch05
}  // namespace mini
