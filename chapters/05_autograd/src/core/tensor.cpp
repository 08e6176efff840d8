#include <algorithm>
#include <cmath>
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

void Tensor::backward(const Tensor& gradient, bool retainGraph) const { mini::backward(*this, gradient, retainGraph); }

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

// torch/_tensor_str.py's choice for a float64 tensor, made once for all its
// values and padded to the widest: "1." when every finite, non-zero value is
// whole, else four decimals, and scientific notation when the magnitudes
// span more than 1000x or leave [1e-4, 1e8]. (Chapter 06, with dtypes,
// prints integers and bools too.)
class ValueFormatter {
 public:
  explicit ValueFormatter(std::span<const double> values) {
    std::vector<double> magnitudes;
    for (double value : values) {
      if (std::isfinite(value) && value != 0.0) {
        magnitudes.push_back(std::fabs(value));
        wholeNumbers_ = wholeNumbers_ && value == std::ceil(value);
      }
    }
    if (magnitudes.empty()) {
      return;
    }
    const double smallest = *std::min_element(magnitudes.begin(), magnitudes.end());
    const double largest = *std::max_element(magnitudes.begin(), magnitudes.end());
    scientific_ = largest / smallest > 1000.0 || largest > 1.0e8 || (!wholeNumbers_ && smallest < 1.0e-4);
    for (double value : values) {
      if (std::isfinite(value) && value != 0.0) {
        width_ = std::max(width_, format(value).size());
      }
    }
  }

  std::size_t width() const { return width_; }

  std::string padded(double value) const {
    const std::string text = format(value);
    return std::string(width_ > text.size() ? width_ - text.size() : 0, ' ') + text;
  }

 private:
  std::string format(double value) const {
    if (scientific_) {
      return fmt::format("{:.4e}", value);
    }
    if (wholeNumbers_) {
      return std::isfinite(value) ? fmt::format("{:.0f}.", value) : fmt::format("{:.0f}", value);
    }
    return fmt::format("{:.4f}", value);
  }

  bool wholeNumbers_ = true;
  bool scientific_ = false;
  std::size_t width_ = 1;
};

// Nested brackets for the dimensions from `dim` on, starting at element
// `offset`, the brackets at column `indent`: as torch, a row wraps at 80
// columns and the rows of a matrix go on lines of their own.
void formatValues(std::string& out, const Tensor& tensor, std::size_t dim, std::int64_t offset, std::size_t indent,
                  const ValueFormatter& formatter) {
  const Sizes& sizes = tensor.sizes();
  if (dim == sizes.size()) {
    out += formatter.padded(tensor.data()[static_cast<std::size_t>(offset)]);
    return;
  }
  const std::int64_t stride = numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(dim) + 1, sizes.end()));
  const bool lastDim = dim + 1 == sizes.size();
  const std::size_t perLine =
      lastDim ? std::max<std::size_t>(1, (80 - std::min<std::size_t>(indent, 80)) / (formatter.width() + 2)) : 1;
  const std::string rowBreak =
      "," + std::string(lastDim ? 1 : sizes.size() - dim - 1, '\n') + std::string(indent + 1, ' ');
  out += '[';
  for (std::int64_t i = 0; i < sizes[dim]; ++i) {
    if (i > 0) {
      out += static_cast<std::size_t>(i) % perLine == 0 ? rowBreak : ", ";
    }
    formatValues(out, tensor, dim + 1, offset + i * stride, indent + 1, formatter);
  }
  out += ']';
}

// torch's _add_suffixes: on the same line while it fits in 80 columns.
void addSuffix(std::string& out, const std::string& suffix) {
  const std::size_t lastNewline = out.rfind('\n');
  const std::size_t lastLine = lastNewline == std::string::npos ? out.size() + 2 : out.size() - lastNewline + 1;
  out += lastLine + suffix.size() + 2 > 80 ? ",\n       " + suffix : ", " + suffix;
}

}  // namespace

std::string formatTensor(const Tensor& tensor) {
  if (!tensor.defined()) {
    return "tensor(undefined)";
  }
  std::string out = "tensor(";
  if (tensor.numel() == 0) {
    out += "[]";
    if (tensor.dim() != 1) {
      addSuffix(out, fmt::format("size=({})", fmt::join(tensor.sizes(), ", ")));
    }
  } else {
    formatValues(out, tensor, 0, 0, out.size(), ValueFormatter(tensor.data()));
  }
  // Every tensor here is float64, which is not torch's default dtype.
  addSuffix(out, "dtype=torch.float64");
  if (tensor.gradFn() != nullptr) {
    addSuffix(out, fmt::format("grad_fn=<{}>", tensor.gradFn()->name()));
  } else if (tensor.requiresGrad()) {
    addSuffix(out, "requires_grad=True");
  }
  return out + ")";
}

}  // namespace ch05
}  // namespace mini
