#pragma once
/// \file
/// \brief Whether a written tensor shares memory with itself or with an input
///        (PyTorch 1.13's ATen/MemoryOverlap.h).
///
/// An elementwise kernel reads and writes element by element. When the
/// written tensor is `x.t()` and the input is `x`, an element written early
/// is read later as an input, and the result depends on the loop's order:
/// silently wrong. 1.13 refuses such calls before computing anything
/// (TensorIterator's compute_mem_overlaps, and copy_), and so does the course.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// Does a tensor write one memory location through several of its elements?
/// Yes for an expanded tensor (a stride 0 over a size above 1); TooHard when
/// its layout has gaps or overlaps that 1.13 does not work out.
enum class MemOverlap { No, Yes, TooHard };

/// Two tensors: the same elements (Full: the same tensor, or the same bytes
/// with the same strides), some of them (Partial), none (No), or layouts
/// 1.13 does not compare (TooHard).
enum class MemOverlapStatus { Full, Partial, No, TooHard };

/// 1.13's TensorImpl::is_non_overlapping_and_dense: the elements, in some
/// order of the dimensions, fill a block of memory exactly once.
bool isNonOverlappingAndDense(const Tensor& tensor);

MemOverlap hasInternalOverlap(const Tensor& tensor);
/// Refuses a written-to tensor with internal overlap ("more than one element
/// of the written-to tensor refers to a single memory location").
void assertNoInternalOverlap(const Tensor& tensor);

MemOverlapStatus getOverlapStatus(const Tensor& a, const Tensor& b);
/// Refuses an input that shares some but not all of its memory with the
/// written-to tensor `a`. Full overlap is allowed: `x.add_(x)` reads each
/// element before it writes it.
void assertNoPartialOverlap(const Tensor& a, const Tensor& b);

/// copy_'s early exit on every device (1.13's copy_impl): `self` and `src`
/// are the same elements in the same dtype, so there is nothing to copy,
/// and nothing to refuse.
bool isSameData(const Tensor& self, const Tensor& src);

// [compute_mem_overlaps]
/// TensorIterator's compute_mem_overlaps, which every elementwise meta()
/// runs first: the output (undefined for a functional call, which writes a
/// new tensor) may not overlap itself, nor partly overlap an input.
template <class... Inputs>
void computeMemOverlaps(const Tensor& output, const Inputs&... inputs) {
  if (!output.defined()) {
    return;
  }
  assertNoInternalOverlap(output);
  (assertNoPartialOverlap(output, inputs), ...);
}
// [compute_mem_overlaps]

}  // namespace ch06
}  // namespace mini
