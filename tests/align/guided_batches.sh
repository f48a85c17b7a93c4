#!/usr/bin/env bash
# warpgraph align with default batch sizes on a small job (0.7 Gcells, a fraction of one
# host worker's batch capacity): guided self-scheduling must still give every one of
# 4 ranks batches, the output must equal the 1-rank output byte for byte, and the report
# must account for every pair and cell with per-rank aligner time.
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
# One rank's work alone: a handful of guided batches, not one batch of everything.
if one["ranks"][0]["batches"] < 3:
    problems.append(f"1 rank: {one['ranks'][0]['batches']} batches")
print("; ".join(problems) or "ok")
PY
)
[ "$check" = ok ] || fail_test "report: $check"
finish
