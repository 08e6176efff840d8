#pragma once
/// \file
/// \brief Exercise 02.2: the key set of a call, for any number of tensors and
///        any thread-local state, without touching this thread's state.

#include <span>

#include "mini/local_dispatch_key_set.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch02 {

/// The key set a call with `arguments` gets in a thread whose sets are
/// `local`. Written by the learner in exercises/call_key_set.cpp; it answers
/// "what would this call run under that guard?" before anything runs.
DispatchKeySet computeDispatchKeySet(std::span<const Tensor> arguments, const LocalDispatchKeySet& local);

}  // namespace ch02
}  // namespace mini
