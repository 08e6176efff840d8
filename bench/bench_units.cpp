#include "bench_units.h"

#include <algorithm>
#include <thread>

namespace bench {

int allThreads() { return static_cast<int>(std::max(std::thread::hardware_concurrency(), 1u)); }

}  // namespace bench
