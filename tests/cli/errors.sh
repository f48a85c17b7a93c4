#!/usr/bin/env bash
# Errors under mpirun: a failure every rank agrees on (a bad input line, found by one
# rank; a missing graph file or a sequence file that is not FASTA, seen by all) is
# printed once, by the rank that found it, every rank exits non-zero, and there is no
# MPI_ABORT banner.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A bad line near the end of the file: a rank other than 0 parses it.
{ for i in $(seq 0 2000); do echo "$i $((i + 1))"; done; echo "7 x"; } > "$work/bad.txt"

expect_one_error() {  # ranks what expected-message -- warpgraph arguments
  local ranks=$1 what=$2 message=$3
  shift 4
  local out
  out=$("$MPIEXEC" -n "$ranks" --oversubscribe "$WARPGRAPH" "$@" 2>&1)
  assert_nonzero $? "$what on $ranks ranks"
  assert_contains "$out" "$message" "$what on $ranks ranks: message"
  local errors
  errors=$(grep -c "error" <<<"$out")  # mpirun's own notice of a non-zero exit has none
  [ "$errors" = 1 ] || fail_test "$what on $ranks ranks: $errors lines mention an error, expected 1: $out"
  case "$out" in
    *MPI_ABORT*|*"MPI_COMM_WORLD"*) fail_test "$what on $ranks ranks: MPI abort banner: $out" ;;
  esac
}

printf 'hello\nworld\n' > "$work/not.fa"

for ranks in 2 3; do
  expect_one_error "$ranks" "bad input line" "bad.txt:2002:" -- convert "$work/bad.txt" "$work/bad.h5"
  expect_one_error "$ranks" "a file that is not FASTA" "not.fa: line 1: not a FASTA file" -- \
    align --query "$work/not.fa" --target "$WG_DATA_DIR/sequences/emboss_dna_a.fa" -o "$work/a.tsv"
  expect_one_error "$ranks" "missing graph" "does not exist" -- run --graph "$work/missing.h5" --algo bfs --source 0
done
assert_no_file "$work/bad.h5" "output of a failed conversion"
assert_no_file "$work/a.tsv" "output of a failed alignment"
finish
