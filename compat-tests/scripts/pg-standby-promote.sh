#!/usr/bin/env bash
# A failover of the pair pg-standby-start.sh started in DIR: the primary stops, the standby is promoted and takes
# writes on its own port.
#
#   pg-standby-promote.sh DIR
set -euo pipefail

DIR=${1:?usage: pg-standby-promote.sh DIR}
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  as_owner() { runuser -u postgres -- "$@"; }
fi
as_owner "$BIN/pg_ctl" -D "$DIR/primary" -m fast -w -t 30 stop >/dev/null
as_owner "$BIN/pg_ctl" -D "$DIR/standby" -w -t 30 promote >/dev/null
echo "primary stopped; standby promoted"
