#!/usr/bin/env bash
# Threads per rank when several unbound ranks share a node (`mpirun --bind-to none`): each
# command's default against the other choices, RANKS ranks (default 2) side by side, REPS
# rounds of every setting alternating.
#
# align (one GPU per rank), 100,000 pairs each of DNA 1 kb score, traceback and SAM, and
# protein 300 aa score, with
#   every:   no thread count given: every core per rank (align's default);
#   share:   OMP_NUM_THREADS = the rank's share of the node's cores (run's default);
#   passive: every core, with OMP_WAIT_POLICY=passive (idle threads sleep, not spin);
#   root:    rank 0, which also formats and writes every result, 3/4 of the cores, the
#            other ranks the rest evenly;
#   one_rank: the default on one rank, for the end-to-end against kernel rate of one GPU;
# every output checked against the first one of its workload.
# run (host backend), PageRank (20 iterations) on a generated RMAT graph of SCALE, with
#   share:   no thread count given (run's default);  every: OMP_NUM_THREADS = every core;
#   one_rank: the default on one rank.
# Prints medians and writes OUT_DIR/threads_per_rank.json.
# Usage: jobs/bench/threads_per_rank.sh [OUT_DIR]
#   env: WARPGRAPH (default build/warpgraph), PARTS ("align engine"), RANKS (2), REPS (3),
#   PAIRS (100000), SCALE (20), PYTHON, BACKEND (align's; cuda, or host for a dry run
#   without GPUs)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-threads}
parts=${PARTS:-align engine}
warpgraph=${WARPGRAPH:-build/warpgraph}
ranks=${RANKS:-2}
reps=${REPS:-3}
pairs=${PAIRS:-100000}
scale=${SCALE:-20}
python=${PYTHON:-python3}
cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)  # nproc reads both
share=$((cores / ranks > 0 ? cores / ranks : 1))
root_threads=$((cores * 3 / 4))
other_threads=$(((cores - root_threads) / (ranks > 1 ? ranks - 1 : 1)))
[ "$other_threads" -ge 1 ] || other_threads=1
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMP_NUM_THREADS OMP_WAIT_POLICY
settings=(every share passive root one_rank)
[ "$ranks" -gt 1 ] || settings=(every one_rank)

# launch SETTING DEFAULT COMMAND...: the command on the ranks of the setting, given a
# thread count only where the setting is not the command's DEFAULT (every or share).
launch() {
  local setting=$1 default=$2
  shift 2
  (
    case $setting in
      "$default" | one_rank | root) ;;
      share) export OMP_NUM_THREADS=$share ;;
      *) export OMP_NUM_THREADS=$cores ;;
    esac
    case $setting in
      every | share) mpirun -n "$ranks" --bind-to none "$@" ;;
      passive) OMP_WAIT_POLICY=passive mpirun -n "$ranks" --bind-to none -x OMP_WAIT_POLICY "$@" ;;
      root) mpirun --bind-to none -n 1 "$@" --threads "$root_threads" \
        : -n $((ranks - 1)) "$@" --threads "$other_threads" ;;
      one_rank) mpirun -n 1 --bind-to none "$@" ;;
    esac
  )
}

# keep NAME KEY OUTPUT: the first output of KEY is the reference, the others are compared.
keep() {
  if [ -f "$out/$2.reference" ]; then
    cmp -s "$3" "$out/$2.reference" || echo "$1" >> "$out/differs"
    rm -f "$3"
  else
    mv "$3" "$out/$2.reference"
  fi
}

