#!/usr/bin/env bash
# Two builds of warpgraph side by side on the alignment benchmark's pairs: PAIRS pairs each
# of DNA 1 kb (score, traceback, SAM) and protein 300 aa (score), or the WORKLOADS named
# (align_workloads.sh), on each rank count of RANKS (one GPU per rank, `mpirun --bind-to
# none`), REPS rounds with the builds alternating. Every output of B is checked against
# A's. Prints medians of GCUPS end to end and in the kernels and writes
# OUT_DIR/align_ab.json.
# Usage: jobs/bench/align_ab.sh BUILD_A BUILD_B [OUT_DIR]
#   env: RANKS ("1 2"), REPS (3), PAIRS (100000), WORKLOADS (align_workloads.sh),
#        PYTHON, BACKEND (cuda; host for a dry run)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
a=$1
b=$2
out=${3:-bench-align-ab}
ranks_list=${RANKS:-1 2}
reps=${REPS:-3}
pairs=${PAIRS:-100000}
python=${PYTHON:-python3}
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

source "$here/align_workloads.sh"
differs=()
for rep in $(seq 1 "$reps"); do
  for ranks in $ranks_list; do
    for workload in "${workload_names[@]}"; do
      read -r -a args <<< "${workloads[$workload]}"
      for build in a b; do
        name="$workload.np$ranks.$build.$rep"
        echo "run $name" >&2
        warpgraph=$a
        [ "$build" = b ] && warpgraph=$b
        mpirun -n "$ranks" --bind-to none "$warpgraph" align "${args[@]}" \
          --backend "${BACKEND:-cuda}" -o "$out/$name.out" --report "$out/$name.json" \
          2> "$out/$name.log"
      done
      cmp -s "$out/$workload.np$ranks.a.$rep.out" "$out/$workload.np$ranks.b.$rep.out" ||
        differs+=("$workload.np$ranks.$rep")
      rm -f "$out/$workload.np$ranks".?."$rep".out
    done
  done
done
rm -f "$out"/*.fa

"$python" - "$out" "$a" "$b" "${differs[*]:-}" <<'PY'
import glob, json, os, statistics, sys
out, a, b, differs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split()
runs = {}
for path in sorted(glob.glob(os.path.join(out, "*.np*.*.*.json"))):
    workload, ranks, build, rep = os.path.basename(path)[:-5].split(".")
    r = json.load(open(path))
    runs.setdefault((workload, ranks, build), []).append(
        {"rep": int(rep), "gcups_end_to_end": r["gcups"], "gcups_kernels": r["kernel_gcups"],
         "write_seconds": r["time_split"]["write_seconds"],
         "pack_seconds": r["time_split"]["pack_seconds"],
         "load_seconds": r["time_split"]["load_seconds"]})
print(f"A = {a}\nB = {b}")
table = []
for (workload, ranks, build), rs in sorted(runs.items()):
    e2e = [x["gcups_end_to_end"] for x in rs]
    row = {"workload": workload, "ranks": int(ranks[2:]), "build": build, "runs": rs,
           "median_gcups_end_to_end": statistics.median(e2e),
           "median_gcups_kernels": statistics.median(x["gcups_kernels"] for x in rs),
           "median_pack_ms": statistics.median(x["pack_seconds"] for x in rs) * 1e3,
           "median_write_ms": statistics.median(x["write_seconds"] for x in rs) * 1e3,
           "median_load_ms": statistics.median(x["load_seconds"] for x in rs) * 1e3}
    table.append(row)
    print(f"{workload:17} {ranks:4} {build}  e2e {' '.join(f'{v:6.0f}' for v in e2e):22} "
          f"median {row['median_gcups_end_to_end']:6.0f}  kernels {row['median_gcups_kernels']:6.0f}"
          f"  pack {row['median_pack_ms']:6.1f} ms  write {row['median_write_ms']:6.1f} ms"
          f"  load {row['median_load_ms']:6.1f} ms")
print("outputs of A and B identical:", "yes" if not differs else "NO: " + " ".join(differs))
json.dump({"a": a, "b": b, "outputs_identical": not differs, "table": table},
          open(os.path.join(out, "align_ab.json"), "w"), indent=1)
PY
