#!/usr/bin/env bash
# Bundled real graphs -> warpgraph convert (1 to 4 ranks) -> HDF5 read with h5py equals
# the CSR built independently from the text file (tests/graph/reference_csr.py), and
# `warpgraph info` passes its self-check with the right counts.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"
graphs="$WG_DATA_DIR/graphs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check() {  # ranks input format [convert options...]
  local ranks=$1 input=$2 format=$3
  shift 3
  local out="$work/$(basename "$input").$ranks.h5"
  local log
  log=$("$MPIEXEC" -n "$ranks" --oversubscribe "$WARPGRAPH" convert "$input" "$out" "$@" 2>&1)
  assert_status 0 $? "convert $(basename "$input") $* with $ranks rank(s): $log"
  log=$("$WG_PYTHON" "$here/reference_csr.py" "$input" "$format" "$out" "$@" 2>&1)
  assert_status 0 $? "reference check of $(basename "$input") $*: $log"
  echo "$log"
  log=$("$MPIEXEC" -n "$ranks" --oversubscribe "$WARPGRAPH" info "$out" 2>&1)
  assert_status 0 $? "info $(basename "$input") $*: $log"
  assert_contains "$log" "self-check: ok" "info self-check of $(basename "$input")"
  ls "$work" | grep -q 'partial\|\.tmp-\|\.old-' && fail_test "temporary files left in $work"
}

check 1 "$graphs/karate.mtx" mtx
check 2 "$graphs/chesapeake.mtx" mtx --shards 3
check 3 "$graphs/west0067.mtx" mtx --shards 2
check 2 "$graphs/bcsstk13.mtx" mtx --shards 4
check 4 "$graphs/bcsstk13.mtx" mtx --keep-self-loops --shards 3
check 1 "$graphs/CA-GrQc.txt" snap
check 3 "$graphs/CA-GrQc.txt" snap --undirected --shards 5
check 2 "$graphs/CA-GrQc.txt" snap --keep-self-loops --shards 2
check 4 "$graphs/p2p-Gnutella08.txt.gz" snap --shards 3
check 2 "$graphs/rome99.gr" dimacs --shards 2
check 3 "$graphs/rome99.gr" dimacs --keep-duplicates
check 2 "$graphs/NY.gr.xz" dimacs --shards 2  # PACE 'p tw' edge pairs: undirected

# The counts info prints for a known graph: karate has 34 vertices and 78 undirected edges.
"$WARPGRAPH" convert "$graphs/karate.mtx" "$work/karate.h5" 2>/dev/null
out=$("$WARPGRAPH" info "$work/karate.h5" 2>&1)
assert_contains "$out" "vertices: 34" "karate vertex count"
assert_contains "$out" "edges: 156" "karate stored edges (78 undirected, both directions)"
assert_contains "$out" "directed: no" "symmetric matrix gives an undirected graph"
assert_contains "$out" "out-degree: min 1, max 17" "karate degrees (Zachary: max degree 17)"
finish
