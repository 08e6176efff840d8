// Chapter 01's cost: one operator call through a per-operator table (compute
// the key, index an array of function pointers, one indirect call).
#include <benchmark/benchmark.h>

#include "mini/operators.h"

namespace {

using namespace mini::ch01;

void BM_Ch01TableCall(benchmark::State& state) {
  Number a = rectangular(1, 2);
  Number b = rectangular(3, 4);
  for (auto _ : state) {
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(add(a, b));
  }
}
BENCHMARK(BM_Ch01TableCall)->Name("chapter/01_table_lookup");

}  // namespace
