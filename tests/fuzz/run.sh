#!/usr/bin/env bash
# Builds the fuzz targets (clang, libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer)
# and runs each for a bounded time on a seed corpus made from data/ plus the inputs of
# earlier findings (tests/fuzz/regressions/TARGET/, which must keep passing).
# Usage: tests/fuzz/run.sh [SECONDS_PER_TARGET (default 45)] [TARGET ...]
#   TARGET: mtx snap dimacs fasta matrix graph_file (default: all)
# The build folder, shared with tests/sanitizer/run.sh, is $WARPGRAPH_SANITIZE_BUILD_DIR
# (default build-sanitize). Inputs the fuzzers find interesting accumulate in
# BUILD/fuzz-corpus/TARGET, so a longer or repeated run continues where the last one
# stopped; a failing input is saved as BUILD/fuzz-findings/TARGET/crash-* and the script
# exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${1:-45}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(mtx snap dimacs fasta matrix graph_file)
build=${WARPGRAPH_SANITIZE_BUILD_DIR:-build-sanitize}

bash jobs/install-deps.sh
bash tests/sanitizer/configure.sh "$build"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

# Seeds: the repository's small inputs whole, and the first lines of the larger ones with
# their declared counts fixed, so that the fuzzers start from files the readers accept.
seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{mtx,snap,dimacs,fasta,matrix,graph_file}
cp data/graphs/karate.mtx data/graphs/west0067.mtx data/graphs/chesapeake.mtx "$seeds/mtx/"
head -n 60 data/graphs/CA-GrQc.txt >"$seeds/snap/ca-grqc-head.txt"
head -n 40 data/graphs/CA-GrQc.txt | gzip -c >"$seeds/snap/ca-grqc-head.txt.gz"
head -n 40 data/graphs/CA-GrQc.txt | xz -c >"$seeds/snap/ca-grqc-head.txt.xz"
awk '/^a / && ++arcs > 60 {next} /^p / {print "p sp 3353 60"; next} {print}' \
  data/graphs/rome99.gr >"$seeds/dimacs/rome99-head.gr"
cp data/sequences/*.fa "$seeds/fasta/"
gzip -c data/sequences/emboss_dna_b.fa >"$seeds/fasta/emboss_dna_b.fa.gz"
awk 'function put() {q = seq; gsub(/./, "I", q); print name; print seq; print "+"; print q}
     /^>/ {if (seq != "") put(); name = "@" substr($0, 2); seq = ""; next}
     {seq = seq $0}
     END {put()}' data/sequences/emboss_stretcher_b.fa >"$seeds/fasta/emboss_stretcher_b.fq"
cp data/matrices/* "$seeds/matrix/"
: >"$seeds/graph_file/empty"

source tests/sanitizer/options.sh
status=0
for target in "${targets[@]}"; do
  corpus=$build/fuzz-corpus/$target
  findings=$build/fuzz-findings/$target
  mkdir -p "$corpus" "$findings"
  regressions=()
  [ -d "tests/fuzz/regressions/$target" ] && regressions=("tests/fuzz/regressions/$target")
  echo "== fuzz_$target: ${seconds} s"
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=16384 \
      -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=20 -print_final_stats=1 \
      -artifact_prefix="$findings/" "$corpus" "$seeds/$target" "${regressions[@]}" \
      >"$findings/log" 2>&1; then
    tail -n 60 "$findings/log"
    echo "fuzz_$target FAILED: input saved under $findings" >&2
    status=1
  else
    grep -E "^stat::number_of_executed_units|^Done" "$findings/log" || true
  fi
done
exit $status
