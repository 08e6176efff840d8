// What MINI_DISPATCH_TRACE costs when it is compiled in but off, measured
// without touching the dispatcher: the same call done by hand, once exactly
// as Dispatcher::call does it (mini/dispatch/dispatcher.h, [dispatcher_call]) and once
// with the DispatchTraceScope line left out. The difference between the two
// is the trace's cost on the call path; the scope constructed and destroyed
// on its own is a second estimate, which docs/performance.md prints too.
#include <benchmark/benchmark.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"

namespace {

using namespace mini::ch06;

using NoopSignature = Tensor(const Tensor&);

// The operator chapter 06's bench file registers (ch06_backends_bench.cpp).
TypedOperatorHandle<NoopSignature> noopHandle() {
  return Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "").typed<NoopSignature>();
}

// Dispatcher::call's body, line for line; `Traced` keeps or drops its trace line.
template <bool Traced>
[[gnu::noinline]] Tensor callByHand(const TypedOperatorHandle<NoopSignature>& op, const Tensor& x) {
  const DispatchTable& table = op.entry().dispatchTable();
  const DispatchKeySet dispatchKeySet = table.dispatchKeyExtractor.getDispatchKeySetUnboxed(x);
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  if constexpr (Traced) {
    DispatchTraceScope trace("call", op.operatorName(), key);
    DispatchDepthGuard depth(op.operatorName(), key);
    return op.entry().lookup(table, dispatchKeySet).call<Tensor, const Tensor&>(op, dispatchKeySet, x);
  } else {
    DispatchDepthGuard depth(op.operatorName(), key);
    return op.entry().lookup(table, dispatchKeySet).call<Tensor, const Tensor&>(op, dispatchKeySet, x);
  }
}

template <bool Traced>
void BM_CallByHand(benchmark::State& state) {
  const auto op = noopHandle();
  const Tensor x = ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(callByHand<Traced>(op, x));
  }
}
BENCHMARK(BM_CallByHand<true>)->Name("trace/call_with_trace_check");
BENCHMARK(BM_CallByHand<false>)->Name("trace/call_without_trace_check");

// The scope alone: a thread-local load, a global load, a branch, and the
// same branch again in the destructor.
void BM_TraceScopeOff(benchmark::State& state) {
  const std::string name = "minibench::noop";
  for (auto _ : state) {
    DispatchTraceScope trace("call", name, DispatchKey::CPU);
    benchmark::DoNotOptimize(&trace);
  }
}
BENCHMARK(BM_TraceScopeOff)->Name("trace/scope_alone");

// The loop with nothing in it, to subtract from the scope alone.
void BM_EmptyLoop(benchmark::State& state) {
  int x = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&x);
  }
}
BENCHMARK(BM_EmptyLoop)->Name("trace/empty_loop");

}  // namespace
