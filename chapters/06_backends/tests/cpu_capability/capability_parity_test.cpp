// The default and the AVX2 build of every elementwise kernel give the same
// bits, and the vector loop gives what the element-by-element loop gives:
// every dtype the kernel takes, NaN, infinities and -0, lengths that leave
// a tail shorter than a vector, transposed and broadcast operands.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mini/native/cpu/elementwise_stubs.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using mini_test::cpuTensor;

// n values cycling through the awkward ones: for floating dtypes NaN, both
// infinities and -0; for integers, values whose sums and products wrap.
std::vector<double> awkwardValues(std::size_t n, ScalarType dtype, double shift) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> floating = {1.5, -2.25, nan, inf, -inf, -0.0, 0.0, 3.0e7, 1.0e-3, -7.0, 0.5};
  const std::vector<double> integral = {2, -3, 0, 1, 5, -8, 4611686018427387904.0, -4611686018427387904.0, 7};
  const bool isIntegral = dtype == ScalarType::Long || dtype == ScalarType::Bool;
  const std::vector<double>& pattern = isIntegral ? integral : floating;
  std::vector<double> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i] = pattern[(i + static_cast<std::size_t>(shift)) % pattern.size()] + (isIntegral ? 0.0 : shift);
  }
  return values;
}

// The bytes of a tensor's elements in index order.
std::string bytesOf(const Tensor& tensor) {
  const Tensor flat = contiguousCpu(tensor);
  const auto* data = static_cast<const char*>(flat.rawData());
  return {data, data + flat.numel() * static_cast<std::int64_t>(itemSize(flat.dtype()))};
}

template <class FnPtr>
struct StubCase {
  DispatchStub<FnPtr>* stub;
  std::vector<ScalarType> dtypes;
};

const std::vector<ScalarType> kAll = {ScalarType::Bool,   ScalarType::Long, ScalarType::Float,
                                      ScalarType::Double, ScalarType::Half, ScalarType::BFloat16};
const std::vector<ScalarType> kNoBool = {ScalarType::Long, ScalarType::Float, ScalarType::Double, ScalarType::Half,
                                         ScalarType::BFloat16};
const std::vector<ScalarType> kFloating = {ScalarType::Float, ScalarType::Double, ScalarType::Half,
                                           ScalarType::BFloat16};
const std::vector<ScalarType> kBFloat16Floating = {ScalarType::Float, ScalarType::Double, ScalarType::BFloat16};
const std::vector<ScalarType> kBFloat16Types = {ScalarType::Long, ScalarType::Float, ScalarType::Double,
                                                ScalarType::BFloat16};

// add_stub takes alpha: it is checked with each of these (sub runs on it
// with -alpha), the other binary stubs below with their two operands.
const std::vector<Scalar> kAlphas = {Scalar(1), Scalar(-3), Scalar(0.5)};

std::vector<StubCase<structured_binary_fn>> binaryCases() {
  return {{&mul_stub, kAll},
          {&div_true_stub, kFloating},
          {&atan2_stub, kBFloat16Floating},
          {&threshold_stub, kBFloat16Types},
          {&sigmoid_backward_stub, kFloating}};
}

std::vector<StubCase<structured_unary_fn>> unaryCases() {
  return {{&neg_stub, kNoBool},           {&clamp_min_scalar_stub, kBFloat16Types},
          {&exp_stub, kBFloat16Floating}, {&sigmoid_stub, kBFloat16Floating},
          {&sin_stub, kBFloat16Floating}, {&cos_stub, kBFloat16Floating}};
}

// Every capability's kernel on the same operands, into outputs of their own:
// the bytes of each must be the default build's.
template <class FnPtr, class... Inputs>
void expectSameBitsOnEveryCapability(DispatchStub<FnPtr>& stub, const Sizes& shape, ScalarType dtype,
                                     const std::string& what, const Inputs&... inputs) {
  const Tensor expected = emptyTensor(shape, {dtype, kCpu});
  stub.choose_cpu_impl(CPUCapability::DEFAULT)(expected, inputs...);
  for (CPUCapability capability : {CPUCapability::AVX2, CPUCapability::AVX512}) {
    const Tensor out = emptyTensor(shape, {dtype, kCpu});
    stub.choose_cpu_impl(capability)(out, inputs...);
    EXPECT_EQ(bytesOf(out), bytesOf(expected))
        << fmt::format("{} {} {} on {}", stub.name(), dtype, what, cpuCapabilityName(capability));
  }
}

// A binary stub on operands of every length up to four vectors; `extra`
// are its arguments after the two operands (add's alpha).
template <class FnPtr, class... Extra>
void expectEveryLengthAgrees(DispatchStub<FnPtr>& stub, const std::vector<ScalarType>& dtypes, const Extra&... extra) {
  for (ScalarType dtype : dtypes) {
    for (std::int64_t n = 1; n <= 130; ++n) {
      const Tensor a = cpuTensor(awkwardValues(static_cast<std::size_t>(n), dtype, 0), {n}, dtype);
      const Tensor b = cpuTensor(awkwardValues(static_cast<std::size_t>(n), dtype, 3), {n}, dtype);
      expectSameBitsOnEveryCapability(stub, {n}, dtype, fmt::format("[{}]", n), a, b, extra...);
    }
  }
}

