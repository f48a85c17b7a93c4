#!/usr/bin/env bash
# cmake --install into a temporary prefix puts warpgraph in bin/ and a CMake package in
# lib/cmake/warpgraph; a separate project finds it with find_package(warpgraph), builds,
# and reads a graph that warpgraph wrote, under mpirun, with the right edges.
# Usage: install_and_consume.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"
build=${1:?usage: install_and_consume.sh BUILD_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1
assert_status 0 $? "cmake --install (log: $(tail -n 5 "$work/install.log"))"
out=$(PATH=$prefix/bin:$PATH warpgraph --version 2>&1)
assert_status 0 $? "warpgraph on PATH after install"
grep -Eq "^warpgraph [0-9.]+ \(git [0-9a-f]{7,}(-dirty)?\)" <<<"$out" ||
  fail_test "--version names the git commit: $out"

cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$work/consumer.log" 2>&1
assert_status 0 $? "configure a project with find_package(warpgraph) (log: $(tail -n 20 "$work/consumer.log"))"
cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1
assert_status 0 $? "build the project (log: $(tail -n 20 "$work/consumer.log"))"

mtx=$WG_DATA_DIR/graphs/karate.mtx
"$WARPGRAPH" convert -q "$mtx" "$work/karate.h5" --shards 2
assert_status 0 $? "convert karate"
out=$("$MPIEXEC" -n 2 --oversubscribe "$work/consumer/count_edges" "$work/karate.h5" 2>&1)
assert_status 0 $? "the project reads the graph on 2 ranks"
expected=$("$WG_PYTHON" - "$mtx" <<'PY'
import sys
lines = [l for l in open(sys.argv[1]) if not l.startswith("%")]
n = int(lines[0].split()[0])
edges = set()
for l in lines[1:]:
    i, j = (int(x) - 1 for x in l.split()[:2])
    if i != j:
        edges |= {(i, j), (j, i)}  # symmetric: both directions
print(f"vertices {n} edges {len(edges)} checksum {sum(u * 31 + v for u, v in edges)}")
PY
)
assert_contains "$out" "$expected" "edges read through the installed library"
finish
