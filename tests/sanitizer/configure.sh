#!/usr/bin/env bash
# Configures the sanitizer build that tests/sanitizer/run.sh and tests/fuzz/run.sh share:
# clang, host code only, AddressSanitizer + UndefinedBehaviorSanitizer and libFuzzer's
# coverage instrumentation (cmake/Sanitizers.cmake).
# Usage: tests/sanitizer/configure.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: configure.sh BUILD_DIR}
CC=clang CXX=clang++ cmake -S "$(dirname "$0")/../.." -B "$build" -DWARPGRAPH_CUDA=OFF \
  -DWARPGRAPH_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
