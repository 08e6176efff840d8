#include "mini/fallbacks/counting_fallback.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch04 {

namespace {
thread_local CountingScope* tlsCurrentCounter = nullptr;
}  // namespace

CountingScope::CountingScope() : previous_(tlsCurrentCounter), includePython_(DispatchKey::Python) {
  tlsCurrentCounter = this;
}

CountingScope::~CountingScope() { tlsCurrentCounter = previous_; }

std::size_t CountingScope::count(const std::string& operatorName) const {
  const auto found = counts_.find(operatorName);
  return found == counts_.end() ? 0 : found->second;
}

// [counting_fallback]
void countingFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  if (tlsCurrentCounter == nullptr) {
    throw std::logic_error(
        fmt::format("{} reached the counting fallback with no CountingScope alive", op.operatorName()));
  }
  ++tlsCurrentCounter->counts_[op.operatorName()];
  // No exclude guard: operators the kernels below call are counted too,
  // which is what a FLOP counter wants.
  op.redispatchBoxed(dispatchKeySet.remove(DispatchKey::Python), stack);
}
// [counting_fallback]

}  // namespace ch04
}  // namespace mini

MINI_LIBRARY_IMPL(_, Python, m) { m.fallback(mini::KernelFunction::makeFromBoxedFunction<&mini::countingFallback>()); }
