// Chapter 06, the final dispatcher: "ours" in every comparison with libtorch
// (libtorch_bench.cpp has the same benchmarks under the same names with
// "libtorch" for "ours"). The no-op operator isolates what the dispatcher
// costs; add and matmul are the real operators end to end.
#include <benchmark/benchmark.h>

#include "bench_units.h"
#include "mini/aten/aten.h"
#include "mini/aten/parallel.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace {

using namespace mini::ch06;

// The kernel every no-op benchmark reaches: returns its argument, which
// costs one reference-count increment (and the caller's decrement).
[[gnu::noinline]] Tensor noopCh06(const Tensor& x) { return x; }

// A boxed kernel returning its input: leaves the argument on the stack.
void noopBoxedCh06(const OperatorHandle&, DispatchKeySet, Stack*) {}

}  // namespace

MINI_LIBRARY(minibench, m) {
  m.def("noop(Tensor x) -> Tensor");
  m.def("noop_boxed(Tensor x) -> Tensor");
  m.def("noop_torch_fn(Tensor x) -> Tensor");
}
MINI_LIBRARY_IMPL(minibench, CPU, m) {
  m.impl("noop", &noopCh06);
  m.impl("noop_boxed", KernelFunction::makeFromBoxedFunction<&noopBoxedCh06>());
  // The same kernel named at compile time, as generated registrations name theirs.
  m.impl("noop_torch_fn", TORCH_FN<&noopCh06>);
}

namespace {

using NoopSignature = Tensor(const Tensor&);

TypedOperatorHandle<NoopSignature> typedNoop(const char* name) {
  return Dispatcher::singleton().findSchemaOrThrow(name, "").typed<NoopSignature>();
}

Tensor oneElement(bool requiresGrad) { return ones({1}, TensorOptions{}.withRequiresGrad(requiresGrad)); }

// --- the no-op operator ------------------------------------------------------

void BM_Ch06DirectCall(benchmark::State& state) {
  const Tensor x = oneElement(false);
  for (auto _ : state) {
    benchmark::DoNotOptimize(noopCh06(x));
  }
}
BENCHMARK(BM_Ch06DirectCall)->Name("noop/ours/direct_call");

void BM_Ch06TypedCall(benchmark::State& state, bool requiresGrad) {
  const auto op = typedNoop("minibench::noop");
  const Tensor x = oneElement(requiresGrad);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK_CAPTURE(BM_Ch06TypedCall, plain, false)->Name("noop/ours/typed_call");
BENCHMARK_CAPTURE(BM_Ch06TypedCall, requires_grad, true)->Name("noop/ours/typed_call_requires_grad");

void BM_Ch06TypedCallTorchFn(benchmark::State& state) {
  const auto op = typedNoop("minibench::noop_torch_fn");
  const Tensor x = oneElement(false);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_Ch06TypedCallTorchFn)->Name("noop/ours/typed_call_torch_fn");
// The lesson's per-chapter table reads the same call under its chapter name.
BENCHMARK_CAPTURE(BM_Ch06TypedCall, chapter, false)->Name("chapter/06_final");

void BM_Ch06UnboxedToBoxed(benchmark::State& state) {
  const auto op = typedNoop("minibench::noop_boxed");
  const Tensor x = oneElement(false);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_Ch06UnboxedToBoxed)->Name("noop/ours/unboxed_call_to_boxed_kernel");

void BM_Ch06CallBoxed(benchmark::State& state) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "");
  const Tensor x = oneElement(false);
  bench::callBoxedLoop<Stack>(state, op, x);
}
BENCHMARK(BM_Ch06CallBoxed)->Name("noop/ours/callBoxed");

// --- add of two 1-element tensors: dispatch, autograd, allocation, kernel ---

void BM_Ch06AddOneElement(benchmark::State& state, bool requiresGrad) {
  const Tensor a = oneElement(requiresGrad);
  const Tensor b = oneElement(false);
  for (auto _ : state) {
    benchmark::DoNotOptimize(add(a, b));
  }
}
BENCHMARK_CAPTURE(BM_Ch06AddOneElement, plain, false)->Name("add1/ours");
BENCHMARK_CAPTURE(BM_Ch06AddOneElement, requires_grad, true)->Name("add1/ours/requires_grad");

// --- add into an out tensor: the kernel's memory bandwidth ------------------

void BM_Ch06AddOut(benchmark::State& state, std::int64_t elements, int threads) {
  setNumThreads(threads);
  const Tensor a = ones({elements});
  const Tensor b = ones({elements});
  Tensor out = empty({elements});
  for (auto _ : state) {
    add_out(out, a, b);
    benchmark::DoNotOptimize(out.dataPtr<float>());
    benchmark::ClobberMemory();
  }
  bench::setStreamedBytes(state, elements, 3);
  setNumThreads(1);
}
BENCHMARK_CAPTURE(BM_Ch06AddOut, one_thread_1Mi, bench::kOneMi, 1)->Name("add_out/ours/1_thread/1Mi");
BENCHMARK_CAPTURE(BM_Ch06AddOut, one_thread_16Mi, bench::kSixteenMi, 1)->Name("add_out/ours/1_thread/16Mi");
// Wall-clock time: the other threads' work is not in this thread's CPU time.
BENCHMARK_CAPTURE(BM_Ch06AddOut, all_threads_1Mi, bench::kOneMi, bench::allThreads())
    ->Name("add_out/ours/all_threads/1Mi")
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Ch06AddOut, all_threads_16Mi, bench::kSixteenMi, bench::allThreads())
    ->Name("add_out/ours/all_threads/16Mi")
    ->UseRealTime();

// --- 2-D matmul, single-threaded ---------------------------------------------

void BM_Ch06Matmul(benchmark::State& state) {
  setNumThreads(1);
  const std::int64_t n = state.range(0);
  const Tensor a = randn({n, n});
  const Tensor b = randn({n, n});
  for (auto _ : state) {
    benchmark::DoNotOptimize(matmul(a, b));
  }
  bench::setMatmulRate(state, n);
}
BENCHMARK(BM_Ch06Matmul)->Name("matmul/ours/1_thread")->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace
