# A throw-away one-node Slurm cluster for tests, sourced by slurm_cluster.sh.
# Everything lives in one directory: munge key and socket, slurm.conf, state, spool, logs.
# The daemons run in the foreground as children of the test shell, so their pids are known
# and stop_cluster ends exactly them. Clients find the cluster through SLURM_CONF.

cluster_pids=()   # munged, slurmctld, slurmd, in start order
cluster_dir=
cluster_gpus=4    # declared on the node (see slurm.conf below)

# Installs the Slurm and munge packages when a command is missing (Debian packages).
install_slurm() {
  local command missing=0
  for command in munged munge slurmctld slurmd srun sbatch scontrol sinfo squeue scancel; do
    command -v "$command" >/dev/null || missing=1
  done
  [ "$missing" -eq 0 ] && return 0
  echo "installing Slurm and munge (Debian packages)"
  bash "$root/jobs/install-deps.sh" --slurm || { echo "FAIL: could not install Slurm" >&2; return 1; }
}

# Two TCP ports free on this host now, for slurmctld and slurmd.
free_ports() {
  "${WG_PYTHON:-/usr/bin/python3}" - <<'EOF'
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))
EOF
}

# Starts a daemon in the foreground in the background; remembers its pid.
start_daemon() {  # log-name command...
  "${@:2}" >"$cluster_dir/log/$1.out" 2>&1 &
  cluster_pids+=($!)
}

print_cluster_logs() {
  local log
  for log in "$cluster_dir"/log/*; do
    [ -s "$log" ] || continue
    echo "--- last lines of $(basename "$log")" >&2
    tail -n 15 "$log" >&2
  done
}

start_cluster() {  # directory
  cluster_dir=$1
  chmod 755 "$cluster_dir"  # munged insists that everyone may reach its socket
  mkdir -p "$cluster_dir"/{munge,state,spool,log,tmp}
  head -c 1024 /dev/urandom >"$cluster_dir/munge/munge.key"
  chmod 400 "$cluster_dir/munge/munge.key"
  local socket=$cluster_dir/munge/munge.socket
  start_daemon munged munged --foreground --key-file="$cluster_dir/munge/munge.key" \
    --socket="$socket" --pid-file="$cluster_dir/munge/munged.pid" \
    --log-file="$cluster_dir/log/munged.log" --seed-file="$cluster_dir/munge/munged.seed"
  local i
  for i in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
  if ! echo ok | munge --socket="$socket" | unmunge --socket="$socket" >/dev/null; then
    echo "FAIL: munged did not start" >&2; print_cluster_logs; return 1
  fi

  node=$(hostname -s)
  local hardware ports
  hardware=$(slurmd -C | head -n 1)  # NodeName=... CPUs=... RealMemory=... as detected
  read -r -a ports <<<"$(free_ports)"
  export SLURM_CONF=$cluster_dir/slurm.conf
  cat >"$SLURM_CONF" <<EOF
ClusterName=warpgraph-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
StateSaveLocation=$cluster_dir/state
SlurmdSpoolDir=$cluster_dir/spool
TmpFS=$cluster_dir/tmp
SlurmctldPidFile=$cluster_dir/slurmctld.pid
SlurmdPidFile=$cluster_dir/slurmd.pid
SlurmctldLogFile=$cluster_dir/log/slurmctld.log
SlurmdLogFile=$cluster_dir/log/slurmd.log
MpiDefault=pmix
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SchedulerType=sched/backfill
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
KillWait=5
# GPUs backed by placeholder files: Slurm schedules the job scripts' --gpus-per-task and
# sets each task's CUDA_VISIBLE_DEVICES as on a GPU cluster, while warpgraph, finding no
# GPU, runs on its host backend.
GresTypes=gpu
$hardware Gres=gpu:$cluster_gpus NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  mkdir -p "$cluster_dir/dev"
  for i in $(seq 0 $((cluster_gpus - 1))); do : >"$cluster_dir/dev/gpu$i"; done
  echo "NodeName=$node Name=gpu File=$cluster_dir/dev/gpu[0-$((cluster_gpus - 1))]" >"$cluster_dir/gres.conf"
  start_daemon slurmctld slurmctld -D -f "$SLURM_CONF"
  start_daemon slurmd slurmd -D -f "$SLURM_CONF"
  for i in $(seq 60); do
    [ "$(sinfo -h -n "$node" -o %T 2>/dev/null)" = idle ] && return 0
    sleep 1
  done
  echo "FAIL: node $node did not become idle within 60 s" >&2
  sinfo -N -l >&2
  print_cluster_logs
  return 1
}

# Cancels every job of the test cluster, then stops the daemons in reverse start order.
stop_cluster() {
  local status=$? i pid
  if [ ${#cluster_pids[@]} -gt 1 ] && [ -n "${SLURM_CONF:-}" ]; then
    scancel --quiet --user=root 2>/dev/null
    for i in $(seq 30); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 1
    done
  fi
  if [ "$status" -ne 0 ] || [ "${wg_failures:-0}" -ne 0 ]; then print_cluster_logs; fi
  for ((i = ${#cluster_pids[@]} - 1; i >= 0; i--)); do
    pid=${cluster_pids[i]}
    kill -TERM "$pid" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  cluster_pids=()
}

# Polls a command every 0.2 s for up to N seconds.
wait_for() {  # seconds command...
  local tries=$(($1 * 5))
  shift
  for ((; tries > 0; tries--)); do "$@" && return 0; sleep 0.2; done
  return 1
}
job_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
job_in_state() { [ "$(job_state "$1")" = "$2" ]; }
# Only a state read back counts: an empty answer (slurmctld busy) says nothing.
job_has_ended() {
  case $(job_state "$1") in
    COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE) ;;
    *) return 1 ;;
  esac
}
job_is_waiting_or_ended() { job_in_state "$1" PENDING || job_has_ended "$1"; }

# Once the ready command succeeds, sends USR1 to the job's ranks (what --signal=USR1@120
# does near the time limit), expects the job script to requeue the job, releases it soon
# (Slurm holds a requeued job for a while) and waits until the second attempt ends.
interrupt_and_resume() {  # job ready-command...
  local job=$1
  shift
  wait_for 60 "$@" || { fail_test "job $job: '$*' never held (state $(job_state "$job"))"; return 1; }
  scancel --signal=USR1 "$job" || { fail_test "scancel --signal=USR1 $job"; return 1; }
  wait_for 60 job_is_waiting_or_ended "$job"
  job_in_state "$job" PENDING || { fail_test "job $job not requeued (state $(job_state "$job"))"; return 1; }
  # slurmd refuses a relaunch in the second when the first attempt's credential was revoked
  sleep 2
  scontrol update JobId="$job" StartTime=now
  wait_for 120 job_has_ended "$job"
  job_in_state "$job" COMPLETED || { fail_test "job $job: second attempt ended $(job_state "$job")"; return 1; }
  assert_contains "$(scontrol show job "$job")" "Restarts=1" "job $job requeued once"
}
