#!/usr/bin/env bash
# Installs what is missing, builds warpgraph, and runs the demo on the bundled data
# with 2 MPI ranks. Usage: jobs/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

bash jobs/install-deps.sh
build=${WARPGRAPH_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun="mpirun -n 2 --oversubscribe"
"$build/warpgraph" --version
