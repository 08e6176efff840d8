// Mutant: lets a NaN win only from self, so maximum(1, NaN) is 1
// Must fail: Exercise06_2.ANaNOnEitherSideGivesNaN
// Exercise 06.2: a CPU kernel with dtype dispatch (torch.maximum).
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-62
// Declared in: mini/exercises/maximum_cpu.h
#include "mini/exercises/maximum_cpu.h"
#include "mini/aten/dispatch_scalar_type.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

Tensor maximumCpu(const Tensor& self, const Tensor& other) {
  const OutputMeta meta = binaryMeta(self, other, "maximum");
  Tensor out = emptyLike(meta, kCpu);
  const Tensor a = toDtypeCpu(self, meta.dtype);
  const Tensor b = toDtypeCpu(other, meta.dtype);
  MINI_DISPATCH_ALL_TYPES_AND_BOOL(meta.dtype, "maximum", [&] {
    cpuElementwiseLoop(
        meta.sizes, StridedPointer<scalar_t>{out.dataPtr<scalar_t>(), out.strides()},
        // A NaN on either side wins, as in torch.maximum; `x != x` is
        // false for every bool and integer, so they take the comparison.
        [](scalar_t x, scalar_t y) { return x != x ? x : (x < y ? y : x); },
        StridedPointer<const scalar_t>{a.dataPtr<const scalar_t>(),
                                       expandedStrides(a.sizes(), a.strides(), meta.sizes)},
        StridedPointer<const scalar_t>{b.dataPtr<const scalar_t>(),
                                       expandedStrides(b.sizes(), b.strides(), meta.sizes)});
  });
  return out;
}

}  // namespace ch06
}  // namespace mini
