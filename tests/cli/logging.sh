#!/usr/bin/env bash
# Logging options of every command and the length of a run's log: a BFS over a long path
# takes one iteration per vertex, but logs a line per iteration only at debug level.
# Also --threads, which sets the OpenMP threads of a rank (its align threads' too).
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

n=3000
for i in $(seq 0 $((n - 2))); do echo "$i $((i + 1))"; done > "$work/path.txt"
out=$("$WARPGRAPH" convert --quiet "$work/path.txt" "$work/path.h5" 2>&1)
assert_status 0 $? "convert --quiet"
[ -z "$out" ] || fail_test "convert --quiet printed: $out"
out=$("$WARPGRAPH" generate -q --scale 8 "$work/rmat.h5" 2>&1)
assert_status 0 $? "generate -q"
[ -z "$out" ] || fail_test "generate -q printed: $out"
# Without -q, generate says when the edges are made and the graph is being built (and, on
# inputs taking longer than a few seconds, how far the generation is).
out=$("$WARPGRAPH" generate --scale 8 "$work/rmat2.h5" 2>&1)
assert_status 0 $? "generate"
assert_contains "$out" "generated 4096 edges in" "generate's progress line"
out=$("$WARPGRAPH" info --log-level error "$work/path.h5" 2>&1)
assert_status 0 $? "info --log-level error"
assert_contains "$out" "vertices: $n" "info --log-level error still prints its summary"

bfs=(run --graph "$work/path.h5" --algo bfs --source 0 --output "$work/bfs.tsv")
out=$("$MPIEXEC" -n 2 "$WARPGRAPH" "${bfs[@]}" 2>&1)
assert_status 0 $? "run"
lines=$(grep -c "iteration [0-9]*:" <<<"$out")
[ "$lines" -le 5 ] || fail_test "run logs $lines per-iteration lines by default, expected a few"
assert_contains "$out" "after $n iterations" "run's summary line"
out=$("$MPIEXEC" -n 2 "$WARPGRAPH" "${bfs[@]}" --log-level debug 2>&1)
assert_status 0 $? "run --log-level debug"
lines=$(grep -c "warpgraph\[0\]: [a-z]*: iteration [0-9]*:" <<<"$out")
[ "$lines" -ge "$n" ] || fail_test "run --log-level debug logs $lines per-iteration lines, expected $n"
out=$("$MPIEXEC" -n 2 "$WARPGRAPH" "${bfs[@]}" --quiet 2>&1)
assert_status 0 $? "run --quiet"
[ -z "$out" ] || fail_test "run --quiet printed: $out"
out=$("$WARPGRAPH" "${bfs[@]}" --log-level loud 2>&1)
assert_status 2 $? "run --log-level loud"
assert_contains "$out" "--log-level" "an unknown level names the option"

# --threads sets the threads of each rank (the report records them).
OMP_NUM_THREADS=1 "$WARPGRAPH" "${bfs[@]}" --threads 3 --report "$work/run.json" -q
assert_status 0 $? "run --threads 3"
"$WG_PYTHON" - "$work/run.json" <<'PY' || fail_test "run --threads 3: report"
import json, sys
threads = json.load(open(sys.argv[1]))["threads_per_rank"]
assert threads == 3, threads
PY
seqs=$WG_DATA_DIR/sequences/emboss_dna_a.fa
"$WARPGRAPH" align --all-vs-all "$seqs" -o "$work/one.tsv" -q --threads 1
assert_status 0 $? "align --threads 1"
"$WARPGRAPH" align --all-vs-all "$seqs" -o "$work/two.tsv" -q --threads 2
assert_status 0 $? "align --threads 2"
cmp -s "$work/one.tsv" "$work/two.tsv" || fail_test "align results depend on --threads"
# The align threads take it too, not the process default: the host aligner names the size
# of its team in the report, from the thread it aligns on.
OMP_NUM_THREADS=1 "$WARPGRAPH" align --all-vs-all "$seqs" --backend host --threads 2 \
  -o "$work/three.tsv" --report "$work/align.json" -q
assert_status 0 $? "align --backend host --threads 2"
"$WG_PYTHON" - "$work/align.json" <<'PY' || fail_test "align --threads 2: the aligner's threads"
import json, sys
backend = json.load(open(sys.argv[1]))["ranks"][0]["backend"]
assert backend.startswith("host (2 OpenMP threads"), backend
PY
# Without --threads or OMP_NUM_THREADS, a rank of run takes its share of the cores it may
# run on: every core alone, half of them when two unbound ranks share the host (OpenMP's own
# default gave each of the two every core). OMP_NUM_THREADS still wins. align keeps every
# core on every rank (rank 0 formats and writes the results of all).
cpus=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)  # nproc reads both
half=$((cpus / 2 > 0 ? cpus / 2 : 1))
env -u OMP_NUM_THREADS "$WARPGRAPH" "${bfs[@]}" --report "$work/one_rank.json" -q
assert_status 0 $? "run without a thread count"
env -u OMP_NUM_THREADS "$MPIEXEC" -n 2 --bind-to none "$WARPGRAPH" "${bfs[@]}" \
  --report "$work/two_ranks.json" -q
assert_status 0 $? "run on 2 unbound ranks without a thread count"
OMP_NUM_THREADS=2 "$MPIEXEC" -n 2 --bind-to none "$WARPGRAPH" "${bfs[@]}" \
  --report "$work/two_ranks_told.json" -q
assert_status 0 $? "run on 2 unbound ranks with OMP_NUM_THREADS=2"
# 780 pairs in batches of at most 200,000 cells: both ranks get some.
many=(align --all-vs-all "$WG_DATA_DIR/sequences/rfam_5.8S_first40.fa" --match 1 --mismatch -1
  --gap-open 2 --gap-extend 1 --backend host --batch-cells 200000)
env -u OMP_NUM_THREADS "$MPIEXEC" -n 2 --bind-to none "$WARPGRAPH" "${many[@]}" \
  -o "$work/unbound.tsv" --report "$work/unbound.json" -q
assert_status 0 $? "align on 2 unbound ranks without a thread count"
"$WG_PYTHON" - "$work" "$cpus" "$half" <<'PY' || fail_test "the default thread count of a rank"
import json, sys
work, cpus, half = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for name, want in (("one_rank", cpus), ("two_ranks", half), ("two_ranks_told", 2)):
    threads = json.load(open(f"{work}/{name}.json"))["threads_per_rank"]
    assert threads == want, f"run, {name}: {threads} threads, expected {want} ({cpus} CPUs)"
ranks = json.load(open(f"{work}/unbound.json"))["ranks"]
assert len(ranks) == 2, ranks
for rank in ranks:
    assert rank["backend"].startswith(f"host ({cpus} OpenMP threads"), rank["backend"]
PY
finish
