#!/usr/bin/env bash
# Per-kernel profile of the CUDA graph engine with Nsight Compute: duration, achieved DRAM
# throughput (% of peak and bytes) and warp execution efficiency of every engine kernel,
# for PageRank (5 iterations) and BFS (auto direction, one source) on one graph.
# Writes OUT_DIR/profile_<algo><TAG>.csv (ncu --csv), which engine_gpu_summary.py reads.
#
# Usage: jobs/bench/engine_profile.sh GRAPH.h5 SOURCE [OUT_DIR]
#   env: WARPGRAPH (build/warpgraph), NCU (ncu), RUN_OPTIONS (more `run` options, e.g.
#        "--split auto"), TAG (appended to the file names)
set -euo pipefail
graph=$1
source=$2
out=${3:-bench-engine-profile}
warpgraph=${WARPGRAPH:-build/warpgraph}
ncu=${NCU:-ncu}
mkdir -p "$out"
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes.sum,smsp__thread_inst_executed_per_inst_executed.ratio
kernels='regex:pull|push|split|famil|emit|scatter|compact|degrees|sum_blocks|popcount'
read -r -a extra <<< "${RUN_OPTIONS:-}"
tag=${TAG:-}
"$ncu" --csv --metrics "$metrics" --kernel-name "$kernels" "$warpgraph" run --graph "$graph" \
  --algo pagerank --backend cuda --tolerance 0 --max-iterations 5 "${extra[@]}" \
  > "$out/profile_pagerank$tag.csv"
"$ncu" --csv --metrics "$metrics" --kernel-name "$kernels" "$warpgraph" run --graph "$graph" \
  --algo bfs --source "$source" --backend cuda "${extra[@]}" > "$out/profile_bfs$tag.csv"
