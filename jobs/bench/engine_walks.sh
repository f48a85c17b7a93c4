#!/usr/bin/env bash
# How the CUDA graph engine walks the edges, on skewed and regular graphs, in one job on
# one GPU:
#   - Tigr's virtual split (--split) against none: BFS and SSSP from SOURCES sampled
#     sources (Graph500: harmonic mean TEPS), PageRank over a fixed 20 iterations;
#     split off, auto and each K of SPLITS;
#   - KiTES vertex grouping (--group r, each r of GROUP_RATIOS) against none: BFS and SSSP, with
#     the activation edges held and the redundant work from the reports;
#   - the pull kernels on PageRank: ws, dynamic, rowblock and vwc with every K and auto;
#   - with PROFILE=1, Nsight Compute (engine_profile.sh) on the skewed RMAT graph, split
#     off and auto: each kernel's time and warp execution efficiency.
# Graphs: undirected RMAT-SCALE with Graph500's a = 0.57 and a heavier skew (a = 0.7,
# b = c = 0.1), integer weights 1..100; a real skewed graph (SOCIAL: a SNAP edge list) and
# a road network (ROAD: DIMACS or PACE), skipped when missing.
# Prints a table and writes OUT_DIR/engine_walks.json (engine_gpu_summary.py).
#
# Usage: jobs/bench/engine_walks.sh [OUT_DIR]
#   env: SCALE (20), SOURCES (16), SPLITS ("8 32"), GROUP_RATIOS ("2 4 32 64"), ROAD, SOCIAL,
#        PROFILE (0), WARPGRAPH (build/warpgraph), PYTHON, PREP_RANKS (8), NCU
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-engine-walks}
warpgraph=${WARPGRAPH:-build/warpgraph}
scale=${SCALE:-20}
sources=${SOURCES:-16}
splits=${SPLITS:-8 32}
groups=${GROUP_RATIOS:-2 4 32 64}
python=${PYTHON:-python3}
prep=(mpirun -n "${PREP_RANKS:-8}" --oversubscribe --bind-to none "$warpgraph")
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-8}

source "$here/engine_runs.sh"

# pagerank NAME H5 [options...]: a fixed 20 iterations.
pagerank() {
  local name=$1 h5=$2
  shift 2
  run "$name" "$h5" pagerank --tolerance 0 --max-iterations 20 "$@"
}

# walks NAME H5: every variant on one graph.
walks() {
  local name=$1 h5=$2
  for algo in bfs sssp; do
    run "${name}_${algo}_split-off" "$h5" "$algo" --sample-sources "$sources"
    for k in auto $splits; do
      run "${name}_${algo}_split-$k" "$h5" "$algo" --sample-sources "$sources" --split "$k"
    done
    for r in $groups; do
      run "${name}_${algo}_group-$r" "$h5" "$algo" --sample-sources "$sources" --group "$r"
    done
  done
  pagerank "${name}_pagerank_split-off" "$h5"
  for k in auto $splits; do pagerank "${name}_pagerank_split-$k" "$h5" --split "$k"; done
  for kernel in ws dynamic rowblock; do
    pagerank "${name}_pagerank_kernel-$kernel" "$h5" --kernel "$kernel"
  done
  for lanes in 2 4 8 16 32 auto; do
    pagerank "${name}_pagerank_vwc-$lanes" "$h5" --kernel vwc --virtual-warp "$lanes"
  done
}

rmat "$scale" "rmat$scale"
walks "rmat$scale" "$out/rmat$scale.h5"
rmat "$scale" "skew$scale" 0.7,0.1,0.1
walks "skew$scale" "$out/skew$scale.h5"
if [ -n "${SOCIAL:-}" ] && [ -e "$SOCIAL" ]; then
  "${prep[@]}" convert "$SOCIAL" "$out/social.h5" --undirected 2> "$out/convert_social.log" &&
    walks social "$out/social.h5"
fi
if [ -n "${ROAD:-}" ] && [ -e "$ROAD" ]; then
  "${prep[@]}" convert "$ROAD" "$out/road.h5" 2> "$out/convert_road.log" &&
    walks road "$out/road.h5"
fi
if [ "${PROFILE:-0}" = 1 ]; then
  source=$("$python" -c "import json; print(json.load(open('$out/skew${scale}_bfs_split-off.json'))['sampled_sources']['runs'][0]['source'])")
  for k in off auto; do
    RUN_OPTIONS="--split $k" TAG="_skew${scale}_split-$k" \
      bash "$here/engine_profile.sh" "$out/skew$scale.h5" "$source" "$out" ||
      echo "profile split $k FAILED" >&2
  done
fi

"$python" "$here/engine_gpu_summary.py" "$out" engine_walks
