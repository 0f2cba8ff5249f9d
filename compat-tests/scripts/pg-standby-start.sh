#!/usr/bin/env bash
# Starts a PostgreSQL primary and a hot standby streaming from it, both on loopback, for the scaling-out tests.
#
#   pg-standby-start.sh DIR [PRIMARY_PORT] [STANDBY_PORT]
#
# The primary is a fresh initdb cluster (trust authentication on 127.0.0.1, replication allowed), so the shared
# server on 5432 is never reconfigured; the standby is made from it with pg_basebackup -R and streams from it.
# Ports default to 15432 and 15433. Each cluster has its own socket folder under DIR. A database "test" exists on
# both, user postgres. pg-standby-stop.sh DIR stops both and removes DIR.
set -euo pipefail

DIR=${1:?usage: pg-standby-start.sh DIR [PRIMARY_PORT] [STANDBY_PORT]}
PRIMARY_PORT=${2:-15432}
STANDBY_PORT=${3:-15433}
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$BIN/initdb" ] || { echo "pg-standby-start: no PostgreSQL server binaries (apt-get install postgresql)" >&2; exit 3; }

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
# PostgreSQL refuses to run as root: the clusters belong to the postgres user then.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  chown postgres "$DIR"
  as_owner() { runuser -u postgres -- "$@"; }
fi
chmod 755 "$DIR"

as_owner mkdir -p "$DIR/run"
as_owner "$BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
cat >>"$DIR/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR/run'
wal_level = replica
max_wal_senders = 5
wal_keep_size = 64MB
hot_standby = on
shared_buffers = 16MB
fsync = off
CONF
cat >"$DIR/primary/pg_hba.conf" <<HBA
local all all trust
host all all 127.0.0.1/32 trust
host replication all 127.0.0.1/32 trust
HBA
as_owner "$BIN/pg_ctl" -D "$DIR/primary" -o "-p $PRIMARY_PORT" -l "$DIR/primary.log" -w start >/dev/null
as_owner "$BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -qc "CREATE DATABASE test"

# The standby: a base backup that writes standby.signal and primary_conninfo (-R), on its own port and socket.
as_owner "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/standby" -R -X stream -c fast --no-sync
as_owner "$BIN/pg_ctl" -D "$DIR/standby" -o "-p $STANDBY_PORT" -l "$DIR/standby.log" -w start >/dev/null
for _ in $(seq 1 60); do
  if [ "$(as_owner "$BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atc \
      "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")" = 1 ]; then
    echo "PostgreSQL primary on 127.0.0.1:$PRIMARY_PORT, hot standby streaming from it on 127.0.0.1:$STANDBY_PORT"
    exit 0
  fi
  sleep 0.5
done
echo "pg-standby-start: the standby did not start streaming within 30 s; its log ends:" >&2
tail -n 30 "$DIR/standby.log" >&2
exit 1
