// Mistake: I computed in self's dtype, as an in-place op would, instead of the promoted dtype

// Exercise 06.2: torch.maximum, with broadcasting, type promotion and dtype dispatch.
#include "mini/exercises/maximum_cpu.h"
#include "mini/aten/dispatch_scalar_type.h"
#include "mini/core/shape.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

Tensor maximumCpu(const Tensor& self, const Tensor& other) {
  const OutputMeta meta{binaryMeta(self, other, "maximum").sizes, self.dtype()};
  Tensor out = emptyLike(meta, kCpu);
  const Tensor a = toDtypeCpu(self, meta.dtype);
  const Tensor b = toDtypeCpu(other, meta.dtype);
  MINI_DISPATCH_ALL_TYPES_AND_BOOL(meta.dtype, "maximum_cpu", [&] {
    cpuElementwiseLoop(
        meta.sizes, StridedPointer<scalar_t>{out.dataPtr<scalar_t>(), out.strides()},
        [](scalar_t x, scalar_t y) -> scalar_t {
          if (x != x) {
            return x;
          }
          if (y != y) {
            return y;
          }
          return x < y ? y : x;
        },
        StridedPointer<const scalar_t>{a.dataPtr<const scalar_t>(),
                                       expandedStrides(a.sizes(), a.strides(), meta.sizes)},
        StridedPointer<const scalar_t>{b.dataPtr<const scalar_t>(),
                                       expandedStrides(b.sizes(), b.strides(), meta.sizes)});
  });
  return out;
}

}  // namespace ch06
}  // namespace mini
