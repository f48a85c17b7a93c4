#!/usr/bin/env bash
# warpgraph align: byte-identical output on 1, 2, 3 and 4 ranks (small batches so every
# rank works), in all three pairing modes, with and without traceback; an interrupted run
# (SIGTERM, then SIGUSR1 under mpirun) exits 75 leaving finished results in order, and
# --resume completes it to exactly the uninterrupted output; a torn last line is repaired.
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
