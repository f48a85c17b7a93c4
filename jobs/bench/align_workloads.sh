# Sourced by the alignment benchmarks that compare settings or builds on the same jobs:
# writes PAIRS pairs each of DNA 1 kb and protein 300 aa (align_make_pairs.py, as in
# align.sh) under $out and defines `workloads`, the align options of each job by name:
# dna_score, dna_traceback, dna_sam (match 2, mismatch -3, gaps 5/2) and protein_score
# (BLOSUM62, gaps 11/1). Needs $here, $out, $pairs and $python.
"$python" "$here/align_make_pairs.py" --kind dna --pairs "$pairs" --length 1000 --out "$out/dna"
"$python" "$here/align_make_pairs.py" --kind protein --pairs "$pairs" --length 300 \
  --out "$out/protein"
declare -A workloads
dna="--pairs $out/dna_a.fa $out/dna_b.fa --match 2 --mismatch -3 --gap-open 5 --gap-extend 2"
workloads[dna_score]=$dna
workloads[dna_traceback]="$dna --traceback"
workloads[dna_sam]="$dna --outfmt sam"
workloads[protein_score]="--pairs $out/protein_a.fa $out/protein_b.fa --matrix BLOSUM62 \
--gap-open 11 --gap-extend 1"
workload_names=(dna_score dna_traceback dna_sam protein_score)
