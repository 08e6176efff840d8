#pragma once
/// \file
/// \brief Structured kernels: the base of every generated meta class, and the
///        three ways a generated wrapper gets its output (new, self, out=).
///
/// A structured operator is written once, as its out= variant: `meta()`
/// checks the inputs and calls `set_output` with the result's shape and
/// dtype; `impl()` computes into the output. The code generator
/// (codegen/gen_ops.py) writes the classes that decide what `set_output`
/// does, and the wrappers that call meta() then impl():
///
///   wrapper_CPU_add_Tensor     functional: set_output allocates (createOut)
///   wrapper_CPU_add__Tensor    in-place:   the output is self (checkInplace)
///   wrapper_CPU_add_out_out    out=:       the output is out (resizeOut)
///   wrapper_Meta_add_Tensor    Meta:       meta() alone

#include <cstdint>
#include <string_view>

#include "mini/core/tensor.h"
#include "mini/core/tensor_options.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

// [meta_base]
/// at::impl::MetaBase: what meta() talks to. The generated subclass of each
/// wrapper decides where output `index` lives.
class MetaBase {
 public:
  virtual ~MetaBase() = default;
  /// Called by meta() once it knows output `index`'s shape, dtype and device.
  virtual void set_output(std::int64_t index, const Sizes& sizes, const TensorOptions& options) = 0;
  /// The output if the caller supplied one (self, out=), else undefined:
  /// meta() reads it to keep an in-place or out= result in the output's dtype.
  virtual const Tensor& maybe_get_output(std::int64_t index) = 0;
};
// [meta_base]

/// What caffe2's TypeMeta calls a dtype: "float", "long int", "bool",
/// "c10::BFloat16". PyTorch's messages that print a tensor's .dtype() spell
/// dtypes so (the out= checks, lerp's "expected dtype float for `end` but
/// got dtype double"); those that print a ScalarType say "Float"
/// (scalarTypeCName).
std::string_view typeMetaName(ScalarType dtype);

/// The elementwise set_output of add, mul, exp...: what TensorIterator does
/// with an output that already exists. Its dtype is kept if the computed
/// one can be cast to it ("result type Float can't be cast to the desired
/// output type Long" if not); an in-place output may not grow ("output with
/// shape [2] doesn't match the broadcast shape [3, 2]"), and that is checked
/// first, as TensorIterator computes the shape before the dtype. `self` is
/// the operator's first input: the result goes on its device, and an output
/// that is `self` is an in-place call's.
void setElementwiseOutput(MetaBase& meta, std::string_view op, const OutputMeta& result, const Tensor& self);

/// The functional wrapper's output: a new tensor.
Tensor createOut(const Sizes& sizes, const TensorOptions& options);

/// The in-place wrapper's output is `self`: "Bad in-place call" unless its
/// dtype, device and shape are already the result's.
void checkInplace(std::string_view op, const Tensor& self, const Sizes& sizes, const TensorOptions& options);
/// Its shape check alone: "output with shape [1] doesn't match the broadcast shape [3]".
void checkInplaceShape(const Tensor& self, const Sizes& sizes);

/// The out= wrapper's output is `out`: dtype and device must match ("Expected
/// out tensor to have dtype float, but got double instead"); a shape that
/// differs is resized, with PyTorch's deprecation warning if `out` had
/// elements.
void resizeOut(std::string_view op, const Tensor& out, const Sizes& sizes, const TensorOptions& options);

/// Gives `tensor` a contiguous layout of `sizes`, in place, growing its
/// storage if it is too small (Tensor.resize_).
void resizeInPlace(const Tensor& tensor, const Sizes& sizes);

}  // namespace ch06
}  // namespace mini
