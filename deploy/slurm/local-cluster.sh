#!/usr/bin/env bash
# A one-node Slurm on this machine, for trying deploy/slurm/sweep.sbatch here: the real daemons from
# the distribution (munged, slurmctld, slurmd), not a stand-in. Run as root:
#   apt-get install -y slurm-wlm munge        # Debian 12: Slurm 22.05, munge 0.5
#   deploy/slurm/local-cluster.sh up          # idempotent: does nothing when it is up already
#   deploy/slurm/local-cluster.sh status
#   deploy/slurm/local-cluster.sh down        # cancels what still runs, stops the daemons, waits for them
#   deploy/slurm/local-cluster.sh down --all  # the same even while other users still hold it
# up and down are reference-counted, so that two builds (.ci/run in two clones) can share the one cluster:
# `up` registers its caller (the process that ran it, or $PGKNOBS_SLURM_HOLDER) in $STATE/holders, `down`
# removes it and stops the daemons only when no holder is left alive. Both run under a lock ($STATE/.lock).
# The node is this host (NodeName=$(hostname -s), address 127.0.0.1) with the CPUs nproc counts and the
# RAM /proc/meminfo gives. Its one partition shares the node between jobs (OverSubscribe=FORCE), even
# those that ask for --exclusive like sweep.sbatch: on one machine the array's tasks can only ever run
# side by side. There is no accounting daemon (slurmdbd), so `sacct` has no data; a finished job stays
# in `scontrol show job` for MinJobAge (600 s), and every finished job is written to
# $STATE/jobs-completed.txt (jobcomp/filetxt) with its state and exit code.
# The config goes to /etc/slurm/slurm.conf, where every Slurm command looks; one this script did not
# write is never replaced. State and logs: /var/spool/pgknobs-slurm (override with PGKNOBS_SLURM_STATE).
set -euo pipefail
# the daemons live in sbin, which a non-login root shell may not have on PATH
PATH=/usr/sbin:/sbin:$PATH

STATE=${PGKNOBS_SLURM_STATE:-/var/spool/pgknobs-slurm}
CONF=/etc/slurm/slurm.conf
MARKER="# written by pgknobs deploy/slurm/local-cluster.sh"
MUNGE_PID=/run/munge/munged.pid
TIMEOUT=${PGKNOBS_SLURM_TIMEOUT:-60}

HOLDERS=$STATE/holders
HOLDER=${PGKNOBS_SLURM_HOLDER:-$PPID}

# One up or down at a time: a down must not stop the daemons while another build's up waits for them.
# The daemons are started with fd 9 closed, or they would hold the lock for as long as they run.
take_lock() {
  mkdir -p "$STATE"
  exec 9>"$STATE/.lock"
  flock 9
}

