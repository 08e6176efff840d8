#pragma once
// What every benchmark program reports the same way, whichever dispatcher
// (or libtorch) it measures: the sizes the issue names and the units
// docs/performance.md prints. Chapter-independent, so every bench file may
// include it next to its own chapter's headers.
#include <cstdint>

#include <benchmark/benchmark.h>

namespace bench {

/// 1 Mi and 16 Mi float32 elements: 4 MiB fits in L3, 64 MiB does not.
inline constexpr std::int64_t kOneMi = std::int64_t{1} << 20;
inline constexpr std::int64_t kSixteenMi = std::int64_t{16} << 20;

/// add reads two arrays and writes one: 3 x 4 bytes per float32 element.
/// A copy reads one and writes one: 2 x 4. The same count on both sides of
/// every comparison, so the ratios mean the same thing.
inline void setStreamedBytes(benchmark::State& state, std::int64_t elements, int arraysTouched) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * elements * arraysTouched *
                          static_cast<std::int64_t>(sizeof(float)));
}

/// An n x n by n x n product is 2 n^3 floating-point operations.
inline void setMatmulRate(benchmark::State& state, std::int64_t n) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * static_cast<double>(n) * static_cast<double>(n * n),
                         benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

/// The thread count a "/all_threads" benchmark asks for: every hardware thread.
int allThreads();

/// The timed loop of a typed call, the same for every chapter and libtorch:
/// `op` is a TypedOperatorHandle of any of them.
template <class TypedHandle, class Value>
void typedCallLoop(benchmark::State& state, const TypedHandle& op, const Value& x) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(op.call(x));
  }
}

/// The timed loop of a boxed call: push the argument, call, leave the result.
template <class Stack, class Handle, class Value>
void callBoxedLoop(benchmark::State& state, const Handle& op, const Value& x) {
  Stack stack;
  for (auto _ : state) {
    stack.clear();
    stack.emplace_back(x);
    op.callBoxed(&stack);
    benchmark::DoNotOptimize(stack.data());
  }
}

}  // namespace bench
