// What MINI_DISPATCH_TRACE and MINI_DISPATCH_EXPLAIN cost when they are
// compiled in but off, measured without touching the dispatcher: the same call
// done by hand, exactly as Dispatcher::call does it (mini/dispatch/dispatcher.h,
// [dispatcher_call]: the scope with its explanation lambda, behind the one
// gate both settings share), once with a scope that only traces (what the
// trace cost before the explanation existed), and once with the scope line
// left out. Each difference from the last is that feature's cost on the call
// path; a scope constructed and destroyed on its own is a second estimate,
// which docs/performance.md prints too.
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

// Which scope the call by hand constructs.
enum class Scope { None, TraceOnly, TraceAndExplain };

// Dispatcher::call's body, line for line; `Kind` picks its scope line.
template <Scope Kind>
[[gnu::noinline]] Tensor callByHand(const TypedOperatorHandle<NoopSignature>& op, const Tensor& x) {
  const DispatchTable& table = op.entry().dispatchTable();
  const DispatchKeySet dispatchKeySet = table.dispatchKeyExtractor.getDispatchKeySetUnboxed(x);
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  if constexpr (Kind == Scope::TraceAndExplain) {
    DispatchTraceScope trace("call", op.operatorName(), key,
                             [&] { return explainUnboxed(op.entry(), dispatchKeySet, false, x); });
    DispatchDepthGuard depth(op.operatorName(), key);
    return op.entry().lookup(table, dispatchKeySet).call<Tensor, const Tensor&>(op, dispatchKeySet, x);
  } else if constexpr (Kind == Scope::TraceOnly) {
    DispatchTraceScope trace("call", op.operatorName(), key);
    DispatchDepthGuard depth(op.operatorName(), key);
    return op.entry().lookup(table, dispatchKeySet).call<Tensor, const Tensor&>(op, dispatchKeySet, x);
  } else {
    DispatchDepthGuard depth(op.operatorName(), key);
    return op.entry().lookup(table, dispatchKeySet).call<Tensor, const Tensor&>(op, dispatchKeySet, x);
  }
}

template <Scope Kind>
void BM_CallByHand(benchmark::State& state) {
  const auto op = noopHandle();
  const Tensor x = ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(callByHand<Kind>(op, x));
  }
}
BENCHMARK(BM_CallByHand<Scope::TraceOnly>)->Name("trace/call_with_trace_check");
BENCHMARK(BM_CallByHand<Scope::None>)->Name("trace/call_without_trace_check");
BENCHMARK(BM_CallByHand<Scope::TraceAndExplain>)->Name("explain/call_with_shared_gate");

// The scope alone: a relaxed load of the gate, a branch, and a branch on
// what the constructor remembered in the destructor.
void BM_TraceScopeOff(benchmark::State& state) {
  const std::string name = "minibench::noop";
  for (auto _ : state) {
    DispatchTraceScope trace("call", name, DispatchKey::CPU);
    benchmark::DoNotOptimize(&trace);
  }
}
BENCHMARK(BM_TraceScopeOff)->Name("trace/scope_alone");

// The same with an explanation to give, which it never computes while off.
void BM_ExplainScopeOff(benchmark::State& state) {
  const std::string name = "minibench::noop";
  for (auto _ : state) {
    DispatchTraceScope trace("call", name, DispatchKey::CPU, [&] { return name; });
    benchmark::DoNotOptimize(&trace);
  }
}
BENCHMARK(BM_ExplainScopeOff)->Name("explain/scope_alone");

// The loop with nothing in it, to subtract from the scope alone.
void BM_EmptyLoop(benchmark::State& state) {
  int x = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&x);
  }
}
BENCHMARK(BM_EmptyLoop)->Name("trace/empty_loop");

}  // namespace
