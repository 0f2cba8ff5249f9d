#!/usr/bin/env bash
# Starts one standalone MariaDB server on loopback with options of its own, for tests that need a server setting
# the shared server on 3306 does not have (lower_case_table_names=1, say), and for trying djbranch by hand.
#
#   mariadb-start.sh DIR PORT [MARIADBD_OPTION...]
#
# Everything lives under DIR (which must not exist yet, or be empty): the datadir, socket, pid file, log and option
# file. The options (e.g. --lower-case-table-names=1) are written into the option file, so they hold from the
# bootstrap on: some, like lower_case_table_names, must be the same when the datadir is made and when it runs.
# No system option file is read (--defaults-file), so the system MariaDB and its files are never touched. Clients
# log in as root with an empty password over TCP. mariadb-stop.sh DIR stops the server and removes DIR.
set -euo pipefail

DIR=${1:?usage: mariadb-start.sh DIR PORT [MARIADBD_OPTION...]}
PORT=${2:?usage: mariadb-start.sh DIR PORT [MARIADBD_OPTION...]}
shift 2

for tool in mariadbd mariadb-install-db mariadb; do
  command -v "$tool" >/dev/null || { echo "mariadb-start: $tool is not installed (apt-get install mariadb-server)" >&2; exit 3; }
done

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
# The server runs as the mysql user when started by root: the folders on the way to the datadir must be its own.
RUN_AS=$(id -un)
if [ "$(id -u)" = 0 ]; then
  RUN_AS=mysql
fi
chmod 755 "$DIR"
mkdir -p "$DIR/data"

{
  cat <<CNF
[mysqld]
user = $RUN_AS
datadir = $DIR/data
socket = $DIR/mysqld.sock
pid-file = $DIR/mysqld.pid
log-error = $DIR/error.log
bind-address = 127.0.0.1
port = $PORT
skip-name-resolve
skip-log-bin
performance_schema = OFF
innodb_buffer_pool_size = 32M
innodb_log_file_size = 16M
CNF
  # --name=value or --name: one line of the option file each.
  for option in "$@"; do
    echo "${option#--}"
  done
  cat <<CNF
[client]
socket = $DIR/mysqld.sock
CNF
} >"$DIR/server.cnf"
if [ "$(id -u)" = 0 ]; then
  chown -R "$RUN_AS" "$DIR"
fi

mariadb-install-db --defaults-file="$DIR/server.cnf" --auth-root-authentication-method=normal --skip-test-db \
  >"$DIR/install.log" 2>&1 || { cat "$DIR/install.log" >&2; exit 1; }
# setsid: the server outlives this script and its caller's process group; mariadb-stop.sh ends it by pid.
setsid mariadbd --defaults-file="$DIR/server.cnf" </dev/null >>"$DIR/error.log" 2>&1 &
echo $! >"$DIR/launcher.pid"

for _ in $(seq 1 120); do
  if ! kill -0 "$(cat "$DIR/launcher.pid")" 2>/dev/null; then
    echo "mariadb-start: the server exited; its log ends:" >&2
    tail -n 30 "$DIR/error.log" >&2 || true
    exit 1
  fi
  if mariadb --defaults-file="$DIR/server.cnf" -uroot -N -e "SELECT 1" >/dev/null 2>&1; then
    mariadb --defaults-file="$DIR/server.cnf" -uroot -e \
      "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;"
    echo "MariaDB on 127.0.0.1:$PORT (user root, no password) with: ${*:-no extra options}"
    exit 0
  fi
  sleep 0.5
done
echo "mariadb-start: the server did not answer within 60 s; its log ends:" >&2
tail -n 30 "$DIR/error.log" >&2 || true
exit 1
