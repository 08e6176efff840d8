// Chapter 06 on a GPU: the CUDA add's bandwidth against a device-to-device
// copy of the same bytes, and the tiled matmul against cuBLAS on the same
// buffers. A program of its own (bench_cuda), built where chapter 06 has its
// CUDA kernels. Kernel launches return before the GPU is done, so the time is
// the GPU's, from CUDA events, handed to Google Benchmark as manual time.
// Between two events run kBackToBack calls, as a program runs one kernel
// after another: the host dispatches and launches the next call while the
// GPU runs the one before. Timing a single call would add the launch latency
// to every call: measured that way on an H100, the 16 Mi add reached 77% of
// the copy's bandwidth, and the 256 Mi add (where the latency is small next
// to the kernel) 100%.
#include <cstdint>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <fmt/format.h>

#include "bench_units.h"
#include "mini/aten/aten.h"
#include "mini/native/cuda/cuda_kernels.h"

namespace {

using namespace mini::ch06;

void checkCudaCall(cudaError_t status, const char* call) {
  if (status != cudaSuccess) {
    throw std::runtime_error(fmt::format("bench_cuda: {} failed: {}", call, cudaGetErrorString(status)));
  }
}

constexpr int kBackToBack = 10;

/// GPU time per call of what a body enqueues on the default stream, the body
/// run kBackToBack times between two events.
class GpuTimer {
 public:
  GpuTimer() {
    checkCudaCall(cudaEventCreate(&start_), "cudaEventCreate");
    checkCudaCall(cudaEventCreate(&stop_), "cudaEventCreate");
  }
  ~GpuTimer() {
    (void)cudaEventDestroy(start_);
    (void)cudaEventDestroy(stop_);
  }
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  template <class Body>
  double secondsPerCall(Body&& body) {
    checkCudaCall(cudaEventRecord(start_), "cudaEventRecord");
    for (int call = 0; call < kBackToBack; ++call) {
      body();
    }
    checkCudaCall(cudaEventRecord(stop_), "cudaEventRecord");
    checkCudaCall(cudaEventSynchronize(stop_), "cudaEventSynchronize");
    float milliseconds = 0;
    checkCudaCall(cudaEventElapsedTime(&milliseconds, start_, stop_), "cudaEventElapsedTime");
    return milliseconds / 1e3 / kBackToBack;
  }

 private:
  cudaEvent_t start_{};
  cudaEvent_t stop_{};
};

/// True (and the benchmark marked as skipped, with the reason) without a GPU.
bool skippedWithoutGpu(benchmark::State& state) {
  const CudaAvailability cuda = cudaAvailability();
  if (cuda.devices == 0) {
    state.SkipWithError(cuda.reason.c_str());
    return true;
  }
  return false;
}

const TensorOptions kFloatOnGpu{ScalarType::Float, cudaDevice(0)};

// --- add into an out tensor against a copy of the same size --------------------

void BM_CudaAddOut(benchmark::State& state) {
  if (skippedWithoutGpu(state)) return;
  const std::int64_t elements = state.range(0);
  const Tensor a = ones({elements}, kFloatOnGpu);
  const Tensor b = ones({elements}, kFloatOnGpu);
  Tensor out = empty({elements}, kFloatOnGpu);
  GpuTimer timer;
  for (auto _ : state) {
    state.SetIterationTime(timer.secondsPerCall([&] { add_out(out, a, b); }));
  }
  bench::setStreamedBytes(state, elements, 3);
}
BENCHMARK(BM_CudaAddOut)
    ->Name("cuda/add_out/ours")
    ->Arg(bench::kSixteenMi)
    ->Arg(16 * bench::kSixteenMi)
    ->UseManualTime();

// The bound the add is measured against: cudaMemcpy from device to device,
// one array read and one written.
void BM_CudaCopy(benchmark::State& state) {
  if (skippedWithoutGpu(state)) return;
  const std::int64_t elements = state.range(0);
  const Tensor source = ones({elements}, kFloatOnGpu);
  Tensor destination = empty({elements}, kFloatOnGpu);
  const auto bytes = static_cast<std::size_t>(elements) * sizeof(float);
  GpuTimer timer;
  for (auto _ : state) {
    state.SetIterationTime(timer.secondsPerCall([&] {
      checkCudaCall(cudaMemcpy(destination.rawData(), source.rawData(), bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
    }));
  }
  bench::setStreamedBytes(state, elements, 2);
}
BENCHMARK(BM_CudaCopy)
    ->Name("cuda/copy/device_to_device")
    ->Arg(bench::kSixteenMi)
    ->Arg(16 * bench::kSixteenMi)
    ->UseManualTime();

// --- matmul against cuBLAS -------------------------------------------------------

/// Two random n x n float32 matrices on the GPU and a result of that size:
/// the same inputs for our kernel and for cuBLAS.
struct SquareMatmul {
  explicit SquareMatmul(std::int64_t n)
      : a(randn({n, n}, kFloatOnGpu)), b(randn({n, n}, kFloatOnGpu)), out(empty({n, n}, kFloatOnGpu)) {}
  Tensor a;
  Tensor b;
  Tensor out;
};

void BM_CudaMatmul(benchmark::State& state) {
  if (skippedWithoutGpu(state)) return;
  const std::int64_t n = state.range(0);
  SquareMatmul m(n);
  GpuTimer timer;
  for (auto _ : state) {
    state.SetIterationTime(timer.secondsPerCall([&] { matmul_out(m.out, m.a, m.b); }));
  }
  bench::setMatmulRate(state, n);
}
BENCHMARK(BM_CudaMatmul)->Name("cuda/matmul/ours")->Arg(1024)->Arg(4096)->UseManualTime();

// cuBLAS's sgemm on the same row-major buffers: it reads column-major, so
// C = A B is asked for as C^T = B^T A^T. Its default math mode computes in
// float32 (no TF32 tensor cores), as our kernel does.
void BM_CublasSgemm(benchmark::State& state) {
  if (skippedWithoutGpu(state)) return;
  const std::int64_t n = state.range(0);
  SquareMatmul m(n);
  cublasHandle_t handle = nullptr;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
    state.SkipWithError("cublasCreate failed");
    return;
  }
  const int size = static_cast<int>(n);
  const float one = 1.0f;
  const float zero = 0.0f;
  GpuTimer timer;
  for (auto _ : state) {
    state.SetIterationTime(timer.secondsPerCall([&] {
      if (cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, size, size, size, &one,
                      static_cast<const float*>(m.b.rawData()), size, static_cast<const float*>(m.a.rawData()), size,
                      &zero, static_cast<float*>(m.out.rawData()), size) != CUBLAS_STATUS_SUCCESS) {
        throw std::runtime_error("bench_cuda: cublasSgemm failed");
      }
    }));
  }
  cublasDestroy(handle);
  bench::setMatmulRate(state, n);
}
BENCHMARK(BM_CublasSgemm)->Name("cuda/matmul/cublas")->Arg(1024)->Arg(4096)->UseManualTime();

// The device, in the JSON's context, so a recorded result says where it ran.
const bool describedTheGpu = [] {
  cudaDeviceProp properties{};
  int driver = 0;
  if (cudaGetDeviceProperties(&properties, 0) == cudaSuccess && cudaDriverGetVersion(&driver) == cudaSuccess) {
    benchmark::AddCustomContext("gpu", properties.name);
    benchmark::AddCustomContext("cuda_driver", fmt::format("{}.{}", driver / 1000, driver % 1000 / 10));
  } else {
    (void)cudaGetLastError();
  }
  return true;
}();

}  // namespace
