// RAII device and pinned host arrays that grow on demand and are reused across batches,
// and the CUDA error check that turns a failed call into wg::Error.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "error.hpp"

#define WG_CUDA_CHECK(call)                                                          \
  do {                                                                               \
    const cudaError_t wg_cuda_status_ = (call);                                      \
    if (wg_cuda_status_ != cudaSuccess)                                              \
      ::wg::fail("CUDA error in {} ({}:{}): {}", #call, __FILE__, __LINE__,          \
                 cudaGetErrorString(wg_cuda_status_));                               \
  } while (0)

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
        WG_CUDA_CHECK(cudaMallocHost(&raw, grown * sizeof(T)));
      else
        WG_CUDA_CHECK(cudaMalloc(&raw, grown * sizeof(T)));
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
