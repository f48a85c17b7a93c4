#!/usr/bin/env bash
# Faults and hostile input (docs/RELIABILITY.md): a full disk, outputs naming inputs or
# devices, a failed or concurrent re-convert, corrupt graph files, score overflow, resume
# with other settings, signals. Every case expects one clear error (or the documented exit
# code) and no damaged or half-written file. Cleans up after itself, also on failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"
work=$(mktemp -d)
full=""
cleanup() {
  [ -n "$full" ] && umount "$full" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
wg() { "$WARPGRAPH" "$@"; }
mpi() { "$MPIEXEC" -n "$1" --oversubscribe "${@:2}"; }
karate=$WG_DATA_DIR/graphs/karate.mtx

wg convert "$karate" "$work/karate.h5" 2>/dev/null || fail_test "convert karate"

# --- 1. A full disk: one clear error, nothing under a final name, no crash ------------------
mkdir -p "$work/full"
if mount -t tmpfs -o size=12k tmpfs "$work/full" 2>/dev/null; then
  full=$work/full
  out=$(wg convert "$karate" "$full/k.h5" 2>&1)
  status=$?
  assert_status 1 "$status" "convert onto a full disk"
  assert_contains "$out" "No space left" "convert onto a full disk"
  [ -z "$(ls -A "$full")" ] || fail_test "convert onto a full disk left: $(ls -A "$full")"
  out=$(mpi 2 "$WARPGRAPH" convert "$karate" "$full/k.h5" --shards 2 2>&1)
  assert_status 1 $? "2-rank convert onto a full disk"
  [ -z "$(ls -A "$full")" ] || fail_test "2-rank convert onto a full disk left: $(ls -A "$full")"
  head -c 11000 /dev/zero > "$full/filler"
  out=$(wg run --graph "$work/karate.h5" --algo bfs --source 0 --output "$full/bfs.h5" 2>&1)
  assert_status 1 $? "run --output onto a full disk"
  [ "$(ls -A "$full")" = filler ] || fail_test "run onto a full disk left: $(ls -A "$full")"
  out=$(wg align --all-vs-all "$WG_DATA_DIR/sequences/rfam_5.8S_first40.fa" -o "$full/a.tsv" 2>&1)
  assert_status 1 $? "align onto a full disk"
  assert_contains "$out" "No space left" "align onto a full disk"
  assert_no_file "$full/a.tsv" "align onto a full disk"
  umount "$full" && full=""
else
  echo "skipping the full-disk cases: cannot mount a tmpfs here (needs root)"
fi

# --- 6. A failed re-convert leaves the previous graph whole --------------------------------
mkdir -p "$work/re"
wg convert "$karate" "$work/re/g.h5" 2>/dev/null
cp "$work/re/g.h5" "$work/re/g.shard-00000.h5" "$work/"
mkdir "$work/re/g.shard-00001.h5"  # the new graph's second shard cannot go there
out=$(wg convert "$WG_DATA_DIR/graphs/west0067.mtx" "$work/re/g.h5" --shards 2 2>&1)
assert_status 1 $? "re-convert over a directory"
assert_contains "$out" "not a regular file" "re-convert over a directory"
cmp -s "$work/re/g.h5" "$work/g.h5" || fail_test "re-convert: the old index was replaced"
cmp -s "$work/re/g.shard-00000.h5" "$work/g.shard-00000.h5" ||
  fail_test "re-convert: the old shard was replaced"
wg info "$work/re/g.h5" >/dev/null 2>&1 || fail_test "re-convert: the old graph no longer reads"
[ -z "$(ls "$work/re" | grep -v '^g\.\(h5\|shard-0000[01]\.h5\)$')" ] ||
  fail_test "re-convert left: $(ls "$work/re")"

# --- 7. Concurrent converts of different graphs to one output: one whole graph wins --------
mkdir -p "$work/race"
for trial in 1 2 3 4 5 6; do
  wg convert "$karate" "$work/race/g.h5" --shards 3 2>/dev/null &
  a=$!
  wg convert "$WG_DATA_DIR/graphs/west0067.mtx" "$work/race/g.h5" --shards 2 2>/dev/null &
  b=$!
  wait $a; sa=$?
  wait $b; sb=$?
  [ $sa = 0 ] && [ $sb = 0 ] || fail_test "concurrent converts, trial $trial: exit $sa and $sb"
  wg info "$work/race/g.h5" >/dev/null 2>&1 || fail_test "concurrent converts, trial $trial: info rejects the graph"
done
[ -z "$(ls "$work/race" | grep -v '^g\.\(h5\|shard-0000[012]\.h5\)$')" ] ||
  fail_test "concurrent converts left: $(ls "$work/race")"

# --- 8. Outputs that name an input, another output or a device -----------------------------
printf '0 1\n1 2\n' > "$work/same.txt"
cp "$work/same.txt" "$work/same.orig"
out=$(wg convert "$work/same.txt" "$work/same.txt" 2>&1)
assert_status 1 $? "convert same.txt same.txt"
assert_contains "$out" "same file" "convert same.txt same.txt"
cmp -s "$work/same.txt" "$work/same.orig" || fail_test "convert same.txt same.txt changed the input"
cp "$WG_DATA_DIR/sequences/emboss_dna_a.fa" "$work/x.fa"
out=$(wg align --all-vs-all "$work/x.fa" -o "$work/x.fa" 2>&1)
assert_status 1 $? "align -o INPUT"
cmp -s "$work/x.fa" "$WG_DATA_DIR/sequences/emboss_dna_a.fa" || fail_test "align -o INPUT changed the input"
for target in "$work/karate.h5" "$work/karate.shard-00000.h5"; do
  cp "$target" "$work/before.h5"
  out=$(wg run --graph "$work/karate.h5" --algo bfs --source 0 --output "$target" 2>&1)
  assert_status 1 $? "run --output $(basename "$target")"
  cmp -s "$target" "$work/before.h5" || fail_test "run --output $(basename "$target") changed the graph"
done
out=$(wg run --graph "$work/karate.h5" --algo bfs --source 0 --output "$work/r.tsv" --report "$work/r.tsv" 2>&1)
assert_status 1 $? "run --report = --output"
assert_no_file "$work/r.tsv" "run --report = --output"
mkfifo "$work/fifo"
out=$(wg run --graph "$work/karate.h5" --algo bfs --source 0 --output "$work/fifo" 2>&1)
assert_status 1 $? "run --output FIFO"
assert_contains "$out" "not a regular file" "run --output FIFO"
[ -p "$work/fifo" ] || fail_test "run --output FIFO replaced the FIFO"
(cd "$work" && wg align --all-vs-all x.fa -o . >/dev/null 2>&1)
assert_nonzero $? "align -o ."
assert_no_file "$work/..partial" "align -o ."

# --- 13. run refuses a graph whose data is damaged ------------------------------------------
wg convert "$WG_DATA_DIR/graphs/rome99.gr" "$work/rome.h5" 2>/dev/null
"$WG_PYTHON" - "$work/rome.shard-00000.h5" <<'EOF'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r+") as f:
    f["in/weights"][5] = np.nan
EOF
out=$(wg run --graph "$work/rome.h5" --algo sssp --source 0 2>&1)
assert_status 1 $? "run on NaN weights"
assert_contains "$out" "not a finite number" "run on NaN weights"
# In-edges that are not the transpose of the out-edges, every count and offset intact:
# vertex 0's one in-edge comes from 1, said to come from 5; then, separately, one in-edge
# weight doubled. Every rank count refuses the file on load, in one line naming it.
mkdir -p "$work/skew"
for damage in source weight; do
  wg convert "$WG_DATA_DIR/graphs/rome99.gr" "$work/skew/rome.h5" 2>/dev/null
  "$WG_PYTHON" - "$work/skew/rome.shard-00000.h5" "$damage" <<'EOF2'
import sys, h5py
with h5py.File(sys.argv[1], "r+") as f:
    assert list(f["in/indptr"][:2]) == [0, 1] and f["in/indices"][0] == 1
    if sys.argv[2] == "source":
        f["in/indices"][0] = 5
    else:
        f["in/weights"][0] *= 2
EOF2
  for ranks in 1 2; do
    out=$(mpi "$ranks" "$WARPGRAPH" run --graph "$work/skew/rome.h5" --algo sssp --source 0 \
      --output "$work/skew/d.tsv" 2>&1)
    assert_nonzero $? "run on in-edges that are not transposes ($damage, $ranks ranks)"
    count=$(grep -c "skew/rome.h5: the in-edges and out-edges are not transposes" <<<"$out")
    [ "$count" = 1 ] || fail_test "in-edges not transposes ($damage, $ranks ranks): said $count times: $out"
    assert_no_file "$work/skew/d.tsv" "in-edges not transposes ($damage, $ranks ranks)"
  done
  wg info "$work/skew/rome.h5" >/dev/null 2>&1
  assert_status 1 $? "info on in-edges that are not transposes ($damage)"
done

# --- 10. Scores that the 32-bit kernels cannot hold ----------------------------------------
fa=$WG_DATA_DIR/sequences/emboss_dna_a.fa
for bad in "--gap-open inf" "--gap-open 1e12" "--gap-open 6e8" "--match nan --mismatch -1" \
           "--match inf --mismatch -1" "--match 5e8 --mismatch -1"; do
  # shellcheck disable=SC2086
  out=$(wg align --all-vs-all "$fa" $bad -o "$work/s.tsv" 2>&1)
  assert_status 1 $? "align $bad"
  assert_no_file "$work/s.tsv" "align $bad"
done
printf '   A  C  G  T\nA 2000000000 -1 -1 -1\nC -1 1 -1 -1\nG -1 -1 1 -1\nT -1 -1 -1 1\n' > "$work/big.mat"
out=$(wg align --all-vs-all "$fa" --matrix "$work/big.mat" -o "$work/s.tsv" 2>&1)
assert_status 1 $? "align with a matrix entry of 2e9"
assert_contains "$out" "too large" "align with a matrix entry of 2e9"

# --- 11 and 3. --resume: other settings refused; a complete output ends every rank ---------
"$WG_PYTHON" - "$work/many.fa" <<'EOF'
import random, sys
random.seed(7)
with open(sys.argv[1], "w") as f:
    for i in range(260):
        f.write(f">s{i}\n{''.join(random.choice('ACGT') for _ in range(700))}\n")
EOF
# Started directly (not through a function), so that $! is warpgraph's own process id.
OMP_NUM_THREADS=1 "$WARPGRAPH" align --all-vs-all "$work/many.fa" --match 1 --mismatch -1 -o "$work/m.tsv" 2>/dev/null &
pid=$!
for _ in $(seq 200); do [ -s "$work/m.tsv.partial" ] && break; sleep 0.05; done
kill -TERM $pid; wait $pid
assert_status 75 $? "align interrupted by TERM"
if [ -s "$work/m.tsv.partial" ]; then
  out=$(wg align --all-vs-all "$work/many.fa" -o "$work/m.tsv" --resume 2>&1)
  assert_status 1 $? "resume with other scoring"
  assert_contains "$out" "other inputs or settings" "resume with other scoring"
  out=$(wg align --all-vs-all "$work/many.fa" --match 1 --mismatch -1 --traceback -o "$work/m.tsv" --resume 2>&1)
  assert_status 1 $? "resume with --traceback"
  [ -s "$work/m.tsv.partial" ] || fail_test "a refused resume lost the partial file"
else
  fail_test "align left no partial output to resume"
fi
wg align --all-vs-all "$fa" -o "$work/done.tsv" 2>/dev/null
timeout 60 "$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" align --all-vs-all "$fa" -o "$work/done.tsv" --resume 2>/dev/null
assert_status 0 $? "2-rank --resume of a complete output"

# --- 4 and 5. Impossible sizes are refused before anything is allocated ---------------------
out=$(timeout 60 "$WARPGRAPH" run --graph "$work/karate.h5" --algo bfs --source 0 --devices-per-rank 100000 2>&1)
assert_status 1 $? "--devices-per-rank 100000"
assert_contains "$out" "--devices-per-rank" "--devices-per-rank 100000"
printf '%%%%MatrixMarket matrix coordinate pattern general\n2000000000 2000000000 1\n1 2\n' > "$work/huge.mtx"
out=$(timeout 60 "$WARPGRAPH" convert "$work/huge.mtx" "$work/huge.h5" 2>&1)
assert_status 1 $? "2e9 declared vertices"
assert_contains "$out" "GiB" "2e9 declared vertices"
assert_no_file "$work/huge.h5" "2e9 declared vertices"

# --- 14. SIGINT stops a lone run like SIGTERM: checkpoint and exit code 75 ----------------
# A BFS along a path of 300,000 vertices: one iteration per vertex, seconds in all.
awk 'BEGIN { for (v = 0; v + 1 < 300000; ++v) print v, v + 1 }' > "$work/path.txt"
wg convert "$work/path.txt" "$work/path.h5" 2>/dev/null
OMP_NUM_THREADS=1 "$WARPGRAPH" run --graph "$work/path.h5" --algo bfs --source 0 \
  --output "$work/pr.tsv" 2>"$work/int.log" &
pid=$!
for _ in $(seq 400); do grep -q "partitions loaded" "$work/int.log" 2>/dev/null && break; sleep 0.05; done
sleep 0.3
kill -INT $pid; wait $pid
assert_status 75 $? "SIGINT to a lone run"
[ -s "$work/pr.tsv.ckpt.h5" ] || fail_test "SIGINT to a lone run wrote no checkpoint"

# --- 14. A checkpoint cut short is never taken for a whole one -----------------------------
# A truncated copy (a checkpoint is only ever renamed into place whole; this one was damaged
# afterwards) is refused by --resume with HDF5's reason, on 1 and 2 ranks, and left as it was.
head -c 100000 "$work/pr.tsv.ckpt.h5" > "$work/cut.ckpt.h5"
cp "$work/cut.ckpt.h5" "$work/cut.orig"
for ranks in 1 2; do
  out=$(mpi "$ranks" "$WARPGRAPH" run --graph "$work/path.h5" --algo bfs --source 0 \
    --output "$work/cut.tsv" --resume "$work/cut.ckpt.h5" 2>&1)
  assert_status 1 $? "--resume of a truncated checkpoint on $ranks rank(s)"
  count=$(grep -c "cut.ckpt.h5: cannot open as an HDF5 file: truncated file" <<<"$out")
  [ "$count" = 1 ] || fail_test "truncated checkpoint on $ranks rank(s): said $count times: $out"
  assert_no_file "$work/cut.tsv" "truncated checkpoint on $ranks rank(s)"
  cmp -s "$work/cut.ckpt.h5" "$work/cut.orig" || fail_test "--resume changed a truncated checkpoint"
done
# Two TERMs to mpirun: Open MPI sends the ranks SIGCONT at the first, and would send TERM a
# second later, but the second TERM makes mpirun exit at once and the ranks, never
# signalled, die when they lose it (about a second later), perhaps while writing a
# checkpoint of --checkpoint-every. Whatever the timing, the checkpoint under the final name
# is a whole one: it resumes to the uninterrupted run's output.
awk 'BEGIN { for (v = 0; v + 1 < 30000; ++v) print v, v + 1 }' > "$work/path30k.txt"
wg convert "$work/path30k.txt" "$work/path30k.h5" 2>/dev/null
OMP_NUM_THREADS=1 wg run --graph "$work/path30k.h5" --algo bfs --source 0 --output "$work/p30.tsv" 2>/dev/null
OMP_NUM_THREADS=1 "$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" run --graph "$work/path30k.h5" \
  --algo bfs --source 0 --output "$work/two.tsv" --checkpoint-every 500 >"$work/two.log" 2>&1 &
pid=$!
for _ in $(seq 600); do grep -q "checkpoint after iteration" "$work/two.log" && break; sleep 0.05; done
ranks=$(pgrep -P "$pid")
kill -TERM "$pid"; sleep 0.1; kill -TERM "$pid"
wait "$pid"
assert_nonzero $? "two TERMs to mpirun"
for _ in $(seq 200); do
  alive=0
  for rank in $ranks; do  # (an orphaned rank may stay a zombie: that one is gone)
    ps -o stat= -p "$rank" 2>/dev/null | grep -qv '^Z' && alive=1
  done
  [ "$alive" = 0 ] && break
  sleep 0.05
done
[ "$alive" = 0 ] || fail_test "two TERMs to mpirun: the ranks are still running 10 s later"
assert_no_file "$work/two.tsv" "two TERMs to mpirun: output"
OMP_NUM_THREADS=1 wg run --graph "$work/path30k.h5" --algo bfs --source 0 --output "$work/two.tsv" \
  --resume "$work/two.tsv.ckpt.h5" >/dev/null 2>&1
assert_status 0 $? "resume after two TERMs to mpirun"
cmp -s "$work/two.tsv" "$work/p30.tsv" || fail_test "resume after two TERMs to mpirun: output differs"

# --- 4 and 14. A signal during setup stops the run there, on every rank ------------------
# The signal is made pending before warpgraph starts (blocked, raised, then exec: pending
# signals and the mask survive exec), so it arrives at the very start of the setup, every
# time; the rank must unblock it, stop before reading the graph and say why.
cat > "$work/pending.py" <<'END'
import os, signal, sys
name, rank, command = sys.argv[1], sys.argv[2], sys.argv[3:]
if rank in ("all", os.environ.get("OMPI_COMM_WORLD_RANK", "0")):
    number = getattr(signal, "SIG" + name)
    signal.pthread_sigmask(signal.SIG_BLOCK, {number})
    os.kill(os.getpid(), number)
os.execv(command[0], command)
END
setup_stop="before the first iteration: nothing to save yet"
out=$("$WG_PYTHON" "$work/pending.py" TERM all "$WARPGRAPH" run --graph "$work/karate.h5" \
  --algo bfs --source 0 --output "$work/early.tsv" 2>&1)
assert_status 75 $? "TERM during a lone run's setup"
assert_contains "$out" "$setup_stop; run the same command again" "TERM during a lone run's setup"
assert_no_file "$work/early.tsv" "TERM during setup: output"
assert_no_file "$work/early.tsv.ckpt.h5" "TERM during setup: checkpoint"
out=$(mpi 2 "$WG_PYTHON" "$work/pending.py" USR1 1 "$WARPGRAPH" run --graph "$work/karate.h5" \
  --algo pagerank --output "$work/early.h5" 2>&1)
assert_status 75 $? "USR1 to rank 1 during a 2-rank setup"
count=$(grep -c "$setup_stop" <<<"$out")
[ "$count" = 1 ] || fail_test "USR1 during a 2-rank setup: said $count times: $out"
assert_no_file "$work/early.h5" "USR1 during a 2-rank setup: output"
# A resumed run (from the checkpoint of 14 above) stopped during its setup leaves that
# checkpoint as it was.
cp "$work/pr.tsv.ckpt.h5" "$work/saved.ckpt.h5"
out=$("$WG_PYTHON" "$work/pending.py" INT all "$WARPGRAPH" run --graph "$work/path.h5" --algo bfs \
  --source 0 --output "$work/pr.tsv" --resume "$work/pr.tsv.ckpt.h5" 2>&1)
assert_status 75 $? "INT during the setup of a resumed run"
assert_contains "$out" "$work/pr.tsv.ckpt.h5 is unchanged: resume with --resume" "INT during a resumed setup"
cmp -s "$work/pr.tsv.ckpt.h5" "$work/saved.ckpt.h5" || fail_test "INT during a resumed setup changed the checkpoint"

# --- 15. Smaller items ---------------------------------------------------------------------
out=$(wg run --graph "$work/karate.h5" --algo pagerank --tolerance nan 2>&1)
assert_status 1 $? "--tolerance nan"
mkdir -p "$work/rep"
out=$(wg convert "$karate" "$work/rep/g.h5" --report "$work/nodir/x.json" 2>&1)
assert_status 1 $? "convert --report into a missing folder"
assert_no_file "$work/rep/g.h5" "convert --report into a missing folder"
# /proc refuses new files even to root, whom access() would let through.
out=$(wg run --graph "$work/karate.h5" --algo bfs --source 0 --output "$work/rep/bfs.tsv" \
  --output-format tsv --report /proc/warpgraph-report.json 2>&1)
assert_status 1 $? "run --report into a folder that refuses files"
assert_contains "$out" "is not writable" "run --report into a folder that refuses files"
assert_no_file "$work/rep/bfs.tsv" "run --report into a folder that refuses files: the TSV"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 1.5\n2 3 4\n' > "$work/int.mtx"
out=$(wg convert "$work/int.mtx" "$work/int.h5" 2>&1)
assert_status 1 $? "integer MTX with 1.5"
assert_contains "$out" "int.mtx:3" "integer MTX with 1.5"
printf '>a\nAC\0GT\n' > "$work/nul.fa"
out=$(wg align --query "$work/nul.fa" --target "$work/nul.fa" --alphabet dna -o "$work/nul.tsv" 2>&1)
assert_status 1 $? "a NUL byte in FASTA"
assert_contains "$out" "invalid dna letter byte 0x00 at position 3" "a NUL byte in FASTA"
printf '0 1 1e-50\n1 2 2\n' > "$work/tiny.txt"
wg convert "$work/tiny.txt" "$work/tiny.h5" >/dev/null 2>&1
assert_status 0 $? "weight 1e-50"

finish
