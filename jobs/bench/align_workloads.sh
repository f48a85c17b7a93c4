# Sourced by the alignment benchmarks that compare settings or builds on the same jobs:
# defines `workloads`, the align options of each job by name: dna_score, dna_traceback,
# dna_sam (DNA 1 kb; match 2, mismatch -3, gaps 5/2), protein_score and protein_traceback
# (protein 300 aa; BLOSUM62, gaps 11/1), and `workload_names`, those to run (WORKLOADS,
# default all but protein_traceback), then writes PAIRS pairs of each kind they need
# (align_make_pairs.py, as in align.sh) under $out. Needs $here, $out, $pairs and $python.
declare -A workloads
dna="--pairs $out/dna_a.fa $out/dna_b.fa --match 2 --mismatch -3 --gap-open 5 --gap-extend 2"
workloads[dna_score]=$dna
workloads[dna_traceback]="$dna --traceback"
workloads[dna_sam]="$dna --outfmt sam"
protein="--pairs $out/protein_a.fa $out/protein_b.fa --matrix BLOSUM62 --gap-open 11 --gap-extend 1"
workloads[protein_score]=$protein
workloads[protein_traceback]="$protein --traceback"
read -r -a workload_names <<< "${WORKLOADS:-dna_score dna_traceback dna_sam protein_score}"
for name in "${workload_names[@]}"; do
  [ -n "${workloads[$name]:-}" ] || { echo "unknown workload '$name' in WORKLOADS" >&2; exit 2; }
done
if [[ " ${workload_names[*]} " == *" dna_"* ]]; then
  "$python" "$here/align_make_pairs.py" --kind dna --pairs "$pairs" --length 1000 --out "$out/dna"
fi
if [[ " ${workload_names[*]} " == *" protein_"* ]]; then
  "$python" "$here/align_make_pairs.py" --kind protein --pairs "$pairs" --length 300 \
    --out "$out/protein"
fi
