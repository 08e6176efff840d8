// Chapter 03's cost: the full key-set dispatch. A call gathers the key sets
// of its Tensor arguments, adds and removes the thread-local sets, masks with
// the operator's non-fallthrough keys, finds the slot and calls the kernel.
#include <benchmark/benchmark.h>

#include "bench_units.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace {

using namespace mini::ch03;

[[gnu::noinline]] Tensor noopCh03(const Tensor& x) { return x; }

}  // namespace

MINI_LIBRARY(minibench, m) { m.def("noop(Tensor x) -> Tensor"); }
MINI_LIBRARY_IMPL(minibench, CPU, m) { m.impl("noop", &noopCh03); }

namespace {

void BM_Ch03TypedCall(benchmark::State& state) {
  const auto op = Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "").typed<Tensor(const Tensor&)>();
  const Tensor x = makeTensor(1.0);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_Ch03TypedCall)->Name("chapter/03_key_set_dispatch");

}  // namespace
