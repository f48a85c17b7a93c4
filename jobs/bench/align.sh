#!/usr/bin/env bash
# Alignment benchmark: GCUPS of `warpgraph align` on generated pairs.
#   - 100k DNA pairs of ~1 kb (match 2, mismatch -3, affine gaps 5/2) and 100k protein
#     pairs of ~300 aa (BLOSUM62, gaps 11/1), score only, on 1 GPU (packed 16-bit scores,
#     the default, and 32-bit) and through MPI on 1, 2 (and 4, when present) GPUs; DNA
#     also in local and semi-global mode and with traceback (global and local), proteins
#     with traceback, on the same GPU counts; traceback on 1 GPU also on 32-bit scores
#     (DNA and proteins) and in semi-global mode (DNA); all-vs-all of 1,500 and of AVA_LARGE DNA
#     sequences on 1, 2 and 4 GPUs for scaling (speed-ups printed at the end); the
#     proteins also in local and semi-global mode (1 GPU), and the GPU's protein
#     traceback against the host backend's in each mode on the small set, and every
#     output format (SAM, PAF, BLAST tabular) from the GPU against the host's on the
#     small DNA and protein sets;
#   - the host backend (1 core and all cores) beside parasail (1 core) on the same pairs.
# Prints a table and writes OUT_DIR/align_bench.json. Checks that GPU outputs are
# byte-identical across GPU counts and equal to the host backend's on the shared pairs.
#
# MODE=path runs only the input path's benchmark: the 100k DNA pairs of ~1 kb, score
# only, on 1 GPU (and 2 and 4 when present), every rank reading the plain FASTA files
# through their index, against the same files gzip-compressed (rank 0 reads them and
# ships the residues with the batches); the table shows end-to-end against kernel GCUPS
# and where the time went (the report's time_split), and the outputs must be identical.
#
# MODE=protein runs only the protein runs on 1 GPU (score: packed and 32-bit, local,
# semi-global; traceback, packed and 32-bit) and their checks against the host backend.
#
# Usage: jobs/bench/align.sh [OUT_DIR]
#   env: WARPGRAPH (default build/warpgraph), MODE (full, path or protein; default full), PAIRS
#   (100000), HOST_PAIRS (2000), AVA_LARGE (4000 sequences), GPUS (GPUs to use at most;
#   default: all visible), PYTHON (python3 with parasail, if any)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-bench-align}
warpgraph=${WARPGRAPH:-build/warpgraph}
pairs=${PAIRS:-100000}
host_pairs=${HOST_PAIRS:-2000}
python=${PYTHON:-python3}
gpus=${GPUS:-$(nvidia-smi -L 2>/dev/null | wc -l)}
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

dna_scoring=(--match 2 --mismatch -3 --gap-open 5 --gap-extend 2)
protein_scoring=(--matrix BLOSUM62 --gap-open 11 --gap-extend 1)

mode=${MODE:-full}
kinds=(dna protein)
[ "$mode" = protein ] && kinds=(protein)
if [ "$mode" != protein ]; then
  echo "generating $pairs DNA pairs (1 kb)" >&2
  "$python" "$here/align_make_pairs.py" --kind dna --pairs "$pairs" --length 1000 --out "$out/dna"
fi
if [ "$mode" != path ]; then
  echo "generating $pairs protein pairs (300 aa)" >&2
  "$python" "$here/align_make_pairs.py" --kind protein --pairs "$pairs" --length 300 --out "$out/protein"
  for kind in "${kinds[@]}"; do
    for side in a b; do
      head -n $((2 * host_pairs)) "$out/${kind}_$side.fa" > "$out/${kind}_small_$side.fa"
    done
  done
fi
if [ "$mode" = full ]; then
  # All-vs-all of 1,500 DNA sequences (1.1 million pairs, 1.1 Tcells) and of AVA_LARGE
  # (default 4,000: 8 million pairs, 8 Tcells) for GPU scaling.
  ava_large=${AVA_LARGE:-4000}
  head -n 3000 "$out/dna_a.fa" > "$out/dna_ava.fa"
  head -n $((2 * ava_large)) "$out/dna_a.fa" > "$out/dna_ava_large.fa"
fi

