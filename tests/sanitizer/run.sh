#!/usr/bin/env bash
# Builds the host code with AddressSanitizer and UndefinedBehaviorSanitizer (clang, the
# build the fuzz targets share) and runs the tests that exercise it quickly: every
# GoogleTest executable (1-4 ranks), the command-line tests, and the bad-input and fault
# tests. Any sanitizer report fails the test that caused it.
# Usage: tests/sanitizer/run.sh [extra ctest arguments]
# The build folder is $WARPGRAPH_SANITIZE_BUILD_DIR (default build-sanitize).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=${WARPGRAPH_SANITIZE_BUILD_DIR:-build-sanitize}

bash jobs/install-deps.sh
bash tests/sanitizer/configure.sh "$build"
cmake --build "$build" -j "$(nproc)"

source tests/sanitizer/options.sh
# GoogleTest cases (named Suite.Case) and executables (NAME_test_npN), the CLI tests, and
# the input and fault tests; not the reference comparisons of whole runs (the plain build
# covers them), the install test (a consumer project built without sanitizers), Slurm,
# the two-host test or GPU tests.
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" \
  -R '^[A-Za-z]+\.|_test_np[0-9]$|^cli_|_bad_input$|^reliability_faults$|^engine_errors$' \
  -E '^engine_gpu|^Gpu' "$@"
