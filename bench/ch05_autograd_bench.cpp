// Chapter 05's costs: the same no-op call now that tensors carry autograd
// keys (AutogradCPU is in every CPU tensor's key set, and its fallthrough
// must be masked away), with and without requires_grad, and callBoxed; and
// add of two 1-element tensors, where requires_grad builds a graph node.
#include <benchmark/benchmark.h>

#include "bench_units.h"
#include "mini/aten/operators.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace {

using namespace mini::ch05;

[[gnu::noinline]] Tensor noopCh05(const Tensor& x) { return x; }

}  // namespace

MINI_LIBRARY(minibench, m) { m.def("noop(Tensor x) -> Tensor"); }
MINI_LIBRARY_IMPL(minibench, CPU, m) { m.impl("noop", &noopCh05); }

namespace {

void BM_Ch05TypedCall(benchmark::State& state, bool requiresGrad) {
  const auto op = Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "").typed<Tensor(const Tensor&)>();
  const Tensor x = scalarTensor(1.0, requiresGrad);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK_CAPTURE(BM_Ch05TypedCall, plain, false)->Name("chapter/05_autograd_keys");
BENCHMARK_CAPTURE(BM_Ch05TypedCall, requires_grad, true)->Name("chapter/05_autograd_keys/requires_grad");

void BM_Ch05CallBoxed(benchmark::State& state) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "");
  const Tensor x = scalarTensor(1.0);
  bench::callBoxedLoop<Stack>(state, op, x);
}
BENCHMARK(BM_Ch05CallBoxed)->Name("chapter/05_autograd_keys/callBoxed");

void BM_Ch05AddOneElement(benchmark::State& state, bool requiresGrad) {
  const Tensor a = scalarTensor(1.0, requiresGrad);
  const Tensor b = scalarTensor(2.0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(add(a, b));
  }
}
BENCHMARK_CAPTURE(BM_Ch05AddOneElement, plain, false)->Name("chapter/05_autograd_keys/add1");
BENCHMARK_CAPTURE(BM_Ch05AddOneElement, requires_grad, true)->Name("chapter/05_autograd_keys/add1_requires_grad");

}  // namespace
