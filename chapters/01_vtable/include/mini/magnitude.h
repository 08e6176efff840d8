#pragma once
/// \file
/// \brief Exercise 01.1: a new operator, `magnitude`, with its own table.

#include "mini/number.h"

namespace mini {
inline namespace ch01 {

/// |x| as a Real number, for any representation. Written by the learner in
/// exercises/magnitude.cpp: a table, a kernel per representation, and this
/// dispatching function.
Number magnitude(const Number& x);

}  // namespace ch01
}  // namespace mini
