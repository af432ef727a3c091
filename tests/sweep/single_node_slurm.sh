#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on loopback for the sweep backend's test:
#   single_node_slurm.sh start CTLD_PORT SLURMD_PORT   prints the folder holding slurm.conf
#   single_node_slurm.sh stop DIR                      stops its daemons (by their pid files), removes DIR
# munged, slurmctld and slurmd run from a fresh temporary folder with a generated key and
# slurm.conf (127.0.0.1 only); nothing under /etc or /run is used or changed. Exit code 77 means
# "cannot run here" (packages missing, not root): the test skips with the printed reason.
set -euo pipefail

stop() {
  local dir=$1
  for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [[ -s $pidfile ]] || continue
    local pid
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
}

start() {
  local ctld_port=$1 slurmd_port=$2
  for tool in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v "$tool" >/dev/null || { echo "no $tool: install the optional slurm group (GPUCOSIM_OPTIONAL_DEPS=slurm scripts/install-deps)"; exit 77; }
  done
  [[ $(id -u) -eq 0 ]] || { echo "slurmd must run as root to launch jobs"; exit 77; }
  local dir
  dir=$(mktemp -d /tmp/gpucosim-slurm.XXXXXX)
  chmod 700 "$dir"
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 700 "$dir/munge"
  head -c 1024 /dev/urandom > "$dir/munge/munge.key"
  chmod 600 "$dir/munge/munge.key"
  # On failure: say why, and leave nothing running.
  trap 'for f in "$dir"/log/*.log; do echo "== $f"; tail -n 20 "$f"; done; stop "$dir"' ERR
  munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" --log-file="$dir/log/munged.log" \
    --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/seed"
  local user
  user=$(id -un)
  cat > "$dir/slurm.conf" <<CONF
ClusterName=gpucosimtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
# Schedule as soon as a task ends (the default waits seconds between passes).
SchedulerParameters=sched_interval=1,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF" -N localhost
  # Ready when the node reports idle.
  for _ in $(seq 150); do
    [[ $(sinfo -h -o %T 2>/dev/null || true) == idle ]] && { trap - ERR; echo "$dir"; return 0; }
    sleep 0.2
  done
  echo "the node did not come up within 30 s" >&2
  false
}

case ${1:-} in
  start) start "$2" "$3" ;;
  stop) stop "$2" ;;
  *) echo "usage: $0 start CTLD_PORT SLURMD_PORT | stop DIR" >&2; exit 2 ;;
esac
