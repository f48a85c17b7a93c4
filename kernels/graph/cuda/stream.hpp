// A CUDA stream of the graph partition, destroyed with it. Its arrays are the growing
// buffers of src/common/cuda_buffer.hpp.
#pragma once

#include <cuda_runtime.h>

#include "src/common/cuda_check.hpp"

namespace wg::kernels::graph::cuda {

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

}  // namespace wg::kernels::graph::cuda
