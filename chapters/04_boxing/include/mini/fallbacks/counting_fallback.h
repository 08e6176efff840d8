#pragma once
/// \file
/// \brief The counting fallback: how many times each operator ran.
///
/// The seed of a FLOP counter. PyTorch's FlopCounterMode sits on the Python
/// key (a `__torch_dispatch__` mode) and sees every operator that reaches
/// it below autograd; ours is a C++ boxed fallback on the same key, switched
/// on per thread by a CountingScope.

#include <cstddef>
#include <map>
#include <string>

#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {

/// Counting on, in this thread, while the scope lives: the Python key is
/// added to the thread-local included set, so every call reaches the
/// counting fallback once it is past autograd. Scopes nest; the innermost counts.
class CountingScope {
 public:
  CountingScope();
  ~CountingScope();
  CountingScope(const CountingScope&) = delete;
  CountingScope& operator=(const CountingScope&) = delete;

  /// Calls per operator, by full name, in name order.
  const std::map<std::string, std::size_t>& counts() const { return counts_; }
  /// Calls of `operatorName` (0 if it never ran).
  std::size_t count(const std::string& operatorName) const;

 private:
  friend void countingFallback(const OperatorHandle&, DispatchKeySet, Stack*);
  std::map<std::string, std::size_t> counts_;
  CountingScope* previous_;
  IncludeDispatchKeyGuard includePython_;
};

/// The boxed fallback on the Python key, registered in counting_fallback.cpp.
void countingFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch04
}  // namespace mini
