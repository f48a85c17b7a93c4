// RAII device and pinned host arrays that grow on demand and are reused across batches.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "cuda_check.hpp"
#include "error.hpp"

namespace wg::align::cuda {

template <typename T, bool kPinned>
class GrowingArray {
 public:
  GrowingArray() = default;
  GrowingArray(const GrowingArray&) = delete;
  GrowingArray& operator=(const GrowingArray&) = delete;
  ~GrowingArray() { release(); }

  // Makes room for `count` elements; old contents are not kept.
  T* reserve(std::size_t count) {
    if (count > capacity_) {
      release();
      const std::size_t grown = count + count / 4 + 16;
      void* raw = nullptr;
      if constexpr (kPinned)
        CUDA_CHECK(cudaHostAlloc(&raw, grown * sizeof(T), cudaHostAllocDefault));
      else
        CUDA_CHECK(cudaMalloc(&raw, grown * sizeof(T)));
      data_ = static_cast<T*>(raw);
      capacity_ = grown;
    }
    return data_;
  }
  T* data() const { return data_; }

 private:
  void release() {
    if (!data_) return;
    if constexpr (kPinned)
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
using DeviceArray = GrowingArray<T, false>;
template <typename T>
using PinnedArray = GrowingArray<T, true>;

}  // namespace wg::align::cuda
