#!/usr/bin/env bash
# warpgraph align on bad input: a clear message naming the file (record, position, line)
# and a non-zero exit, no output file left behind.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seqs=$WG_DATA_DIR/sequences
good=$seqs/emboss_protein_a.fa

expect_error() {  # code message-part what -- align arguments
  local code=$1 part=$2 what=$3
  shift 4
  local out
  out=$("$WARPGRAPH" align "$@" -o "$work/out.tsv" 2>&1)
  assert_status "$code" $? "$what: exit status"
  assert_contains "$out" "$part" "$what: message"
  assert_no_file "$work/out.tsv" "$what: output"
  assert_no_file "$work/out.tsv.partial" "$what: partial output"
}

: > "$work/empty.fa"
printf 'ACGT\n>x\nACGT\n' > "$work/headless.fa"
printf '>one\nACGT\n>two two\nACG\nTJ\n' > "$work/badletter.fa"
printf '>one\nMKV*\n>two\nMKQ1\n' > "$work/badprotein.fa"
printf '>one\nACGT\n>empty\n\n>three\nAC\n' > "$work/norecord.fa"
printf '>a\nACGT\n' > "$work/one.fa"
printf '>a\nACGT\n>b\nAC\n' > "$work/two.fa"
printf '   A  C\nA  1 -1\nC -1\n' > "$work/short_row.mat"
printf '   A  C\nA  1 -1\nC -1 x\n' > "$work/bad_value.mat"
printf '# only comments\n' > "$work/no_header.mat"

expect_error 1 "empty.fa: the file is empty" "empty file" -- --all-vs-all "$work/empty.fa"
expect_error 1 "headless.fa: line 1: not a FASTA file" "not FASTA" -- --all-vs-all "$work/headless.fa"
expect_error 1 "badletter.fa: record 2 'two' (line 3): invalid dna letter 'J' at position 5" "invalid DNA letter" -- --pairs "$work/badletter.fa" "$work/badletter.fa" --alphabet dna
expect_error 1 "badprotein.fa: record 2 'two' (line 3): invalid protein letter '1' at position 4" "invalid protein letter" -- --all-vs-all "$work/badprotein.fa" --alphabet protein
expect_error 1 "norecord.fa: record 2 'empty' (line 3) has no residues" "record without residues" -- --all-vs-all "$work/norecord.fa"
expect_error 1 "one.fa has 1 records but" "--pairs count mismatch" -- --pairs "$work/one.fa" "$work/two.fa"
expect_error 1 "--matrix: 'BLOSUM99' is neither a built-in matrix" "unknown matrix" -- --all-vs-all "$good" --matrix BLOSUM99
expect_error 1 "short_row.mat: line 3: malformed matrix: row 'C' has 1 scores, the header has 2" "short matrix row" -- --all-vs-all "$work/two.fa" --matrix "$work/short_row.mat"
expect_error 1 "bad_value.mat: line 3: malformed matrix: 'x' is not an integer score" "bad matrix value" -- --all-vs-all "$work/two.fa" --matrix "$work/bad_value.mat"
expect_error 1 "no_header.mat: malformed matrix: no header line of letters" "matrix without header" -- --all-vs-all "$work/two.fa" --matrix "$work/no_header.mat"
expect_error 1 "--gap-open 0.125: at most two decimals" "three decimals" -- --all-vs-all "$work/two.fa" --gap-open 0.125
expect_error 1 "give them as positive numbers" "negative penalty" -- --all-vs-all "$work/two.fa" --gap-open -3
expect_error 2 "--match requires --mismatch" "match without mismatch" -- --all-vs-all "$work/two.fa" --match 1
expect_error 2 "excludes" "two input modes" -- --all-vs-all "$work/two.fa" --pairs "$work/one.fa" "$work/one.fa"
expect_error 2 "--end-gaps" "bad --end-gaps" -- --all-vs-all "$work/two.fa" --end-gaps sometimes
expect_error 2 "does not exist" "missing file" -- --all-vs-all "$work/missing.fa"
printf '>a\nACGT\n>a\nACG\n' > "$work/same_names.fa"
expect_error 1 "--free-ends qb,xe: 'xe' is not one of qb, qe, db, de" "bad --free-ends" -- --all-vs-all "$work/two.fa" --mode semi-global --free-ends qb,xe
expect_error 1 "--free-ends is for --mode semi-global" "--free-ends with global" -- --all-vs-all "$work/two.fa" --free-ends qb
expect_error 1 "--end-gaps free is for --mode global" "--end-gaps free with local" -- --all-vs-all "$work/two.fa" --mode local --end-gaps free
expect_error 2 "--mode" "bad --mode" -- --all-vs-all "$work/two.fa" --mode glocal
expect_error 2 "--outfmt" "bad --outfmt" -- --all-vs-all "$work/two.fa" --outfmt bam
expect_error 2 "--top requires --query" "--top without --query" -- --all-vs-all "$work/two.fa" --top 3
expect_error 1 "--outfmt sam: two targets are named 'a' (4 and 3 residues)" "SAM with duplicate target names" -- --query "$work/one.fa" --target "$work/same_names.fa" --outfmt sam
out=$("$WARPGRAPH" align --all-vs-all "$work/two.fa" --resume 2>&1)
assert_status 1 $? "resume to stdout: exit status"
assert_contains "$out" "--resume needs --output FILE" "resume to stdout: message"

# The same error on 2 ranks: one message, non-zero exit.
out=$("$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" align --all-vs-all "$work/badletter.fa" --alphabet dna 2>&1)
assert_nonzero $? "invalid letter on 2 ranks"
assert_contains "$out" "invalid dna letter 'J'" "invalid letter on 2 ranks: message"

# --help states the conventions and shows an example.
help=$("$WARPGRAPH" align --help)
assert_contains "$help" "open + (L-1) x extend" "--help: gap convention"
assert_contains "$help" "I: query residue against a gap in the target" "--help: CIGAR convention"
assert_contains "$help" "Example:" "--help: example"
finish
