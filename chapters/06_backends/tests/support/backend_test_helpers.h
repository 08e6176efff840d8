#pragma once
// Helpers for chapter 06's tests of dtypes, devices and kernels: build a CPU
// tensor from values of any dtype, and read one back.

#include <cstring>
#include <string>
#include <vector>

#include "mini/core/tensor.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "support/test_helpers.h"

namespace mini_test {

/// A contiguous CPU tensor of `dtype` holding `values` (converted).
inline mini::Tensor cpuTensor(const std::vector<double>& values, const mini::Sizes& sizes,
                              mini::ScalarType dtype = mini::ScalarType::Double) {
  mini::Tensor doubles = mini::emptyTensor(sizes, {mini::ScalarType::Double, mini::kCpu});
  std::memcpy(doubles.dataPtr<double>(), values.data(), values.size() * sizeof(double));
  return mini::toDtypeCpu(doubles, dtype);
}

/// The elements of a CPU tensor in index order, as doubles, whatever its
/// dtype and strides.
inline std::vector<double> valuesOf(const mini::Tensor& tensor) {
  mini::Tensor doubles = mini::contiguousCpu(mini::toDtypeCpu(tensor, mini::ScalarType::Double));
  const double* data = doubles.dataPtr<const double>();
  return {data, data + doubles.numel()};
}

}  // namespace mini_test
