// Chapter 06's autocast: matmul at 1024 x 1024 on the CPU under a CPU
// autocast guard (two casts to bfloat16, then the bfloat16 loop, which rounds
// its running sums after every step as 1.13's portable gemm loop does),
// compared on docs/performance.md with the float32 call of
// ch06_backends_bench.cpp (matmul/ours/1_thread/1024). The loop has no
// bfloat16 instructions: it is slower than float32's, and what autocast buys
// on this CPU is memory.
#include <benchmark/benchmark.h>

#include "bench_units.h"
#include "mini/aten/aten.h"
#include "mini/aten/parallel.h"
#include "mini/autocast/autocast_guard.h"

namespace {

using namespace mini::ch06;

void BM_Ch06MatmulAutocastCpu(benchmark::State& state) {
  setNumThreads(1);
  const std::int64_t n = state.range(0);
  const Tensor a = randn({n, n});
  const Tensor b = randn({n, n});
  const autocast::AutocastGuard autocastOn(DeviceType::CPU);
  for (auto _ : state) {
    benchmark::DoNotOptimize(matmul(a, b));
  }
  bench::setMatmulRate(state, n);
}
BENCHMARK(BM_Ch06MatmulAutocastCpu)
    ->Name("autocast/matmul/autocast_cpu/1_thread")
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

}  // namespace
