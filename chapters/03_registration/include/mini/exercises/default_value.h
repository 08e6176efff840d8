#pragma once
/// \file
/// \brief Exercise 03.1's declaration: the value PyTorch 1.13's schema parser
///        makes of a default. The dispatcher never calls it.

#include <string>

#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.1 (exercises/default_value.cpp): the value of `argument`'s
/// default (Argument::default_value keeps only its spelling), written as
/// Python writes `torch._C.parse_schema(s).arguments[i].default_value`:
/// `1`, `1.0`, `[1, 1]`, `'mean'`, `True`, `None`. An argument without a
/// default, and a named constant PyTorch 1.13 does not know, throw
/// std::invalid_argument.
std::string defaultValue(const Argument& argument);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
