# Graph runs under the test cluster, sourced by slurm_cluster.sh once the cluster is up.
if ! "$WARPGRAPH" run --help 2>&1 | grep -q -- '--resume'; then
  echo "NOT TESTED: this build's 'warpgraph run' has no --checkpoint/--resume; skipped: srun and" \
       "sbatch graph runs compared with mpirun, USR1 interrupt and resume"
  return 0
fi
