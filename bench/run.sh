#!/usr/bin/env bash
# Runs the JMH benchmarks (raw driver vs djbranch) and prints throughput and ratios per benchmark and database.
#
#   bench/run.sh                          all benchmarks, defaults below
#   bench/run.sh PointQuery.prepared      only benchmarks matching a regexp
#   bench/run.sh -p database=sqlite       only some parameter values (-p kind=raw,trunk,branch adds a kind)
#   BENCH_OPTS="-f 2 -i 10 -r 3s" bench/run.sh   other run lengths (replaces the defaults)
#   BENCH_ROUNDS=1 bench/run.sh           one round instead of three (ratios are the median of the rounds')
#   BENCH_OPTS= BENCH_ROUNDS=1 bench/run.sh Interleaved   the ratios to judge the targets by (about 15 minutes)
#   BENCH_OPTS= BENCH_ROUNDS=1 bench/run.sh LakePush      a lake push to S3Proxy against an upload of the same
#                                                         bytes (about 3.5 minutes; starts and stops S3Proxy itself)
#   BENCH_OPTS= BENCH_ROUNDS=1 bench/run.sh CopyTable     a branch's copy of a pipeline table against CREATE TABLE AS
#                                                         SELECT on four databases (about 7 minutes; MariaDB too)
#
# The PostgreSQL benchmarks need the server of DJB_BENCH_PG_URL (default 127.0.0.1:5432, database test, user
# postgres); results go to bench/target/results-<round>.json (results.json for a single round).
set -euo pipefail
cd "$(dirname "$0")/.."

jar=bench/target/benchmarks.jar
results=bench/target/results.json
# Defaults sized for a 2-core machine: one fork per round, one benchmark thread, ~12 s per combination and round;
# -prof gc adds the bytes allocated per operation, the CPU time profiler the JVM's CPU time per operation.
# An empty BENCH_OPTS keeps each benchmark's own annotations (Interleaved's forks and 20 iterations).
opts=${BENCH_OPTS-"-f 1 -wi 2 -w 1s -i 4 -r 1s -t 1"}

# Build when the jar is missing or older than the module's sources or any upstream source.
if [[ ! -f $jar ]] || [[ -n $(find bench/pom.xml bench/src driver/src driver/pom.xml rewriter/src rewriter/pom.xml \
    lake/src lake/pom.xml pom.xml -newer "$jar" -print -quit 2>/dev/null) ]]; then
  echo "Building $jar ..."
  ./mvnw -q -B -pl bench -am package -Dmaven.test.skip=true
fi

# CopyTable copies up to a million rows per iteration on four databases (about 7 minutes on its own): a run without
# arguments leaves it out, bench/run.sh CopyTable runs it.
if [[ $# -eq 0 ]]; then
  set -- -e CopyTable
fi

# BENCH_ROUNDS=n runs everything n times, one round after the other, so every kind is measured in every round and
# the ratios are taken per round: load that comes and goes moves the range, not the median.
# Three rounds of everything take about 25 minutes.
rounds=${BENCH_ROUNDS:-3}
files=()
for round in $(seq 1 "$rounds"); do
  file=$results
  if [[ $rounds -gt 1 ]]; then file=bench/target/results-$round.json; fi
  echo "round $round of $rounds, load before: $(uptime)"
  # shellcheck disable=SC2086 # opts is a list of options
  java -jar "$jar" $opts -prof gc -prof org.djbranch.bench.CpuTimeProfiler -rf json -rff "$file" "$@"
  echo "round $round of $rounds, load after: $(uptime)"
  files+=("$file")
done
echo
java -cp "$jar" org.djbranch.bench.Ratios "${files[@]}"
