#!/usr/bin/env bash
# Stops the Galera cluster galera-start.sh started in DIR and removes DIR with everything in it.
#
#   galera-stop.sh DIR
#
# Each node is asked to shut down (TERM), then killed if it has not stopped within 30 seconds. Only the
# processes whose pids galera-start.sh recorded in DIR are signalled.
set -uo pipefail

DIR=${1:?usage: galera-stop.sh DIR}
[ -d "$DIR" ] || exit 0
for n in 3 2 1; do
  pidfile="$DIR/node$n/launcher.pid"
  [ -f "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || continue
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -KILL "$pid" 2>/dev/null || true
done
# A state transfer may have left its rsync daemon behind; it records its pid in the joiner's datadir.
for pidfile in "$DIR"/node*/data/rsync_sst.pid; do
  [ -f "$pidfile" ] && kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
done
rm -rf "$DIR"
