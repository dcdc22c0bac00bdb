#!/usr/bin/env bash
# Times `nzbmount --demo` from the start of the JVM to the Demo Clock film's item answering
# (GET /api/items/4: the server is up and the demo imported), then to the first and to the second
# of its standbys verified (the two "verified" states in it), RUNS times (5), and prints each run
# and the medians. Uses the jar ./nzbmount builds; needs curl.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
source "$here/.ci/java-home.sh"
jar="$here/server/target/nzbmount.jar"
port="${PORT:-18480}"
runs="${RUNS:-5}"
[ -f "$jar" ] || { echo "build the jar first: ./nzbmount --help" >&2; exit 1; }
ups=(); firsts=(); seconds=()
for run in $(seq "$runs"); do
  log="$(mktemp)"
  start=$(date +%s%N)
  NZBMOUNT_SERVER_PORT="$port" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
    --add-modules jdk.incubator.vector -jar "$jar" --demo >"$log" 2>&1 &
  pid=$!
  trap 'kill "$pid" 2>/dev/null || true' EXIT
  up=""; first=""; second=""
  while [ -z "$second" ]; do
    answer=$(curl -sf "http://127.0.0.1:$port/api/items/4" 2>/dev/null || true)
    n=$(printf '%s' "$answer" | grep -o '"state":"verified"' | wc -l || true)
    now=$(( ($(date +%s%N) - start) / 1000000 ))
    [ -n "$answer" ] && [ -z "$up" ] && up=$now
    [ "$n" -ge 1 ] && [ -z "$first" ] && first=$now
    [ "$n" -ge 2 ] && second=$now
    [ $now -gt 120000 ] && { echo "run $run: not verified in 120 s" >&2; kill "$pid"; cat "$log" >&2; exit 1; }
    sleep 0.05
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -f "$log"
  echo "run $run: item up ${up} ms, first standby verified ${first} ms, both ${second} ms"
  ups+=("$up"); firsts+=("$first"); seconds+=("$second")
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
echo "median: item up $(median "${ups[@]}") ms, first $(median "${firsts[@]}") ms, both $(median "${seconds[@]}") ms (of $runs runs)"
