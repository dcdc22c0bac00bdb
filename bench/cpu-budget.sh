#!/usr/bin/env bash
# Where the processor time of a 300 MiB read goes, for NZBMount and for the C reference client
# (bench/reference/yget.c), round by round in the same minutes: each process's own time read from
# /proc, and inn2's reader processes (nnrpd) counted too, since on a small machine they share the
# cores with the client.
#
#   bench/cpu-budget.sh get   [--jar JAR] [--rounds N] [--warm N]
#       a warm server (jvm.options, 8 connections, read-ahead 8) after N unmeasured GETs (default
#       40), then N rounds (default 6) of a curl GET of the file and a yget run into /dev/null
#   bench/cpu-budget.sh fetch [--jar JAR] [--rounds N]
#       N rounds (default 5) of `fetch` as the launcher runs it, into tmpfs, of the file once and
#       of an NZB listing it four times, and a yget run into tmpfs
#
# nnrpd's time: a process that has ended is counted in innd's children's time; one that still
# serves (the server's connections stay open) is read from its own /proc entry.
# Needs inn2 (.ci/inn2.sh start) and the posted file (bench/e2e.sh post); Linux (/proc).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/java-home.sh
DIR=${E2E_DIR:-/dev/shm/nzbmount-e2e}
mode=${1:?get or fetch}; shift
jar=server/target/nzbmount.jar rounds="" warm=40
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) jar=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --warm) warm=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
work="$DIR/budget"
rm -rf "$work"; mkdir -p "$work"
cc -O2 -pthread -o "$DIR/yget" bench/reference/yget.c
grep -o '<segment[^>]*>[^<]*</segment>' "$DIR/nzb/f300.nzb" | sed 's/.*>\([^<]*\)<\/segment>/\1/' >"$work/ids"
original=$(sha256sum <"$DIR/files/f300.bin" | cut -d' ' -f1)
tck=$(getconf CLK_TCK)
innd=$(pgrep -x innd | head -1)

proc_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }       # utime + stime of a process
ended_nnrpd() { awk '{ print $16 + $17 }' "/proc/$innd/stat"; }   # innd's waited-for children
live_nnrpd() { local t=0 p; for p in $(pgrep -x nnrpd); do t=$((t + $(proc_ticks "$p" 2>/dev/null || echo 0))); done; echo "$t"; }
nnrpd_ticks() { echo $(( $(ended_nnrpd) + $(live_nnrpd) )); }
secs() { awk -v t="$1" -v k="$tck" 'BEGIN { printf "%.2f", t / k }'; }
check() { # file what
  [ "$(sha256sum <"$1" | cut -d' ' -f1)" = "$original" ] || { echo "$2: SHA-256 differs from the original" >&2; exit 1; }
}
yget() { # output: prints "MB/s cpu-seconds nnrpd-seconds"
  local n0 out; n0=$(nnrpd_ticks)
  out=$( { /usr/bin/time -f 'T %U %S' "$DIR/yget" 127.0.0.1 1190 8 "$work/ids" "$1"; } 2>&1 )
  sleep 0.3 # innd reaps the reader processes
  echo "$(echo "$out" | awk 'NR == 1 { printf "%.0f", $3 }') $(echo "$out" | awk '/^T/ { printf "%.2f", $2 + $3 }') $(secs $(( $(nnrpd_ticks) - n0 )))"
}
median_of() { # column: the median of that column of $work/rows
  awk -v c="$1" '{ print $c }' "$work/rows" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

case "$mode" in
  get)
    rounds=${rounds:-6}
    port=18093
    cat >"$work/nzbmount.yaml" <<YAML
server: {port: $port, dataDir: $work/data}
providers:
  - {name: inn2, host: 127.0.0.1, port: 1190, tls: false, connections: 8}
