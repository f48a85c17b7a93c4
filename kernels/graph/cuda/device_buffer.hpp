// RAII device memory and streams for the graph kernels: nothing is freed by hand.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "cuda_check.hpp"

namespace wg::graph::cuda {

// A device array of `count` elements; grow() reallocates (contents are not kept).
template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) { grow(count); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~DeviceBuffer() {
    if (data_) cudaFree(data_);
  }

  // Makes room for at least `count` elements.
  void grow(std::size_t count) {
    if (count <= size_ && data_) return;
    if (data_) cudaFree(std::exchange(data_, nullptr));
    void* raw = nullptr;
    CUDA_CHECK(cudaMalloc(&raw, (count == 0 ? 1 : count) * sizeof(T)));
    data_ = static_cast<T*>(raw);
    size_ = count;
  }
  void upload(const T* host, std::size_t count, cudaStream_t stream) {
    grow(count);
    if (count)
      CUDA_CHECK(cudaMemcpyAsync(data_, host, count * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  T* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

// Page-locked host memory of `count` elements, so copies to and from it run
// asynchronously; grow() reallocates (contents are not kept).
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() {
    if (data_) cudaFreeHost(data_);
  }
  void grow(std::size_t count) {
    if (count <= size_ && data_) return;
    if (data_) cudaFreeHost(std::exchange(data_, nullptr));
    void* raw = nullptr;
    CUDA_CHECK(cudaMallocHost(&raw, (count == 0 ? 1 : count) * sizeof(T)));
    data_ = static_cast<T*>(raw);
    size_ = count;
  }
  T* data() const { return data_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

class Stream {
 public:
  Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() { cudaStreamDestroy(stream_); }
  cudaStream_t get() const { return stream_; }
  void sync() const { CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

}  // namespace wg::graph::cuda
