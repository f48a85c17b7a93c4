#!/usr/bin/env bash
# The executable's top-level behaviour: --version, --help of every subcommand,
# usage errors with a non-zero exit.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"

out=$("$WARPGRAPH" --version)
assert_status 0 $? "--version"
assert_contains "$out" "warpgraph " "--version names the program"
assert_contains "$out" "CUDA: " "--version says whether CUDA is compiled in"
assert_contains "$out" "NCCL: " "--version says whether NCCL is compiled in"

for command in convert generate info run align; do
  out=$("$WARPGRAPH" "$command" --help 2>&1)
  assert_status 0 $? "$command --help"
  assert_contains "$out" "$command" "$command --help"
done

out=$("$WARPGRAPH" frobnicate 2>&1)
assert_status 2 $? "unknown subcommand"
out=$("$WARPGRAPH" 2>&1)
assert_status 2 $? "no subcommand"
finish
