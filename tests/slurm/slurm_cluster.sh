#!/usr/bin/env bash
# warpgraph under a real Slurm: starts a one-node cluster on this host (munged, slurmctld
# and slurmd from Debian's packages, every file in a temporary directory), then
#   - srun --mpi=pmix -n 3: the ranks form one MPI world and take SLURM_LOCALID;
#   - srun and an sbatch of jobs/slurm/graph.sbatch give the same results as mpirun, and
#     each rank reports its binding (host backend here) with its SLURM_LOCALID;
#   - graph and alignment jobs interrupted with USR1 (Slurm's time-limit warning) save
#     their work, exit 75, requeue themselves, resume and end with the results of an
#     uninterrupted run;
#   - Slurm's own warning (sbatch --signal=USR1@110 --time=2) stops a graph run with 75;
#   - a job of 1 task with --cpus-per-task=2 runs its rank on 2 CPUs (task/affinity binds
#     tasks to their CPUs, as on production clusters);
# and finally cancels its jobs, stops the daemons it started (by pid) and removes its files.
# Existing /etc/slurm and /etc/munge are never read or written.
#
# Usage: slurm_cluster.sh DEVICE_BINDING_TEST
#   (environment from warpgraph_script_test: WARPGRAPH, MPIEXEC, WG_PYTHON)
# Exit 77 (skipped) only when this host cannot start daemons: not root and no sudo.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binding_test=${1:?usage: slurm_cluster.sh DEVICE_BINDING_TEST}
started=$SECONDS

if [ "$(id -u)" -ne 0 ]; then
  if sudo -n true 2>/dev/null; then exec sudo -n --preserve-env bash "$0" "$@"; fi
  echo "SKIP: starting slurmctld, slurmd and munged needs root or passwordless sudo" >&2
  exit 77
fi

source "$here/../support/assert.sh"
source "$here/cluster_lib.sh"

# A Slurm environment inherited from an outer job would point srun at that job.
while read -r name; do unset "$name"; done < <(compgen -e | grep '^SLURM_')

install_slurm || exit 1
work=$(mktemp -d /tmp/warpgraph-slurm.XXXXXX)
trap 'stop_cluster; rm -rf "$work"' EXIT
trap 'echo "FAIL: stopped by a signal (over the time limit?)" >&2; exit 1' TERM INT HUP
start_cluster "$work" || exit 1
echo "one-node Slurm cluster up in $((SECONDS - started)) s (node $node, config $SLURM_CONF)"

# --- srun --mpi=pmix: one MPI world of 3 ranks with Slurm's local ids -------------------
# --overcommit: 3 ranks may share fewer CPUs (CI machines have 2). Open MPI cannot tell
# that under srun, so ask it to yield when idle, as mpirun --oversubscribe does.
srun_mpi=(srun --mpi=pmix --overcommit --nodes=1)
export OMPI_MCA_mpi_yield_when_idle=1

out=$(timeout 120 "${srun_mpi[@]}" -n 3 "$WARPGRAPH" --version 2>&1)
assert_status 0 $? "srun -n 3 warpgraph --version"
assert_contains "$out" "MPI: Open MPI" "warpgraph --version under srun"

out=$(WG_EXPECT_SRUN=1 timeout 120 "${srun_mpi[@]}" -n 3 "$binding_test" 2>&1)
assert_status 0 $? "device binding test under srun -n 3"
assert_contains "$out" "[       OK ] UnderSrun.RanksFormOneWorldWithSlurmLocalIds" \
  "ranks under srun form one world and use SLURM_LOCALID"

# --- runs compared with mpirun, and jobs interrupted and resumed -----------------------
data=$work/data
mkdir -p "$data"
mpirun=("$MPIEXEC" -n 3 --oversubscribe)
# The sbatch scripts as users submit them; options for this small node override their
# #SBATCH lines: 2 ranks (Slurm gives each a GPU and a CPU of its own, so no more than the
# CPUs), whose results must equal those of 3 ranks under mpirun.
sbatch_here=(--parsable --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 --time=5 --chdir="$data")

source "$here/graph_checks.sh"
source "$here/align_checks.sh"
source "$here/cpu_checks.sh"

echo "slurm test ran for $((SECONDS - started)) s"
finish
