#include "mini/core/tensor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/engine.h"
#include "mini/autograd/node.h"
#include "mini/autograd/view_history.h"
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
  // A view requires grad when its base does, history or not: an in-place
  // write into the base reaches it (1.13's DifferentiableViewMeta).
  return meta.requiresGrad || meta.gradFn != nullptr || (meta.isView && meta.base.requiresGrad());
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

bool Tensor::isLeaf() const { return gradFn() == nullptr; }
const Tensor& Tensor::grad() const { return impl().autograd->grad; }
Tensor& Tensor::mutableGrad() const { return impl().autograd->grad; }
const std::shared_ptr<Node>& Tensor::gradFn() const {
  const AutogradMeta& meta = *impl().autograd;
  return meta.isView ? viewGradFn(*this) : meta.gradFn;
}
std::uint32_t Tensor::outputNr() const { return impl().autograd->outputNr; }
std::uint32_t Tensor::version() const { return impl().storage->version; }

Tensor Tensor::detach() const { return makeView(*this, sizes(), strides(), storageOffset()); }

void Tensor::backward(const Tensor& gradient, bool retainGraph) const { mini::backward(*this, gradient, retainGraph); }

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
      throw std::invalid_argument(
          fmt::format("Trying to create tensor with negative dimension {}: [{}]", size, fmt::join(sizes, ", ")));
    }
  }
  // 1.13's computeStorageNbytesContiguous: the elements times their size,
  // refused when it passes what a size_t holds (zeros(2**62) would wrap to
  // a small allocation and write past it).
  std::size_t nbytes = itemSize(options.dtype);
  const bool empty = std::find(sizes.begin(), sizes.end(), 0) != sizes.end();  // no bytes, whatever the rest
  for (std::int64_t size : empty ? Sizes{} : sizes) {
    if (__builtin_mul_overflow(nbytes, static_cast<std::size_t>(size), &nbytes) ||
        nbytes > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max())) {
      throw std::runtime_error(
          fmt::format("Storage size calculation overflowed with sizes=[{}]", fmt::join(sizes, ", ")));
    }
  }
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

// torch/_tensor_str.py's PRINT_OPTS: past `threshold` elements a tensor is
// summarized, each dimension longer than 2 * `edgeitems` showing its first
// and last `edgeitems` around "...".
constexpr std::int64_t kPrintThreshold = 1000;
constexpr std::int64_t kPrintEdgeItems = 3;

// The elements a print shows, read once from a contiguous host copy: int64
// for the integral dtypes and bool (exact: a double holds 53 bits), float64
// for the floating ones.
struct PrintedElements {
  ScalarType dtype;
  std::span<const double> doubles;
  std::span<const std::int64_t> ints;
  bool floating() const { return isFloatingType(dtype); }
};

// The element offsets a print visits, in order: every element, or when
// summarizing only the edges of each long dimension, which are also all
// that torch's formatter looks at (get_summarized_data).
void visitedOffsets(const Sizes& sizes, std::size_t dim, std::int64_t offset, bool summarize,
                    std::vector<std::int64_t>& out) {
  if (dim == sizes.size()) {
    out.push_back(offset);
    return;
  }
  const std::int64_t stride = numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(dim) + 1, sizes.end()));
  for (std::int64_t i = 0; i < sizes[dim]; ++i) {
    if (summarize && sizes[dim] > 2 * kPrintEdgeItems && i == kPrintEdgeItems) {
      i = sizes[dim] - kPrintEdgeItems;
    }
    visitedOffsets(sizes, dim + 1, offset + i * stride, summarize, out);
  }
}

