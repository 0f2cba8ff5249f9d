#!/usr/bin/env bash
# Starts a 3-node MariaDB Galera cluster on loopback, for the scaling-out tests and for trying djbranch by hand.
#
#   galera-start.sh DIR [BASE_PORT]
#
# Everything lives under DIR (which must not exist yet, or be empty): one datadir, socket, pid file, log and
# option file per node. Node N (1..3) listens for clients on BASE_PORT+10*(N-1), for Galera replication on +1,
# incremental state transfer on +2 and rsync state transfer on +3 (BASE_PORT defaults to 13306). No system option
# file is read (--defaults-file), so the system MariaDB on 3306 and its files are never touched.
# Node 1 bootstraps the cluster; nodes 2 and 3 join it with a full state transfer over rsync. Clients log in as
# root with an empty password over TCP. galera-stop.sh DIR stops the nodes and removes DIR.
set -euo pipefail

DIR=${1:?usage: galera-start.sh DIR [BASE_PORT]}
BASE=${2:-13306}
PROVIDER=${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}

for tool in mariadbd mariadb-install-db mariadb-admin mariadb rsync; do
  command -v "$tool" >/dev/null || { echo "galera-start: $tool is not installed (apt-get install mariadb-server galera-4 rsync)" >&2; exit 3; }
done
[ -f "$PROVIDER" ] || { echo "galera-start: no Galera provider at $PROVIDER (apt-get install galera-4)" >&2; exit 3; }
command -v ss >/dev/null || command -v lsof >/dev/null || {
  echo "galera-start: the rsync state transfer needs ss or lsof (apt-get install iproute2)" >&2; exit 3; }

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
# The server, and the rsync daemon of a state transfer, run as the mysql user when started by root: every folder
# on the way to the datadirs must be theirs to enter and read.
RUN_AS=$(id -un)
if [ "$(id -u)" = 0 ]; then
  RUN_AS=mysql
  chown "$RUN_AS" "$DIR"
fi
chmod 755 "$DIR"

port() { echo $((BASE + 10 * ($1 - 1) + $2)); }
ADDRESS="gcomm://127.0.0.1:$(port 1 1),127.0.0.1:$(port 2 1),127.0.0.1:$(port 3 1)"

for n in 1 2 3; do
  mkdir -p "$DIR/node$n/data"
  cat >"$DIR/node$n.cnf" <<CNF
[mysqld]
user = $RUN_AS
datadir = $DIR/node$n/data
socket = $DIR/node$n/mysqld.sock
pid-file = $DIR/node$n/mysqld.pid
log-error = $DIR/node$n/error.log
bind-address = 127.0.0.1
port = $(port "$n" 0)
skip-name-resolve
performance_schema = OFF
innodb_buffer_pool_size = 32M
innodb_log_file_size = 16M
binlog_format = ROW
default_storage_engine = InnoDB
innodb_autoinc_lock_mode = 2
wsrep_on = ON
wsrep_provider = $PROVIDER
wsrep_cluster_name = djbranch_galera
wsrep_cluster_address = $ADDRESS
wsrep_node_name = node$n
wsrep_node_address = 127.0.0.1:$(port "$n" 1)
wsrep_provider_options = "gcache.size=32M;ist.recv_addr=127.0.0.1:$(port "$n" 2);gmcast.listen_addr=tcp://127.0.0.1:$(port "$n" 1)"
wsrep_sst_method = rsync
wsrep_sst_receive_address = 127.0.0.1:$(port "$n" 3)
wsrep_slave_threads = 2
[client]
socket = $DIR/node$n/mysqld.sock
CNF
done
if [ "$(id -u)" = 0 ]; then
  chown -R "$RUN_AS" "$DIR"
fi

# Waits until a node says it is Synced with the cluster, or fails showing the end of its log.
wait_synced() {
  local n=$1
  for _ in $(seq 1 120); do
    if ! kill -0 "$(cat "$DIR/node$n/launcher.pid")" 2>/dev/null; then
      echo "galera-start: node $n exited; its log ends:" >&2
      tail -n 30 "$DIR/node$n/error.log" >&2 || true
      exit 1
    fi
    state=$(mariadb --defaults-file="$DIR/node$n.cnf" -uroot -N -e "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null \
      | awk '{print $2}') || true
    [ "$state" = "Synced" ] && return 0
    sleep 0.5
  done
  echo "galera-start: node $n did not reach Synced within 60 s; its log ends:" >&2
  tail -n 30 "$DIR/node$n/error.log" >&2 || true
  exit 1
}

start_node() {
  local n=$1
  shift
  # setsid: the node outlives this script and its caller's process group; galera-stop.sh ends it by pid.
  setsid mariadbd --defaults-file="$DIR/node$n.cnf" "$@" </dev/null >>"$DIR/node$n/error.log" 2>&1 &
  echo $! >"$DIR/node$n/launcher.pid"
}

# Node 1: a fresh system database, then the new cluster. Node 2 and 3 receive everything by state transfer.
mariadb-install-db --defaults-file="$DIR/node1.cnf" --auth-root-authentication-method=normal --skip-test-db \
  >"$DIR/node1/install.log" 2>&1 || { cat "$DIR/node1/install.log" >&2; exit 1; }
start_node 1 --wsrep-new-cluster
wait_synced 1
mariadb --defaults-file="$DIR/node1.cnf" -uroot -e \
  "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;"
for n in 2 3; do
  start_node "$n"
  wait_synced "$n"
done
size=$(mariadb --defaults-file="$DIR/node1.cnf" -uroot -N -e "SHOW STATUS LIKE 'wsrep_cluster_size'" | awk '{print $2}')
echo "Galera cluster of $size nodes: 127.0.0.1:$(port 1 0), 127.0.0.1:$(port 2 0), 127.0.0.1:$(port 3 0) (user root, no password)"
