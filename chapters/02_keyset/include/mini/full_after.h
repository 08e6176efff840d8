#pragma once
/// \file
/// \brief Exercise 02.2: the keys below a key, PyTorch's
///        `DispatchKeySet(DispatchKeySet::FULL_AFTER, key)`.

#include "mini/dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

/// Every key of lower priority than `key`'s functionality, on every backend:
/// what a kernel on `key` may still reach when it steps below itself without
/// a guard, by masking the key set of its call (`callKeySet & fullAfter(key)`,
/// PyTorch's redispatch; chapter 03 builds it). `key` is a functionality or
/// a runtime key; a runtime key stands for its functionality, since backends
/// have no order. Written by the learner in exercises/full_after.cpp.
DispatchKeySet fullAfter(DispatchKey key);

}  // namespace ch02
}  // namespace mini
