#!/usr/bin/env bash
# warpgraph align with every rank reading its sequences from the indexed FASTA files:
# output byte-identical, on 1 to 4 ranks and in every pairing mode, to the path where
# rank 0 reads the input whole and ships the residues (gzip-compressed copies of the same
# files take that path); files with lines of uneven length, CRLF line ends, blank lines,
# lower case and repeated ids; SAM and PAF, whose lines carry lengths and residues that
# rank 0 reads through the index; the report names who read the sequences and splits the
# time. A bad letter met while a rank packs a batch stops every rank with one message
# naming the file, record and line, exit status 1 and no output left behind.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$WG_PYTHON" - "$work" <<'PY'
import random, sys
rng = random.Random(3)
out = sys.argv[1]

def write(path, records, crlf=False):
    end = "\r\n" if crlf else "\n"
    with open(path, "w", newline="") as f:
        for name, seq in records:
            f.write(f">{name} some description{end}")
            at = 0
            while at < len(seq):  # lines of uneven length, now and then a blank line
                width = rng.randint(30, 90)
                f.write(seq[at:at + width] + end)
                if rng.random() < 0.05:
                    f.write(end)
                at += width

a, b = [], []
for i in range(60):
    q = "".join(rng.choices("ACGT", k=rng.randint(60, 300)))
    t = "".join(c if rng.random() > 0.1 else rng.choice("ACGT") for c in q)
    if i % 7 == 0:
        q = q.lower()
    name = f"r{i % 50}"  # ids r0-r9 appear twice
    a.append((name, q))
    b.append((f"t{i}", t))
write(f"{out}/a.fa", a)
write(f"{out}/b.fa", b, crlf=True)
# The same records with one bad letter in record 41 (id r40).
bad = list(a)
bad[40] = (bad[40][0], bad[40][1][:40] + "J" + bad[40][1][41:])
write(f"{out}/bad.fa", bad)
PY
gzip -k "$work/a.fa" "$work/b.fa"

