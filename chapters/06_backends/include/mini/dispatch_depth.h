#pragma once
/// \file
/// \brief A limit on nested dispatcher calls, so that a kernel that calls its
///        own operator forever fails with an explanation instead of a crash.

#include <string_view>

#include "mini/dispatch_key.h"

namespace mini {
inline namespace ch06 {

// [dispatch_depth]
/// Deeper than any real nesting (an operator's kernels call a few others,
/// which call a few more), far shallower than a stack overflow.
inline constexpr int kMaxDispatchDepth = 100;

/// Counts the dispatcher calls in progress on this thread, for the duration
/// of one call. Past kMaxDispatchDepth it throws, naming the operator and the
/// key whose kernel re-entered the dispatcher, and the usual cause: an
/// Autograd kernel that called the operator again without stepping below
/// autograd. PyTorch has no such check; its process dies of a stack overflow.
class DispatchDepthGuard {
 public:
  DispatchDepthGuard(std::string_view op, DispatchKey key);
  ~DispatchDepthGuard();
  DispatchDepthGuard(const DispatchDepthGuard&) = delete;
  DispatchDepthGuard& operator=(const DispatchDepthGuard&) = delete;
};
// [dispatch_depth]

/// How many dispatcher calls are in progress on this thread.
int currentDispatchDepth();

}  // namespace ch06
}  // namespace mini
