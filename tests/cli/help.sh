#!/usr/bin/env bash
# --help reads at a glance: no raw CLI11 syntax (validator descriptions, flag values),
# and every subcommand offers the logging options.
set -uo pipefail
source "$(dirname "$0")/../support/assert.sh"

check_help() {  # what help-text
  local what=$1 text=$2 artefact
  for artefact in "ENUM:" "TEXT:" "UINT:" "INT:" "FLOAT:" "value in {" " OR {" "->0" "->1" "->true" "->false" "{false}" \
                  "{true}" "Excludes:" "Needs:" "POSITIVE" "NONNEGATIVE" "REQUIRED"; do
    case "$text" in
      *"$artefact"*) fail_test "$what shows CLI11 syntax '$artefact': $text" ;;
    esac
  done
}

out=$("$WARPGRAPH" --help 2>&1)
assert_status 0 $? "warpgraph --help"
check_help "warpgraph --help" "$out"
for command in convert generate info run align; do
  out=$("$WARPGRAPH" "$command" --help 2>&1)
  assert_status 0 $? "$command --help"
  check_help "$command --help" "$out"
  assert_contains "$out" "--log-level" "$command --help: --log-level"
  assert_contains "$out" "--quiet" "$command --help: --quiet"
done
out=$("$WARPGRAPH" run --help 2>&1)
assert_contains "$out" "--output-format hdf5|tsv" "run --help: choices of --output-format"
assert_contains "$out" "--threads N" "run --help: --threads"
assert_contains "$out" "Required" "run --help: required options say so"
out=$("$WARPGRAPH" align --help 2>&1)
assert_contains "$out" "--no-packed-scores " "align --help: the flag's name alone"
assert_contains "$out" "Needs --mismatch" "align --help: --match needs --mismatch, in words"
assert_contains "$out" "--threads N" "align --help: --threads"
finish
