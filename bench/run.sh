#!/usr/bin/env bash
# Runs the JMH benchmarks (raw driver vs djbranch) and prints throughput and ratios per benchmark and database.
#
#   bench/run.sh                          all benchmarks, defaults below
#   bench/run.sh PointQuery.prepared      only benchmarks matching a regexp
#   bench/run.sh -p database=sqlite       only some parameter values (-p kind=raw,trunk,branch adds a kind)
#   BENCH_OPTS="-f 2 -i 10 -r 3s" bench/run.sh   other run lengths (replaces the defaults)
#
# The PostgreSQL benchmarks need the server of DJB_BENCH_PG_URL (default 127.0.0.1:5432, database test, user
# postgres); results go to bench/target/results.json.
set -euo pipefail
cd "$(dirname "$0")/.."

jar=bench/target/benchmarks.jar
results=bench/target/results.json
# Defaults sized for a 2-core machine: one fork, one benchmark thread, ~20 s per combination.
opts=${BENCH_OPTS:-"-f 1 -wi 3 -w 2s -i 5 -r 2s -t 1"}

# Build when the jar is missing or older than the module's sources or any upstream source.
if [[ ! -f $jar ]] || [[ -n $(find bench/pom.xml bench/src driver/src driver/pom.xml rewriter/src rewriter/pom.xml \
    pom.xml -newer "$jar" -print -quit 2>/dev/null) ]]; then
  echo "Building $jar ..."
  ./mvnw -q -B -pl bench -am package -Dmaven.test.skip=true
fi

# shellcheck disable=SC2086 # opts is a list of options
java -jar "$jar" $opts -rf json -rff "$results" "$@"
echo
java -cp "$jar" org.djbranch.bench.Ratios "$results"
