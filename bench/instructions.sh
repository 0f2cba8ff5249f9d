#!/usr/bin/env bash
# Counts the instructions and cache misses one statement costs on the raw driver and on djbranch, with valgrind's
# callgrind: the same figures from run to run whatever else the machine does (not a timing; see bench/README.md).
#
#   bench/instructions.sh pipelinePlain              a statement of Interleaved, on SQLite (control: raw and raw)
#   bench/instructions.sh draftPlain postgresql      on PostgreSQL (the server of DJB_BENCH_PG_URL)
#   WARM=20000 PER_PART=3000 bench/instructions.sh trunkPlain
#   bench/instructions.sh mixed:draftPlain           the statement in a JVM that runs every path of Mixed
#   JAR=/elsewhere/benchmarks.jar bench/instructions.sh draftPlain   a jar built before (not rebuilt)
#   SETTLE_MS=240000 bench/instructions.sh mixed:draftPlain   longer for the JIT compiler to finish before counting
#
# Takes about five minutes (the JVM runs some 50 times slower under valgrind). Needs valgrind; keeps its files in
# bench/target/instructions/.
set -euo pipefail
cd "$(dirname "$0")/.."

statement=${1:?"usage: bench/instructions.sh STATEMENT [sqlite|postgresql]"}
database=${2:-sqlite}
warm=${WARM:-20000}
per_part=${PER_PART:-3000}
jar=${JAR:-bench/target/benchmarks.jar}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
if [[ -z ${JAR:-} ]] && { [[ ! -f $jar ]] || [[ -n $(find bench/src driver/src rewriter/src -newer "$jar" -print -quit 2>/dev/null) ]]; }; then
  echo "Building $jar ..."
  ./mvnw -q -B -pl bench -am package -Dmaven.test.skip=true
fi

dir=bench/target/instructions
mkdir -p "$dir"
out=$dir/${statement/:/-}-$database${OUT_SUFFIX:-}
rm -f "$out".*
# Counting starts switched off and is switched on around each part; every thread gets its own file, and the one
# that counts is the thread that ran the statements (the most instructions). The JVM's implicit null checks rely on
# signals valgrind does not deliver as the JVM expects, so they are explicit here: every count includes them.
valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes --cache-sim=yes --callgrind-out-file="$out.cg" \
  java -XX:+UnlockDiagnosticVMOptions -XX:-ImplicitNullChecks -XX:+UseSerialGC -XX:-UsePerfData -Dsettle="${SETTLE_MS:-60000}" \
  -cp "$jar" org.djbranch.bench.InstructionCount "$statement" "$warm" "$per_part" "$database" \
  >"$out.log" 2>"$out.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT

wait_for() {
  until grep -q "^$1\$" "$out.log" 2>/dev/null; do
    kill -0 $pid 2>/dev/null || { echo "the program ended early:" >&2; tail -20 "$out.log" "$out.err" >&2; exit 1; }
    sleep 1
  done
}
parts=6
for ((part = 0; part < parts; part++)); do
  wait_for "READY $part"
  sleep 2
  callgrind_control -i on $pid >/dev/null 2>&1
  wait_for "DONE $part"
  callgrind_control -i off $pid >/dev/null 2>&1
  callgrind_control -d $pid >/dev/null 2>&1   # writes part (part+1) and starts the counts again
done
wait $pid
trap - EXIT

# Per part: the totals of the thread that ran the statements (the program's main thread, valgrind's thread 2), per
# statement. Where another thread counted more in a part (the JIT compiler, still compiling: the code ran in that
# part changed while it ran), the part is named on stderr.
main=${MAIN_THREAD:-02}
echo "per statement, $statement on $database ($per_part statements per part, after $warm per side to warm up):"
for ((part = 1; part <= parts; part++)); do
  side=raw; ((part % 2 == 0)) && side=djbranch
  best=$(grep -h '^totals:' "$out".cg."$part"-"$main")
  most=$(grep -h '^totals:' "$out".cg."$part"-* | sort -k2,2n | tail -1)
  [[ $most == "$best" ]] || echo "part $part: another thread counted more than the statements' ($most)" >&2
  events=$(grep -h '^events:' "$out".cg."$part"-* | head -1)
  echo "$part $side $events $best"
done | awk -v n="$per_part" '
  { names = ""; for (i = 4; i <= NF && $i != "totals:"; i++) { name[i - 3] = $i; count = i - 3 }
    for (j = 1; j <= count; j++) value[$1, j] = $(i + j) / n
    side[$1] = $2 }
  END {
    printf "%-4s %-9s", "part", "side"; for (j = 1; j <= count; j++) printf " %10s", name[j]; print ""
    for (p = 1; p <= 6; p++) {
      printf "%-4d %-9s", p, side[p]; for (j = 1; j <= count; j++) printf " %10.1f", value[p, j]; print ""
    }
    printf "%-14s", "djbranch-raw"
    for (j = 1; j <= count; j++) printf " %+10.1f", (value[4, j] + value[6, j] - value[3, j] - value[5, j]) / 2
    print "   (parts 3-6; parts 1-2 still warm up)"
  }'
