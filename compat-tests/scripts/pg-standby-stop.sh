#!/usr/bin/env bash
# Stops the primary and standby pg-standby-start.sh started in DIR (either may have been promoted or stopped
# already) and removes DIR with everything in it.
#
#   pg-standby-stop.sh DIR
set -uo pipefail

DIR=${1:?usage: pg-standby-stop.sh DIR}
[ -d "$DIR" ] || exit 0
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  as_owner() { runuser -u postgres -- "$@"; }
fi
for cluster in standby primary; do
  if [ -f "$DIR/$cluster/postmaster.pid" ]; then
    as_owner "$BIN/pg_ctl" -D "$DIR/$cluster" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || as_owner "$BIN/pg_ctl" -D "$DIR/$cluster" -m immediate -w stop >/dev/null 2>&1 || true
  fi
done
rm -rf "$DIR"
