#!/usr/bin/env bash
# The layout rules of docs/ARCHITECTURE.md, checked on the sources:
#   - kernels/ (compute on one device or the host) includes nothing from comm/ and no MPI
#     or NCCL header: kernels know nothing of ranks;
#   - partition/ (the partitioning arithmetic) is plain C++: no MPI, CUDA or NCCL header
#     and nothing from comm/, kernels/ or src/ except src/common/;
#   - comm/ (who talks to whom) includes nothing from kernels/ or src/ except src/common/
#     and the align threads it runs (src/align/align_pipeline.hpp, batch_maker.hpp);
#   - every quoted include of a project file is written from the repository root
#     ("src/common/error.hpp", "kernels/graph/partition.hpp"), which is what makes the two
#     rules above exact (tests/layout/root_includes.py rewrites older spellings);
#   - the code of kernels/ and comm/ is in the namespaces of its folders
#     (wg::kernels::graph, wg::comm::align, ...; tests/layout/namespaces.py rewrites it).
# Prints every offending include or name as FILE:LINE and exits 1 when there is one.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
status=0

# violations FOLDER PATTERN WHY [ALLOWED]: every #include line of FOLDER matching PATTERN
# and not ALLOWED.
violations() {
  local folder=$1 pattern=$2 why=$3 allowed=${4:-}
  local include="[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]"
  local found
  found=$(grep -rnE --include='*.hpp' --include='*.cpp' --include='*.cu' --include='*.cuh' \
    "^$include($pattern)[>\"]" "$folder" || true)
  if [ -n "$found" ] && [ -n "$allowed" ]; then
    found=$(grep -vE "^[^:]*:[0-9]+:$include($allowed)[>\"]" <<< "$found" || true)
  fi
  if [ -n "$found" ]; then
    echo "$why:"
    echo "$found"
    status=1
  fi
}

# Every include below is written from the root (checked first), so a folder's headers
# are named by the folder.
if ! found=$("${WG_PYTHON:-python3}" tests/layout/root_includes.py --check 2>&1); then
  echo "quoted includes of project files not written from the repository root (run" \
    "python3 tests/layout/root_includes.py to rewrite them):"
  echo "$found"
  status=1
fi

if ! found=$("${WG_PYTHON:-python3}" tests/layout/namespaces.py --check 2>&1); then
  echo "code of kernels/ or comm/ outside the namespaces of its folders (run" \
    "python3 tests/layout/namespaces.py to rewrite it):"
  echo "$found"
  status=1
fi

violations kernels "mpi\.h|nccl\.h|comm/[^\">]*" \
  "kernels/ includes MPI, NCCL or comm/ (kernels know nothing of ranks)"

violations comm "(src|kernels)/[^\">]*" \
  "comm/ includes kernels/ or src/ beyond src/common/ and the align threads" \
  "src/common/[^\">]*|src/align/(align_pipeline|batch_maker)\.hpp"

violations partition "mpi\.h|nccl\.h|cuda[^\">]*|cub/[^\">]*|omp\.h|(src|kernels|comm|tests|jobs)/[^\">]*" \
  "partition/ includes MPI, CUDA, OpenMP's header or code outside partition/ and src/common/" \
  "src/common/[^\">]*"

[ "$status" -eq 0 ] && echo "layout rules hold"
exit "$status"