TEST(CapabilityParity, ContiguousOperandsOfEveryLengthUpToFourVectors) {
  // Up to 4 * 32 elements: whole vectors and every tail, for 32 lanes of
  // bool down to 4 of double.
  for (const Scalar& alpha : kAlphas) {
    SCOPED_TRACE(fmt::format("alpha={}", alpha));
    expectEveryLengthAgrees(add_stub, kAll, alpha);
  }
  for (const auto& [stub, dtypes] : binaryCases()) {
    expectEveryLengthAgrees(*stub, dtypes);
  }
  for (const auto& [stub, dtypes] : unaryCases()) {
    for (ScalarType dtype : dtypes) {
      for (std::int64_t n = 1; n <= 130; ++n) {
        const Tensor a = cpuTensor(awkwardValues(static_cast<std::size_t>(n), dtype, 1), {n}, dtype);
        expectSameBitsOnEveryCapability(*stub, {n}, dtype, fmt::format("[{}]", n), a);
      }
    }
  }
}

template <class FnPtr, class... Extra>
void expectVectorLoopIsTheStridedLoop(DispatchStub<FnPtr>& stub, const std::vector<ScalarType>& dtypes,
                                      const Extra&... extra) {
  for (ScalarType dtype : dtypes) {
    const Tensor a = cpuTensor(awkwardValues(7 * 9, dtype, 0), {9, 7}, dtype);
    const Tensor b = cpuTensor(awkwardValues(7 * 9, dtype, 5), {9, 7}, dtype);
    const Tensor aT = makeView(a, {7, 9}, {1, 7}, 0);
    const Tensor bT = makeView(b, {7, 9}, {1, 7}, 0);
    for (CPUCapability capability : {CPUCapability::DEFAULT, CPUCapability::AVX2}) {
      const auto kernel = stub.choose_cpu_impl(capability);
      const Tensor strided = emptyTensor({7, 9}, {dtype, kCpu});
      kernel(strided, aT, bT, extra...);
      const Tensor flat = emptyTensor({7, 9}, {dtype, kCpu});
      kernel(flat, contiguousCpu(aT), contiguousCpu(bT), extra...);
      EXPECT_EQ(bytesOf(flat), bytesOf(strided)) << fmt::format("{} {}", stub.name(), dtype);
      expectSameBitsOnEveryCapability(stub, {7, 9}, dtype, "transposed", aT, bT, extra...);
    }
  }
}

TEST(CapabilityParity, TheVectorLoopGivesWhatTheStridedLoopGives) {
  // The same values once flat (the vector loop) and once as a transposed
  // view (the strided loop, one element at a time): the same bits.
  for (const Scalar& alpha : kAlphas) {
    SCOPED_TRACE(fmt::format("alpha={}", alpha));
    expectVectorLoopIsTheStridedLoop(add_stub, kAll, alpha);
  }
  for (const auto& [stub, dtypes] : binaryCases()) {
    expectVectorLoopIsTheStridedLoop(*stub, dtypes);
  }
}

template <class FnPtr, class... Extra>
void expectBroadcastAndInPlaceAgree(DispatchStub<FnPtr>& stub, const std::vector<ScalarType>& dtypes,
                                    const Extra&... extra) {
  for (ScalarType dtype : dtypes) {
    // [5, 1] with [11]: a row repeated, a column repeated.
    const Tensor column = cpuTensor(awkwardValues(5, dtype, 0), {5, 1}, dtype);
    const Tensor row = cpuTensor(awkwardValues(11, dtype, 2), {11}, dtype);
    expectSameBitsOnEveryCapability(stub, {5, 11}, dtype, "broadcast", column, row, extra...);
    // In place, out being the first input: each vector is read before it is written.
    const Tensor a = cpuTensor(awkwardValues(37, dtype, 0), {37}, dtype);
    const Tensor b = cpuTensor(awkwardValues(37, dtype, 4), {37}, dtype);
    const Tensor expected = emptyTensor({37}, {dtype, kCpu});
    stub.choose_cpu_impl(CPUCapability::DEFAULT)(expected, a, b, extra...);
    for (CPUCapability capability : {CPUCapability::DEFAULT, CPUCapability::AVX2}) {
      const Tensor copy = emptyTensor({37}, {dtype, kCpu});
      Tensor destination = copy;
      copyCpu_(destination, a);
      stub.choose_cpu_impl(capability)(copy, copy, b, extra...);
      EXPECT_EQ(bytesOf(copy), bytesOf(expected)) << fmt::format("{} {} in place", stub.name(), dtype);
    }
  }
}

TEST(CapabilityParity, BroadcastOperandsAndInPlaceGiveTheSameBitsOnEveryCapability) {
  for (const Scalar& alpha : kAlphas) {
    SCOPED_TRACE(fmt::format("alpha={}", alpha));
    expectBroadcastAndInPlaceAgree(add_stub, kAll, alpha);
  }
  for (const auto& [stub, dtypes] : binaryCases()) {
    expectBroadcastAndInPlaceAgree(*stub, dtypes);
  }
}

}  // namespace
}  // namespace mini
