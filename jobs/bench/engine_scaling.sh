#!/usr/bin/env bash
# Graph engine scaling benchmark: one GPU against GPUS GPUs of one host, in one job.
# For every undirected RMAT graph of SCALES (integer weights 1..100):
#   - PageRank, a fixed 20 iterations (--tolerance 0): ms per iteration;
#   - BFS and SSSP from SOURCES random sources (Graph500: harmonic mean TEPS), plus one
#     single-source run each for the per-iteration bytes and exchange/compute split;
# each on 1 GPU, and on GPUS GPUs with the exchange targeted, vr and all; targeted also
# with the balancer off, as GPUS virtual nodes (--ranks-per-node 1: the inter-node path
# over MPI), and with every GPU driven by one rank (--devices-per-rank GPUS).
# HOST_PARTITIONS (e.g. "2 4 8") adds host-backend runs that count the bytes a PageRank
# iteration moves for that many partitions (no GPU needed: the bytes do not depend on the
# backend), the input of the scaling model in docs/PERFORMANCE.md.
# Prints a table and writes OUT_DIR/engine_scaling.json (engine_scaling_summary.py).
#
# Usage: jobs/bench/engine_scaling.sh [OUT_DIR]
#   env: SCALES ("25 26"), GPUS (2), SOURCES (16), HOST_PARTITIONS (""), WARPGRAPH
#        (build/warpgraph), PYTHON (python3), PREP_RANKS (8)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-engine-scaling}
warpgraph=${WARPGRAPH:-build/warpgraph}
scales=${SCALES:-25 26}
gpus=${GPUS:-2}
sources=${SOURCES:-16}
python=${PYTHON:-python3}
prep=(mpirun -n "${PREP_RANKS:-8}" --oversubscribe --bind-to none "$warpgraph")
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}

# run NAME RANKS GRAPH ALGO [extra run options...]: one run, its report kept as
# OUT_DIR/NAME.json.
run() {
  local name=$1 ranks=$2 graph=$3 algo=$4
  shift 4
  echo "run $name" >&2
  if ! mpirun -n "$ranks" --bind-to none "$warpgraph" run --graph "$graph" --algo "$algo" \
    --report "$out/$name.json" "$@" 2> "$out/$name.log"; then
    echo "run $name FAILED:" >&2
    tail -n 5 "$out/$name.log" >&2
  fi
}

# variants NAME GRAPH ALGO [options...]: the algorithm on 1 GPU and every multi-GPU layout.
variants() {
  local name=$1 graph=$2 algo=$3
  shift 3
  run "${name}_1gpu" 1 "$graph" "$algo" --backend cuda "$@"
  for exchange in targeted vr all; do
    run "${name}_${gpus}gpu_$exchange" "$gpus" "$graph" "$algo" --backend cuda --exchange "$exchange" "$@"
  done
  run "${name}_${gpus}gpu_nobalance" "$gpus" "$graph" "$algo" --backend cuda --balance off "$@"
  run "${name}_${gpus}gpu_nodes" "$gpus" "$graph" "$algo" --backend cuda --ranks-per-node 1 "$@"
  run "${name}_${gpus}gpu_onerank" 1 "$graph" "$algo" --backend cuda --devices-per-rank "$gpus" "$@"
}

for scale in $scales; do
  h5=$out/rmat$scale.h5
  [ -e "$h5" ] || "${prep[@]}" generate --scale "$scale" --edge-factor 16 --seed 1 --undirected \
    --max-weight 100 "$h5" 2> "$out/generate$scale.log" || { echo "generate failed" >&2; exit 1; }
  variants "rmat${scale}_pagerank" "$h5" pagerank --tolerance 0 --max-iterations 20
  for algo in bfs sssp; do
    variants "rmat${scale}_${algo}" "$h5" "$algo" --sample-sources "$sources"
    source=$("$python" -c "import json; print(json.load(open('$out/rmat${scale}_${algo}_1gpu.json'))['sampled_sources']['runs'][0]['source'])")
    variants "rmat${scale}_${algo}1" "$h5" "$algo" --source "$source"
  done
  for parts in ${HOST_PARTITIONS:-}; do
    for exchange in targeted vr; do
      run "rmat${scale}_pagerank_host${parts}_$exchange" "$parts" "$h5" pagerank --backend host \
        --tolerance 0 --max-iterations 3 --balance off --exchange "$exchange"
    done
  done
done

"$python" "$here/engine_scaling_summary.py" "$out"
