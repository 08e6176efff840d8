#pragma once
/// \file
/// \brief The value every operator of this chapter works on: a complex number
///        that remembers how it is represented.

#include <fmt/format.h>

#include "mini/dispatch_key.h"
#include "mini/stream_output.h"

namespace mini {
inline namespace ch01 {

/// A complex number tagged with its representation. The tag plays the part a
/// tensor's device plays in PyTorch: operators look at it to pick a kernel.
///
/// | key         | first       | second             |
/// |-------------|-------------|--------------------|
/// | Real        | value       | unused (0)         |
/// | Rectangular | real part   | imaginary part     |
/// | Polar       | magnitude r | angle theta (rad)  |
struct Number {
  DispatchKey key;
  double first;
  double second;
};

Number real(double value);
Number rectangular(double re, double im);
Number polar(double r, double theta);

/// Conversions every kernel may use to bring a lower-priority argument to its
/// own representation. Each accepts a Number of any representation.
Number toRectangular(const Number& x);
Number toPolar(const Number& x);

/// True when a and b are the same complex number within `tolerance`,
/// whatever their representations.
bool approxEqual(const Number& a, const Number& b, double tolerance = 1e-9);

}  // namespace ch01
}  // namespace mini

/// Prints "Rectangular(1, 2)" or "Polar(2, 0.5)".
template <>
struct fmt::formatter<mini::Number> : fmt::formatter<std::string_view> {
  auto format(const mini::Number& x, fmt::format_context& ctx) const {
    if (x.key == mini::DispatchKey::Real) {
      return fmt::format_to(ctx.out(), "Real({})", x.first);
    }
    return fmt::format_to(ctx.out(), "{}({}, {})", x.key, x.first, x.second);
  }
};
