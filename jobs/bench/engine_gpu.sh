#!/usr/bin/env bash
# Graph engine benchmark on one GPU, Graph500 style. For every graph:
#   - BFS and SSSP from SOURCES random sources with out-edges (seed 1; `run
#     --sample-sources`): per-source traversal time and TEPS (edges of the reached
#     component, undirected edges once), harmonic mean, min and max; each also with the
#     direction forced to push and to pull;
#   - PageRank, a fixed 20 iterations (--tolerance 0), time per iteration, with each pull
#     kernel of PAGERANK_KERNELS;
#   - on the RMAT graphs, the same-run baselines on the same HDF5 file: CuPy's cuSPARSE
#     SpMV PageRank (float64 and float32), frontier-SpMV BFS, and a device-to-device copy
#     (BASELINES, the script staged by ../shared/device/stage.sh).
#   - Brandes betweenness (`--algo bc`) on RMAT-BC_SCALE from 64 sampled sources (seed
#     1), on the GPU and on the host backend (OMP_NUM_THREADS threads): one forward and one
#     backward phase per source, their times in the reports' "bc" entries.
# Graphs: undirected RMAT-22 and RMAT-24 (integer weights 1..100), a DIMACS road network
# and a SNAP social network (ROAD, SOCIAL: paths to the inputs, skipped when missing).
# Prints a table and writes OUT_DIR/engine_gpu.json (engine_gpu_summary.py).
#
# Usage: jobs/bench/engine_gpu.sh [OUT_DIR]
#   env: SCALES ("22 24"), SOURCES (16), ROAD, SOCIAL, BASELINES, WARPGRAPH (build/warpgraph),
#        PYTHON (python3 with h5py), PREP_RANKS (8: MPI ranks that generate and convert),
#        PAGERANK_KERNELS ("auto ws vwc"), BC_SCALE (20)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-engine-gpu}
warpgraph=${WARPGRAPH:-build/warpgraph}
scales=${SCALES:-22 24}
sources=${SOURCES:-16}
python=${PYTHON:-python3}
baselines=${BASELINES:-}
pagerank_kernels=${PAGERANK_KERNELS:-auto ws vwc}
prep=(mpirun -n "${PREP_RANKS:-8}" --oversubscribe --bind-to none "$warpgraph")
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}

source "$here/engine_runs.sh"

# graph NAME H5: the runs of one graph.
bench_graph() {
  local name=$1 h5=$2
  run "${name}_bfs" "$h5" bfs --sample-sources "$sources"
  run "${name}_bfs_push" "$h5" bfs --sample-sources "$sources" --direction push
  run "${name}_bfs_pull" "$h5" bfs --sample-sources "$sources" --direction pull
  run "${name}_sssp" "$h5" sssp --sample-sources "$sources"
  run "${name}_sssp_push" "$h5" sssp --sample-sources "$sources" --direction push
  run "${name}_sssp_pull" "$h5" sssp --sample-sources "$sources" --direction pull
  for kernel in $pagerank_kernels; do
    run "${name}_pagerank_$kernel" "$h5" pagerank --tolerance 0 --max-iterations 20 --kernel "$kernel"
  done
}

for scale in $scales; do
  h5=$out/rmat$scale.h5
  rmat "$scale"
  bench_graph "rmat$scale" "$h5"
  if [ -n "$baselines" ]; then
    source=$("$python" -c "import json; print(json.load(open('$out/rmat${scale}_bfs.json'))['sampled_sources']['runs'][0]['source'])")
    "$python" "$baselines" "$h5" "$source" > "$out/rmat${scale}_baselines.jsonl" 2> "$out/rmat${scale}_baselines.log"
  fi
done
bc_scale=${BC_SCALE:-20}
rmat "$bc_scale"
run "rmat${bc_scale}_bc" "$out/rmat$bc_scale.h5" bc --bc-sources 64
RUN_BACKEND=host run "rmat${bc_scale}_bc_host" "$out/rmat$bc_scale.h5" bc --bc-sources 64
if [ -n "${ROAD:-}" ] && [ -e "$ROAD" ]; then
  # A DIMACS 'p sp' file or the PACE 'p tw' edition of the road graphs (FLA.gr.xz).
  "${prep[@]}" convert "$ROAD" "$out/road.h5" 2> "$out/convert_road.log" &&
    bench_graph road "$out/road.h5"
fi
if [ -n "${SOCIAL:-}" ] && [ -e "$SOCIAL" ]; then
  "${prep[@]}" convert "$SOCIAL" "$out/social.h5" --undirected 2> "$out/convert_social.log" &&
    bench_graph social "$out/social.h5"
fi

"$python" "$here/engine_gpu_summary.py" "$out"
