#pragma once
/// \file
/// \brief What an operator's result looks like before any data is touched:
///        its shape and dtype, and the argument checks. Every backend's kernel
///        starts here; the Meta backend does nothing else.

#include <optional>
#include <string_view>

#include "mini/core/scalar.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// The shape and dtype an operator's result will have.
struct OutputMeta {
  Sizes sizes;
  ScalarType dtype;
};

/// How a binary operator picks its dtype: by promotion (add, sub, mul), or
/// by promotion and then to a float type (div is true division).
enum class IntegerInputs { KeepIntegral, PromoteToFloat };

/// Throws "Expected all tensors to be on the same device, but found at least
/// two devices, cuda:0 and cpu!" (PyTorch's text) unless all are on one device.
void checkSameDevice(std::string_view op, std::initializer_list<const Tensor*> tensors);

/// The dtype an elementwise operator computes in, TensorIterator's common
/// dtype: the result type of the operands (made floating if asked). An out=
/// tensor or a `self` of another dtype receives the result cast, as 1.13's
/// cast_common_dtype_to_outputs does: true + true into an int64 out= is 1
/// (a bool sum), not 2.
ScalarType commonDtype(const Tensor& a, const Tensor& b, IntegerInputs integers = IntegerInputs::KeepIntegral);
ScalarType commonDtype(const Tensor& a, IntegerInputs integers = IntegerInputs::KeepIntegral);

// [binary_meta]
/// a op b: the broadcast of the two shapes, in the result type of the two
/// dtypes (zero-dimensional tensors count less, see resultType()).
OutputMeta binaryMeta(const Tensor& a, const Tensor& b, std::string_view op,
                      IntegerInputs integers = IntegerInputs::KeepIntegral);
// [binary_meta]

/// PyTorch's alpha_check, for add and sub: a Bool alpha only for a Bool
/// result (where add is logical or), a fractional one not for an integer
/// result. `dtype` is the result's.
void alphaCheck(ScalarType dtype, const Scalar& alpha);

/// PyTorch's sub_check: `-` on bools is refused, pointing to what was meant
/// (xor for two masks, logical not for one).
void subCheck(const Tensor& self, const Tensor& other);

/// op(a): same shape; same dtype, or float32 for integers if asked (exp).
OutputMeta unaryMeta(const Tensor& a, IntegerInputs integers = IntegerInputs::KeepIntegral);

/// sum(a) or sum(a, dim, keepdim): the reduced shape; bool and int64 sum to
/// int64, floats to themselves.
OutputMeta sumMeta(const Tensor& a, std::optional<std::int64_t> dim = std::nullopt, bool keepdim = false);

/// a @ b for 2-D a [n, k] and b [k, m]: [n, m]. Both must have one dtype
/// (mm does not promote), as in PyTorch.
OutputMeta matmulMeta(const Tensor& a, const Tensor& b);

/// A tensor with this shape and dtype on `device`, allocated by the device's
/// allocator (or with no bytes on Meta).
Tensor emptyLike(const OutputMeta& meta, Device device);

}  // namespace ch06
}  // namespace mini
