#!/usr/bin/env bash
# Graph engine benchmark, CUDA backend: BFS and SSSP (source 0) and PageRank (a fixed 20
# iterations) on a generated undirected RMAT graph with integer weights:
#   - 1 GPU with each pull kernel (auto, ws, dynamic, vwc; PageRank is all-active, so
#     only auto = ws and vwc differ),
#   - 2 GPUs (2 ranks, NCCL inside the node), auto kernel,
#   - the host backend (1 rank, THREADS OpenMP threads) as the baseline of the same run.
# Every GPU result is checked against the host backend's (identical for BFS/SSSP, L1 below
# 1e-9 for PageRank). Runs go in order of importance; with a time limit (BUDGET seconds)
# the table covers those that finished. Prints a table and writes OUT_DIR/engine_gpu.json.
#
# Usage: jobs/bench/engine_gpu.sh [OUT_DIR]
#   env: SCALE (22), EDGE_FACTOR (16), THREADS (16), GPUS (2), BUDGET (0: no limit),
#        WARPGRAPH (build/warpgraph), PYTHON (python3 with h5py)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-engine-gpu}
warpgraph=${WARPGRAPH:-build/warpgraph}
scale=${SCALE:-22}
edge_factor=${EDGE_FACTOR:-16}
threads=${THREADS:-16}
gpus=${GPUS:-2}
budget=${BUDGET:-0}
python=${PYTHON:-python3}
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
started=$(date +%s)

graph=$out/rmat$scale.h5
if [ ! -e "$graph" ]; then
  echo "generating RMAT scale $scale, edge factor $edge_factor, undirected" >&2
  mpirun -n 4 --oversubscribe --bind-to none "$warpgraph" generate --scale "$scale" \
    --edge-factor "$edge_factor" --seed 1 --undirected --max-weight 100 "$graph" \
    2> "$out/generate.log" || { echo "generate failed" >&2; tail "$out/generate.log" >&2; exit 1; }
fi

# run NAME ALGO BACKEND RANKS [extra run options...]
run() {
  local name=$1 algo=$2 backend=$3 ranks=$4
  shift 4
  if [ "$budget" -gt 0 ] && [ $(( $(date +%s) - started )) -ge "$budget" ]; then
    echo "skip $name (time budget spent)" >&2
    return
  fi
  local params=(--source 0)
  [ "$algo" = pagerank ] && params=(--tolerance 0 --max-iterations 20)
  echo "run $name" >&2
  if OMP_NUM_THREADS=$threads mpirun -n "$ranks" --oversubscribe --bind-to none "$warpgraph" run \
    --graph "$graph" --algo "$algo" "${params[@]}" --backend "$backend" \
    --output "$out/$name.h5" --report "$out/$name.json" "$@" 2> "$out/$name.log"; then
    printf '{"name": "%s", "algo": "%s", "backend": "%s", "ranks": %d, "threads": %d, "options": "%s"}\n' \
      "$name" "$algo" "$backend" "$ranks" "$threads" "$*" > "$out/$name.meta"
  else
    echo "run $name FAILED:" >&2
    tail -n 5 "$out/$name.log" >&2
    printf '{"name": "%s", "algo": "%s", "backend": "%s", "ranks": %d, "failed": true}\n' \
      "$name" "$algo" "$backend" "$ranks" > "$out/$name.meta"
  fi
}

for algo in bfs sssp pagerank; do
  run "${algo}_host" "$algo" host 1
  run "${algo}_gpu1_auto" "$algo" cuda 1 --kernel auto
  [ "$gpus" -ge 2 ] && run "${algo}_gpu2_auto" "$algo" cuda 2 --kernel auto
done
for algo in bfs sssp pagerank; do
  kernels="ws dynamic vwc"
  [ "$algo" = pagerank ] && kernels="vwc"
  for kernel in $kernels; do run "${algo}_gpu1_$kernel" "$algo" cuda 1 --kernel "$kernel"; done
done

"$python" "$here/engine_gpu_summary.py" "$out" "$scale"
