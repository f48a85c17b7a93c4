#!/usr/bin/env bash
# Long-pair alignment benchmark on one GPU: batches of few long DNA pairs, where the length
# class decides how much of the GPU a pair uses (kernels/align/length_classes.hpp).
# 1. Kernel-only times of the warp-class and block-class kernels on the same batches
#    (jobs/bench/align_block_kernels.cu: BUILD/bench/align_block_kernels, built by CMake
#    with -DWARPGRAPH_BENCHMARKS=ON for the configured CUDA architectures).
# 2. `warpgraph align` on 64 pairs with queries of 2048 rows (the last warp-class length:
#    one warp per pair, 4 passes), 2049 (the first block-class length: 5 row bands over the
#    warps of one block) and 4096 rows against 10 kb targets, 64 pairs of 10 kb x 10 kb, and
#    2,048 pairs of 2048 and of 2049 residues (enough long pairs to fill the GPU one warp per
#    pair: both run on the warp class). Score-only on 32-bit scores (the block class has no
#    packed form), the warp-class shapes also on packed scores (the default), and traceback.
#    These runs last a few tens of milliseconds, so the batch upload and scratch allocation
#    weigh on their GCUPS; part 1 leaves them out.
# Pairs: random sequences and relatives (~10% substitutions), fixed seed, exact lengths;
# match 2, mismatch -3, gap open 5, extend 2, end gaps penalised.
# Prints the tables and writes OUT_DIR/kernels.txt and OUT_DIR/align_long.json.
#
# Usage: jobs/bench/align_long.sh [OUT_DIR]   (from the repository root)
#   env: WARPGRAPH (default build/warpgraph), BENCH_DIR (the benchmark programs; default
#   bench/ beside WARPGRAPH), PYTHON (python3)
set -euo pipefail
out=${1:-bench-align-long}
warpgraph=${WARPGRAPH:-build/warpgraph}
python=${PYTHON:-python3}
bench_dir=${BENCH_DIR:-$(dirname "$warpgraph")/bench}
mkdir -p "$out"

if [[ ! -x $bench_dir/align_block_kernels ]]; then
  echo "$bench_dir/align_block_kernels is missing: configure the build with" \
    "-DWARPGRAPH_BENCHMARKS=ON and build it (or set BENCH_DIR)" >&2
  exit 1
fi
"$bench_dir/align_block_kernels" | tee "$out/kernels.txt"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# make NAME PAIRS QUERY_LENGTH TARGET_LENGTH: NAME_a.fa, NAME_b.fa
make() {
  "$python" - "$out/$1" "$2" "$3" "$4" <<'EOF'
import random, sys
prefix, pairs, m, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(11)
with open(prefix + "_a.fa", "w") as fa, open(prefix + "_b.fa", "w") as fb:
    for i in range(pairs):
        q = rng.choices("ACGT", k=m)
        t = [rng.choice("ACGT") if rng.random() < 0.1 else c for c in q[:n]]
        t += rng.choices("ACGT", k=n - len(t))
        fa.write(f">q{i}\n{''.join(q)}\n")
        fb.write(f">t{i}\n{''.join(t)}\n")
EOF
}

# run NAME INPUT [align options...]
run() {
  local name=$1 input=$2
  shift 2
  echo "run $name" >&2
  mpirun -n 1 --bind-to none "$warpgraph" align --pairs "$out/${input}_a.fa" "$out/${input}_b.fa" --match 2 --mismatch -3 \
    --gap-open 5 --gap-extend 2 --backend cuda -o "$out/run_$name.tsv" \
    --report "$out/run_$name.json" "$@" 2> "$out/run_$name.log"
}

make q2048 64 2048 10000
make q2049 64 2049 10000
make q4096 64 4096 10000
make q10k 64 10000 10000
make many2048 2048 2048 2048
make many2049 2048 2049 2049
for input in q2048 q2049 q4096 q10k many2048 many2049; do
  run "$input" "$input" --no-packed-scores
done
# What a user gets by default: the warp class runs these two shapes on packed 16-bit scores.
run q2048_packed q2048
run many2048_packed many2048
run q2048_traceback q2048 --traceback
run q2049_traceback q2049 --traceback

"$python" - "$out" <<'EOF'
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
rows = []
for report in sorted(out.glob("run_*.json")):
    r = json.loads(report.read_text())
    rows.append({"name": report.stem[4:], "pairs": r["pairs"], "cells": r["cells"],
                 "seconds": r["seconds"], "gcups_kernels": r.get("kernel_gcups", 0.0),
                 "gcups_aligners": r["compute_gcups"]})
(out / "align_long.json").write_text(json.dumps(rows, indent=2) + "\n")
print(f"{'run':20} {'pairs':>6} {'Gcells':>8} {'seconds':>8} {'GCUPS aligner':>13} {'GCUPS kernel':>12}")
for r in rows:
    print(f"{r['name']:20} {r['pairs']:>6} {r['cells']/1e9:>8.2f} {r['seconds']:>8.2f} "
          f"{r['gcups_aligners']:>13.1f} {r['gcups_kernels']:>12.1f}")
EOF
