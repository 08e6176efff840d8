#include "mini/core/tensor.h"

#include <stdexcept>

#include <fmt/ranges.h>

namespace mini {
inline namespace ch04 {

double Tensor::item() const {
  if (numel() != 1) {
    throw std::runtime_error(fmt::format("a Tensor with {} elements cannot be converted to Scalar", numel()));
  }
  return values().front();
}

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

Tensor makeTensor(double value, BackendComponent backend, bool requiresGrad) {
  return Tensor(tensorKeySetForBackend(backend), value, requiresGrad);
}

Tensor makeTensor(std::vector<double> values, BackendComponent backend, bool requiresGrad) {
  return Tensor(tensorKeySetForBackend(backend), std::move(values), requiresGrad);
}

Tensor makeBatchedTensor(const std::vector<std::vector<double>>& rows, BackendComponent backend) {
  if (rows.empty()) {
    throw std::invalid_argument("makeBatchedTensor: a batch needs at least one row");
  }
  std::vector<double> values;
  for (const auto& row : rows) {
    if (row.size() != rows.front().size()) {
      throw std::invalid_argument(fmt::format("makeBatchedTensor: rows must have equal lengths, got {} and {}",
                                              rows.front().size(), row.size()));
    }
    values.insert(values.end(), row.begin(), row.end());
  }
  const DispatchKeySet keySet = tensorKeySetForBackend(backend).add(DispatchKey::Batched);
  return Tensor(make_intrusive<TensorImpl>(keySet, std::move(values), rows.size(), false, std::string_view{}));
}

Tensor batchSlice(const Tensor& batched, std::size_t index) {
  if (index >= batched.batchSize()) {
    throw std::out_of_range(fmt::format("batchSlice: row {} of a batch of {}", index, batched.batchSize()));
  }
  const std::size_t rowLength = batched.numel() / batched.batchSize();
  const auto first = batched.values().begin() + static_cast<std::ptrdiff_t>(index * rowLength);
  return Tensor(batched.keySet().remove(DispatchKey::Batched),
                std::vector<double>(first, first + static_cast<std::ptrdiff_t>(rowLength)));
}

Tensor stackBatch(const std::vector<Tensor>& slices) {
  std::vector<std::vector<double>> rows;
  rows.reserve(slices.size());
  for (const Tensor& slice : slices) {
    rows.push_back(slice.values());
  }
  return makeBatchedTensor(rows, slices.at(0).backend());
}

}  // namespace ch04
}  // namespace mini

fmt::format_context::iterator fmt::formatter<mini::Tensor>::format(const mini::Tensor& t,
                                                                   fmt::format_context& ctx) const {
  if (!t.defined()) {
    return fmt::format_to(ctx.out(), "tensor(undefined)");
  }
  auto out = ctx.out();
  if (t.batchSize() > 0) {
    std::vector<std::vector<double>> rows;
    for (std::size_t row = 0; row < t.batchSize(); ++row) {
      rows.push_back(mini::batchSlice(t, row).values());
    }
    out = fmt::format_to(out, "tensor({}, {}, batched", rows, t.backend());
  } else if (t.numel() == 1) {
    out = fmt::format_to(out, "tensor({}, {}", t.values().front(), t.backend());
  } else {
    out = fmt::format_to(out, "tensor({}, {}", t.values(), t.backend());
  }
  if (t.requiresGrad()) {
    out = fmt::format_to(out, ", requires_grad");
  }
  if (!t.gradFn().empty()) {
    out = fmt::format_to(out, ", grad_fn={}", t.gradFn());
  }
  return fmt::format_to(out, ")");
}
