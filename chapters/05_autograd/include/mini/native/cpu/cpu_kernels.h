#pragma once
/// \file
/// \brief The CPU kernels: the arithmetic, and nothing else.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// Plain functions over float64 data. They know nothing of autograd, grad
/// mode or version counters: that is the layers above. Elementwise binary
/// kernels take equal sizes, or one one-element tensor that stands for every
/// element (the only broadcasting this chapter has).
Tensor addCpu(const Tensor& self, const Tensor& other);
Tensor subCpu(const Tensor& self, const Tensor& other);
Tensor mulCpu(const Tensor& self, const Tensor& other);
Tensor divCpu(const Tensor& self, const Tensor& other);
Tensor negCpu(const Tensor& self);
/// The sum of all elements, a zero-dimensional tensor.
Tensor sumCpu(const Tensor& self);
/// Matrix product of [n, k] and [k, m].
Tensor matmulCpu(const Tensor& self, const Tensor& other);
Tensor reluCpu(const Tensor& self);
Tensor expCpu(const Tensor& self);
/// The transpose of a 2-D tensor. Without strides it cannot be a view, so
/// it copies; chapter 06 makes it a view.
Tensor tCpu(const Tensor& self);
/// The same storage with other sizes (same element count).
Tensor viewCpu(const Tensor& self, const Sizes& sizes);
/// A copy with its own storage.
Tensor cloneCpu(const Tensor& self);
/// In place: self += other, self *= other. They write the data only; the
/// version bump is the ADInplaceOrView step's job.
Tensor& addInplaceCpu(Tensor& self, const Tensor& other);
Tensor& mulInplaceCpu(Tensor& self, const Tensor& other);
/// An operator without a backward formula, for the not-implemented fallback.
Tensor sinCpu(const Tensor& self);
/// relu's backward: `grad` where `result` > 0, else 0 (torch's threshold_backward).
Tensor reluBackwardCpu(const Tensor& grad, const Tensor& result);

/// The sizes of `self op other`: equal sizes, or the sizes of the side that
/// is not a one-element tensor. Throws naming `op` otherwise.
Sizes broadcastSizes(const Tensor& self, const Tensor& other, std::string_view op);

}  // namespace ch05
}  // namespace mini
