// libtorch 1.13, measured in the same run as our dispatcher: the reference
// every ratio in docs/performance.md divides by.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <benchmark/benchmark.h>
#include <torch/library.h>

namespace {

// The no-op kernel: returns its argument (a refcount bump and drop).
[[gnu::noinline]] at::Tensor noopKernel(const at::Tensor& x) { return x; }

void noopBoxedKernel(const c10::OperatorHandle&, torch::jit::Stack*) {
  // The argument is already on the stack; returning it means leaving it.
}

TORCH_LIBRARY(minibench, m) {
  m.def("noop(Tensor x) -> Tensor");
  m.def("noop_boxed(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(minibench, CPU, m) {
  m.impl("noop", &noopKernel);
  m.impl("noop_boxed", torch::CppFunction::makeFromBoxedFunction<&noopBoxedKernel>());
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

void BM_LibtorchTypedCall(benchmark::State& state) {
  const auto op = typedHandle("minibench::noop");
  at::Tensor x = at::ones({1}).requires_grad_(state.range(0) != 0);
  for (auto _ : state) {
    benchmark::DoNotOptimize(op.call(x));
  }
}
BENCHMARK(BM_LibtorchTypedCall)->Name("noop/libtorch/typed_call")->Arg(0);
BENCHMARK(BM_LibtorchTypedCall)->Name("noop/libtorch/typed_call_requires_grad")->Arg(1);

void BM_LibtorchUnboxedToBoxed(benchmark::State& state) {
  const auto op = typedHandle("minibench::noop_boxed");
  at::Tensor x = at::ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(op.call(x));
  }
}
BENCHMARK(BM_LibtorchUnboxedToBoxed)->Name("noop/libtorch/unboxed_call_to_boxed_kernel");

void BM_LibtorchCallBoxed(benchmark::State& state) {
  const auto op = c10::Dispatcher::singleton().findSchemaOrThrow("minibench::noop", "");
  at::Tensor x = at::ones({1});
  torch::jit::Stack stack;
  for (auto _ : state) {
    stack.clear();
    stack.emplace_back(x);
    op.callBoxed(&stack);
    benchmark::DoNotOptimize(stack.data());
  }
}
BENCHMARK(BM_LibtorchCallBoxed)->Name("noop/libtorch/callBoxed");

void BM_LibtorchAddOneElement(benchmark::State& state) {
  at::Tensor a = at::ones({1}).requires_grad_(state.range(0) != 0);
  at::Tensor b = at::ones({1});
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::add(a, b));
  }
}
BENCHMARK(BM_LibtorchAddOneElement)->Name("add1/libtorch")->Arg(0);
BENCHMARK(BM_LibtorchAddOneElement)->Name("add1/libtorch/requires_grad")->Arg(1);

// add into an out tensor; range(0) elements, range(1) threads (0 = all).
void BM_LibtorchAddOut(benchmark::State& state) {
  const int64_t elements = state.range(0);
  const int threads = state.range(1) == 0 ? at::get_num_interop_threads() : static_cast<int>(state.range(1));
  at::set_num_threads(state.range(1) == 0 ? static_cast<int>(std::thread::hardware_concurrency()) : threads);
  at::Tensor a = at::ones({elements});
  at::Tensor b = at::ones({elements});
  at::Tensor out = at::empty({elements});
  for (auto _ : state) {
    at::add_out(out, a, b);
    benchmark::DoNotOptimize(out.data_ptr());
  }
  state.SetBytesProcessed(state.iterations() * elements * 3 * static_cast<int64_t>(sizeof(float)));
  at::set_num_threads(1);
}
BENCHMARK(BM_LibtorchAddOut)->Name("add_out/libtorch/1_thread")->Args({1 << 20, 1})->Args({16 << 20, 1});
BENCHMARK(BM_LibtorchAddOut)->Name("add_out/libtorch/all_threads")->Args({1 << 20, 0})->Args({16 << 20, 0});

void BM_LibtorchMatmul(benchmark::State& state) {
  at::set_num_threads(1);
  const int64_t n = state.range(0);
  at::Tensor a = at::rand({n, n});
  at::Tensor b = at::rand({n, n});
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::mm(a, b));
  }
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * static_cast<double>(n * n * n),
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::kIs1000);
}
BENCHMARK(BM_LibtorchMatmul)->Name("matmul/libtorch/1_thread")->Arg(256)->Arg(512)->Arg(1024);

}  // namespace
