// The counted device's kernels: view the operands as CPU tensors, run the
// CPU kernel, copy the result into counted memory. A real out-of-tree
// backend (an accelerator, a remote device) would launch its own code where
// this calls the CPU kernel; the registration is the same.
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "counted_device.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/output_meta.h"
#include "mini/native/sum_dims.h"
#include "mini/op_registration/library.h"

namespace counted_device {

using mini::Tensor;

Tensor hostAlias(const Tensor& tensor) {
  auto storage = std::make_shared<mini::Storage>(0, mini::kCpu);
  mini::Storage& source = *tensor.unsafeGetTensorImpl()->storage;
  storage->dataPtr = mini::DataPtr(
      source.data(), [](void*) {}, mini::kCpu);
  storage->nbytes = source.nbytes;
  return Tensor(mini::make_intrusive<mini::TensorImpl>(std::move(storage), tensor.sizes(), tensor.strides(),
                                                       tensor.storageOffset(), tensor.dtype()));
}

Tensor toCountedDevice(const Tensor& host) {
  const Tensor contiguous = mini::contiguousCpu(host);
  Tensor out = mini::emptyTensor(host.sizes(), {host.dtype(), kCountedDevice});
  const auto nbytes = static_cast<std::size_t>(host.numel()) * mini::itemSize(host.dtype());
  if (nbytes != 0) {
    std::memcpy(out.rawData(), contiguous.rawData(), nbytes);
  }
  return out;
}

namespace {

// [counted_kernel_template]
// One template makes a kernel of this device from a CPU kernel.
template <auto cpuKernel>
Tensor unaryKernel(const Tensor& self) {
  return toCountedDevice(cpuKernel(hostAlias(self)));
}

// `scalars` are the operator's other arguments (add's alpha), passed on.
template <auto cpuKernel, class... Scalars>
Tensor binaryKernel(const Tensor& self, const Tensor& other, const Scalars&... scalars) {
  // Checked here, before both sides become CPU aliases and look alike.
  mini::checkSameDevice("privateuseone", {&self, &other});
  return toCountedDevice(cpuKernel(hostAlias(self), hostAlias(other), scalars...));
}
// [counted_kernel_template]

// In place: the CPU kernel writes straight into the counted memory.
template <auto cpuKernel, class... Scalars>
Tensor& inplaceKernel(Tensor& self, const Tensor& other, const Scalars&... scalars) {
  mini::checkSameDevice("privateuseone", {&self, &other});
  Tensor alias = hostAlias(self);
  cpuKernel(alias, hostAlias(other), scalars...);
  return self;
}

Tensor sumAll(const Tensor& self) { return toCountedDevice(mini::sumCpu(hostAlias(self))); }

Tensor sumDims(const Tensor& self, const std::vector<std::int64_t>& dims, bool keepdim) {
  return toCountedDevice(
      mini::sumAlongDims(hostAlias(self), dims, keepdim,
                         [](const Tensor& t, std::int64_t dim, bool keep) { return mini::sumCpu(t, dim, keep); }));
}

Tensor& fill(Tensor& self, double value) {
  Tensor alias = hostAlias(self);
  mini::fillCpu_(alias, value);
  return self;
}

// copy_ reaches this kernel when either side is on this device
// (PrivateUse1 ranks above CPU). Both memories are host memory here, so
// aliasing both as CPU tensors and running the CPU copy covers every
// direction. Another device's memory this backend cannot read.
Tensor& copy(Tensor& self, const Tensor& src) {
  for (const Tensor* side : {static_cast<const Tensor*>(&self), &src}) {
    if (!side->device().isCpu() && side->device().type != mini::DeviceType::PrivateUse1) {
      throw std::invalid_argument(fmt::format("copy_: the counted device cannot copy to or from {}", side->device()));
    }
  }
  Tensor alias = self.device().isCpu() ? self : hostAlias(self);
  mini::copyCpu_(alias, src.device().isCpu() ? src : hostAlias(src));
  return self;
}

Tensor empty(const mini::Sizes& size, mini::ScalarType dtype, mini::Device device) {
  return mini::emptyTensor(size, {dtype, device.index < 0 ? kCountedDevice : device});
}

}  // namespace
}  // namespace counted_device

// [counted_registration]
// The whole of the backend's contract with the dispatcher: a kernel for
// each operator on its key. Autograd needs nothing here: the Autograd
// alias kernels of chapter 05 cover AutogradPrivateUse1 already, and t,
// view, zeros, ones, clone and to() are CompositeExplicitAutograd, written
// in terms of empty, fill_ and copy_, so they work as soon as those do.
MINI_LIBRARY_IMPL(aten, PrivateUse1, m) {
  using namespace counted_device;
  m.impl("empty", &empty);
  m.impl("fill_", &fill);
  m.impl("copy_", &copy);
  // add and sub take alpha, which the CPU kernels take and check too.
  m.impl("add.Tensor", &binaryKernel<&mini::addCpu, mini::Scalar>);
  m.impl("sub.Tensor", &binaryKernel<&mini::subCpu, mini::Scalar>);
  m.impl("mul.Tensor", &binaryKernel<&mini::mulCpu>);
  m.impl("div.Tensor", &binaryKernel<&mini::divCpu>);
  m.impl("matmul", &binaryKernel<&mini::matmulCpu>);
  m.impl("threshold_backward", &binaryKernel<&mini::reluBackwardCpu>);
  m.impl("neg", &unaryKernel<&mini::negCpu>);
  m.impl("relu", &unaryKernel<&mini::reluCpu>);
  m.impl("exp", &unaryKernel<&mini::expCpu>);
  m.impl("sum", &sumAll);
  m.impl("sum.dim_IntList", &sumDims);
  m.impl("add_.Tensor", &inplaceKernel<&mini::addInplaceCpu, mini::Scalar>);
  m.impl("mul_.Tensor", &inplaceKernel<&mini::mulInplaceCpu>);
}
// [counted_registration]
