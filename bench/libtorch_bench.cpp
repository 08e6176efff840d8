// libtorch 1.13, measured in the same run as our dispatcher: the reference
// every ratio in docs/performance.md divides by.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <benchmark/benchmark.h>
#include <torch/library.h>

#include "bench_units.h"

namespace {

// The no-op kernel: returns its argument (a refcount bump and drop).
[[gnu::noinline]] at::Tensor noopKernel(const at::Tensor& x) { return x; }

void noopBoxedKernel(const c10::OperatorHandle&, torch::jit::Stack*) {
  // The argument is already on the stack; returning it means leaving it.
}

TORCH_LIBRARY(minibench, m) {
  m.def("noop(Tensor x) -> Tensor");
  m.def("noop_boxed(Tensor x) -> Tensor");
  m.def("noop_torch_fn(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(minibench, CPU, m) {
  m.impl("noop", &noopKernel);
  m.impl("noop_boxed", torch::CppFunction::makeFromBoxedFunction<&noopBoxedKernel>());
  m.impl("noop_torch_fn", TORCH_FN(noopKernel));
}

using NoopSignature = at::Tensor(const at::Tensor&);

c10::TypedOperatorHandle<NoopSignature> typedHandle(const char* name) {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, "").typed<NoopSignature>();
}

void BM_LibtorchDirectCall(benchmark::State& state) {
  at::Tensor x = at::ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(noopKernel(x));
  }
}
BENCHMARK(BM_LibtorchDirectCall)->Name("noop/libtorch/direct_call");

void BM_LibtorchTypedCall(benchmark::State& state, bool requiresGrad) {
  const auto op = typedHandle("minibench::noop");
  at::Tensor x = at::ones({1}).requires_grad_(requiresGrad);
  bench::typedCallLoop(state, op, x);
}
BENCHMARK_CAPTURE(BM_LibtorchTypedCall, plain, false)->Name("noop/libtorch/typed_call");
BENCHMARK_CAPTURE(BM_LibtorchTypedCall, requires_grad, true)->Name("noop/libtorch/typed_call_requires_grad");

void BM_LibtorchTypedCallTorchFn(benchmark::State& state) {
  const auto op = typedHandle("minibench::noop_torch_fn");
  at::Tensor x = at::ones({1});
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_LibtorchTypedCallTorchFn)->Name("noop/libtorch/typed_call_torch_fn");

void BM_LibtorchUnboxedToBoxed(benchmark::State& state) {
  const auto op = typedHandle("minibench::noop_boxed");
  at::Tensor x = at::ones({1});
  bench::typedCallLoop(state, op, x);
}
BENCHMARK(BM_LibtorchUnboxedToBoxed)->Name("noop/libtorch/unboxed_call_to_boxed_kernel");

void BM_LibtorchCallBoxed(benchmark::State& state) {
  const auto op = c10::Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "");
  at::Tensor x = at::ones({1});
  bench::callBoxedLoop<torch::jit::Stack>(state, op, x);
}
BENCHMARK(BM_LibtorchCallBoxed)->Name("noop/libtorch/callBoxed");

void BM_LibtorchAddOneElement(benchmark::State& state, bool requiresGrad) {
  at::Tensor a = at::ones({1}).requires_grad_(requiresGrad);
  at::Tensor b = at::ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::add(a, b));
  }
}
BENCHMARK_CAPTURE(BM_LibtorchAddOneElement, plain, false)->Name("add1/libtorch");
BENCHMARK_CAPTURE(BM_LibtorchAddOneElement, requires_grad, true)->Name("add1/libtorch/requires_grad");

// add into an out tensor of `elements` float32 elements on `threads` threads.
void BM_LibtorchAddOut(benchmark::State& state, int64_t elements, int threads) {
  at::set_num_threads(threads);
  at::Tensor a = at::ones({elements});
  at::Tensor b = at::ones({elements});
  at::Tensor out = at::empty({elements});
  for (auto _ : state) {
    at::add_out(out, a, b);
    benchmark::DoNotOptimize(out.data_ptr());
    benchmark::ClobberMemory();
  }
  bench::setStreamedBytes(state, elements, 3);
  at::set_num_threads(1);
}
BENCHMARK_CAPTURE(BM_LibtorchAddOut, one_thread_1Mi, bench::kOneMi, 1)->Name("add_out/libtorch/1_thread/1Mi");
BENCHMARK_CAPTURE(BM_LibtorchAddOut, one_thread_16Mi, bench::kSixteenMi, 1)->Name("add_out/libtorch/1_thread/16Mi");
// Wall-clock time: the other threads' work is not in this thread's CPU time.
BENCHMARK_CAPTURE(BM_LibtorchAddOut, all_threads_1Mi, bench::kOneMi, bench::allThreads())
    ->Name("add_out/libtorch/all_threads/1Mi")
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_LibtorchAddOut, all_threads_16Mi, bench::kSixteenMi, bench::allThreads())
    ->Name("add_out/libtorch/all_threads/16Mi")
    ->UseRealTime();

void BM_LibtorchMatmul(benchmark::State& state) {
  at::set_num_threads(1);
  const int64_t n = state.range(0);
  at::Tensor a = at::randn({n, n});
  at::Tensor b = at::randn({n, n});
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::mm(a, b));
  }
  bench::setMatmulRate(state, n);
}
BENCHMARK(BM_LibtorchMatmul)
    ->Name("matmul/libtorch/1_thread")
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

// c10's sizes, for docs/performance.md's memory table: what one operator's
// entry and one slot of its dispatch table take in libtorch.
void BM_LibtorchSizes(benchmark::State& state) {
  for (auto _ : state) {
  }
  state.counters["sizeof_OperatorEntry"] = sizeof(c10::impl::OperatorEntry);
  state.counters["sizeof_KernelFunction"] = sizeof(c10::KernelFunction);
  state.counters["sizeof_IValue"] = sizeof(c10::IValue);
  state.counters["dispatch_table_slots"] = c10::num_runtime_entries;
}
BENCHMARK(BM_LibtorchSizes)->Name("memory/libtorch/sizes")->Iterations(1);

}  // namespace