# The holders still alive (a build killed with -9 never ran its down: its entry goes here).
live_holders() {
  mkdir -p "$HOLDERS"
  local f
  for f in "$HOLDERS"/*; do
    [ -e "$f" ] || continue
    if kill -0 "$(basename "$f")" 2>/dev/null; then basename "$f"; else rm -f "$f"; fi
  done
}

die() {
  echo "local-cluster: $*" >&2
  exit 1
}

need_root() {
  [ "$(id -u)" -eq 0 ] || die "run as root (the daemons and /etc/slurm are root's)"
  local cmd
  for cmd in munged munge unmunge slurmctld slurmd scontrol sinfo squeue; do
    command -v "$cmd" >/dev/null || die "$cmd is not installed; install the distribution's packages: apt-get install -y slurm-wlm munge"
  done
}

# Runs "$@" until it succeeds, at most $TIMEOUT seconds; says what it waited for when it gives up.
wait_for() {
  local what=$1
  shift
  local end=$((SECONDS + TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$end" ] || die "gave up after ${TIMEOUT} s waiting for $what"
    sleep 0.2
  done
}

alive() { # pid file
  [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

munge_works() { munge -n | unmunge; }

ctld_up() { scontrol ping | grep -q 'is UP'; }

node_state() { sinfo -h -n "$NODE" -o %T 2>/dev/null | head -n 1; }

node_idle() { case "$(node_state)" in idle* | mixed* | allocated*) return 0 ;; *) return 1 ;; esac; }

start_munge() {
  if alive "$MUNGE_PID" && munge_works >/dev/null 2>&1; then
    return
  fi
  install -d -o munge -g munge -m 0755 /run/munge
  install -d -o munge -g munge -m 0700 /etc/munge /var/log/munge
  install -d -o munge -g munge -m 0711 /var/lib/munge
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
  fi
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
  # munged refuses to run as root; its own user is what the Debian service uses
  runuser -u munge -- munged 9>&-
  wait_for "munged to issue credentials" munge_works
}

write_conf() {
  if [ -f "$CONF" ] && ! grep -qF "$MARKER" "$CONF"; then
    die "$CONF exists and was not written by this script; move it away or use that cluster"
  fi
  local cpus mem_mb
  cpus=$(nproc)
  # RealMemory a little under MemTotal, so slurmd never finds less than was promised
  mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.95 }' /proc/meminfo)
  install -d -m 0755 /etc/slurm "$STATE" "$STATE/ctld" "$STATE/d"
  cat >"$CONF.tmp" <<EOF
$MARKER ($(date -u +%FT%TZ)); it is replaced by the next "up"
ClusterName=pgknobs-local
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
# no systemd or delegated cgroups in a container: track a job's processes by parentage, bind nothing
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$STATE/jobs-completed.txt
MinJobAge=600
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmdParameters=config_overrides
SlurmdTimeout=60
InactiveLimit=0
KillWait=30
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$NODE Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:8
EOF
  mv "$CONF.tmp" "$CONF"
}

up() {
  need_root
  take_lock
  mkdir -p "$HOLDERS"
  touch "$HOLDERS/$HOLDER"
  if alive "$STATE/slurmctld.pid" && alive "$STATE/slurmd.pid" && ctld_up && node_idle; then
    echo "local-cluster: up already ($(node_line))"
    return
  fi
  local start=$SECONDS
  start_munge
  if ! alive "$STATE/slurmctld.pid"; then
    write_conf
    # -c: a fresh controller each time; jobs of an earlier cluster are not ours to revive
    slurmctld -c 9>&-
  fi
  wait_for "slurmctld to answer scontrol ping" ctld_up
  if ! alive "$STATE/slurmd.pid"; then
    slurmd 9>&-
  fi
  wait_for "node $NODE to register" sh -c "sinfo -h -n '$NODE' -o %T | grep -qv '^unknown'"
  if ! node_idle; then
    # a node that was down (e.g. slurmd restarted while the controller kept it) comes back by hand
    scontrol update nodename="$NODE" state=resume || true
  fi
  wait_for "node $NODE to become idle (sinfo: $(node_state))" node_idle
  echo "local-cluster: up in $((SECONDS - start)) s ($(node_line)); state and logs in $STATE"
}

node_line() {
  scontrol show node "$NODE" | tr ' ' '\n' | grep -E '^(NodeName|CPUTot|RealMemory|State)=' | tr '\n' ' '
}

stop_pid() { # pid file, name
  if alive "$1"; then
    local pid
    pid=$(cat "$1")
    kill "$pid"
    wait_for "$2 (pid $pid) to exit" sh -c "! kill -0 $pid"
  fi
}

down() {
  need_root
  take_lock
  rm -f "$HOLDERS/$HOLDER"
  local others
  others=$(live_holders | tr '\n' ' ')
  others=${others% }
  if [ -n "$others" ] && [ "${1:-}" != "--all" ]; then
    echo "local-cluster: still held by pid(s) $others; left up (down --all stops it anyway)"
    return
  fi
  rm -f "$HOLDERS"/*
  if alive "$STATE/slurmctld.pid" && ctld_up; then
    # jobs first: slurmd's shutdown would leave their slurmstepd and processes running
    scancel --full --quiet --partition=local || true
    wait_for "the jobs to end (squeue)" sh -c '[ -z "$(squeue -h -o %i)" ]'
  fi
  stop_pid "$STATE/slurmd.pid" slurmd
  stop_pid "$STATE/slurmctld.pid" slurmctld
  if alive "$MUNGE_PID"; then
    local pid
    pid=$(cat "$MUNGE_PID")
    munged --stop
    wait_for "munged (pid $pid) to exit" sh -c "! kill -0 $pid"
  fi
  # what a job left behind would still show as slurmstepd; there must be none
  if pgrep -x slurmstepd >/dev/null; then
    die "slurmstepd still running: $(pgrep -a -x slurmstepd | tr '\n' ';')"
  fi
  echo "local-cluster: down"
}

status() {
  local rc=0
  if alive "$MUNGE_PID" && munge_works >/dev/null 2>&1; then echo "munged: running (pid $(cat "$MUNGE_PID"))"; else echo "munged: stopped"; rc=1; fi
  if alive "$STATE/slurmctld.pid"; then echo "slurmctld: running (pid $(cat "$STATE/slurmctld.pid"))"; else echo "slurmctld: stopped"; rc=1; fi
  if alive "$STATE/slurmd.pid"; then echo "slurmd: running (pid $(cat "$STATE/slurmd.pid"))"; else echo "slurmd: stopped"; rc=1; fi
  if [ "$rc" -eq 0 ]; then
    scontrol ping
    echo "node: $(node_line)"
    squeue
  fi
  return "$rc"
}

NODE=$(hostname -s)
case "${1:-}" in
  up) up ;;
  down) down "${2:-}" ;;
  status) status ;;
  *) echo "usage: $0 up|down [--all]|status" >&2; exit 2 ;;
esac
