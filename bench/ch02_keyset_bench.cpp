// Chapter 02's cost: a table with one slot per runtime key, indexed by the
// highest key of the call's key set (the arguments' keys plus this thread's
// included set, less its excluded set and the table's fallthrough keys).
#include <benchmark/benchmark.h>

#include "mini/operator_table.h"
#include "mini/operators.h"

namespace {

using namespace mini::ch02;

[[gnu::noinline]] Tensor noopCh02(const Tensor& x) { return x; }

void BM_Ch02KeySetTableCall(benchmark::State& state) {
  OperatorTable<Tensor(const Tensor&)> noop("minibench::noop");
  // Chapter 02 has no fallthrough for AutogradCPU, which every CPU tensor
  // carries: the highest key's slot gets the kernel, as the chapter's add does.
  noop.registerKernel(DispatchKey::AutogradCPU, &noopCh02, SourceSite::here());
  noop.registerKernel(DispatchKey::CPU, &noopCh02, SourceSite::here());
  const Tensor x = makeTensor(1.0);
  for (auto _ : state) {
    // The chapter's own key-set computation, add's: both arguments' sets
    // and this thread's (x twice, for a one-argument operator).
    benchmark::DoNotOptimize(noop.call(computeDispatchKeySet(x, x), x));
  }
}
BENCHMARK(BM_Ch02KeySetTableCall)->Name("chapter/02_key_set_table");

}  // namespace
