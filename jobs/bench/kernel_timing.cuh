// What the kernel-only benchmark programs of jobs/bench share: a CUDA error check that
// names the line, device allocations freed together after each shape, and the median
// time of a launch.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace wg::bench {

inline void check(cudaError_t status, int line) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "CUDA error %s at line %d\n", cudaGetErrorString(status), line);
  std::exit(1);
}
#define CHECK(call) ::wg::bench::check((call), __LINE__)

// Device buffers of one benchmark shape; release() frees them all.
class DeviceAllocations {
 public:
  ~DeviceAllocations() { release(); }

  template <typename T>
  T* allocate(std::size_t count) {
    T* device = nullptr;
    CHECK(cudaMalloc(&device, std::max<std::size_t>(1, count) * sizeof(T)));
    buffers_.push_back(device);
    return device;
  }
  template <typename T>
  T* upload(const std::vector<T>& host) {
    T* device = allocate<T>(host.size());
    CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return device;
  }
  void release() {
    for (void* buffer : buffers_) CHECK(cudaFree(buffer));
    buffers_.clear();
  }

 private:
  std::vector<void*> buffers_;
};

// Median milliseconds of 3 timed launches after a warm-up launch.
template <typename Launch>
float median_ms(const Launch& launch) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> ms(3);
  for (float& t : ms) {
    CHECK(cudaEventRecord(start));
    launch();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&t, start, stop));
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(ms.begin(), ms.end());
  return ms[1];
}

}  // namespace wg::bench
