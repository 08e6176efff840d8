// The machine's own ceiling for streaming kernels: a plain memory copy of the
// same sizes the add benchmarks use. add reads two arrays and writes one, so
// "bytes per second" for add counts 3 x 4 bytes per element, and the copy
// counts 2 x 4 (one read, one write).
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench_units.h"

namespace {

void BM_MemoryCopy(benchmark::State& state, std::int64_t size) {
  const auto elements = static_cast<std::size_t>(size);
  std::vector<float> source(elements, 1.0f);
  std::vector<float> destination(elements, 0.0f);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), elements * sizeof(float));
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  bench::setStreamedBytes(state, size, 2);
}
BENCHMARK_CAPTURE(BM_MemoryCopy, one_mi, bench::kOneMi)->Name("copy/memcpy/1Mi");
BENCHMARK_CAPTURE(BM_MemoryCopy, sixteen_mi, bench::kSixteenMi)->Name("copy/memcpy/16Mi");

}  // namespace
