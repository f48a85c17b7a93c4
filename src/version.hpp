// What this build of warpgraph contains: version, CUDA and NCCL support, MPI and HDF5.
#pragma once

#include <string>

namespace wg {

std::string version_text();

}  // namespace wg
