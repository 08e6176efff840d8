// What runs after BackendSelect (and for clone and _to_copy): kernels
// written once in terms of other operators, `empty` and `fill_` and
// `copy_`, so that a backend that has those three gets all of these.
// CompositeExplicitAutograd puts them in every backend's slot (their
// `dispatch:` lines in ops.yaml). And empty's own kernel.
#include <cmath>
#include <cstdint>
#include <mutex>
#include <random>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/aten/dispatch_scalar_type.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/factories.h"
#include "mini/util/checked_convert.h"
#include "mini/util/operator_error.h"

namespace mini {
inline namespace ch06 {

namespace {

// [default_generator]
// In the role of torch's default CPU generator, one per process, reseeded
// by manual_seed, but not its engine: torch's is a 32-bit mt19937, so the
// values differ. A mutex because two threads may draw at once.
struct DefaultGenerator {
  std::mutex mutex;
  std::mt19937_64 engine{0};
};

DefaultGenerator& defaultGenerator() {
  static DefaultGenerator generator;
  return generator;
}
// [default_generator]

}  // namespace

void manualSeed(std::uint64_t seed) {
  DefaultGenerator& generator = defaultGenerator();
  std::lock_guard lock(generator.mutex);
  generator.engine.seed(seed);
}

// empty's kernel on CPU, CUDA and Meta: the device's allocator does the
// work (Meta's gives no bytes). A CUDA device without an index is cuda:0.
Tensor emptyKernel(const Sizes& size, ScalarType dtype, Device device) {
  if (device.type == DeviceType::CUDA && device.index < 0) {
    device = cudaDevice(0);
  }
  return emptyTensor(size, {dtype, device});
}

// [full_composite]
Tensor fullComposite(const Sizes& size, double value, ScalarType dtype, Device device) {
  Tensor out = empty(size, {dtype, device});
  return fill_(out, value);
}
// [full_composite]
Tensor zerosComposite(const Sizes& size, ScalarType dtype, Device device) {
  return fullComposite(size, 0.0, dtype, device);
}
Tensor onesComposite(const Sizes& size, ScalarType dtype, Device device) {
  return fullComposite(size, 1.0, dtype, device);
}

// PyTorch's checks of arange, in the kernel: a call through the dispatcher
// (boxed, or by another kernel) gets them as the C++ function does, before
// the length divides by the step and converts the quotient to int64.
std::int64_t arangeLength(double start, double end, double step, ScalarType dtype) {
  if (!(step > 0.0 || step < 0.0)) {  // NaN too
    throw OperatorInvalidArgument("arange", "step must be nonzero");
  }
  if (!std::isfinite(start) || !std::isfinite(end)) {
    throw OperatorInvalidArgument("arange", fmt::format("unsupported range: {} -> {}", start, end));
  }
  if ((step > 0.0 && end < start) || (step < 0.0 && end > start)) {
    throw OperatorInvalidArgument("arange", "upper bound and larger bound inconsistent with step sign");
  }
  checkConvertible(start, dtype, "arange");
  checkConvertible(end, dtype, "arange");
  const double length = std::ceil((end - start) / step);
  if (!(length < 0x1p63)) {
    throw OperatorInvalidArgument("arange", "invalid size, possible overflow?");
  }
  return static_cast<std::int64_t>(length);
}

// arange and randn compute on the host and copy: the same numbers on every
// device for one seed, and a backend needs no kernel of its own for them.
Tensor arangeComposite(double start, double end, double step, ScalarType dtype, Device device) {
  // As 1.13's arange_out: the dtype's loop is chosen first ("arange_cpu" not
  // implemented for 'Bool'), and start, end and step are taken in the type
  // it counts in, int64 for int64: arange(-3, 3, 1.5) of int64 counts by 1
  // (six elements, not four), and a step of 0.5 is a step of 0.
  MINI_DISPATCH_ALL_TYPES_AND2(ScalarType::Half, ScalarType::BFloat16, dtype, "arange_cpu", [&] {
    if constexpr (std::is_integral_v<scalar_t>) {
      for (double* bound : {&start, &end, &step}) {
        checkConvertible(*bound, dtype, "arange");
        *bound = std::trunc(*bound);
      }
    }
  });
  Tensor host = emptyTensor({arangeLength(start, end, step, dtype)}, {dtype, kCpu});
  arangeFillCpu_(host, start, step);
  return device.isCpu() ? host : _to_copy(host, dtype, device);
}

Tensor randnComposite(const Sizes& size, ScalarType dtype, Device device) {
  // The tensor first, then its dtype's loop: a negative size is the error
  // torch gives first, as its randn is empty() and then normal_().
  Tensor host = emptyTensor(size, {ScalarType::Double, kCpu});
  if (!isFloatingType(dtype)) {
    throw std::invalid_argument(fmt::format("\"normal_kernel_cpu\" not implemented for '{}'", scalarTypeCName(dtype)));
  }
  {
    DefaultGenerator& generator = defaultGenerator();
    std::lock_guard lock(generator.mutex);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (double& value : host.mutableData()) {
      value = normal(generator.engine);
    }
  }
  return _to_copy(host, dtype, device);
}

// The identity matrix, drawn on the host and copied like arange.
Tensor eyeComposite(std::int64_t n, ScalarType dtype, Device device) {
  if (device.isMeta()) {
    return empty({n, n}, {dtype, device});  // a shape, and nothing to draw
  }
  if (dtype == ScalarType::BFloat16) {
    // 1.13's eye loop lists Half and Bool besides the usual types, not BFloat16.
    throwNotImplementedForType("eye", dtype);
  }
  Tensor host = emptyTensor({n, n}, {dtype, kCpu});
  fillCpu_(host, 0.0);
  Tensor diagonal = makeView(host, {n}, {n + 1}, 0);
  fillCpu_(diagonal, 1.0);
  return device.isCpu() ? host : _to_copy(host, dtype, device);
}

// [to_copy_composite]
// tensor.to(device, dtype): a new tensor there, then copy_, which dispatches
// on both tensors and so reaches the backend that can reach both memories.
Tensor toCopyComposite(const Tensor& self, ScalarType dtype, Device device) {
  Tensor out = empty(self.sizes(), {dtype, device});
  return out.copy_(self);
}
// [to_copy_composite]

Tensor cloneComposite(const Tensor& self) { return toCopyComposite(self, self.dtype(), self.device()); }

}  // namespace ch06
}  // namespace mini
