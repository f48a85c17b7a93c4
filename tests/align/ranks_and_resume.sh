#!/usr/bin/env bash
# warpgraph align: byte-identical output on 1, 2, 3 and 4 ranks (small batches so every
# rank works), in all three pairing modes, with and without traceback; an interrupted run
# (SIGTERM, then SIGUSR1 under mpirun) exits 75 leaving finished results in order, and
# --resume completes it to exactly the uninterrupted output, recomputing none of the pairs
# that finished out of order; a torn last line is repaired.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seqs=$WG_DATA_DIR/sequences
rfam=$seqs/rfam_5.8S_first40.fa

align() { "$WARPGRAPH" align "$@"; }
on_ranks() { local n=$1; shift; "$MPIEXEC" -n "$n" --oversubscribe "$WARPGRAPH" align "$@"; }

# Mode x traceback, reference on 1 rank; then 2, 3, 4 ranks must match byte for byte.
modes=(
  "--all-vs-all $rfam"
  "--pairs $seqs/emboss_protein_a.fa $seqs/emboss_protein_b.fa --end-gaps free"
  "--query $seqs/emboss_dna_b.fa --target $rfam --match 2 --mismatch -3 --gap-open 5 --gap-extend 2"
)
k=0
for mode in "${modes[@]}"; do
  for tb in "" "--traceback"; do
    k=$((k + 1))
    # Kept: Rfam both ways, protein pairs score-only, query x target with traceback.
    [ "$k" = 4 ] || [ "$k" = 5 ] && continue
    # shellcheck disable=SC2086
    on_ranks 1 $mode $tb --batch-cells 200000 -o "$work/ref$k.tsv" 2>/dev/null
    assert_status 0 $? "mode $k on 1 rank"
    [ -s "$work/ref$k.tsv" ] || fail_test "mode $k: empty output"
    for n in 2 3 4; do
      # shellcheck disable=SC2086
      on_ranks "$n" $mode $tb --batch-cells 200000 -o "$work/out$k.$n.tsv" --report "$work/r$k.$n.json" 2>/dev/null
      assert_status 0 $? "mode $k on $n ranks"
      cmp -s "$work/ref$k.tsv" "$work/out$k.$n.tsv" || fail_test "mode $k ($mode $tb): $n ranks differ from 1 rank"
      # The Rfam all-vs-all has about a hundred batches: every rank must have pulled some.
      if [ "$k" -le 2 ]; then
        workers=$("$WG_PYTHON" -c "import json,sys; print(len(json.load(open(sys.argv[1]))['ranks']))" "$work/r$k.$n.json")
        [ "$workers" = "$n" ] || fail_test "mode $k on $n ranks: only $workers ranks aligned batches"
      fi
    done
  done
done

# stdout and --output agree.
align --all-vs-all "$rfam" --traceback > "$work/stdout.tsv" 2>/dev/null
cmp -s "$work/stdout.tsv" "$work/ref2.tsv" || fail_test "stdout differs from --output"

# A long enough run to interrupt: 300 pairs of ~2 kb, one thread, small batches.
"$WG_PYTHON" - "$work" <<'PY'
import random, sys
rng = random.Random(5)
with open(sys.argv[1] + "/long_a.fa", "w") as a, open(sys.argv[1] + "/long_b.fa", "w") as b:
    for i in range(300):
        q = "".join(rng.choices("ACGT", k=2000))
        t = "".join(c if rng.random() > 0.1 else rng.choice("ACGT") for c in q)
        a.write(f">q{i}\n{q}\n"); b.write(f">t{i}\n{t}\n")
PY
long=(--pairs "$work/long_a.fa" "$work/long_b.fa" --traceback --batch-cells 8000000)
OMP_NUM_THREADS=2 align "${long[@]}" -o "$work/full.tsv" 2>/dev/null
assert_status 0 $? "uninterrupted long run"

interrupt_and_resume() {  # signal ranks: 1 rank runs alone, more under mpirun (which forwards USR1)
  local signal=$1 ranks=$2 out=$work/cut_$1_$2.tsv
  if [ "$ranks" = 1 ]; then
    (exec env OMP_NUM_THREADS=1 "$WARPGRAPH" align "${long[@]}" -o "$out" 2>"$work/cut.log") &
  else
    (exec env OMP_NUM_THREADS=1 "$MPIEXEC" -n "$ranks" --oversubscribe "$WARPGRAPH" align "${long[@]}" -o "$out" 2>"$work/cut.log") &
  fi
  local pid=$!
  # Signal once the first results are flushed (the writer flushes every second).
  for _ in $(seq 400); do
    [ -s "$out.partial" ] && break
    sleep 0.05
  done
  kill -"$signal" "$pid"
  wait "$pid"
  local status=$?
  assert_status 75 "$status" "SIG$signal on $ranks rank(s): exit status"
  assert_no_file "$out" "SIG$signal: the final name before the run completes"
  local kept
  kept=$(wc -l < "$out.partial")
  [ "$kept" -gt 0 ] && [ "$kept" -lt 300 ] || fail_test "SIG$signal: $kept lines in the partial output"
  head -n "$kept" "$work/full.tsv" | cmp -s - "$out.partial" || fail_test "SIG$signal: partial output is not a prefix"
  OMP_NUM_THREADS=2 on_ranks "$ranks" "${long[@]}" -o "$out" --resume 2>"$work/resume.log"
  assert_status 0 $? "SIG$signal: --resume"
  assert_contains "$(cat "$work/resume.log")" "already written" "SIG$signal: resume message"
  cmp -s "$work/full.tsv" "$out" || fail_test "SIG$signal on $ranks rank(s): resumed output differs"
  assert_no_file "$out.partial" "SIG$signal: partial file after completion"
}
interrupt_and_resume TERM 1
interrupt_and_resume USR1 2

