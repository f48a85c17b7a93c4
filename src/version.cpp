#include "src/version.hpp"

#include <H5public.h>
#include <fmt/format.h>

#include "comm/mpi_session.hpp"

#ifdef WARPGRAPH_WITH_CUDA
#include <cuda_runtime_api.h>
#include <nccl.h>
#endif

namespace wg {

extern const char* const kGitCommit;  // git_commit.cpp, written at build time

namespace {
std::string cuda_text() {
#ifdef WARPGRAPH_WITH_CUDA
  return fmt::format("CUDA: yes (runtime {}.{}, architectures {})", CUDART_VERSION / 1000,
                     (CUDART_VERSION % 1000) / 10, WARPGRAPH_CUDA_ARCHITECTURES);
#else
  return "CUDA: no (host backend only)";
#endif
}

std::string nccl_text() {
#ifdef WARPGRAPH_WITH_NCCL
  return fmt::format("NCCL: yes ({}.{}.{})", NCCL_MAJOR, NCCL_MINOR, NCCL_PATCH);
#else
  return "NCCL: no";
#endif
}
}  // namespace

std::string version_text() {
  return fmt::format("warpgraph {} (git {})\n{}\n{}\nMPI: {}\nHDF5: {}.{}.{} (parallel)",
                     WARPGRAPH_VERSION, kGitCommit, cuda_text(), nccl_text(),
                     comm::mpi_library_version(), H5_VERS_MAJOR, H5_VERS_MINOR, H5_VERS_RELEASE);
}

}  // namespace wg