# run NAME BACKEND RANKS KIND [extra align options...]
run() {
  local name=$1 backend=$2 ranks=$3 kind=$4
  shift 4
  local scoring=("${dna_scoring[@]}")
  local input=${kind}
  local pairs_from=(--pairs "$out/${input}_a.fa" "$out/${input}_b.fa")
  [ "${kind%_small}" = protein ] && scoring=("${protein_scoring[@]}")
  case $kind in
    dna_ava | dna_ava_large) pairs_from=(--all-vs-all "$out/$kind.fa") ;;
    dna_gz) pairs_from=(--pairs "$out/dna_a.fa.gz" "$out/dna_b.fa.gz") scoring=("${dna_scoring[@]}") ;;
  esac
  echo "run $name" >&2
  mpirun -n "$ranks" --oversubscribe --bind-to none "$warpgraph" align "${pairs_from[@]}" \
    "${scoring[@]}" --backend "$backend" -o "$out/run_$name.tsv" --report "$out/run_$name.json" "$@" \
    2> "$out/run_$name.log"
  printf '{"name": "%s", "backend": "%s", "nranks": %d, "input": "%s"}\n' \
    "$name" "$backend" "$ranks" "$input" > "$out/run_$name.meta"
}

if [ "$mode" = path ]; then
  [ "$gpus" -gt 0 ] || { echo "MODE=path needs a GPU" >&2; exit 1; }
  gzip -k -1 "$out/dna_a.fa" "$out/dna_b.fa"
  for n in 1 2 4; do
    [ "$gpus" -ge "$n" ] || continue
    run dna_path_indexed_gpu$n cuda "$n" dna
    run dna_path_shipped_gpu$n cuda "$n" dna_gz
  done
  same() { cmp -s "$1" "$2" && echo true || echo false; }
  {
    echo "{"
    sep=""
    for n in 1 2 4; do
      [ -f "$out/run_dna_path_indexed_gpu$n.tsv" ] || continue
      echo "$sep\"dna_indexed_equals_shipped_gpu$n\": $(same "$out/run_dna_path_indexed_gpu$n.tsv" "$out/run_dna_path_shipped_gpu$n.tsv")"
      sep=","
      echo ",\"dna_indexed_gpu1_equals_gpu$n\": $(same "$out/run_dna_path_indexed_gpu1.tsv" "$out/run_dna_path_indexed_gpu$n.tsv")"
    done
    echo "}"
  } > "$out/checks.json"
  rm -f "$out"/*.fa "$out"/*.fa.gz "$out"/run_*.tsv
  "$python" "$here/align_summary.py" "$out"
  exit 0
fi

# The protein runs of the full benchmark and, in every mode, the GPU's protein output
# (through the query profile) against the host backend's on the small set.
protein_runs() {
  run protein_score_gpu1 cuda 1 protein
  run protein_score_gpu1_32bit cuda 1 protein --no-packed-scores
  run protein_local_score_gpu1 cuda 1 protein --mode local
  run protein_semiglobal_score_gpu1 cuda 1 protein --mode semi-global
  run protein_traceback_gpu1 cuda 1 protein --traceback
  run protein_traceback_gpu1_32bit cuda 1 protein --traceback --no-packed-scores
  for m in global local semi-global; do
    run protein_small_${m}_traceback_gpu1 cuda 1 protein_small --mode "$m" --traceback
    run protein_small_${m}_traceback_host host 1 protein_small --mode "$m" --traceback
  done
}
protein_checks() {
  for m in global local semi-global; do
    echo ",\"protein_small_${m}_traceback_gpu_equals_host\": $(same "$out/run_protein_small_${m}_traceback_gpu1.tsv" "$out/run_protein_small_${m}_traceback_host.tsv")"
  done
}
same() { cmp -s "$1" "$2" && echo true || echo false; }

# MODE=protein: the protein runs alone (GPU), with their checks.
if [ "$mode" = protein ]; then
  [ "$gpus" -gt 0 ] || { echo "MODE=protein needs a GPU" >&2; exit 1; }
  protein_runs
  {
    echo "{\"protein_packed_equals_32bit\": $(same "$out/run_protein_score_gpu1.tsv" "$out/run_protein_score_gpu1_32bit.tsv")"
    echo ",\"protein_traceback_packed_equals_32bit\": $(same "$out/run_protein_traceback_gpu1.tsv" "$out/run_protein_traceback_gpu1_32bit.tsv")"
    protein_checks
    echo "}"
  } > "$out/checks.json"
  rm -f "$out"/*.fa "$out"/run_*.tsv
  "$python" "$here/align_summary.py" "$out"
  exit 0
fi

# Every output format from the GPU against the host backend's on the small sets: local
# alignments (soft clips, coordinates inside both sequences) in each format, and
# semi-global SAM.
format_checks=("sam local" "paf local" "blast6 local" "sam semi-global")

if [ "$gpus" -gt 0 ]; then
  run dna_score_gpu1 cuda 1 dna
  run dna_score_gpu1_32bit cuda 1 dna --no-packed-scores
  run dna_traceback_gpu1 cuda 1 dna --traceback
  run dna_traceback_gpu1_32bit cuda 1 dna --traceback --no-packed-scores
  run dna_semiglobal_traceback_gpu1 cuda 1 dna --mode semi-global --traceback
  run dna_local_score_gpu1 cuda 1 dna --mode local
  run dna_semiglobal_score_gpu1 cuda 1 dna --mode semi-global
  run dna_local_traceback_gpu1 cuda 1 dna --mode local --traceback
  protein_runs
  for n in 2 4; do
    [ "$gpus" -ge "$n" ] || continue
    run dna_score_gpu$n cuda "$n" dna
    run dna_traceback_gpu$n cuda "$n" dna --traceback
    run dna_local_score_gpu$n cuda "$n" dna --mode local
    run dna_semiglobal_score_gpu$n cuda "$n" dna --mode semi-global
    run dna_local_traceback_gpu$n cuda "$n" dna --mode local --traceback
    run protein_score_gpu$n cuda "$n" protein
    run protein_traceback_gpu$n cuda "$n" protein --traceback
  done
  for n in 1 2 4; do
    [ "$gpus" -ge "$n" ] || continue
    run dna_ava_score_gpu$n cuda "$n" dna_ava
    run dna_ava_large_score_gpu$n cuda "$n" dna_ava_large
  done
  run dna_small_score_gpu1 cuda 1 dna_small
  run dna_small_traceback_gpu1 cuda 1 dna_small --traceback
  for kind in dna_small protein_small; do
    for form in "${format_checks[@]}"; do
      read -r format align_mode <<< "$form"
      run "${kind}_${format}_${align_mode}_gpu1" cuda 1 "$kind" --outfmt "$format" --mode "$align_mode"
      run "${kind}_${format}_${align_mode}_host" host 1 "$kind" --outfmt "$format" --mode "$align_mode"
    done
  done
fi
OMP_NUM_THREADS=1 run dna_small_score_host_1core host 1 dna_small
OMP_NUM_THREADS=1 run protein_small_score_host_1core host 1 protein_small
run dna_small_score_host host 1 dna_small
run dna_small_traceback_host host 1 dna_small --traceback
"$python" "$here/align_parasail.py" "$out/dna_small_a.fa" "$out/dna_small_b.fa" "$host_pairs" dna "$out/parasail_dna_small.json"
"$python" "$here/align_parasail.py" "$out/protein_small_a.fa" "$out/protein_small_b.fa" "$host_pairs" protein "$out/parasail_protein_small.json"

# Byte-identical outputs: across GPU counts, and GPU against host on the small sets.
{
  echo "{"
  sep=""
  for n in 2 4; do
    for run in dna_score protein_score dna_ava_score dna_ava_large_score dna_traceback \
      dna_local_score dna_semiglobal_score dna_local_traceback protein_traceback; do
      f="$out/run_${run}_gpu$n.tsv"
      [ -f "$f" ] || continue
      echo "$sep\"${run}_gpu1_equals_gpu$n\": $(same "$out/run_${run}_gpu1.tsv" "$f")"
      sep=","
    done
  done
  for run in dna_score protein_score dna_traceback protein_traceback; do
    f="$out/run_${run}_gpu1_32bit.tsv"
    [ -f "$f" ] || continue
    echo "$sep\"${run}_packed_equals_32bit\": $(same "$out/run_${run}_gpu1.tsv" "$f")"
    sep=","
  done
  if [ "$gpus" -gt 0 ]; then
    echo "$sep\"dna_small_score_gpu_equals_host\": $(same "$out/run_dna_small_score_gpu1.tsv" "$out/run_dna_small_score_host.tsv")"
    echo ",\"dna_small_traceback_gpu_equals_host\": $(same "$out/run_dna_small_traceback_gpu1.tsv" "$out/run_dna_small_traceback_host.tsv")"
    protein_checks
    for kind in dna_small protein_small; do
      for form in "${format_checks[@]}"; do
        read -r format align_mode <<< "$form"
        name=${kind}_${format}_${align_mode}
        echo ",\"${name}_gpu_equals_host\": $(same "$out/run_${name}_gpu1.tsv" "$out/run_${name}_host.tsv")"
      done
    done
  fi
  echo "}"
} > "$out/checks.json"
rm -f "$out"/*.fa
"$python" "$here/align_summary.py" "$out"
