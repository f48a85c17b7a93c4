#!/usr/bin/env bash
# warpgraph align with default batch sizes on a small job (0.7 Gcells, a fraction of one
# host worker's batch capacity): guided self-scheduling must still give every one of
# 4 ranks batches, the output must equal the 1-rank output byte for byte, and the report
# must account for every pair and cell with per-rank aligner time. The job spans six
# output windows of 8,192 pairs: its lines must still come out in all-vs-all order.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$WG_PYTHON" - "$work/seqs.fa" <<'PY'
import random, sys
rng = random.Random(11)
with open(sys.argv[1], "w") as f:
    for i in range(300):
        f.write(f">r{i}\n{''.join(rng.choices('ACGT', k=rng.randint(100, 150)))}\n")
PY
"$WARPGRAPH" align --all-vs-all "$work/seqs.fa" --backend host -o "$work/one.tsv" \
  --report "$work/one.json" 2>/dev/null
assert_status 0 $? "1 rank"
"$MPIEXEC" -n 4 --oversubscribe "$WARPGRAPH" align --all-vs-all "$work/seqs.fa" --backend host \
  -o "$work/four.tsv" --report "$work/four.json" 2>/dev/null
assert_status 0 $? "4 ranks"
cmp -s "$work/one.tsv" "$work/four.tsv" || fail_test "4 ranks differ from 1 rank"
[ "$(wc -l < "$work/four.tsv")" = 44850 ] || fail_test "expected 44850 lines"
order=$("$WG_PYTHON" - "$work/four.tsv" <<'PY'
import sys
names = [line.split("\t")[:2] for line in open(sys.argv[1])]
expected = [[f"r{i}", f"r{j}"] for i in range(300) for j in range(i + 1, 300)]
bad = next((k for k, (a, b) in enumerate(zip(names, expected)) if a != b), None)
print("ok" if bad is None and len(names) == len(expected) else f"line {bad}: {names[bad] if bad is not None else len(names)}")
PY
)
[ "$order" = ok ] || fail_test "4 ranks: pairs out of all-vs-all order at $order"

check=$("$WG_PYTHON" - "$work/one.json" "$work/four.json" <<'PY'
import json, sys
one, four = (json.load(open(p)) for p in sys.argv[1:])
problems = []
ranks = {r["rank"]: r for r in four["ranks"]}
if sorted(ranks) != [0, 1, 2, 3]:
    problems.append(f"ranks that aligned: {sorted(ranks)}")
for rank, r in sorted(ranks.items()):
    if r["batches"] < 1 or r["pairs"] < 1:
        problems.append(f"rank {rank}: {r['batches']} batches")
    if not (0 < r.get("busy_seconds", 0) <= four["seconds"] + 0.5) or r.get("aligners") != 1:
        problems.append(f"rank {rank}: busy {r.get('busy_seconds')} s of {four['seconds']} s, {r.get('aligners')} aligners")
if sum(r["pairs"] for r in ranks.values()) != 44850 or four["pairs"] != 44850:
    problems.append("pairs do not add up to 44850")
if sum(r["cells"] for r in ranks.values()) != one["cells"] or four["cells"] != one["cells"]:
    problems.append(f"cells {four['cells']} vs {one['cells']} on 1 rank")
if one.get("window_pairs") != 8192 or four.get("window_pairs") != 8192:
    problems.append(f"window of {one.get('window_pairs')} pairs, expected 8192 (six windows)")
# One rank's work alone: a handful of guided batches, not one batch of everything.
if one["ranks"][0]["batches"] < 3:
    problems.append(f"1 rank: {one['ranks'][0]['batches']} batches")
print("; ".join(problems) or "ok")
PY
)
[ "$check" = ok ] || fail_test "report: $check"
finish
