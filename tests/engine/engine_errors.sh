#!/usr/bin/env bash
# Bad requests to `warpgraph run` under mpirun: a clear message, a non-zero exit on every
# rank, no hang, no output file left behind.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run2() { timeout 120 "$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" "$@" 2>&1; }

printf '0\t1\n1\t2\n2\t0\n2\t3\n' > "$work/plain.txt"
printf '0\t1\t2.5\n1\t2\t-1\n2\t3\t4\n' > "$work/negative.txt"
"$WARPGRAPH" convert "$work/plain.txt" "$work/plain.h5" >/dev/null 2>&1
"$WARPGRAPH" convert "$work/negative.txt" "$work/negative.h5" >/dev/null 2>&1
g="$work/plain.h5"

out=$(run2 run --graph "$g" --algo bfs --source 4 --output "$work/o.tsv")
assert_nonzero $? "source out of range"
assert_contains "$out" "--source 4 is out of range" "source out of range"
assert_no_file "$work/o.tsv" "source out of range"

out=$(run2 run --graph "$g" --algo bfs)
assert_nonzero $? "missing source"
assert_contains "$out" "needs --source" "missing source"

out=$(run2 run --graph "$g" --algo sswp --source 0 --output "$work/o.tsv")
assert_nonzero $? "sswp on an unweighted graph"
assert_contains "$out" "needs edge weights" "sswp on an unweighted graph"
assert_no_file "$work/o.tsv" "sswp on an unweighted graph"

out=$(run2 run --graph "$work/negative.h5" --algo sssp --source 0 --output "$work/o.tsv")
assert_nonzero $? "sssp with a negative weight"
assert_contains "$out" "negative edge weight" "sssp with a negative weight"
assert_no_file "$work/o.tsv" "sssp with a negative weight"

out=$(run2 run --graph "$work/missing.h5" --algo cc)
assert_nonzero $? "missing graph file"
assert_contains "$out" "missing.h5 does not exist" "missing graph file"

out=$(run2 run --graph "$g" --algo cc --frobnicate 3)
assert_status 2 $? "unknown option"
assert_contains "$out" "frobnicate" "unknown option"

out=$(run2 run --graph "$g" --algo dijkstra)
assert_status 2 $? "unknown algorithm"

out=$(run2 run --graph "$g" --algo cc --backend cuda)
assert_nonzero $? "--backend cuda"
# No GPU here (or a build without CUDA): refused with a reason, on every rank.
assert_contains "$out" "use --backend host" "--backend cuda"

out=$(run2 run --graph "$g" --algo cc --output "$work/no/such/dir/o.tsv")
assert_nonzero $? "unwritable output"
assert_contains "$out" "does not exist" "unwritable output"

"$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" run --graph "$g" --algo cc --max-iterations 1 \
  --checkpoint "$work/cc.ckpt.h5" >/dev/null 2>&1
out=$(run2 run --graph "$g" --algo bfs --source 0 --resume "$work/cc.ckpt.h5")
assert_nonzero $? "resume with another algorithm"
assert_contains "$out" "checkpoint is of --algo cc" "resume with another algorithm"

out=$(run2 run --graph "$g" --algo cc --resume "$work/none.ckpt.h5")
assert_nonzero $? "resume from a missing checkpoint"
assert_contains "$out" "does not exist" "resume from a missing checkpoint"

out=$(run2 run --graph "$g" --algo cc --kernel vwc --virtual-warp 3)
assert_status 2 $? "--virtual-warp 3"
assert_contains "$out" "--virtual-warp" "--virtual-warp 3"

out=$(run2 run --graph "$g" --algo cc --kernel ws --virtual-warp 4)
assert_nonzero $? "--virtual-warp without vwc"
assert_contains "$out" "only --kernel vwc has virtual warps" "--virtual-warp without vwc"

# Accepted on the host backend, where it changes nothing.
out=$(run2 run --graph "$g" --algo bfs --source 0 --backend host --kernel vwc --virtual-warp auto \
  --output "$work/vwc.tsv")
assert_status 0 $? "--virtual-warp auto on the host backend"

# --group: a ratio of 2, 4, 32 or 64, for frontier programs, which then pull every iteration.
out=$(run2 run --graph "$g" --algo bfs --source 0 --group 3 --output "$work/o.tsv")
assert_nonzero $? "--group 3"
assert_contains "$out" "--group 3 is not known (2, 4, 32, 64, auto or off)" "--group 3"
assert_no_file "$work/o.tsv" "--group 3"

out=$(run2 run --graph "$g" --algo pagerank --group 2 --output "$work/o.tsv")
assert_nonzero $? "--group 2 --algo pagerank"
assert_contains "$out" "--group 2: --algo pagerank recomputes every vertex every iteration" \
  "--group 2 --algo pagerank"
assert_no_file "$work/o.tsv" "--group 2 --algo pagerank"

out=$(run2 run --graph "$g" --algo bfs --source 0 --group 4 --direction push)
assert_nonzero $? "--group 4 --direction push"
assert_contains "$out" "every iteration pulls" "--group 4 --direction push"

out=$(run2 run --graph "$g" --algo pagerank --group auto --output "$work/auto.tsv")
assert_status 0 $? "--group auto --algo pagerank (no grouping)"
finish
