#!/usr/bin/env bash
# Input files: convert reads .xz and standard input ("-") as it reads plain text; align
# reads FASTQ as it reads FASTA; cut-off gzip/xz data and bytes after the compressed
# stream are refused with a message naming the file, and leave no output behind.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpirun=("$MPIEXEC" -n 2 --oversubscribe)

# --- convert: .xz and standard input give the graph of the plain file ------------------
graph=$WG_DATA_DIR/graphs/CA-GrQc.txt
"$WARPGRAPH" convert -q "$graph" "$work/plain.h5" || fail_test "convert plain"
expected=$("$WARPGRAPH" info "$work/plain.h5" 2>/dev/null | grep -E "^(vertices|edges):")
assert_contains "$expected" "edges:" "info of the plain conversion"
xz -c "$graph" > "$work/grqc.txt.xz"
"${mpirun[@]}" "$WARPGRAPH" convert -q "$work/grqc.txt.xz" "$work/xz.h5"
assert_status 0 $? "convert .xz on 2 ranks"
got=$("$WARPGRAPH" info "$work/xz.h5" 2>/dev/null | grep -E "^(vertices|edges):")
[ "$got" = "$expected" ] || fail_test "convert .xz: '$got', expected '$expected'"
# Open MPI 4's launcher can crash in its own forwarding of standard input after the rank
# has read it (a segfault of mpiexec in orte_iof_hnp_read_local_handler, open-mpi/ompi#7483,
# fixed in 5.x). Only that crash, named in the launcher's output, is run again; any other
# failure, warpgraph's own included, still fails the test.
for attempt in 1 2 3; do
  "${mpirun[@]}" "$WARPGRAPH" convert -q --format snap - "$work/stdin.h5" < "$graph" \
    2> "$work/stdin.err"
  status=$?
  grep -q orte_iof_hnp_read_local_handler "$work/stdin.err" || break
  echo "mpiexec crashed forwarding standard input (attempt $attempt); running again" >&2
done
cat "$work/stdin.err" >&2
assert_status 0 "$status" "convert - on 2 ranks"
got=$("$WARPGRAPH" info "$work/stdin.h5" 2>/dev/null | grep -E "^(vertices|edges):")
[ "$got" = "$expected" ] || fail_test "convert -: '$got', expected '$expected'"
gzip -c "$graph" | "$WARPGRAPH" convert -q --format snap - "$work/stdin-gz.h5"
assert_status 0 $? "convert - of gzip data"
got=$("$WARPGRAPH" info "$work/stdin-gz.h5" 2>/dev/null | grep -E "^(vertices|edges):")
[ "$got" = "$expected" ] || fail_test "convert - of gzip data: '$got', expected '$expected'"

size=$(stat -c %s "$work/grqc.txt.xz")
head -c $((size / 2)) "$work/grqc.txt.xz" > "$work/cut.txt.xz"
out=$("${mpirun[@]}" "$WARPGRAPH" convert "$work/cut.txt.xz" "$work/cut.h5" 2>&1)
assert_status 1 $? "convert of a cut-off .xz"
assert_contains "$out" "cut.txt.xz: the xz data is cut short" "cut-off .xz: message"
assert_no_file "$work/cut.h5" "output of a cut-off .xz"
{ cat "$work/grqc.txt.xz"; echo "junk"; } > "$work/trailing.txt.xz"
out=$("$WARPGRAPH" convert "$work/trailing.txt.xz" "$work/trailing.h5" 2>&1)
assert_status 1 $? "convert of .xz with trailing bytes"
assert_contains "$out" "trailing.txt.xz: the xz data is cut short, or followed by bytes that are not xz" \
  "trailing .xz: message"
gzip -c "$graph" > "$work/grqc.txt.gz"
{ cat "$work/grqc.txt.gz"; echo "junk"; } > "$work/trailing.txt.gz"
out=$("$WARPGRAPH" convert "$work/trailing.txt.gz" "$work/trailing.h5" 2>&1)
assert_status 1 $? "convert of .gz with trailing bytes"
assert_contains "$out" "trailing.txt.gz: unexpected data after the end of the gzip stream" "trailing .gz: message"

# --- align: FASTQ, and plain, gzip and xz files give the scores of the FASTA file --------
fasta=$WG_DATA_DIR/sequences/rfam_5.8S_first40.fa
"$WG_PYTHON" - "$fasta" "$work/seqs.fq" <<'PY'
import sys
records, name = [], None
for line in open(sys.argv[1]):
    line = line.strip()
    if line.startswith(">"):
        records.append([line[1:], ""])
    elif line:
        records[-1][1] += line
with open(sys.argv[2], "w") as out:
    for header, seq in records:
        out.write(f"@{header}\n{seq}\n+\n{'I' * len(seq)}\n")
PY
"$WARPGRAPH" align -q --all-vs-all "$fasta" -o "$work/fasta.tsv"
assert_status 0 $? "align FASTA"
gzip -c "$work/seqs.fq" > "$work/seqs.fq.gz"
xz -c "$work/seqs.fq" > "$work/seqs.fq.xz"
for input in seqs.fq seqs.fq.gz seqs.fq.xz; do
  "${mpirun[@]}" "$WARPGRAPH" align -q --all-vs-all "$work/$input" -o "$work/$input.tsv"
  assert_status 0 $? "align $input"
  cmp -s "$work/fasta.tsv" "$work/$input.tsv" || fail_test "align $input differs from the FASTA run"
done
printf '@r1\nACGT\n+\nII\n' > "$work/badqual.fq"
out=$("$WARPGRAPH" align --all-vs-all "$work/badqual.fq" -o "$work/badqual.tsv" 2>&1)
assert_status 1 $? "align FASTQ with short qualities"
assert_contains "$out" "badqual.fq: record 1 'r1' (line 1): the quality line does not match" "short qualities: message"

# Every cut of a gzip FASTA file is refused (zlib's gzread accepts many).
gzip -c "$fasta" > "$work/seqs.fa.gz"
size=$(stat -c %s "$work/seqs.fa.gz")
accepted=0
for cut in $(seq 20 $((size / 12)) $((size - 1))); do
  head -c "$cut" "$work/seqs.fa.gz" > "$work/cut.fa.gz"
  if "$WARPGRAPH" align -q --all-vs-all "$work/cut.fa.gz" -o "$work/cut.tsv" 2>"$work/cut.err"; then
    accepted=$((accepted + 1))
  else
    assert_contains "$(cat "$work/cut.err")" "cut.fa.gz: the gzip data is cut short" "cut at $cut: message"
  fi
done
[ "$accepted" = 0 ] || fail_test "align accepted $accepted cut-off gzip files"
{ cat "$work/seqs.fa.gz"; printf 'garbage'; } > "$work/trailing.fa.gz"
out=$("$WARPGRAPH" align --all-vs-all "$work/trailing.fa.gz" -o "$work/trailing.tsv" 2>&1)
assert_status 1 $? "align of gzip with trailing bytes"
assert_contains "$out" "unexpected data after the end of the gzip stream" "trailing gzip FASTA: message"
finish
