// The meta() of every structured operator in ops.yaml: the argument checks
// and the result's shape and dtype, from output_meta.h, handed to
// set_output. The generated wrappers of every backend run these first; the
// Meta backend runs nothing else.
#include "mini/generated/MetaFunctions.h"

#include <optional>
#include <stdexcept>

#include "mini/aten/memory_overlap.h"
#include "mini/aten/scalar_ops.h"
#include "mini/core/shape.h"
#include "mini/native/output_meta.h"
#include "mini/native/sum_dims.h"

namespace mini {
inline namespace ch06 {
namespace meta {

// [add_meta]
// add.out's meta(): the broadcast shape, the promoted dtype, on the inputs'
// device (TensorIterator's build in PyTorch; binaryMeta here), and an alpha
// that dtype can take.
void structured_add_Tensor::meta(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  computeMemOverlaps(maybe_get_output(0), self, other);  // before any shape or dtype, as TensorIterator's build
  const OutputMeta result = binaryMeta(self, other, "add");
  setElementwiseOutput(*this, "add", result, self);  // an output that cannot take the result is refused first
  alphaCheck(result.dtype, alpha);
}
// [add_meta]

void structured_sub_Tensor::meta(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  subCheck(self, other);
  computeMemOverlaps(maybe_get_output(0), self, other);
  const OutputMeta result = binaryMeta(self, other, "sub");
  setElementwiseOutput(*this, "sub", result, self);  // an output that cannot take the result is refused first
  alphaCheck(result.dtype, alpha);
}

void structured_mul_Tensor::meta(const Tensor& self, const Tensor& other) {
  computeMemOverlaps(maybe_get_output(0), self, other);
  setElementwiseOutput(*this, "mul", binaryMeta(self, other, "mul"), self);
}

void structured_div_Tensor::meta(const Tensor& self, const Tensor& other) {
  computeMemOverlaps(maybe_get_output(0), self, other);
  setElementwiseOutput(*this, "div", binaryMeta(self, other, "div", IntegerInputs::PromoteToFloat), self);
}

// atan2 broadcasts and promotes like add, and like div makes integers float.
void structured_atan2::meta(const Tensor& self, const Tensor& other) {
  computeMemOverlaps(maybe_get_output(0), self, other);
  setElementwiseOutput(*this, "atan2", binaryMeta(self, other, "atan2", IntegerInputs::PromoteToFloat), self);
}

void structured_neg::meta(const Tensor& self) {
  if (self.dtype() == ScalarType::Bool) {
    throw std::invalid_argument(
        "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the "
        "`~` or `logical_not()` operator instead.");
  }
  computeMemOverlaps(maybe_get_output(0), self);
  // neg computes in self's dtype and writes only that (TensorIterator's
  // check_all_same_dtype): no int64 out= for a float32 self, nor the reverse.
  const Tensor& out = maybe_get_output(0);
  if (out.defined() && out.dtype() != self.dtype()) {
    throw std::invalid_argument(
        fmt::format("Found dtype {} but expected {}", scalarTypeCName(out.dtype()), scalarTypeCName(self.dtype())));
  }
  setElementwiseOutput(*this, "neg", unaryMeta(self), self);
}

void structured_relu::meta(const Tensor& self) {
  if (self.dtype() == ScalarType::Bool) {
    throw std::invalid_argument("Boolean inputs not supported for relu");
  }
  computeMemOverlaps(maybe_get_output(0), self);
  setElementwiseOutput(*this, "relu", unaryMeta(self), self);
}

void structured_exp::meta(const Tensor& self) {
  computeMemOverlaps(maybe_get_output(0), self);
  setElementwiseOutput(*this, "exp", unaryMeta(self, IntegerInputs::PromoteToFloat), self);
}

void structured_sigmoid::meta(const Tensor& self) {
  computeMemOverlaps(maybe_get_output(0), self);
  setElementwiseOutput(*this, "sigmoid", unaryMeta(self, IntegerInputs::PromoteToFloat), self);
}

// 1.13's build_borrowing_binary_op: broadcast and promote, integers kept
// (the kernel then refuses them: "sigmoid_backward_cpu" not implemented for 'Long').
void structured_sigmoid_backward::meta(const Tensor& grad_output, const Tensor& output) {
  computeMemOverlaps(maybe_get_output(0), grad_output, output);
  setElementwiseOutput(*this, "sigmoid_backward", binaryMeta(grad_output, output, "sigmoid_backward"), grad_output);
}

// A reduction keeps an out= tensor's dtype, as sum's infer_dtype_from_optional does.
// It checks no overlap: 1.13's reduction iterator turns the check off.
void structured_sum_dim_IntList::meta(const Tensor& self, const std::vector<std::int64_t>& dim, bool keepdim) {
  // The shape that summing dimension by dimension leaves (sum_dims.h).
  Sizes sizes = self.sizes();
  for (std::int64_t d : sumDimsInOrder(dim, self.dim())) {
    if (sizes.empty()) {
      break;  // a zero-dimensional tensor sums to itself
    }
    if (keepdim) {
      sizes[static_cast<std::size_t>(d)] = 1;
    } else {
      sizes.erase(sizes.begin() + static_cast<std::ptrdiff_t>(d));
    }
  }
  const Tensor& existing = maybe_get_output(0);
  set_output(0, sizes, {existing.defined() ? existing.dtype() : sumMeta(self).dtype, self.device()});
}

// 1.13's TORCH_META_FUNC(argmax) (ReduceOps.cpp): check_argmax_argmin, then
// resize_reduction to int64: dim's size 1 (keepdim) or gone, every
// dimension's with no dim.
void structured_argmax::meta(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim) {
  Sizes sizes = self.sizes();
  if (dim) {
    const std::int64_t d = wrapDim(*dim, self.dim());
    if (self.dim() == 0) {
      // zero_numel_check_dims: only -1 and 0 pass wrapDim on a 0-d tensor.
    } else if (sizes[static_cast<std::size_t>(d)] == 0) {
      throw std::out_of_range(fmt::format("argmax(): Expected reduction dim {} to have non-zero size.", d));
    } else if (keepdim) {
      sizes[static_cast<std::size_t>(d)] = 1;
    } else {
      sizes.erase(sizes.begin() + static_cast<std::ptrdiff_t>(d));
    }
  } else {
    if (self.numel() == 0) {
      throw std::out_of_range("argmax(): Expected reduction dim to be specified for input.numel() == 0.");
    }
    sizes = keepdim ? Sizes(sizes.size(), 1) : Sizes{};
  }
  set_output(0, sizes, {ScalarType::Long, self.device()});
}

// 1.13's TORCH_META_FUNC(_log_softmax) (SoftMax.cpp): self's shape and
// dtype (float32 for half_to_float, which CUDA's kernel takes and the CPU's
// refuses), and a dimension that self has (maybe_wrap_dim: a 0-d tensor
// takes 0 and -1). 1.13's second check, "dim must be non-negative and less
// than input dimensions", cannot fail after that one.
void structured__log_softmax::meta(const Tensor& self, std::int64_t dim, bool half_to_float) {
  static_cast<void>(wrapDim(dim, self.dim()));
  set_output(0, self.sizes(), {half_to_float ? ScalarType::Float : self.dtype(), self.device()});
}

// 1.13's TORCH_META_FUNC(_log_softmax_backward_data): grad_output's shape
// and dtype, half when the forward took a half input to float.
void structured__log_softmax_backward_data::meta(const Tensor& grad_output, const Tensor& output, std::int64_t dim,
                                                 ScalarType input_dtype) {
  static_cast<void>(wrapDim(dim, grad_output.dim()));
  // 1.13 checks neither shape: its loops read output as if it had
  // grad_output's, past its memory when it is smaller (torch 1.13 returns
  // whatever that memory held; the boxed-call fuzzer found the overflow
  // here). The course refuses what it would read past.
  if (output.numel() != 0 && output.sizes() != grad_output.sizes()) {
    throw std::invalid_argument(fmt::format(
        "_log_softmax_backward_data: output of shape [{}] is not grad_output's shape [{}] (1.13 does not check it, "
        "and reads past output's memory; mini_torch refuses it)",
        fmt::join(output.sizes(), ", "), fmt::join(grad_output.sizes(), ", ")));
  }
  const bool half_to_float = grad_output.dtype() == ScalarType::Float && input_dtype == ScalarType::Half;
  // Nothing here compares the two devices, in 1.13 as here. With either on
  // Meta, Meta's kernel is the one that runs, and 1.13's Meta wrapper makes
  // its result on Meta (empty_strided_meta) whatever grad_output's device:
  // a CPU result would be memory that no kernel writes (the boxed-call
  // fuzzer read a bool of 190 in one).
  const Device device = output.device().isMeta() ? output.device() : grad_output.device();
  set_output(0, grad_output.sizes(), {half_to_float ? ScalarType::Half : grad_output.dtype(), device});
}

// matmul is not elementwise: an out= tensor must have the inputs' dtype
// ("Expected out tensor to have dtype float, but got double instead"). No
// overlap check here either, as in 1.13: an out= that is not contiguous is
// computed aside and copied in, and copy_ checks it.
void structured_matmul::meta(const Tensor& self, const Tensor& other) {
  const OutputMeta result = matmulMeta(self, other);
  set_output(0, result.sizes, {result.dtype, self.device()});
}

namespace {

// 1.13's build_comparison_op: the broadcast shape; a bool result when no
// out= tensor is given, and an out= tensor of any dtype taken as it is (its
// values are the bools cast: no "can't be cast" check, as the arithmetic
// operators have). The operands are compared in their common dtype (the
// impl() converts them), so int64 1 and float 1.5 compare as floats. The
// Scalar overloads pass the number wrapped, as 1.13's meta() does; it is a
// CPU tensor that no device check counts, as 1.13 allows CPU scalars.
void comparisonMeta(MetaBase& meta, const Tensor& self, const Tensor& other, std::string_view op) {
  const Tensor& out = meta.maybe_get_output(0);
  computeMemOverlaps(out, self, other);
  const bool wrapped = other.unsafeGetTensorImpl()->wrappedNumber;
  const Sizes sizes = wrapped ? self.sizes() : binaryMeta(self, other, op).sizes;
  meta.set_output(0, sizes, {out.defined() ? out.dtype() : ScalarType::Bool, self.device()});
}

}  // namespace

// Both overloads of each, as 1.13's CREATE_COMPARISON_SCALAR_TENSOR_META_FUNC.
#define MINI_COMPARISON_META(op)                                                 \
  void structured_##op##_Tensor::meta(const Tensor& self, const Tensor& other) { \
    comparisonMeta(*this, self, other, #op);                                     \
  }                                                                              \
  void structured_##op##_Scalar::meta(const Tensor& self, const Scalar& other) { \
    comparisonMeta(*this, self, wrappedScalarTensor(other), #op);                \
  }
MINI_COMPARISON_META(eq)
MINI_COMPARISON_META(ne)
MINI_COMPARISON_META(lt)
MINI_COMPARISON_META(le)
MINI_COMPARISON_META(gt)
MINI_COMPARISON_META(ge)
#undef MINI_COMPARISON_META

}  // namespace meta
}  // namespace ch06
}  // namespace mini
