// Lets one function body compile for the host backend (g++) and the CUDA kernels (nvcc).
#pragma once

#if defined(__CUDACC__)
#define WG_HD __host__ __device__ __forceinline__
#else
#define WG_HD inline
#endif