on_ranks() { local n=$1; shift; "$MPIEXEC" -n "$n" --oversubscribe "$WARPGRAPH" align "$@"; }
read_by() { "$WG_PYTHON" -c "
import json, sys
r = json.load(open(sys.argv[1]))
split = r['time_split']
keys = ['load_seconds', 'setup_seconds', 'pack_seconds', 'transfer_seconds', 'kernel_seconds',
        'write_seconds', 'format_seconds', 'file_seconds']
missing = [k for k in keys if not isinstance(split.get(k), float) or split[k] < 0]
print(r['sequences_read_by'], len(r['ranks']), 'split-ok' if not missing else f'split-missing {missing}')
" "$1"; }

modes=(
  "--pairs @A@ @B@"
  "--all-vs-all @A@"
  "--query @B@ --target @A@ --traceback --end-gaps free"
)
k=0
for mode in "${modes[@]}"; do
  k=$((k + 1))
  plain=${mode//@A@/$work/a.fa}
  plain=${plain//@B@/$work/b.fa}
  packed=${mode//@A@/$work/a.fa.gz}
  packed=${packed//@B@/$work/b.fa.gz}
  # shellcheck disable=SC2086
  on_ranks 1 $packed --alphabet dna --batch-cells 100000 -o "$work/ref$k.tsv" --report "$work/ref$k.json" 2>/dev/null
  assert_status 0 $? "mode $k, compressed input, 1 rank"
  [ -s "$work/ref$k.tsv" ] || fail_test "mode $k: empty output"
  assert_contains "$(read_by "$work/ref$k.json")" "rank 0 1 split-ok" "mode $k, compressed input: report"
  for n in 1 2 3 4; do
    # shellcheck disable=SC2086
    on_ranks "$n" $plain --alphabet dna --batch-cells 100000 -o "$work/out$k.$n.tsv" --report "$work/out$k.$n.json" 2>/dev/null
    assert_status 0 $? "mode $k on $n ranks"
    cmp -s "$work/ref$k.tsv" "$work/out$k.$n.tsv" || fail_test "mode $k ($mode) on $n ranks: indexed output differs from rank 0 shipping the residues"
    assert_contains "$(read_by "$work/out$k.$n.json")" "every rank $n split-ok" "mode $k on $n ranks: report"
  done
  # The shipping path itself across ranks.
  # shellcheck disable=SC2086
  on_ranks 3 $packed --alphabet dna --batch-cells 100000 -o "$work/gz$k.tsv" 2>/dev/null
  cmp -s "$work/ref$k.tsv" "$work/gz$k.tsv" || fail_test "mode $k: compressed input on 3 ranks differs"
done
# SAM and PAF lines carry sequence lengths (SAM the query's residues too): rank 0 reads
# them through the index, and the lines equal those of the whole read.
for format in sam paf; do
  on_ranks 1 --pairs "$work/a.fa.gz" "$work/b.fa.gz" --alphabet dna --outfmt "$format" \
    --batch-cells 100000 -o "$work/ref.$format" 2>/dev/null
  assert_status 0 $? "$format, compressed input"
  for n in 1 3; do
    on_ranks "$n" --pairs "$work/a.fa" "$work/b.fa" --alphabet dna --outfmt "$format" \
      --batch-cells 100000 -o "$work/out$n.$format" --report "$work/out$n.$format.json" 2>/dev/null
    assert_status 0 $? "$format on $n ranks"
    cmp -s "$work/ref.$format" "$work/out$n.$format" ||
      fail_test "$format on $n ranks: indexed output differs from the whole read"
    assert_contains "$(read_by "$work/out$n.$format.json")" "every rank $n split-ok" "$format on $n ranks: report"
  done
done
# The alphabet is detected from the indexed files as from the whole read.
"$WARPGRAPH" align --pairs "$work/a.fa" "$work/b.fa" -o "$work/detected.tsv" 2>/dev/null
cmp -s "$work/ref1.tsv" "$work/detected.tsv" || fail_test "detected alphabet: output differs"

# Record 41 (id r40) of bad.fa, whose header line is looked up here.
header_line=$(grep -n '^>r40 ' "$work/bad.fa" | cut -d: -f1)
expected="bad.fa: record 41 'r40' (line $header_line): invalid dna letter 'J' at position 41"
for n in 1 2 4; do
  out=$(on_ranks "$n" --pairs "$work/bad.fa" "$work/b.fa" --alphabet dna --batch-cells 100000 \
        -o "$work/bad.tsv" 2>&1)
  status=$?
  assert_status 1 "$status" "bad letter on $n ranks: exit status"
  assert_contains "$out" "$expected" "bad letter on $n ranks: message"
  count=$(grep -c "invalid dna letter" <<< "$out")
  [ "$count" = 1 ] || fail_test "bad letter on $n ranks: the message appears $count times: $out"
  case $out in *MPI_ABORT*) fail_test "bad letter on $n ranks: the job was aborted: $out" ;; esac
  assert_no_file "$work/bad.tsv" "bad letter on $n ranks: output"
  assert_no_file "$work/bad.tsv.partial" "bad letter on $n ranks: partial output"
  assert_no_file "$work/bad.tsv.partial.job" "bad letter on $n ranks: job record"
done
# With SAM, rank 0 meets the letter first, reading the residues for the output.
out=$(on_ranks 2 --pairs "$work/bad.fa" "$work/b.fa" --alphabet dna --outfmt sam -o "$work/bad.sam" 2>&1)
assert_status 1 $? "bad letter, SAM: exit status"
assert_contains "$out" "$expected" "bad letter, SAM: message"
count=$(grep -c "invalid dna letter" <<< "$out")
[ "$count" = 1 ] || fail_test "bad letter, SAM: the message appears $count times: $out"
assert_no_file "$work/bad.sam" "bad letter, SAM: output"
assert_no_file "$work/bad.sam.partial" "bad letter, SAM: partial output"
finish
