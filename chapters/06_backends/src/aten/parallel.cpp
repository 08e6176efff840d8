#include "mini/aten/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace mini {
inline namespace ch06 {

namespace {

std::atomic<int> numThreads{0};  // 0: not set, use the hardware's count

// Set on the worker threads and on the caller while it runs chunks, so a
// nested parallelFor runs inline.
thread_local bool inParallelRegion = false;

}  // namespace

void setNumThreads(int threads) { numThreads.store(std::max(threads, 1)); }

int getNumThreads() {
  const int chosen = numThreads.load();
  return chosen > 0 ? chosen : static_cast<int>(std::max(std::thread::hardware_concurrency(), 1u));
}

void detail::parallelForChunks(std::int64_t begin, std::int64_t end, std::int64_t grainSize,
                               const std::function<void(std::int64_t, std::int64_t)>& body) {
  if (end <= begin) {
    return;
  }
  grainSize = std::max<std::int64_t>(grainSize, 1);
  const std::int64_t chunks = (end - begin + grainSize - 1) / grainSize;
  const std::int64_t workers = std::min<std::int64_t>(chunks, inParallelRegion ? 1 : getNumThreads());

  std::exception_ptr firstError;
  std::mutex errorMutex;
  // Worker w runs chunks w, w + workers, w + 2*workers, ...: a fixed,
  // static schedule, so which thread ran a chunk never matters.
  auto runChunksOf = [&](std::int64_t worker) {
    const bool wasInRegion = inParallelRegion;
    inParallelRegion = true;
    try {
      for (std::int64_t chunk = worker; chunk < chunks; chunk += workers) {
        const std::int64_t chunkBegin = begin + chunk * grainSize;
        body(chunkBegin, std::min(end, chunkBegin + grainSize));
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(errorMutex);
      if (!firstError) {
        firstError = std::current_exception();
      }
    }
    inParallelRegion = wasInRegion;
  };

  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(workers - 1));
  for (std::int64_t worker = 1; worker < workers; ++worker) {
    threads.emplace_back(runChunksOf, worker);
  }
  runChunksOf(0);  // the caller works too
  for (std::thread& thread : threads) {
    thread.join();
  }
  if (firstError) {
    std::rethrow_exception(firstError);
  }
}

}  // namespace ch06
}  // namespace mini
