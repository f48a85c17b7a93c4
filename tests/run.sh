#!/usr/bin/env bash
# Installs what is missing, builds warpgraph with warnings as errors, and runs every test.
# Usage: tests/run.sh [extra ctest arguments]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

bash jobs/install-deps.sh
build=${WARPGRAPH_BUILD_DIR:-build}
# The benchmark programs (jobs/bench) are built too, so that a kernel change that breaks
# them fails CI.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DWARPGRAPH_WERROR=ON -DWARPGRAPH_BENCHMARKS=ON
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
