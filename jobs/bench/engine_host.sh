#!/usr/bin/env bash
# Graph engine benchmark, host backend: BFS, SSSP and PageRank on a generated RMAT graph
# with 1, 2 and 4 ranks (vertex refinement, sliding borders), and at the largest rank
# count the baselines: every update exchanged (--exchange all) and fixed borders
# (--balance off), and 1 rank holding 2 partitions (--devices-per-rank 2, each on half of
# the rank's threads). PageRank runs a fixed 20 iterations. Every result is checked against
# the 1-rank run of the same algorithm (identical for BFS/SSSP, L1 < 1e-9 for PageRank).
# Prints a table and writes OUT_DIR/engine_host.json.
#
# Usage: jobs/bench/engine_host.sh [OUT_DIR]
#   env: SCALE (20), EDGE_FACTOR (16), RANKS ("1 2 4"), THREADS (OpenMP threads per rank;
#        default: cores / ranks), WARPGRAPH (build/warpgraph), PYTHON (python3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-engine}
warpgraph=${WARPGRAPH:-build/warpgraph}
scale=${SCALE:-20}
edge_factor=${EDGE_FACTOR:-16}
ranks_list=${RANKS:-1 2 4}
python=${PYTHON:-python3}
cores=$(nproc)
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

graph=$out/rmat$scale.h5
if [ ! -e "$graph" ]; then
  echo "generating RMAT scale $scale, edge factor $edge_factor" >&2
  mpirun -n 2 --oversubscribe "$warpgraph" generate --scale "$scale" --edge-factor "$edge_factor" \
    --seed 1 --max-weight 100 "$graph" 2> "$out/generate.log"
fi

# run NAME ALGO RANKS [extra run options...]
run() {
  local name=$1 algo=$2 ranks=$3
  shift 3
  local threads=${THREADS:-$(( cores / ranks > 0 ? cores / ranks : 1 ))}
  local source=()
  [ "$algo" != pagerank ] && source=(--source 0)
  # PageRank: a fixed 20 iterations, the same work on every graph and rank count.
  [ "$algo" = pagerank ] && source=(--tolerance 0 --max-iterations 20)
  echo "run $name ($ranks ranks x $threads threads)" >&2
  OMP_NUM_THREADS=$threads mpirun -n "$ranks" --oversubscribe --bind-to none "$warpgraph" run \
    --graph "$graph" --algo "$algo" "${source[@]}" --backend host --output "$out/$name.tsv" \
    --report "$out/$name.json" "$@" 2> "$out/$name.log"
  printf '{"name": "%s", "algo": "%s", "ranks": %d, "threads": %d, "options": "%s"}\n' \
    "$name" "$algo" "$ranks" "$threads" "$*" > "$out/$name.meta"
}

max_ranks=1
for ranks in $ranks_list; do max_ranks=$ranks; done
for algo in bfs sssp pagerank; do
  for ranks in $ranks_list; do
    run "${algo}_np${ranks}" "$algo" "$ranks"
  done
  run "${algo}_np${max_ranks}_all" "$algo" "$max_ranks" --exchange all
  run "${algo}_np${max_ranks}_fixed" "$algo" "$max_ranks" --balance off
  run "${algo}_np1_2dev" "$algo" 1 --devices-per-rank 2
done

"$python" "$here/engine_summary.py" "$out" "$scale"
