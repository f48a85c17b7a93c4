#!/usr/bin/env bash
# The layout rules of docs/ARCHITECTURE.md, checked on the sources:
#   - kernels/ (compute on one device or the host) includes nothing from comm/ and no MPI
#     or NCCL header: kernels know nothing of ranks;
#   - partition/ (the partitioning arithmetic) is plain C++: no MPI, CUDA or NCCL header
#     and nothing from comm/, kernels/ or src/ except src/common/.
# Prints every offending include as FILE:LINE and exits 1 when there is one.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
status=0

# Header names that live in a folder (includes are written by file name or from the
# folder: both spellings are caught).
headers_of() { find "$@" -name '*.hpp' -o -name '*.cuh' -o -name '*.h' | sed 's|.*/||' | sort -u; }

# violations FOLDER PATTERN WHY: every #include line of FOLDER matching PATTERN.
violations() {
  local folder=$1 pattern=$2 why=$3
  local found
  found=$(grep -rnE --include='*.hpp' --include='*.cpp' --include='*.cu' --include='*.cuh' \
    "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($pattern)[>\"]" "$folder" || true)
  if [ -n "$found" ]; then
    echo "$why:"
    echo "$found"
    status=1
  fi
}

comm_headers=$(headers_of comm | grep -vxF -f <(headers_of kernels src/common partition) | paste -sd'|' | sed 's/\./\\./g')
violations kernels "mpi\.h|nccl\.h|comm/[^\">]*|([^\">]*/)?($comm_headers)" \
  "kernels/ includes MPI, NCCL or comm/ (kernels know nothing of ranks)"

outside=$(headers_of comm kernels src | grep -vxF -f <(headers_of partition src/common) | paste -sd'|' | sed 's/\./\\./g')
violations partition "mpi\.h|nccl\.h|cuda[^\">]*|cub/[^\">]*|omp\.h|([^\">]*/)?($outside)" \
  "partition/ includes MPI, CUDA, OpenMP's header or code outside partition/ and src/common/"

[ "$status" -eq 0 ] && echo "layout rules hold"
exit "$status"
