// The one growing CUDA array of warpgraph: device memory or page-locked host memory that
// frees itself and is reallocated, contents not kept, when more room is asked for. Used by
// the graph partition (kernels/graph/cuda), the aligner (kernels/align) and the NCCL stage
// of the exchange (comm/graph).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "src/common/cuda_check.hpp"

namespace wg {

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
      CUDA_CHECK(cudaMallocHost(&raw, elements * sizeof(T)));
    else
      CUDA_CHECK(cudaMalloc(&raw, elements * sizeof(T)));
    data_ = static_cast<T*>(raw);
    capacity_ = allocate;
    return data_;
  }
  void release() {
    if (!data_) return;
    if constexpr (kMemory == CudaMemory::pinned)
      cudaFreeHost(data_);
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
