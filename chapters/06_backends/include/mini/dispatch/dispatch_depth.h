#pragma once
/// \file
/// \brief A limit on nested dispatcher calls, so that a kernel that calls its
///        own operator forever fails with an explanation instead of a crash.

#include <stdexcept>
#include <string_view>

#include "mini/core/dispatch_key.h"

namespace mini {
inline namespace ch06 {

// [dispatch_depth]
/// Deeper than any real nesting (an operator's kernels call a few others,
/// which call a few more), far shallower than a stack overflow.
inline constexpr int kMaxDispatchDepth = 100;

/// The dispatcher calls in progress on this thread (constant-initialised, so
/// reading it is one thread-local access, with no initialisation check).
inline thread_local int tlsNestedDispatchCalls = 0;

/// Counts the dispatcher calls in progress on this thread, for the duration
/// of one call. Past kMaxDispatchDepth it throws, naming the operator and the
/// key whose kernel re-entered the dispatcher, and the usual cause: an
/// Autograd kernel that called the operator again without stepping below
/// autograd. PyTorch has no such check; its process dies of a stack overflow.
///
/// Every call pays for it, so it is inline: a thread-local increment and
/// decrement and one compare; the message is built out of line, only when
/// the limit is passed.
class DispatchDepthGuard {
 public:
  DispatchDepthGuard(std::string_view op, DispatchKey key) {
    if (tlsNestedDispatchCalls >= kMaxDispatchDepth) [[unlikely]] {
      throwTooDeep(op, key);
    }
    ++tlsNestedDispatchCalls;
  }
  ~DispatchDepthGuard() { --tlsNestedDispatchCalls; }
  DispatchDepthGuard(const DispatchDepthGuard&) = delete;
  DispatchDepthGuard& operator=(const DispatchDepthGuard&) = delete;

 private:
  [[noreturn]] static void throwTooDeep(std::string_view op, DispatchKey key);
};
// [dispatch_depth]

/// The error past the limit: a std::runtime_error for C++, and Python's
/// RecursionError from the Python module, which is what 1.13 raises for a
/// Python kernel that keeps calling its own operator (Python's recursion
/// limit is met first there, having no dispatcher limit).
class DispatchDepthError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// How many dispatcher calls are in progress on this thread.
inline int currentDispatchDepth() { return tlsNestedDispatchCalls; }

}  // namespace ch06
}  // namespace mini