reader: {readAheadArticles: 8}
YAML
    java @jvm.options --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector \
      -jar "$jar" serve --config "$work/nzbmount.yaml" >"$work/server.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null' EXIT
    for _ in $(seq 120); do curl -sf "localhost:$port/api/items" >/dev/null && break; sleep 0.5; done
    curl -sf -X POST -H 'X-NZBMount-Request: 1' --data-binary @"$DIR/nzb/f300.nzb" \
      "localhost:$port/api/nzbs?name=f300" >/dev/null
    url="localhost:$port/dav/library/f300/f300.bin"
    for _ in $(seq 60); do curl -sfI "$url" >/dev/null && break; sleep 0.5; done
    curl -sf -o "$work/get.bin" "$url"; check "$work/get.bin" "GET"; rm -f "$work/get.bin"
    yget "$work/y.bin" >/dev/null; check "$work/y.bin" "yget"; rm -f "$work/y.bin"
    for _ in $(seq "$warm"); do curl -sf -o /dev/null "$url"; done
    printf '%-6s %8s %8s %7s | %7s %7s %7s | %7s %7s\n' round GET yget ratio server curl nnrpd yget nnrpd
    for r in $(seq "$rounds"); do
      s0=$(proc_ticks "$server"); n0=$(nnrpd_ticks)
      out=$( { /usr/bin/time -f 'T %U %S' curl -sf -o /dev/null -w 'R %{speed_download}\n' "$url"; } 2>&1 )
      sleep 0.3
      s1=$(proc_ticks "$server"); n1=$(nnrpd_ticks)
      get=$(echo "$out" | awk '/^R/ { printf "%.0f", $2 / 1e6 }')
      curl_cpu=$(echo "$out" | awk '/^T/ { printf "%.2f", $2 + $3 }')
      read -r y ycpu ynnrpd < <(yget /dev/null)
      ratio=$(awk -v a="$get" -v b="$y" 'BEGIN { printf "%.3f", a / b }')
      echo "$r $get $y $ratio $(secs $((s1 - s0))) $curl_cpu $(secs $((n1 - n0))) $ycpu $ynnrpd" >>"$work/rows"
      printf '%-6s %8s %8s %7s | %7s %7s %7s | %7s %7s\n' "$r" "$get" "$y" "$ratio" \
        "$(secs $((s1 - s0)))" "$curl_cpu" "$(secs $((n1 - n0)))" "$ycpu" "$ynnrpd"
    done
    printf '%-6s %8s %8s %7s | %7s %7s %7s | %7s %7s\n' median "$(median_of 2)" "$(median_of 3)" "$(median_of 4)" \
      "$(median_of 5)" "$(median_of 6)" "$(median_of 7)" "$(median_of 8)" "$(median_of 9)"
    echo "(MB/s; the ratio is GET / yget in the same round; processor seconds per read of the file)"
    kill "$server"; wait "$server" 2>/dev/null || true # stopped before its data directory goes
    trap - EXIT ;;
  fetch)
    rounds=${rounds:-5}
    cat >"$work/nzbmount.yaml" <<YAML
providers:
  - {name: inn2, host: 127.0.0.1, port: 1190, tls: false, connections: 8}
YAML
    # The same file four times under other names: the later copies show a JVM past its start.
    awk '/<file / { f = 1; buf = "" }
         f { buf = buf $0 "\n"; if (/<\/file>/) { f = 0; file = buf; next } else next }
         /<\/nzb>/ { printf "%s", file
                     for (i = 2; i <= 4; i++) { c = file; gsub(/&quot;f300\.bin&quot;/, "\\&quot;f300-" i ".bin\\&quot;", c); printf "%s", c } }
         { print }' "$DIR/nzb/f300.nzb" >"$work/x4.nzb"
    [ "$(grep -c '<file ' "$work/x4.nzb")" = 4 ] || { echo "could not write the four-file NZB" >&2; exit 1; }
    flags=(-XX:TieredStopAtLevel=1)
    if [ "$(java_feature "$JAVA_HOME")" -ge 22 ] 2>/dev/null; then flags+=(-XX:UserThreadWaitAttemptsAtExit=0); fi
    fetch() { # nzb: prints "MB/s cpu-seconds nnrpd-seconds wall"
      local n0 out; rm -rf "$work/out"; n0=$(nnrpd_ticks)
      out=$( { /usr/bin/time -f 'T %U %S %e' java --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector \
        "${flags[@]}" -jar "$jar" fetch "$1" -o "$work/out" --config "$work/nzbmount.yaml"; } 2>&1 )
      sleep 0.3
      check "$work/out/f300.bin" "fetch"
      echo "$(echo "$out" | sed -n 's/^total: .* s, \([0-9.]*\) MB\/s.*/\1/p' | awk '{ printf "%.0f", $1 }') $(echo "$out" | awk '/^T/ { printf "%.2f %s", $2 + $3, $4 }') $(secs $(( $(nnrpd_ticks) - n0 )))"
      rm -rf "$work/out"
    }
    printf '%-6s %8s %7s %7s %7s | %8s %7s %7s | %7s %7s %7s\n' round fetch cpu wall nnrpd "x4 rate" cpu nnrpd yget cpu nnrpd
    for r in $(seq "$rounds"); do
      read -r f fcpu fwall fnnrpd < <(fetch "$DIR/nzb/f300.nzb")
      read -r f4 f4cpu _ f4nnrpd < <(fetch "$work/x4.nzb")
      read -r y ycpu ynnrpd < <(yget "$work/y.bin"); check "$work/y.bin" "yget"; rm -f "$work/y.bin"
      echo "$r $f $fcpu $fwall $fnnrpd $f4 $f4cpu $f4nnrpd $y $ycpu $ynnrpd" >>"$work/rows"
      printf '%-6s %8s %7s %7s %7s | %8s %7s %7s | %7s %7s %7s\n' "$r" "$f" "$fcpu" "$fwall" "$fnnrpd" "$f4" "$f4cpu" "$f4nnrpd" "$y" "$ycpu" "$ynnrpd"
    done
    printf '%-6s %8s %7s %7s %7s | %8s %7s %7s | %7s %7s %7s\n' median "$(median_of 2)" "$(median_of 3)" "$(median_of 4)" "$(median_of 5)" \
      "$(median_of 6)" "$(median_of 7)" "$(median_of 8)" "$(median_of 9)" "$(median_of 10)" "$(median_of 11)"
    echo "(MB/s as each command prints it; processor seconds per command: fetch of the file once, of the four copies, yget of the file once)" ;;
  *) echo "unknown mode $mode (get or fetch)" >&2; exit 2 ;;
esac
rm -rf "$work/data" "$work/out"
