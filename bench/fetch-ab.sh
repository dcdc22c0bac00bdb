#!/usr/bin/env bash
# Alternates two builds of `nzbmount fetch` on the 300 MiB test file and prints the median rate
# of each (MB/s as the command prints it), so a change is judged against a reference measured
# in the same minutes on this shared machine.
#
#   bench/fetch-ab.sh JAR_A "JVM flags A" JAR_B "JVM flags B" [PAIRS]
#
# Needs inn2 (.ci/inn2.sh start) and the posted file (bench/e2e.sh post).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/java-home.sh
DIR=${E2E_DIR:-/dev/shm/nzbmount-e2e}
jar_a=$1 flags_a=$2 jar_b=$3 flags_b=$4 pairs=${5:-8}
work="$DIR/ab"
mkdir -p "$work"
cat >"$work/nzbmount.yaml" <<YAML
providers:
  - {name: inn2, host: 127.0.0.1, port: 1190, tls: false, connections: 8}
YAML
run() { # jar flags
  rm -rf "$work/out"
  # shellcheck disable=SC2086
  java --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector $2 -jar "$1" fetch "$DIR/nzb/f300.nzb" \
    -o "$work/out" --config "$work/nzbmount.yaml" 2>/dev/null | sed -n 's/^total: .* s, \([0-9.]*\) MB\/s.*/\1/p'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
a=() b=() wins=0
for _ in $(seq "$pairs"); do
  x=$(run "$jar_a" "$flags_a"); y=$(run "$jar_b" "$flags_b")
  a+=("$x"); b+=("$y")
  if awk -v x="$x" -v y="$y" 'BEGIN { exit !(y > x) }'; then wins=$((wins + 1)); fi
done
rm -rf "$work/out"
echo "A median $(printf '%s\n' "${a[@]}" | median) MB/s [${a[*]}]"
echo "B median $(printf '%s\n' "${b[@]}" | median) MB/s [${b[*]}]; B faster in $wins of $pairs pairs"
