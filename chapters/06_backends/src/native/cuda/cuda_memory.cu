// Device memory, copies between host and device, and the device count: the
// CUDA runtime calls the allocator and tensor.to(device) need.
#include <string>

#include "cuda_check.cuh"

namespace mini {
inline namespace ch06 {

void* cudaAllocateBytes(std::size_t nbytes, int device, const char* op) {
  checkCuda(cudaSetDevice(device), "cudaSetDevice", op);
  void* data = nullptr;
  checkCuda(cudaMalloc(&data, nbytes), "cudaMalloc", op);
  return data;
}

// A deleter runs in destructors, where throwing would terminate: a failed
// free is reported by the next checked call instead.
void cudaFreeBytes(void* data) { (void)cudaFree(data); }

void cudaCopyBytes(void* dst, const void* src, std::size_t nbytes, CudaCopyKind kind, const char* op) {
  const cudaMemcpyKind direction = kind == CudaCopyKind::HostToDevice   ? cudaMemcpyHostToDevice
                                   : kind == CudaCopyKind::DeviceToHost ? cudaMemcpyDeviceToHost
                                                                        : cudaMemcpyDeviceToDevice;
  // cudaMemcpy waits for the kernels before it on the stream: after it
  // returns, a device-to-host copy has the kernels' results.
  checkCuda(cudaMemcpy(dst, src, nbytes, direction), "cudaMemcpy", op);
}

int cudaDeviceCountWithReason(std::string& reason) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    reason = std::string("no CUDA device: cudaGetDeviceCount returned ") + cudaGetErrorName(status) + " (" +
             cudaGetErrorString(status) + ")";
    (void)cudaGetLastError();  // clear the sticky error, so later checks report their own
    return 0;
  }
  return count;
}

}  // namespace ch06
}  // namespace mini
