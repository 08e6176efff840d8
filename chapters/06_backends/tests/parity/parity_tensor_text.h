#pragma once
// A tensor as the parity data writes it, `Float [2,3] (1.5,nan,-0.0,...)`:
// reading torch's, describing the chapter's, and comparing the two.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"

namespace mini_parity {

/// dtype, sizes and the elements in index order, each as written (an int64
/// keeps all its digits, a float its repr). `values` is empty and
/// `valuesKnown` false for `*`: empty's and randn's elements, not torch's to give.
struct TensorText {
  mini::ScalarType dtype = mini::ScalarType::Float;
  std::vector<std::int64_t> sizes;
  bool valuesKnown = true;
  std::vector<std::string> values;
};

inline mini::ScalarType parseDtype(const std::string& name) {
  for (mini::ScalarType type : {mini::ScalarType::Bool, mini::ScalarType::Long, mini::ScalarType::Float,
                                mini::ScalarType::Double, mini::ScalarType::Half, mini::ScalarType::BFloat16}) {
    if (name == mini::scalarTypeCName(type)) return type;
  }
  throw std::runtime_error(fmt::format("'{}' is not a dtype of chapter 06", name));
}

/// `[2,3]` (or `(1,2)`): the words between the brackets, split at commas.
inline std::vector<std::string> bracketList(const std::string& text) {
  if (text.size() < 2) throw std::runtime_error(fmt::format("'{}' is not a bracketed list", text));
  std::vector<std::string> items;
  const std::string inner = text.substr(1, text.size() - 2);
  std::size_t start = 0;
  while (start < inner.size()) {
    const std::size_t comma = inner.find(',', start);
    const std::size_t end = comma == std::string::npos ? inner.size() : comma;
    items.push_back(inner.substr(start, end - start));
    start = end + 1;
  }
  return items;
}

inline std::vector<std::int64_t> intList(const std::string& text) {
  std::vector<std::int64_t> ints;
  for (const std::string& item : bracketList(text)) ints.push_back(std::stoll(item));
  return ints;
}

/// `Float [2,3] (values)`, `Float [2,3] *`.
inline TensorText parseTensorText(const std::string& text) {
  const std::size_t first = text.find(' ');
  const std::size_t second = text.find(' ', first + 1);
  if (first == std::string::npos || second == std::string::npos) {
    throw std::runtime_error(fmt::format("'{}' is not a tensor outcome", text));
  }
  TensorText tensor;
  tensor.dtype = parseDtype(text.substr(0, first));
  tensor.sizes = intList(text.substr(first + 1, second - first - 1));
  const std::string values = text.substr(second + 1);
  tensor.valuesKnown = values != "*";
  if (tensor.valuesKnown) tensor.values = bracketList(values);
  return tensor;
}

/// The elements of a CPU tensor in index order, whatever its strides, read
/// straight from its storage: the suite checks the chapter's copies too, so
/// it does not use them to read results.
inline std::vector<std::string> elementsOf(const mini::Tensor& tensor) {
  std::vector<std::string> out;
  const std::int64_t count = tensor.numel();
  if (count == 0) return out;
  const auto* base = static_cast<const char*>(tensor.rawData());
  const std::size_t item = mini::itemSize(tensor.dtype());
  std::vector<std::int64_t> index(tensor.sizes().size(), 0);
  for (std::int64_t n = 0; n < count; ++n) {
    std::int64_t offset = 0;
    for (std::size_t d = 0; d < index.size(); ++d) offset += index[d] * tensor.strides()[d];
    const char* at = base + offset * static_cast<std::int64_t>(item);
    switch (tensor.dtype()) {
      case mini::ScalarType::Bool: out.push_back(*reinterpret_cast<const bool*>(at) ? "1" : "0"); break;
      case mini::ScalarType::Long: out.push_back(fmt::format("{}", *reinterpret_cast<const std::int64_t*>(at))); break;
      // As a double, as the data writes a float32: the exact value, not the shortest float spelling.
      case mini::ScalarType::Float:
        out.push_back(fmt::format("{}", static_cast<double>(*reinterpret_cast<const float*>(at))));
        break;
      case mini::ScalarType::Double: out.push_back(fmt::format("{}", *reinterpret_cast<const double*>(at))); break;
      case mini::ScalarType::Half:
        out.push_back(fmt::format("{}", static_cast<double>(*reinterpret_cast<const mini::Half*>(at))));
        break;
      case mini::ScalarType::BFloat16:
        out.push_back(fmt::format("{}", static_cast<double>(*reinterpret_cast<const mini::BFloat16*>(at))));
        break;
    }
    for (std::size_t d = index.size(); d-- > 0;) {
      if (++index[d] < tensor.sizes()[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

inline TensorText describe(const mini::Tensor& tensor, bool withValues = true) {
  TensorText text{tensor.dtype(), tensor.sizes(), withValues, {}};
  if (withValues) text.values = elementsOf(tensor);
  return text;
}

inline std::string toText(const TensorText& tensor) {
  return fmt::format("{} [{}] {}", mini::scalarTypeCName(tensor.dtype), fmt::join(tensor.sizes, ","),
                     tensor.valuesKnown ? fmt::format("({})", fmt::join(tensor.values, ",")) : "*");
}

/// Relative tolerance per dtype: torch's vectorised exp, sin and atan2
/// (SLEEF) and its summation order differ from the chapter's loops in the
/// last bits; a few units in the last place of each type. A float result a
/// last bit apart can round to neighbouring two-byte values: one unit in
/// their last place (2^-10 for float16, 2^-7 for bfloat16).
inline double relativeTolerance(mini::ScalarType type) {
  switch (type) {
    case mini::ScalarType::Float: return 1e-6;
    case mini::ScalarType::Half: return 0x1p-10;
    case mini::ScalarType::BFloat16: return 0x1p-7;
    default: return 1e-14;
  }
}

/// How far apart two float elements may be, where the dtype's own relative
/// tolerance is too tight: a random program chains many operators, and one
/// that mixes dtypes carries float32's rounding into a float64 result.
/// Zero for either: the dtype's relative tolerance, no absolute one.
struct Tolerance {
  double relative = 0;
  double absolute = 0;
};

/// Why `actual` is not `expected`'s element, or nothing when it is: equal
/// integers; for floats NaN for NaN, the same infinity, the same sign of
/// zero, and otherwise agreement within the tolerance.
inline std::optional<std::string> elementDiffers(mini::ScalarType type, const std::string& expected,
                                                 const std::string& actual, Tolerance tolerance = {}) {
  if (type == mini::ScalarType::Bool || type == mini::ScalarType::Long) {
    if (std::strtoll(expected.c_str(), nullptr, 10) == std::strtoll(actual.c_str(), nullptr, 10)) return {};
    return fmt::format("{} where torch has {}", actual, expected);
  }
  const double want = std::strtod(expected.c_str(), nullptr);
  const double got = std::strtod(actual.c_str(), nullptr);
  if (std::isnan(want) || std::isnan(got)) {
    if (std::isnan(want) && std::isnan(got)) return {};
  } else if (std::isinf(want) || std::isinf(got)) {
    if (want == got) return {};
  } else if (want == 0 && got == 0) {
    if (std::signbit(want) == std::signbit(got)) return {};
    return fmt::format("{} where torch has {} (the sign of zero)", actual, expected);
  } else if (std::fabs(want - got) <=
             (tolerance.relative > 0 ? tolerance.relative : relativeTolerance(type)) * std::fabs(want) +
                 tolerance.absolute) {
    return {};
  }
  return fmt::format("{} where torch has {}", actual, expected);
}

/// Why the chapter's tensor is not torch's, or nothing when it is.
inline std::optional<std::string> tensorDiffers(const TensorText& expected, const TensorText& actual,
                                                Tolerance tolerance = {}) {
  if (expected.dtype != actual.dtype) {
    return fmt::format("dtype {} where torch has {}", mini::scalarTypeCName(actual.dtype),
                       mini::scalarTypeCName(expected.dtype));
  }
  if (expected.sizes != actual.sizes) {
    return fmt::format("shape [{}] where torch has [{}]", fmt::join(actual.sizes, ","), fmt::join(expected.sizes, ","));
  }
  if (!expected.valuesKnown || !actual.valuesKnown) return {};
  for (std::size_t i = 0; i < expected.values.size() && i < actual.values.size(); ++i) {
    if (auto why = elementDiffers(expected.dtype, expected.values[i], actual.values[i], tolerance)) {
      return fmt::format("element {}: {}", i, *why);
    }
  }
  return {};
}

}  // namespace mini_parity
