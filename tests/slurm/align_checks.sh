# Alignment on the test cluster, sourced by slurm_cluster.sh once the cluster is up: an
# sbatch of jobs/slurm/align.sbatch interrupted with USR1 keeps its finished pairs,
# requeues itself, skips them when it resumes and ends with the output of an
# uninterrupted mpirun run.

# 240 random DNA sequences of 800 bases: 28680 pairs all-vs-all, several seconds. Equal
# lengths and small batches make finished pairs reach the output (in input order) early and
# steadily; enough pairs that the interruption lands well before the last of them even on a
# loaded machine (with 7140 pairs a busy machine could finish before the signal arrived).
"$WG_PYTHON" - "$data/dna.fa" <<'EOF'
import random
import sys
rng = random.Random(5)
with open(sys.argv[1], "w") as f:
    for i in range(240):
        f.write(f">seq{i}\n{''.join(rng.choice('ACGT') for _ in range(800))}\n")
EOF
align=(--all-vs-all "$data/dna.fa" --gap-open 10 --gap-extend 0.5 --batch-cells 30000000)

"${mpirun[@]}" "$WARPGRAPH" align "${align[@]}" --output "$data/align.mpirun.tsv" \
  2>"$data/align.mpirun.log"
assert_status 0 $? "mpirun -n 3 align"
assert_contains "$(wc -l <"$data/align.mpirun.tsv")" "28680" "one line per pair"

# Submitted held and released just before the watch starts: on a loaded machine sbatch
# could return after the whole 5 s job had run, and the watch below never saw it running.
job=$(sbatch "${sbatch_here[@]}" --hold --output="$data/align-%j.log" \
  "$root/jobs/slurm/align.sbatch" "$data/align.sbatch.tsv" "${align[@]}")
if [ $? -ne 0 ]; then
  fail_test "sbatch jobs/slurm/align.sbatch: $job"
  return 0
fi
log=$data/align-$job.log
scontrol release "$job" || fail_test "scontrol release $job"
# Ready once finished pairs reach the output: the ranks are aligning.
interrupt_and_resume "$job" test -s "$data/align.sbatch.tsv.partial"
echo "--- job $job, interrupted and resumed (progress lines left out):"
grep -v 'info: aligned [0-9]*/' "$log"
out=$(cat "$log")
assert_contains "$out" "interrupted; finished pairs in $data/align.sbatch.tsv.partial" "first attempt exited 75"
assert_contains "$out" "job $job requeued" "the script requeued the job"
assert_contains "$out" "resuming into $data/align.sbatch.tsv (attempt 1)" "second attempt resumed"
grep -Eq 'resuming: [1-9][0-9]* of 28680 pairs already written' "$log" ||
  fail_test "the resumed attempt did not skip the pairs already written"
assert_contains "$out" "rank 1 on $node: host backend" "rank 1 reports its binding"
assert_contains "$out" "[local rank 1 of 2, SLURM_LOCALID]" "rank 1 took its local rank from Slurm"
cmp -s "$data/align.mpirun.tsv" "$data/align.sbatch.tsv" ||
  fail_test "interrupted and resumed alignments differ from an uninterrupted run"
assert_no_file "$data/align.sbatch.tsv.partial" "partial output after the resumed run finished"
