#pragma once
/// \file
/// \brief Dispatch the way it starts out: an if/else ladder inside the operator.

#include "mini/number.h"

namespace mini {
inline namespace ch01 {

/// add, written as one function that tests every case. Every new
/// representation edits this function, and every other operator written the
/// same way: the reason the rest of the chapter exists.
Number addWithLadder(const Number& a, const Number& b);

}  // namespace ch01
}  // namespace mini
