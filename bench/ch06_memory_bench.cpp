// The dispatcher's memory per operator (chapter 06). Its own program, so
// that the counting operator new below never sits on the timed benchmarks'
// allocations: every allocation and free adds to one live-bytes count, and
// registering N operators (a def and a CPU kernel each, as a typical
// operator has) moves it by N times the cost of one.
#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"

namespace {

std::atomic<std::int64_t> liveBytes{0};

// Each block carries its size in front, so operator delete can subtract it.
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* countedAllocate(std::size_t size) {
  void* block = std::malloc(size + kHeader);
  if (block == nullptr) {
    throw std::bad_alloc();
  }
  *static_cast<std::size_t*>(block) = size;
  liveBytes.fetch_add(static_cast<std::int64_t>(size), std::memory_order_relaxed);
  return static_cast<char*>(block) + kHeader;
}

void countedFree(void* pointer) {
  if (pointer == nullptr) {
    return;
  }
  void* block = static_cast<char*>(pointer) - kHeader;
  liveBytes.fetch_sub(static_cast<std::int64_t>(*static_cast<std::size_t*>(block)), std::memory_order_relaxed);
  std::free(block);
}

}  // namespace

// Over-aligned allocations keep the default operators: nothing here asks for them.
void* operator new(std::size_t size) { return countedAllocate(size); }
void* operator new[](std::size_t size) { return countedAllocate(size); }
void operator delete(void* pointer) noexcept { countedFree(pointer); }
void operator delete[](void* pointer) noexcept { countedFree(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { countedFree(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { countedFree(pointer); }

namespace {

using namespace mini::ch06;

Tensor noopForMemory(const Tensor& x) { return x; }

// Registers `operators` operators and reports the heap they hold, per operator.
void BM_Ch06MemoryPerOperator(benchmark::State& state) {
  const auto operators = static_cast<int>(state.range(0));
  std::vector<std::string> schemas;
  std::vector<std::string> names;
  for (int i = 0; i < operators; ++i) {
    names.push_back(fmt::format("op{}", i));
    schemas.push_back(fmt::format("op{}(Tensor x) -> Tensor", i));
  }
  double bytesPerOperator = 0;
  for (auto _ : state) {
    const std::int64_t before = liveBytes.load();
    {
      auto defs = std::make_unique<Library>(Library::DEF, "membench", std::nullopt, SourceSite::here());
      auto impls = std::make_unique<Library>(Library::IMPL, "membench", DispatchKey::CPU, SourceSite::here());
      for (int i = 0; i < operators; ++i) {
        defs->def(schemas[static_cast<std::size_t>(i)]);
        impls->impl(names[static_cast<std::size_t>(i)], &noopForMemory);
      }
      bytesPerOperator = static_cast<double>(liveBytes.load() - before) / operators;
    }  // the libraries deregister everything: the next iteration starts clean
  }
  state.counters["bytes_per_operator"] = bytesPerOperator;
  state.counters["sizeof_OperatorEntry"] = sizeof(OperatorEntry);
  state.counters["sizeof_KernelFunction"] = sizeof(KernelFunction);
  state.counters["sizeof_IValue"] = sizeof(IValue);
  state.counters["dispatch_table_slots"] = kNumRuntimeEntries;
}
BENCHMARK(BM_Ch06MemoryPerOperator)->Name("memory/ours/per_operator")->Arg(1000)->Iterations(3);

}  // namespace
