#!/usr/bin/env bash
# Stops the MariaDB server mariadb-start.sh started in DIR and removes DIR with everything in it.
#
#   mariadb-stop.sh DIR
#
# The server is asked to shut down (TERM), then killed if it has not stopped within 30 seconds. Only the process
# whose pid mariadb-start.sh recorded in DIR is signalled.
set -uo pipefail

DIR=${1:?usage: mariadb-stop.sh DIR}
[ -d "$DIR" ] || exit 0
pidfile="$DIR/launcher.pid"
if [ -f "$pidfile" ]; then
  pid=$(cat "$pidfile")
  if kill -TERM "$pid" 2>/dev/null; then
    for _ in $(seq 1 60); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL "$pid" 2>/dev/null || true
  fi
fi
rm -rf "$DIR"