if [[ " $parts " == *" align "* ]]; then
  source "$here/align_workloads.sh"
  for rep in $(seq 1 "$reps"); do
    for workload in "${workload_names[@]}"; do
      for setting in "${settings[@]}"; do
        name="align.$workload.$setting.$rep"
        echo "run $name" >&2
        read -r -a args <<< "${workloads[$workload]}"
        launch "$setting" every "$warpgraph" align "${args[@]}" \
          --backend "${BACKEND:-cuda}" -o "$out/$name.out" --report "$out/$name.json" \
          2> "$out/$name.log"
        keep "$name" "$workload" "$out/$name.out"
      done
    done
  done
  rm -f "$out"/*.fa
fi

if [[ " $parts " == *" engine "* ]]; then
  graph=$out/rmat$scale.h5
  mpirun -n 2 --oversubscribe "$warpgraph" generate -q --scale "$scale" --edge-factor 16 \
    --seed 1 "$graph"
  for rep in $(seq 1 "$reps"); do
    for setting in share every one_rank; do
      [ "$ranks" -gt 1 ] || [ "$setting" != every ] || continue
      name="engine.pagerank.$setting.$rep"
      echo "run $name" >&2
      launch "$setting" share "$warpgraph" run --graph "$graph" \
        --algo pagerank --tolerance 0 --max-iterations 20 --backend host \
        --output "$out/$name.out" --report "$out/$name.json" 2> "$out/$name.log"
      rm -f "$out/$name.out"  # checked by the engine's own tests; only times here
    done
  done
  rm -f "$graph" "$out"/rmat*
fi
rm -f "$out"/*.reference

"$python" - "$out" "$ranks" "$cores" "$share" "$root_threads" "$other_threads" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
ranks, cores, share, root_threads, other_threads = map(int, sys.argv[2:])
runs = {}
for path in sorted(glob.glob(os.path.join(out, "*.*.*.*.json"))):
    part, workload, setting, rep = os.path.basename(path)[:-5].split(".")
    r = json.load(open(path))
    if part == "align":
        row = {"gcups_end_to_end": r["gcups"], "gcups_kernels": r["kernel_gcups"],
               "seconds": r["seconds"], "write_seconds": r["time_split"]["write_seconds"]}
    else:
        s = r["summary"]
        row = {"compute_seconds": s["compute_seconds"], "step_seconds": s["step_seconds"],
               "exchange_seconds": s["exchange_seconds"], "threads_per_rank": r["threads_per_rank"]}
    runs.setdefault((part, workload, setting), []).append(dict(rep=int(rep), **row))
path = os.path.join(out, "differs")
differs = open(path).read().split() if os.path.exists(path) else []
print(f"{ranks} ranks, {cores} cores: share {share} threads per rank; "
      f"root {root_threads} threads on rank 0, {other_threads} on the others")
table = []
for (part, workload, setting), rs in sorted(runs.items()):
    if part == "align":
        e2e = [x["gcups_end_to_end"] for x in rs]
        med = statistics.median(e2e)
        kern = statistics.median(x["gcups_kernels"] for x in rs)
        write = statistics.median(x["write_seconds"] for x in rs) * 1e3
        print(f"align {workload:14} {setting:9} e2e GCUPS {' '.join(f'{v:6.0f}' for v in e2e):22}"
              f" median {med:6.0f}  kernels {kern:6.0f}  e2e/kernels {med / kern:4.2f}"
              f"  write {write:6.1f} ms")
        summary = {"median_gcups_end_to_end": med, "median_gcups_kernels": kern,
                   "median_write_ms": write}
    else:
        compute = [x["compute_seconds"] for x in rs]
        med = statistics.median(compute)
        print(f"run   {workload:14} {setting:9} compute s {' '.join(f'{v:6.3f}' for v in compute):22}"
              f" median {med:6.3f}  threads per rank {rs[0]['threads_per_rank']}")
        summary = {"median_compute_seconds": med}
    table.append(dict(part=part, workload=workload, setting=setting, runs=rs, **summary))
print("align outputs identical across settings:", "yes" if not differs else "NO: " + " ".join(differs))
json.dump({"ranks": ranks, "cores": cores, "share": share, "root_threads": root_threads,
           "other_threads": other_threads, "align_outputs_identical": not differs,
           "table": table}, open(os.path.join(out, "threads_per_rank.json"), "w"), indent=1)
PY
