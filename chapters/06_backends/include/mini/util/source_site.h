#pragma once
/// \file
/// \brief Where a registration was made: every error about a registration names it.

#include <fmt/format.h>

#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

/// A file:line pair captured at the call site.
///
/// `std::source_location` would be the modern spelling, but clang 14 cannot
/// build libstdc++'s version of it; the builtins below are what it uses
/// underneath and work in both compilers. Used as a default argument, they
/// capture the caller's location, not this header's.
struct SourceSite {
  const char* file = "<unknown>";
  int line = 0;

  static constexpr SourceSite here(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    return SourceSite{file, line};
  }
};

}  // namespace ch06
}  // namespace mini

/// Prints "chapters/06_backends/src/polar_kernels.cpp:31".
template <>
struct fmt::formatter<mini::SourceSite> : fmt::formatter<std::string_view> {
  auto format(const mini::SourceSite& site, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{}:{}", site.file, site.line);
  }
};
