#pragma once
/// \file
/// \brief The CPU backend's kernels: shapes and dtypes from output_meta.h,
///        a dtype switch, then a loop over host memory.

#include <optional>

#include "mini/core/scalar.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// Elementwise, with broadcasting and type promotion: `a + b` of an int64
/// [3, 1] and a float32 [4] is a float32 [3, 4].
/// add and sub take alpha (a + alpha * b), checked as their meta() checks it.
Tensor addCpu(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor subCpu(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor mulCpu(const Tensor& self, const Tensor& other);
/// True division: int64 / int64 is float32, as in torch.
Tensor divCpu(const Tensor& self, const Tensor& other);
Tensor negCpu(const Tensor& self);
Tensor reluCpu(const Tensor& self);
/// exp of an int64 tensor is float32, as in torch.
Tensor expCpu(const Tensor& self);
/// relu's backward: `grad` where `result` > 0, else 0.
Tensor reluBackwardCpu(const Tensor& grad, const Tensor& result);
/// sin and cos (sin's backward); of an int64 tensor float32, as exp.
Tensor sinCpu(const Tensor& self);
Tensor cosCpu(const Tensor& self);
/// In place: self += other, self *= other, in self's dtype.
Tensor& addInplaceCpu(Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor& mulInplaceCpu(Tensor& self, const Tensor& other);

/// The sum of all elements (dim empty) or along one dimension.
Tensor sumCpu(const Tensor& self, std::optional<std::int64_t> dim = std::nullopt, bool keepdim = false);
/// The `sum` operator's CPU kernel: sumCpu of every element.
Tensor sumAllCpu(const Tensor& self);
/// [n, k] @ [k, m], blocked so each block of the operands stays in cache.
Tensor matmulCpu(const Tensor& self, const Tensor& other);
/// The same into `out`, which has the result's shape and dtype.
void matmulIntoCpu(const Tensor& out, const Tensor& self, const Tensor& other);

/// dst[...] = src[...], converting the dtype, broadcasting src to dst's shape.
Tensor& copyCpu_(Tensor& dst, const Tensor& src);
/// Every element of self set to `value` (converted to self's dtype).
Tensor& fillCpu_(Tensor& self, double value);
/// element i = start + i * step, in self's dtype (arange's loop).
Tensor& arangeFillCpu_(Tensor& self, double start, double step);

/// A copy in `dtype` on the CPU, or `self` itself if it already has it.
Tensor toDtypeCpu(const Tensor& self, ScalarType dtype);
/// A contiguous copy on the CPU, or `self` itself if it already is one.
Tensor contiguousCpu(const Tensor& self);

}  // namespace ch06
}  // namespace mini
