// CUDA_CHECK: evaluates a CUDA runtime call once and throws wg::Error naming the call,
// file:line and CUDA's error string; CUDA_CHECK_LAUNCH checks the last kernel launch.
// main() turns the error into an abort of every rank. The one CUDA check of the project.
#pragma once

#include <cuda_runtime.h>

#include "src/common/error.hpp"

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    const cudaError_t wg_cuda_status_ = (call);                             \
    if (wg_cuda_status_ != cudaSuccess)                                     \
      ::wg::fail("CUDA error in {} ({}:{}): {}", #call, __FILE__, __LINE__, \
                 cudaGetErrorString(wg_cuda_status_));                      \
  } while (0)

#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
