# CPUs per task, sourced by slurm_cluster.sh after the graph and alignment checks: a job
# of 1 task with --cpus-per-task=2 must run its rank on 2 CPUs with 2 threads. Slurm
# releases whose srun does not take the job's --cpus-per-task (22.05's release notes;
# SRUN_CPUS_PER_TASK replaces it) would give the step 1 CPU per task, and task/affinity
# binds each task to its step's CPUs: the rank's threads would share one CPU. The scripts
# export SRUN_CPUS_PER_TASK for them. The Slurm under test may still hand srun the job's
# value, so the binding alone cannot show a missing export: the check also requires
# SRUN_CPUS_PER_TASK in the rank's environment, which srun passes on from the script.

node_cpus=$(scontrol show node "$node" | sed -n 's/.*CPUTot=\([0-9]*\).*/\1/p')
if [ "${node_cpus:-0}" -lt 2 ]; then
  echo "SKIP (CPUs per task): node $node has ${node_cpus:-?} CPU(s), the check needs 2"
  return 0
fi
# Reports the CPUs the rank may run on (nproc follows the task's binding) and what srun
# was told, then runs warpgraph as the script asked.
cat >"$data/count-cpus" <<END
#!/bin/bash
echo "task \$SLURM_PROCID may use \$(nproc) CPUs; OMP_NUM_THREADS=\$OMP_NUM_THREADS SRUN_CPUS_PER_TASK=\${SRUN_CPUS_PER_TASK:-unset}"
exec "$WARPGRAPH" "\$@"
END
chmod +x "$data/count-cpus"
two_cpus=(--parsable --nodes=1 --ntasks-per-node=1 --cpus-per-task=2 --time=5 --chdir="$data" --wait)

job=$(WARPGRAPH=$data/count-cpus timeout 120 sbatch "${two_cpus[@]}" --output="$data/cpus-graph-%j.log" \
  "$root/jobs/slurm/graph.sbatch" "$data/grid.h5" "$data/grid.cpus.tsv" "${sssp[@]}")
assert_status 0 $? "sbatch --cpus-per-task=2 jobs/slurm/graph.sbatch (job $job)"
assert_contains "$(cat "$data/cpus-graph-$job.log")" "task 0 may use 2 CPUs; OMP_NUM_THREADS=2 SRUN_CPUS_PER_TASK=2" \
  "graph.sbatch: the rank runs on the 2 CPUs of its task"

job=$(WARPGRAPH=$data/count-cpus timeout 120 sbatch "${two_cpus[@]}" --output="$data/cpus-align-%j.log" \
  "$root/jobs/slurm/align.sbatch" "$data/align.cpus.tsv" --pairs "$data/dna.fa" "$data/dna.fa")
assert_status 0 $? "sbatch --cpus-per-task=2 jobs/slurm/align.sbatch (job $job)"
assert_contains "$(cat "$data/cpus-align-$job.log")" "task 0 may use 2 CPUs; OMP_NUM_THREADS=2 SRUN_CPUS_PER_TASK=2" \
  "align.sbatch: the rank runs on the 2 CPUs of its task"