# Results finished out of order survive an interrupt. Batches are length-sorted, so pairs
# finish out of input order: pairs 0-3 are short (first batch), pair 4 is the longest (last
# batch), so a run stopped after a few batches holds finished pairs it cannot write yet.
# They must be kept in FILE.partial.pending, put in place by --resume (interrupted once
# more, then finished) and never computed again: the runs' pair counts add up to the job.
"$WG_PYTHON" - "$work" <<'PY'
import random, sys
rng = random.Random(11)
with open(sys.argv[1] + "/ooo_a.fa", "w") as a, open(sys.argv[1] + "/ooo_b.fa", "w") as b:
    for i in range(120):
        n = 300 if i < 4 else (3000 if i == 4 else rng.randrange(600, 1400))
        q = "".join(rng.choices("ACGT", k=n))
        t = "".join(c if rng.random() > 0.1 else rng.choice("ACGT") for c in q)
        a.write(f">q{i}\n{q}\n"); b.write(f">t{i}\n{t}\n")
PY
ooo=(--pairs "$work/ooo_a.fa" "$work/ooo_b.fa" --traceback --batch-cells 2000000)
OMP_NUM_THREADS=2 align "${ooo[@]}" -o "$work/ooo_full.tsv" 2>/dev/null
assert_status 0 $? "uninterrupted out-of-order run"
out=$work/ooo.tsv
computed=0
report_pairs() { "$WG_PYTHON" -c "import json,sys; print(json.load(open(sys.argv[1]))['pairs'])" "$1"; }
stop_after_three_batches() {  # the debug log names every batch that comes back
  (exec env OMP_NUM_THREADS=1 "$WARPGRAPH" align "${ooo[@]}" -o "$out" --report "$work/ooo.json" \
    -v "$@" 2>"$work/ooo.log") &
  local pid=$!
  for _ in $(seq 1500); do
    [ "$(grep -c 'back from rank' "$work/ooo.log" 2>/dev/null)" -ge 3 ] && break
    sleep 0.02
  done
  kill -TERM "$pid"
  wait "$pid"
}
stop_after_three_batches
assert_status 75 $? "out-of-order run interrupted"
computed=$((computed + $(report_pairs "$work/ooo.json")))
head -n 4 "$work/ooo_full.tsv" | cmp -s - "$out.partial" || fail_test "out-of-order run: the partial file is not pairs 0-3"
# Every kept result is a pair's own: score, region and CIGAR as the uninterrupted run has them.
kept=$("$WG_PYTHON" - "$out.partial.pending" "$work/ooo_full.tsv" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
at = next(i for i, line in enumerate(lines) if line.startswith("pending: "))
count = int(lines[at].split()[1])
scale = int(next(line for line in lines if line.startswith("scaled: ")).split()[2])
full = [line.split("\t") for line in open(sys.argv[2]).read().splitlines()]
for line in lines[at + 1 : at + 1 + count]:
    pair, score, qb, qe, tb, te, cigar = line.split(" ")
    row = full[int(pair)]
    if [int(score) / scale, cigar, str(int(qb) + 1), qe, str(int(tb) + 1), te] != \
            [float(row[2]), row[5]] + row[6:10]:
        sys.exit(f"pair {pair}: kept '{line[:60]}', expected '{' '.join(row)[:60]}'")
print(count)
PY
) || fail_test "out-of-order run: kept results differ from the uninterrupted run's"
[ "${kept:-0}" -gt 0 ] || fail_test "out-of-order run: no finished result kept beside the partial file"
stop_after_three_batches --resume
assert_status 75 $? "resumed out-of-order run interrupted"
assert_contains "$(cat "$work/ooo.log")" "more finished in $out.partial.pending" "resume of kept results"
computed=$((computed + $(report_pairs "$work/ooo.json")))
OMP_NUM_THREADS=2 align "${ooo[@]}" -o "$out" --resume --report "$work/ooo.json" 2>/dev/null
assert_status 0 $? "out-of-order run finished by --resume"
computed=$((computed + $(report_pairs "$work/ooo.json")))
cmp -s "$work/ooo_full.tsv" "$out" || fail_test "out-of-order run: resumed output differs"
[ "$computed" = 120 ] || fail_test "out-of-order runs computed $computed pairs for a job of 120"
assert_no_file "$out.partial.pending" "out-of-order run: kept results after completion"
assert_no_file "$out.partial.job" "out-of-order run: job record after completion"

# A torn last line (killed mid-write) is cut off and its pair recomputed.
head -c 20000 "$work/full.tsv" > "$work/torn.tsv.partial"
align "${long[@]}" -o "$work/torn.tsv" --resume 2>/dev/null
assert_status 0 $? "resume after a torn line"
cmp -s "$work/full.tsv" "$work/torn.tsv" || fail_test "resume after a torn line differs"
# Resuming a complete output does nothing.
align "${long[@]}" -o "$work/torn.tsv" --resume 2>"$work/done.log"
assert_status 0 $? "resume of a complete run"
assert_contains "$(cat "$work/done.log")" "already complete" "resume of a complete run"
# A partial output of other inputs is refused.
head -n 3 "$work/ref1.tsv" > "$work/other.tsv.partial"
align "${long[@]}" -o "$work/other.tsv" --resume 2>"$work/other.log"
assert_nonzero $? "resume with other inputs"
assert_contains "$(cat "$work/other.log")" "does not match" "resume with other inputs"
finish
