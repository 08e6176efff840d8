// The policy table of the chapter's operators (1.13's autocast_mode.cpp lists).
#include "mini/autocast/autocast_policy.h"

#include <algorithm>
#include <array>

namespace mini {
inline namespace ch06 {
namespace autocast {

namespace {

constexpr CastPolicy kLower = CastPolicy::lower_precision_fp;
constexpr CastPolicy kFp32 = CastPolicy::fp32;
constexpr CastPolicy kFp32SetOptDtype = CastPolicy::fp32_set_opt_dtype;
constexpr CastPolicy kPromote = CastPolicy::promote;
constexpr CastPolicy kThrough = CastPolicy::fallthrough;

// Read from 1.13: the KERNEL_CPU and KERNEL_CUDA lines of autocast_mode.cpp,
// checked against torch._C._dispatch_dump (maint/reference/gen_autocast_data.py
// records which operators have an Autocast kernel). The CPU list is short:
// 1.13 casts only the matrix products (and convolutions) to bfloat16 there,
// and keeps a few numerically delicate operators in float32, none of which
// this chapter has. CUDA's lists are longer: exp and sum overflow float16.
// The out= and in-place variants are on no list: autocast leaves a caller's
// own output alone, and their dtype is the caller's.
constexpr std::array kPolicies = {
    AutocastPolicy{"aten::add.out", kThrough, kThrough},
    AutocastPolicy{"aten::add.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::add_.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::sub.out", kThrough, kThrough},
    AutocastPolicy{"aten::sub.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::sub_.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::mul.out", kThrough, kThrough},
    AutocastPolicy{"aten::mul.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::mul_.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::div.out", kThrough, kThrough},
    AutocastPolicy{"aten::div.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::div_.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::neg.out", kThrough, kThrough},
    AutocastPolicy{"aten::neg", kThrough, kThrough},
    AutocastPolicy{"aten::neg_", kThrough, kThrough},
    AutocastPolicy{"aten::relu.out", kThrough, kThrough},
    AutocastPolicy{"aten::relu", kThrough, kThrough},
    AutocastPolicy{"aten::relu_", kThrough, kThrough},
    AutocastPolicy{"aten::exp.out", kThrough, kThrough},
    AutocastPolicy{"aten::exp", kThrough, kFp32},
    AutocastPolicy{"aten::exp_", kThrough, kThrough},
    AutocastPolicy{"aten::sigmoid.out", kThrough, kThrough},
    AutocastPolicy{"aten::sigmoid", kThrough, kThrough},
    AutocastPolicy{"aten::sigmoid_", kThrough, kThrough},
    AutocastPolicy{"aten::sigmoid_backward.grad_input", kThrough, kThrough},
    AutocastPolicy{"aten::sigmoid_backward", kThrough, kThrough},
    AutocastPolicy{"aten::sum.IntList_out", kThrough, kThrough},
    AutocastPolicy{"aten::sum.dim_IntList", kThrough, kFp32SetOptDtype},
    AutocastPolicy{"aten::sum", kThrough, kFp32SetOptDtype},
    AutocastPolicy{"aten::matmul.out", kThrough, kThrough},
    AutocastPolicy{"aten::matmul", kLower, kLower},
    AutocastPolicy{"aten::argmax.out", kThrough, kThrough},
    AutocastPolicy{"aten::argmax", kThrough, kThrough},
    // 1.13's CUDA policy is on log_softmax.int (fp32_set_opt_dtype), the
    // composite above _log_softmax, which mini_torch writes in Python.
    AutocastPolicy{"aten::_log_softmax.out", kThrough, kThrough},
    AutocastPolicy{"aten::_log_softmax", kThrough, kThrough},
    AutocastPolicy{"aten::_log_softmax_backward_data.out", kThrough, kThrough},
    AutocastPolicy{"aten::_log_softmax_backward_data", kThrough, kThrough},
    AutocastPolicy{"aten::atan2.out", kThrough, kThrough},
    AutocastPolicy{"aten::atan2", kThrough, kPromote},
    AutocastPolicy{"aten::atan2_", kThrough, kThrough},
    AutocastPolicy{"aten::lerp.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::lerp.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::lerp_.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::sin", kThrough, kThrough},
    AutocastPolicy{"aten::cos", kThrough, kThrough},
    AutocastPolicy{"aten::threshold_backward", kThrough, kThrough},
    AutocastPolicy{"aten::t", kThrough, kThrough},
    AutocastPolicy{"aten::view", kThrough, kThrough},
    AutocastPolicy{"aten::slice.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::copy_", kThrough, kThrough},
    AutocastPolicy{"aten::fill_", kThrough, kThrough},
    AutocastPolicy{"aten::_to_copy", kThrough, kThrough},
    AutocastPolicy{"aten::clone", kThrough, kThrough},
    AutocastPolicy{"aten::empty", kThrough, kThrough},
    AutocastPolicy{"aten::full", kThrough, kThrough},
    AutocastPolicy{"aten::zeros", kThrough, kThrough},
    AutocastPolicy{"aten::ones", kThrough, kThrough},
    AutocastPolicy{"aten::arange", kThrough, kThrough},
    AutocastPolicy{"aten::randn", kThrough, kThrough},
    AutocastPolicy{"aten::eye", kThrough, kThrough},
    AutocastPolicy{"aten::rsub.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::rsub.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::eq.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::eq.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::eq.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::eq.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::ne.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::ne.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::ne.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::ne.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::lt.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::lt.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::lt.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::lt.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::le.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::le.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::le.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::le.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::gt.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::gt.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::gt.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::gt.Scalar", kThrough, kThrough},
    AutocastPolicy{"aten::ge.Tensor_out", kThrough, kThrough},
    AutocastPolicy{"aten::ge.Tensor", kThrough, kThrough},
    AutocastPolicy{"aten::ge.Scalar_out", kThrough, kThrough},
    AutocastPolicy{"aten::ge.Scalar", kThrough, kThrough},
};

}  // namespace

std::span<const AutocastPolicy> autocastPolicies() { return kPolicies; }

CastPolicy autocastPolicy(std::string_view op, DeviceType device_type) {
  const auto* entry =
      std::find_if(kPolicies.begin(), kPolicies.end(), [op](const AutocastPolicy& policy) { return policy.op == op; });
  if (entry == kPolicies.end()) {
    return CastPolicy::fallthrough;
  }
  return device_type == DeviceType::CUDA ? entry->cuda : entry->cpu;
}

std::string_view castPolicyName(CastPolicy policy) {
  switch (policy) {
    case CastPolicy::lower_precision_fp: return "lower_precision_fp";
    case CastPolicy::fp32: return "fp32";
    case CastPolicy::fp32_set_opt_dtype: return "fp32_set_opt_dtype";
    case CastPolicy::promote: return "promote";
    case CastPolicy::fallthrough: return "fallthrough";
  }
  return "unknown";
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
