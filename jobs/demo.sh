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

# Graph analytics: BFS and PageRank on Zachary's karate club (bundled), 2 ranks.
demo=$(mktemp -d)
"$build/warpgraph" convert data/graphs/karate.mtx "$demo/karate.h5" 2>/dev/null
echo "karate club as a sharded HDF5 graph (warpgraph info, 2 ranks):"
$mpirun "$build/warpgraph" info "$demo/karate.h5" 2>/dev/null | grep -v '^graph:'
$mpirun "$build/warpgraph" run --graph "$demo/karate.h5" --algo bfs --source 0 \
  --output "$demo/bfs.tsv" 2>/dev/null
$mpirun "$build/warpgraph" run --graph "$demo/karate.h5" --algo pagerank \
  --output "$demo/pagerank.tsv" --report "$demo/pagerank.json" 2>/dev/null
echo "karate club, hops from member 0 (vertex, hops), first 5:"
head -n 5 "$demo/bfs.tsv"
echo "karate club, highest PageRank (vertex, rank):"
sort -t$'\t' -k2,2gr "$demo/pagerank.tsv" | head -n 3
rm -rf "$demo"
