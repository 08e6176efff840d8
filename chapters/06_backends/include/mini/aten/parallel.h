#pragma once
/// \file
/// \brief Splitting a CPU loop over threads above a grain size, with results
///        that do not depend on how many threads there are.

#include <cstdint>
#include <functional>
#include <vector>

namespace mini {
inline namespace ch06 {

// [grain_size]
/// Below this many elements a loop runs on the calling thread: starting a
/// thread costs microseconds, adding 32768 floats costs about as much.
/// ATen's at::internal::GRAIN_SIZE has the same value.
inline constexpr std::int64_t kGrainSize = 32768;
// [grain_size]

/// torch.set_num_threads / get_num_threads. The default is the machine's
/// hardware threads; 1 turns parallelism off.
void setNumThreads(int threads);
int getNumThreads();

namespace detail {
/// parallelFor's work when there is more than one chunk: the threads, the
/// schedule, the first exception. Out of line, so it takes the body as a
/// std::function.
void parallelForChunks(std::int64_t begin, std::int64_t end, std::int64_t grainSize,
                       const std::function<void(std::int64_t, std::int64_t)>& body);
}  // namespace detail

/// Runs body(chunkBegin, chunkEnd) over [begin, end) cut into chunks of
/// `grainSize` elements (the last one shorter). Chunks go to threads round
/// robin; the boundaries depend only on the range and the grain size, never
/// on the thread count, so a reduction that combines its chunks in order
/// (parallelReduce) gives the same bits with 1 thread or 16. A call made from
/// inside a chunk runs inline: no thread explosion for nested loops. The
/// first exception a chunk throws is rethrown on the calling thread.
///
/// A range of one chunk (every small tensor) is the body called directly:
/// no std::function, no thread bookkeeping, so the compiler can inline the
/// loop into its kernel. ATen's at::parallel_for does the same below its
/// grain size.
template <class Body>
void parallelFor(std::int64_t begin, std::int64_t end, std::int64_t grainSize, const Body& body) {
  if (end - begin <= grainSize) {
    if (end > begin) {
      body(begin, end);
    }
    return;
  }
  detail::parallelForChunks(begin, end, grainSize, body);
}

/// A reduction over [begin, end): chunkValue(chunkBegin, chunkEnd) per chunk,
/// in parallel, then combine() over the chunk values from left to right.
template <class T, class ChunkValue, class Combine>
T parallelReduce(std::int64_t begin, std::int64_t end, std::int64_t grainSize, T identity, const ChunkValue& chunkValue,
                 const Combine& combine) {
  if (end <= begin) {
    return identity;
  }
  const std::int64_t chunks = (end - begin + grainSize - 1) / grainSize;
  std::vector<T> partials(static_cast<std::size_t>(chunks), identity);
  parallelFor(begin, end, grainSize, [&](std::int64_t chunkBegin, std::int64_t chunkEnd) {
    partials[static_cast<std::size_t>((chunkBegin - begin) / grainSize)] = chunkValue(chunkBegin, chunkEnd);
  });
  T total = identity;
  for (const T& partial : partials) {
    total = combine(total, partial);
  }
  return total;
}

}  // namespace ch06
}  // namespace mini
