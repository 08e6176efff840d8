#include "mini/core/tensor.h"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/engine.h"
#include "mini/autograd/node.h"
#include "mini/native/cpu/cpu_kernels.h"

namespace mini {
inline namespace ch06 {

// [backend_of_device]
BackendComponent backendComponentOf(DeviceType type) {
  switch (type) {
    case DeviceType::CPU: return BackendComponent::CPUBit;
    case DeviceType::CUDA: return BackendComponent::CUDABit;
    case DeviceType::Meta: return BackendComponent::MetaBit;
    case DeviceType::PrivateUse1: return BackendComponent::PrivateUse1Bit;
  }
  return BackendComponent::InvalidBit;
}
// [backend_of_device]

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

TensorImpl::TensorImpl(std::shared_ptr<Storage> storage, Sizes sizes, Strides strides, std::int64_t storageOffset,
                       ScalarType dtype)
    : keySet(tensorKeySetForBackend(backendComponentOf(storage->device().type))),
      storage(std::move(storage)),
      sizes(std::move(sizes)),
      strides(std::move(strides)),
      storageOffset(storageOffset),
      dtype(dtype),
      autograd(std::make_unique<AutogradMeta>()) {}

// Here, where AutogradMeta is complete.
TensorImpl::~TensorImpl() = default;

void Tensor::throwUndefined() {
  throw std::logic_error("this tensor is undefined (a gradient that was never computed?)");
}

std::int64_t Tensor::storageOffset() const { return impl().storageOffset; }
std::int64_t Tensor::numel() const { return numelOf(sizes()); }
Device Tensor::device() const { return impl().storage->device(); }
TensorOptions Tensor::options() const { return {dtype(), device(), false}; }
bool Tensor::isContiguous() const { return mini::isContiguous(sizes(), strides()); }

// [raw_data]
void* Tensor::rawData() const {
  if (device().isMeta()) {
    throw std::runtime_error(
        "Cannot access data of a meta tensor: it has a shape and a dtype but no storage. Meta tensors "
        "compute the shapes of results only.");
  }
  auto* base = static_cast<char*>(impl().storage->data());
  return base == nullptr ? nullptr : base + storageOffset() * static_cast<std::int64_t>(itemSize(dtype()));
}
// [raw_data]

void Tensor::checkDataPtrAccess(ScalarType requested) const {
  if (requested != dtype()) {
    throw std::invalid_argument(
        fmt::format("expected scalar type {} but found {}", scalarTypeCName(requested), scalarTypeCName(dtype())));
  }
  if (!device().isCpu()) {
    throw std::invalid_argument(
        fmt::format("dataPtr<{}>() reads host memory, but this tensor is on {}: copy it with to(kCpu) first",
                    scalarTypeName(requested), device()));
  }
}

std::span<double> Tensor::mutableData() const {
  if (!isContiguous()) {
    throw std::invalid_argument("data() walks elements in storage order, which needs a contiguous tensor");
  }
  return {dataPtr<double>(), static_cast<std::size_t>(numel())};
}

std::span<const double> Tensor::data() const { return mutableData(); }

double Tensor::item() const {
  if (numel() != 1) {
    throw std::invalid_argument(fmt::format("a Tensor with {} elements cannot be converted to Scalar", numel()));
  }
  Tensor host = device().isCpu() ? *this : to(kCpu);
  return toDtypeCpu(host, ScalarType::Double).dataPtr<const double>()[0];
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
  if (requiresGrad && !isFloatingType(dtype())) {
    throw std::invalid_argument(
        fmt::format("only Tensors of floating point dtype can require gradients, got {}", scalarTypeName(dtype())));
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

Tensor Tensor::detach() const { return makeView(*this, sizes(), strides(), storageOffset()); }

void Tensor::backward(const Tensor& gradient) const { mini::backward(*this, gradient); }

Tensor Tensor::to(Device device) const {
  if (device == this->device()) {
    return *this;
  }
  return _to_copy(*this, dtype(), device);
}

Tensor Tensor::to(ScalarType dtype) const {
  if (dtype == this->dtype()) {
    return *this;
  }
  return _to_copy(*this, dtype, device());
}

Tensor emptyTensor(const Sizes& sizes, const TensorOptions& options) {
  for (std::int64_t size : sizes) {
    if (size < 0) {
      throw std::invalid_argument(fmt::format("Trying to create tensor with negative dimension {}", size));
    }
  }
  const auto nbytes = static_cast<std::size_t>(numelOf(sizes)) * itemSize(options.dtype);
  auto storage = std::make_shared<Storage>(nbytes, options.device);
  return Tensor(make_intrusive<TensorImpl>(std::move(storage), sizes, contiguousStrides(sizes), 0, options.dtype));
}

Tensor makeView(const Tensor& base, Sizes sizes, Strides strides, std::int64_t storageOffset) {
  return Tensor(make_intrusive<TensorImpl>(base.unsafeGetTensorImpl()->storage, std::move(sizes), std::move(strides),
                                           storageOffset, base.dtype()));
}

Tensor fromValues(std::vector<double> values, Sizes sizes, bool requiresGrad) {
  if (numelOf(sizes) != static_cast<std::int64_t>(values.size())) {
    throw std::invalid_argument(
        fmt::format("shape [{}] is invalid for input of size {}", fmt::join(sizes, ", "), values.size()));
  }
  Tensor tensor = emptyTensor(sizes, {ScalarType::Double, kCpu});
  if (!values.empty()) {
    std::memcpy(tensor.dataPtr<double>(), values.data(), values.size() * sizeof(double));
  }
  tensor.setRequiresGrad(requiresGrad);
  return tensor;
}

Tensor scalarTensor(double value, bool requiresGrad) { return fromValues({value}, {}, requiresGrad); }

namespace {

// Nested brackets for the dimensions from `dim` on, starting at element
// `offset` of a contiguous float64 copy.
void formatValues(std::string& out, std::span<const double> values, const Sizes& sizes, std::size_t dim,
                  std::int64_t offset, ScalarType dtype) {
  const bool integral = dtype == ScalarType::Long;
  if (dim == sizes.size()) {
    const double value = values[static_cast<std::size_t>(offset)];
    if (dtype == ScalarType::Bool) {
      out += value != 0.0 ? "True" : "False";
    } else if (integral) {
      fmt::format_to(std::back_inserter(out), "{}", static_cast<std::int64_t>(value));
    } else {
      fmt::format_to(std::back_inserter(out), "{}", value);
    }
    return;
  }
  const std::int64_t stride = numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(dim) + 1, sizes.end()));
  out += '[';
  for (std::int64_t i = 0; i < sizes[dim]; ++i) {
    if (i > 0) {
      out += ", ";
    }
    formatValues(out, values, sizes, dim + 1, offset + i * stride, dtype);
  }
  out += ']';
}

}  // namespace

std::string formatTensor(const Tensor& tensor) {
  if (!tensor.defined()) {
    return "tensor(undefined)";
  }
  std::string out = "tensor(";
  if (tensor.device().isMeta()) {
    // A meta tensor has no values to print; torch prints "..." and its size.
    fmt::format_to(std::back_inserter(out), "..., size=({})", fmt::join(tensor.sizes(), ", "));
  } else {
    const Tensor host = tensor.device().isCpu() ? tensor : tensor.detach().to(kCpu);
    const Tensor doubles = contiguousCpu(toDtypeCpu(host, ScalarType::Double));
    formatValues(out, doubles.data(), doubles.sizes(), 0, 0, tensor.dtype());
  }
  if (!tensor.device().isCpu()) {
    fmt::format_to(std::back_inserter(out), ", device='{}'", tensor.device());
  }
  if (tensor.dtype() != kDefaultFloatType && tensor.dtype() != ScalarType::Long) {
    fmt::format_to(std::back_inserter(out), ", dtype=torch.{}", scalarTypeName(tensor.dtype()));
  }
  if (tensor.gradFn() != nullptr) {
    fmt::format_to(std::back_inserter(out), ", grad_fn=<{}>", tensor.gradFn()->name());
  } else if (tensor.requiresGrad()) {
    out += ", requires_grad=True";
  }
  return out + ")";
}

}  // namespace ch06
}  // namespace mini
