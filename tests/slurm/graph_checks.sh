# Graph runs on the test cluster, sourced by slurm_cluster.sh once the cluster is up:
# srun and an sbatch of jobs/slurm/graph.sbatch give mpirun's results; a job interrupted
# with USR1 checkpoints, requeues itself, resumes and ends with the results of an
# uninterrupted run; Slurm's own time-limit warning (--signal) stops a run with exit 75.

# Two weighted undirected graphs: a 400 x 60 grid (quick) and a path of 40000 vertices
# (as many SSSP iterations: seconds, time enough to interrupt the run).
"$WG_PYTHON" - "$data" <<'EOF'
import sys
data = sys.argv[1]
with open(f"{data}/grid.txt", "w") as f:
    width, height = 400, 60
    for y in range(height):
        for x in range(width):
            v = y * width + x
            if x + 1 < width: f.write(f"{v}\t{v + 1}\t{1 + v * 7 % 5}\n")
            if y + 1 < height: f.write(f"{v}\t{v + width}\t{1 + v * 3 % 7}\n")
with open(f"{data}/path.txt", "w") as f:
    for v in range(40000 - 1): f.write(f"{v}\t{v + 1}\t{1 + v % 3}\n")
EOF
for graph in grid path; do
  "$WARPGRAPH" convert "$data/$graph.txt" "$data/$graph.h5" --undirected >"$data/convert-$graph.log" 2>&1
  assert_status 0 $? "convert $graph"
done

sssp=(--algo sssp --source 0 --output-format tsv)

# --- the grid: mpirun (checked against scipy), srun and sbatch give the same distances ---
"${mpirun[@]}" "$WARPGRAPH" run --graph "$data/grid.h5" "${sssp[@]}" \
  --output "$data/grid.mpirun.tsv" 2>"$data/grid.mpirun.log"
assert_status 0 $? "mpirun -n 3 run on the grid"
"$WG_PYTHON" - "$data" <<'EOF' || fail_test "mpirun distances differ from scipy's Dijkstra"
import sys
import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra
data = sys.argv[1]
edges = np.loadtxt(f"{data}/grid.txt")
n = 400 * 60
graph = coo_matrix((edges[:, 2], (edges[:, 0].astype(int), edges[:, 1].astype(int))), shape=(n, n))
expected = dijkstra(graph, directed=False, indices=0)
got = np.loadtxt(f"{data}/grid.mpirun.tsv")
assert got.shape == (n, 2), got.shape
assert (got[:, 0] == np.arange(n)).all()
assert np.array_equal(got[:, 1], expected), "distances differ"
EOF

out=$(timeout 120 "${srun_mpi[@]}" -n 3 "$WARPGRAPH" run --graph "$data/grid.h5" "${sssp[@]}" \
  --output "$data/grid.srun.tsv" 2>&1)
assert_status 0 $? "srun -n 3 run on the grid"
for rank in 0 1 2; do
  assert_contains "$out" "rank $rank on $node: host backend (selected) [local rank $rank of 3, SLURM_LOCALID]" \
    "rank $rank's binding line under srun"
done
cmp -s "$data/grid.mpirun.tsv" "$data/grid.srun.tsv" || fail_test "srun -n 3 results differ from mpirun -n 3"

job=$(timeout 120 sbatch "${sbatch_here[@]}" --wait --output="$data/sbatch-%j.log" \
  "$root/jobs/slurm/graph.sbatch" "$data/grid.h5" "$data/grid.sbatch.tsv" "${sssp[@]}")
assert_status 0 $? "sbatch --wait jobs/slurm/graph.sbatch on the grid (job $job)"
assert_contains "$(cat "$data/sbatch-$job.log")" "rank 1 on $node: host backend (selected) [local rank 1 of 2, SLURM_LOCALID]" \
  "rank 1's binding line in the sbatch job"
cmp -s "$data/grid.mpirun.tsv" "$data/grid.sbatch.tsv" || fail_test "sbatch results differ from mpirun"
assert_no_file "$data/grid.sbatch.tsv.ckpt.h5" "checkpoint of a finished sbatch run"

# --- the path: interrupted with USR1, requeued, resumed; equal to an uninterrupted run ----
"$MPIEXEC" -n 2 "$WARPGRAPH" run --graph "$data/path.h5" "${sssp[@]}" \
  --output "$data/path.mpirun.tsv" 2>"$data/path.mpirun.log"
assert_status 0 $? "mpirun -n 2 run on the path"
# The weights 1, 2, 3 repeat 13333 times along the 39999 edges.
assert_contains "$(tail -n 1 "$data/path.mpirun.tsv")" "39999	$((13333 * 6))" "distance to the path's end"

job=$(WG_CHECKPOINT_EVERY=2000 sbatch "${sbatch_here[@]}" --output="$data/interrupted-%j.log" \
  "$root/jobs/slurm/graph.sbatch" "$data/path.h5" "$data/path.sbatch.tsv" "${sssp[@]}")
if [ $? -ne 0 ]; then
  fail_test "sbatch of the run to interrupt: $job"
  return 0
fi
log=$data/interrupted-$job.log
# Ready once the ranks iterate: their signal handler is installed by then.
interrupt_and_resume "$job" grep -qs 'iteration [0-9]*:' "$log"
out=$(cat "$log")
echo "--- job $job, interrupted and resumed (progress lines left out):"
grep -v 'info: iteration [0-9]*:' "$log"
assert_contains "$out" "interrupted; checkpoint in $data/path.sbatch.tsv.ckpt.h5" "first attempt exited 75"
assert_contains "$out" "job $job requeued" "the script requeued the job"
assert_contains "$out" "resuming from $data/path.sbatch.tsv.ckpt.h5 (attempt 1)" "second attempt resumed"
cmp -s "$data/path.mpirun.tsv" "$data/path.sbatch.tsv" ||
  fail_test "interrupted and resumed results differ from an uninterrupted run"
assert_no_file "$data/path.sbatch.tsv.ckpt.h5" "checkpoint after the resumed run finished"

# --- Slurm's own warning: --signal=USR1@110 with a 2-minute limit -------------------------
# Slurm checks time limits every 30 s or so, so the warning reaches the ranks 10-40 s in.
# PageRank with no tolerance would run for ever; the warning must stop it with exit 75.
job=$(WG_REQUEUE=0 WG_CHECKPOINT_EVERY=1000000 sbatch "${sbatch_here[@]}" --time=2 \
  --signal=USR1@110 --output="$data/time-limit-%j.log" "$root/jobs/slurm/graph.sbatch" \
  "$data/grid.h5" "$data/grid.pagerank.h5" --algo pagerank --tolerance 0 --max-iterations 100000000)
assert_status 0 $? "sbatch of a run that only the time-limit warning stops"
wait_for 100 job_has_ended "$job" || fail_test "job $job: still $(job_state "$job") 100 s after submission"
log=$data/time-limit-$job.log
grep -E 'signal|interrupted' "$log"
assert_contains "$(scontrol show job "$job")" "ExitCode=75:0" "the time-limit warning ended job $job with 75"
assert_contains "$(cat "$log")" "interrupted; checkpoint in $data/grid.pagerank.h5.ckpt.h5" "checkpoint on the warning"
[ -s "$data/grid.pagerank.h5.ckpt.h5" ] || fail_test "no checkpoint after the time-limit warning"