// torch/_tensor_str.py's _Formatter: one look at the shown values decides
// how all of them are written, and every value is padded to the widest.
// Floating values that are all whole print as "1." ("int mode"), others with
// four decimals, and in scientific notation when their magnitudes span more
// than 1000x or leave [1e-4, 1e8]. Only finite, non-zero values are looked
// at. NaN prints as Python prints it, "nan" whatever its sign bit (0/0 sets
// it on x86, where fmt would write "-nan").
class ValueFormatter {
 public:
  ValueFormatter(const PrintedElements& elements, const std::vector<std::int64_t>& shown) : elements_(elements) {
    if (!elements.floating()) {
      for (std::int64_t offset : shown) {
        width_ = std::max(width_, format(offset).size());
      }
      return;
    }
    std::vector<double> magnitudes;
    for (std::int64_t offset : shown) {
      const double value = elements.doubles[static_cast<std::size_t>(offset)];
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
    for (std::int64_t offset : shown) {
      const double value = elements.doubles[static_cast<std::size_t>(offset)];
      if (std::isfinite(value) && value != 0.0) {
        width_ = std::max(width_, format(offset).size());
      }
    }
  }

  std::size_t width() const { return width_; }

  std::string padded(std::int64_t offset) const {
    const std::string text = format(offset);
    return std::string(width_ > text.size() ? width_ - text.size() : 0, ' ') + text;
  }

 private:
  std::string format(std::int64_t offset) const {
    const auto index = static_cast<std::size_t>(offset);
    if (elements_.dtype == ScalarType::Bool) {
      return elements_.ints[index] != 0 ? "True" : "False";
    }
    if (!elements_.floating()) {
      return fmt::format("{}", elements_.ints[index]);
    }
    const double value = elements_.doubles[index];
    if (std::isnan(value)) {
      return "nan";
    }
    if (scientific_) {
      return fmt::format("{:.4e}", value);
    }
    if (wholeNumbers_) {
      return std::isfinite(value) ? fmt::format("{:.0f}.", value) : fmt::format("{:.0f}", value);
    }
    return fmt::format("{:.4f}", value);
  }

  const PrintedElements& elements_;
  bool wholeNumbers_ = true;
  bool scientific_ = false;
  std::size_t width_ = 1;
};

// Nested brackets for the dimensions from `dim` on, starting at element
// `offset` of the contiguous host copy; `indent` is the column the brackets
// start at. As torch: a row wraps at 80 columns, and the rows of a matrix go
// on lines of their own (a blank line between 2-D blocks of a 3-D tensor,
// and so on); when summarizing, " ..." stands for a row's middle elements
// (wrapping as one more element) and "..." for a matrix's middle rows.
void formatValues(std::string& out, const Sizes& sizes, std::size_t dim, std::int64_t offset, std::size_t indent,
                  const ValueFormatter& formatter, bool summarize) {
  const std::int64_t stride = numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(dim) + 1, sizes.end()));
  const bool elided = summarize && sizes[dim] > 2 * kPrintEdgeItems;
  std::vector<std::int64_t> shown;  // the indices shown along this dimension; -1 for the "..."
  for (std::int64_t i = 0; i < sizes[dim]; ++i) {
    if (elided && i == kPrintEdgeItems) {
      shown.push_back(-1);
      i = sizes[dim] - kPrintEdgeItems;
    }
    shown.push_back(i);
  }
  out += '[';
  if (dim + 1 == sizes.size()) {
    const std::size_t perLine =
        std::max<std::size_t>(1, (80 - std::min<std::size_t>(indent, 80)) / (formatter.width() + 2));
    for (std::size_t k = 0; k < shown.size(); ++k) {
      if (k > 0) {
        out += k % perLine == 0 ? ",\n" + std::string(indent + 1, ' ') : ", ";
      }
      out += shown[k] < 0 ? std::string(" ...") : formatter.padded(offset + shown[k]);
    }
  } else {
    const std::string separator = "," + std::string(sizes.size() - dim - 1, '\n') + std::string(indent + 1, ' ');
    for (std::size_t k = 0; k < shown.size(); ++k) {
      if (k > 0) {
        out += separator;
      }
      if (shown[k] < 0) {
        out += "...";
      } else {
        formatValues(out, sizes, dim + 1, offset + shown[k] * stride, indent + 1, formatter, summarize);
      }
    }
  }
  out += ']';
}

// torch's _add_suffixes: ", dtype=..." on the same line while it fits in 80
// columns, else on a line of its own.
void addSuffix(std::string& out, const std::string& suffix) {
  const std::size_t lastNewline = out.rfind('\n');
  const std::size_t lastLine = lastNewline == std::string::npos ? out.size() + 2 : out.size() - lastNewline + 1;
  out += lastLine + suffix.size() + 2 > 80 ? ",\n       " + suffix : ", " + suffix;
}

std::string tupleOf(const Sizes& sizes) {
  return sizes.size() == 1 ? fmt::format("({},)", sizes[0]) : fmt::format("({})", fmt::join(sizes, ", "));
}

}  // namespace

std::string formatTensor(const Tensor& tensor) {
  if (!tensor.defined()) {
    return "tensor(undefined)";
  }
  std::vector<std::string> suffixes;
  if (!tensor.device().isCpu()) {
    suffixes.push_back(fmt::format("device='{}'", tensor.device()));
  }
  // torch names the dtype unless it is a default one: float32, int64, bool
  // (and for an empty or meta tensor, unless it is float32).
  const bool noValues = tensor.device().isMeta() || tensor.numel() == 0;
  const bool defaultDtype = tensor.dtype() == kDefaultFloatType ||
                            (!noValues && (tensor.dtype() == ScalarType::Long || tensor.dtype() == ScalarType::Bool));
  std::string out = "tensor(";
  if (noValues) {
    if (tensor.device().isMeta() || tensor.dim() != 1) {
      suffixes.push_back("size=" + tupleOf(tensor.sizes()));
    }
    out += tensor.device().isMeta() ? "..." : "[]";
  } else {
    const Tensor host = tensor.device().isCpu() ? tensor : tensor.detach().to(kCpu);
    const bool floating = isFloatingType(tensor.dtype());
    const Tensor copy = contiguousCpu(toDtypeCpu(host, floating ? ScalarType::Double : ScalarType::Long));
    const auto count = static_cast<std::size_t>(copy.numel());
    PrintedElements elements{tensor.dtype(), {}, {}};
    if (floating) {
      elements.doubles = {copy.dataPtr<const double>(), count};
    } else {
      elements.ints = {copy.dataPtr<const std::int64_t>(), count};
    }
    const bool summarize = tensor.numel() > kPrintThreshold;
    std::vector<std::int64_t> shown;
    visitedOffsets(copy.sizes(), 0, 0, summarize, shown);
    const ValueFormatter formatter(elements, shown);
    if (copy.dim() == 0) {
      out += formatter.padded(0);
    } else {
      formatValues(out, copy.sizes(), 0, 0, out.size(), formatter, summarize);
    }
  }
  if (!defaultDtype) {
    suffixes.push_back(fmt::format("dtype=torch.{}", scalarTypeName(tensor.dtype())));
  }
  if (tensor.gradFn() != nullptr) {
    // torch prints the node's Python class name here: Node::name() without
    // its C++ namespaces (CopyBackwards for torch::autograd::CopyBackwards).
    const std::string name = tensor.gradFn()->name();
    suffixes.push_back(fmt::format("grad_fn=<{}>", name.substr(name.rfind(':') + 1)));
  } else if (tensor.requiresGrad()) {
    suffixes.push_back("requires_grad=True");
  }
  for (const std::string& suffix : suffixes) {
    addSuffix(out, suffix);
  }
  return out + ")";
}

}  // namespace ch06
}  // namespace mini
