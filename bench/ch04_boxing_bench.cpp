// Chapter 04's costs: the same typed call now that every KernelFunction also
// carries a boxed entry; an unboxed call that must box its arguments to
// reach a boxed-only kernel; and callBoxed, which unboxes them again.
#include <benchmark/benchmark.h>

#include "bench_units.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace {

using namespace mini::ch04;

[[gnu::noinline]] Tensor noopCh04(const Tensor& x) { return x; }

// Leaves its argument on the stack: a boxed kernel returning its input.
void noopBoxedCh04(const OperatorHandle&, DispatchKeySet, Stack*) {}

}  // namespace

MINI_LIBRARY(minibench, m) {
  m.def("noop(Tensor x) -> Tensor");
  m.def("noop_boxed(Tensor x) -> Tensor");
}
MINI_LIBRARY_IMPL(minibench, CPU, m) {
  m.impl("noop", &noopCh04);
  m.impl("noop_boxed", KernelFunction::makeFromBoxedFunction<&noopBoxedCh04>());
}

namespace {

TypedOperatorHandle<Tensor(const Tensor&)> typedNoop(const char* name) {
  return Dispatcher::singleton().findSchemaOrThrow(name, "").typed<Tensor(const Tensor&)>();
}

void BM_Ch04TypedCall(benchmark::State& state) {
  const auto op = typedNoop("minibench::noop");
  const Tensor x = makeTensor(1.0);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_Ch04TypedCall)->Name("chapter/04_boxing_ready_dispatch");

void BM_Ch04UnboxedToBoxed(benchmark::State& state) {
  const auto op = typedNoop("minibench::noop_boxed");
  const Tensor x = makeTensor(1.0);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_Ch04UnboxedToBoxed)->Name("chapter/04_boxing_ready_dispatch/unboxed_call_to_boxed_kernel");

void BM_Ch04CallBoxed(benchmark::State& state) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "");
  const Tensor x = makeTensor(1.0);
  bench::callBoxedLoop<Stack>(state, op, x);
}
BENCHMARK(BM_Ch04CallBoxed)->Name("chapter/04_boxing_ready_dispatch/callBoxed");

}  // namespace
