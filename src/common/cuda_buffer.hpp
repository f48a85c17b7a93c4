// The one growing CUDA array of warpgraph: device memory or page-locked host memory that
// frees itself and is reallocated, contents not kept, when more room is asked for. Used by
// the graph partition (kernels/graph/cuda), the aligner (kernels/align) and the NCCL stage
// of the exchange (comm/graph).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <thread>
#include <utility>
#include <vector>

#include "src/common/cuda_check.hpp"

namespace wg {

// Page-locked host memory. cudaMallocHost faults the pages in and locks them on one
// thread, which on a virtual machine ran at about 2 GB/s (15 ms for 35 MB, 50-67 ms for
// 140 MB on the machine of docs/PERFORMANCE.md); faulting them in on several threads and
// then locking them with cudaHostRegister took 4.5-7 ms and 11-17 ms. Registered memory is
// mapped and portable under unified addressing, as cudaMallocHost's is.
inline void* allocate_pinned(std::size_t bytes) {
  constexpr std::size_t kPage = 4096;
  constexpr std::size_t kPagesPerThread = 1024;  // 4 MB: fewer go on the calling thread
  const std::size_t pages = std::max<std::size_t>(1, (bytes + kPage - 1) / kPage);
  auto* memory = static_cast<char*>(std::aligned_alloc(kPage, pages * kPage));
  if (!memory) throw std::bad_alloc();
  const std::size_t threads = std::clamp<std::size_t>(
      pages / kPagesPerThread, 1, std::max(1u, std::thread::hardware_concurrency()));
  auto touch = [&](std::size_t part) {
    for (std::size_t page = part * pages / threads; page < (part + 1) * pages / threads; ++page)
      memory[page * kPage] = 0;
  };
  std::vector<std::thread> helpers;
  for (std::size_t part = 1; part < threads; ++part) helpers.emplace_back(touch, part);
  touch(0);
  for (auto& helper : helpers) helper.join();
  const cudaError_t status = cudaHostRegister(memory, pages * kPage, cudaHostRegisterDefault);
  if (status != cudaSuccess) std::free(memory);
  CUDA_CHECK(status);
  return memory;
}
inline void free_pinned(void* memory) {
  cudaHostUnregister(memory);
  std::free(memory);
}

enum class CudaMemory { device, pinned };

template <typename T, CudaMemory kMemory>
class CudaBuffer {
 public:
  CudaBuffer() = default;
  CudaBuffer(const CudaBuffer&) = delete;
  CudaBuffer& operator=(const CudaBuffer&) = delete;
  CudaBuffer(CudaBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), capacity_(std::exchange(other.capacity_, 0)) {}
  CudaBuffer& operator=(CudaBuffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(capacity_, other.capacity_);
    return *this;
  }
  ~CudaBuffer() { release(); }

  // Room for at least `count` elements, a new allocation taking exactly that: for arrays
  // sized once, whose memory the caller accounts for before allocating.
  T* grow(std::size_t count) { return ensure(count, count); }
  // Room for at least `count` elements, a new allocation taking a quarter more: for
  // arrays reused across batches of varying size, so that a slightly larger batch reuses
  // them.
  T* reserve(std::size_t count) { return ensure(count, count + count / 4 + 16); }
  // grow(count) and an asynchronous copy of `count` elements from the host.
  void upload(const T* host, std::size_t count, cudaStream_t stream) {
    grow(count);
    if (count)
      CUDA_CHECK(cudaMemcpyAsync(data_, host, count * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  T* data() const { return data_; }

 private:
  T* ensure(std::size_t count, std::size_t allocate) {
    if (count <= capacity_ && data_) return data_;
    release();
    const std::size_t elements = allocate == 0 ? 1 : allocate;
    void* raw = nullptr;
    if constexpr (kMemory == CudaMemory::pinned)
      raw = allocate_pinned(elements * sizeof(T));
    else
      CUDA_CHECK(cudaMalloc(&raw, elements * sizeof(T)));
    data_ = static_cast<T*>(raw);
    capacity_ = allocate;
    return data_;
  }
  void release() {
    if (!data_) return;
    if constexpr (kMemory == CudaMemory::pinned)
      free_pinned(data_);
    else
      cudaFree(data_);
    data_ = nullptr;
    capacity_ = 0;
  }

  T* data_ = nullptr;
  std::size_t capacity_ = 0;
};

template <typename T>
using DeviceBuffer = CudaBuffer<T, CudaMemory::device>;
template <typename T>
using PinnedBuffer = CudaBuffer<T, CudaMemory::pinned>;

}  // namespace wg
