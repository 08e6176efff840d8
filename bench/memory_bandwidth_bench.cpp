// The machine's own ceiling for streaming kernels: a plain memory copy of the
// same sizes the add benchmarks use. add reads two arrays and writes one, so
// "bytes per second" for add counts 3 x 4 bytes per element, and the copy
// counts 2 x 4 (one read, one write).
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

namespace {

void BM_MemoryCopy(benchmark::State& state) {
  const auto elements = static_cast<std::size_t>(state.range(0));
  std::vector<float> source(elements, 1.0f);
  std::vector<float> destination(elements, 0.0f);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), elements * sizeof(float));
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * elements * 2 * sizeof(float)));
}
BENCHMARK(BM_MemoryCopy)->Name("copy/memcpy")->Arg(1 << 20)->Arg(16 << 20);

}  // namespace
