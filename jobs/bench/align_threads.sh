#!/usr/bin/env bash
# Threads per rank when several unbound ranks share a GPU node: GCUPS of `warpgraph align`
# on RANKS ranks (default 2, one GPU each, `mpirun --bind-to none`) with
#   share:   no thread count given, each rank takes its share of the node's cores (default);
#   every:   OMP_NUM_THREADS = every core, per rank (OpenMP's own default before);
#   passive: every core, with OMP_WAIT_POLICY=passive (idle threads sleep, not spin);
#   root:    rank 0, which also formats and writes every result, 3/4 of the cores, the other
#            ranks the rest evenly;
# and the default on one rank, for the end-to-end against kernel rate of one GPU. Runs
# (100,000 pairs each): DNA 1 kb score, traceback and SAM, protein 300 aa score; REPS
# rounds of every setting alternating. Checks every output against the first setting's.
# Prints medians and writes OUT_DIR/align_threads.json.
# Usage: jobs/bench/align_threads.sh [OUT_DIR]
#   env: WARPGRAPH (default build/warpgraph), RANKS (2), REPS (3), PAIRS (100000), PYTHON,
#   BACKEND (cuda; host for a dry run without GPUs)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-align-threads}
warpgraph=${WARPGRAPH:-build/warpgraph}
ranks=${RANKS:-2}
reps=${REPS:-3}
pairs=${PAIRS:-100000}
python=${PYTHON:-python3}
cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)  # nproc reads both
root_threads=$((cores * 3 / 4))
other_threads=$(((cores - root_threads) / (ranks > 1 ? ranks - 1 : 1)))
[ "$other_threads" -ge 1 ] || other_threads=1
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset OMP_NUM_THREADS OMP_WAIT_POLICY

"$python" "$here/align_make_pairs.py" --kind dna --pairs "$pairs" --length 1000 --out "$out/dna"
"$python" "$here/align_make_pairs.py" --kind protein --pairs "$pairs" --length 300 --out "$out/protein"
dna=(--pairs "$out/dna_a.fa" "$out/dna_b.fa" --match 2 --mismatch -3 --gap-open 5 --gap-extend 2)
protein=(--pairs "$out/protein_a.fa" "$out/protein_b.fa" --matrix BLOSUM62 --gap-open 11
  --gap-extend 1)
declare -A workloads=(
  [dna_score]="${dna[*]}"
  [dna_traceback]="${dna[*]} --traceback"
  [dna_sam]="${dna[*]} --outfmt sam"
  [protein_score]="${protein[*]}"
)

# one SETTING WORKLOAD REP
one() {
  local setting=$1 workload=$2 rep=$3
  local name="${workload}.${setting}.${rep}"
  read -r -a args <<< "${workloads[$workload]}"
  local common=(align "${args[@]}" --backend "${BACKEND:-cuda}" -o "$out/$name.out" --report "$out/$name.json")
  case $setting in
    share) mpirun -n "$ranks" --bind-to none "$warpgraph" "${common[@]}" ;;
    every) OMP_NUM_THREADS=$cores mpirun -n "$ranks" --bind-to none "$warpgraph" "${common[@]}" ;;
    passive) OMP_NUM_THREADS=$cores OMP_WAIT_POLICY=passive \
      mpirun -n "$ranks" --bind-to none -x OMP_WAIT_POLICY "$warpgraph" "${common[@]}" ;;
    root) mpirun --bind-to none -n 1 "$warpgraph" "${common[@]}" --threads "$root_threads" \
      : -n $((ranks - 1)) "$warpgraph" "${common[@]}" --threads "$other_threads" ;;
    one_rank) mpirun -n 1 --bind-to none "$warpgraph" "${common[@]}" ;;
  esac 2> "$out/$name.log"
  if [ -f "$out/$workload.reference" ]; then
    cmp -s "$out/$name.out" "$out/$workload.reference" || echo "$name" >> "$out/differs"
    rm -f "$out/$name.out"
  else
    mv "$out/$name.out" "$out/$workload.reference"
  fi
}

settings=(share every passive root one_rank)
[ "$ranks" -gt 1 ] || settings=(share one_rank)
for rep in $(seq 1 "$reps"); do
  for workload in dna_score dna_traceback dna_sam protein_score; do
    for setting in "${settings[@]}"; do
      echo "run $workload $setting $rep" >&2
      one "$setting" "$workload" "$rep"
    done
  done
done
rm -f "$out"/*.fa "$out"/*.reference

"$python" - "$out" "$ranks" "$cores" "$root_threads" "$other_threads" <<'PY'
import glob, json, os, statistics, sys
out, ranks, cores, root_threads, other_threads = sys.argv[1], *map(int, sys.argv[2:])
runs = {}
for path in sorted(glob.glob(os.path.join(out, "*.*.*.json"))):
    workload, setting, rep = os.path.basename(path)[:-5].split(".")
    r = json.load(open(path))
    runs.setdefault((workload, setting), []).append({
        "rep": int(rep), "gcups_end_to_end": r["gcups"], "gcups_kernels": r["kernel_gcups"],
        "seconds": r["seconds"], "write_seconds": r["time_split"]["write_seconds"]})
differs = open(os.path.join(out, "differs")).read().split() if os.path.exists(os.path.join(out, "differs")) else []
print(f"{ranks} ranks, {cores} cores; root: {root_threads} threads on rank 0, {other_threads} on the others")
print(f"{'workload':15} {'setting':9} {'e2e GCUPS (runs)':34} {'median':>7} {'kernels':>8} {'e2e/kern':>8} {'write ms':>8}")
table = []
for (workload, setting), rs in sorted(runs.items()):
    e2e = [x["gcups_end_to_end"] for x in rs]
    kern = statistics.median(x["gcups_kernels"] for x in rs)
    write = statistics.median(x["write_seconds"] for x in rs) * 1e3
    med = statistics.median(e2e)
    print(f"{workload:15} {setting:9} {' '.join(f'{v:7.0f}' for v in e2e):34} {med:7.0f} {kern:8.0f} {med / kern:8.2f} {write:8.1f}")
    table.append({"workload": workload, "setting": setting, "runs": rs, "median_gcups_end_to_end": med,
                  "median_gcups_kernels": kern, "median_write_ms": write})
print("outputs identical across settings:", "yes" if not differs else "NO: " + " ".join(differs))
json.dump({"ranks": ranks, "cores": cores, "root_threads": root_threads,
           "other_threads": other_threads, "outputs_identical": not differs, "table": table},
          open(os.path.join(out, "align_threads.json"), "w"), indent=1)
PY
