// A CUDA stream destroyed with its owner (the graph partition, the upload of the sequences
// the aligners keep on the GPU), also when an error unwinds. The arrays that go with it are
// the growing buffers of src/common/cuda_buffer.hpp.
#pragma once

#include <cuda_runtime.h>

#include "src/common/cuda_check.hpp"

namespace wg {

class CudaStream {
 public:
  CudaStream() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  ~CudaStream() { cudaStreamDestroy(stream_); }
  cudaStream_t get() const { return stream_; }
  void sync() const { CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

}  // namespace wg
