#!/usr/bin/env bash
# End-to-end figures of docs/benchmarks.md against the inn2 test server (.ci/inn2.sh start).
#
#   bench/e2e.sh post                 make the test files and post them with nyuu (once)
#   bench/e2e.sh fetch|get|range|reader1g|streams|all
#   bench/e2e.sh post-far             post the far provider's files, each once: f300 (300 MiB, the
#                                     same file as post's), f100 (100 MiB) and t1..t8 (32 MiB each)
#   bench/e2e.sh far-get|far-seek|far-range|far-streams [--jar other/nzbmount.jar]
#                                     the same figures over a far link (FarLink on 127.0.0.1:FAR_PORT,
#                                     default 1192: 20 ms each way, 20 MB/s per connection) with 20
#                                     connections, on FAR_FILE (default f300; far-streams: t1..t8).
#                                     far-get, far-seek and far-streams run the link in the
#                                     benchmark's JVM and fail if the server ever has more than its
#                                     20 connections open through it; far-range runs it as its own
#                                     process (the harness's reference fetches and in-process reader
#                                     share the link with the server, so there is no server limit
#                                     to check there); far-streams also ends each round with the
#                                     link's raw ceiling (PipelinedRawRate through a second link)
#   bench/e2e.sh far-silent [--jar other/nzbmount.jar]
#                                     the first of two far providers freezes a quarter into a GET
#                                     of FAR_FILE (SilentFirstProvider; its FarLinks run in the
#                                     benchmark's JVM on free ports)
#
# The far modes set reader.readAheadArticles to FAR_READAHEAD and reader.pipelineDepth to
# FAR_DEPTH (each default 0: not set, the jar's default).
#
# Files, NZBs and logs live in $E2E_DIR (default /dev/shm/nzbmount-e2e, a tmpfs, so disk is
# never the bottleneck). Needs `mvn -o package -DskipTests` and
# `mvn -o -Pbench -pl bench -am package -DskipTests` first.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/java-home.sh
DIR=${E2E_DIR:-/dev/shm/nzbmount-e2e}
NYUU=${NZBMOUNT_TEST_NYUU:-/opt/nzbmount-ci/nyuu/node_modules/.bin/nyuu}
BENCH=(java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar)
mkdir -p "$DIR/files" "$DIR/nzb" "$DIR/logs"

post() { # name size
  local name=$1 size=$2
  [ -s "$DIR/nzb/$name.nzb" ] && return
  head -c "$size" /dev/urandom >"$DIR/files/$name.bin"
  "$NYUU" -h 127.0.0.1 -P 1191 -u nzbtest -p nzbtest-secret -n 4 -g alt.binaries.test -a 700K \
    --post-chunk-size 0 -f "NZBMount bench <bench@nzbmount.test>" -q -O \
    -o "$DIR/nzb/$name.nzb" "$DIR/files/$name.bin"
}

run() { # log-name main args...
  local log=$1; shift
  "${BENCH[@]}" "io.nzbmount.bench.$1" "${@:2}" --work "$DIR/work" 2>&1 | grep --line-buffered -v '^SLF4J\|^WARNING: Using incubator' | tee "$DIR/logs/$log.log"
}

FAR_FILE=${FAR_FILE:-f300}
FAR_PORT=${FAR_PORT:-1192}
# The server's settings in every far mode, and the link in the benchmark's JVM in front of inn2.
FAR_SERVER=(--connections 20 --readAhead "${FAR_READAHEAD:-0}" --pipelineDepth "${FAR_DEPTH:-0}")
FAR_LINK=(--port 1190 --farDelayMs 20 --farMbps 20 --farPort "$FAR_PORT")

far() { # log-name main args...: one figure on FAR_FILE through the link in the benchmark's JVM
  run "$@" --nzb "$DIR/nzb/$FAR_FILE.nzb" --original "$DIR/files/$FAR_FILE.bin" "${FAR_LINK[@]}" "${FAR_SERVER[@]}"
}

far_process() { # log-name main args...: the same through a FarLink process; its count goes to the log
  "${BENCH[@]}" io.nzbmount.bench.FarLink --listen "$FAR_PORT" --port 1190 --delayMs 20 --mbps 20 \
    >"$DIR/logs/$1-link.log" 2>&1 &
  local link=$!
  trap "kill $link 2>/dev/null" EXIT
  sleep 1
  run "$@" --nzb "$DIR/nzb/$FAR_FILE.nzb" --original "$DIR/files/$FAR_FILE.bin" --port "$FAR_PORT" "${FAR_SERVER[@]}"
  kill "$link"
  wait "$link" || true # ended by the signal
  grep --line-buffered -v '^SLF4J\|^WARNING: Using incubator' "$DIR/logs/$1-link.log" | tee -a "$DIR/logs/$1.log"
}

streams_args() {
  local nzbs="" files=""
  for i in 1 2 3 4 5 6 7 8; do nzbs+="$DIR/nzb/s$i.nzb,"; files+="$DIR/files/s$i.bin,"; done
  echo --nzbs "${nzbs%,}" --originals "${files%,}"
}

case ${1:-all} in
  post)
    post f300 314572800
    post g1 1073741824
    for i in 1 2 3 4 5 6 7 8; do post s$i 134217728; done ;;
  fetch) # the C reference client, built here from bench/reference/yget.c
    cc -O2 -pthread -o "$DIR/yget" bench/reference/yget.c
    run fetch FetchVsRaw --nzb "$DIR/nzb/f300.nzb" --original "$DIR/files/f300.bin" --connections 8,1 --runs "${RUNS:-5}" \
      --reference "$DIR/yget" "${@:2}" ;;
  get) cc -O2 -pthread -o "$DIR/yget" bench/reference/yget.c
    run get GetVsFetch --nzb "$DIR/nzb/f300.nzb" --original "$DIR/files/f300.bin" --runs "${RUNS:-5}" --reference "$DIR/yget" "${@:2}" ;;
  range) run range RangeLatency --nzb "$DIR/nzb/f300.nzb" --original "$DIR/files/f300.bin" --samples "${SAMPLES:-21}" "${@:2}" ;;
  reader1g)
    java -Xmx128m -Xlog:gc:file="$DIR/logs/reader1g-gc.log":uptime "${BENCH[@]:1}" io.nzbmount.bench.ReaderRate \
      --nzb "$DIR/nzb/g1.nzb" --original "$DIR/files/g1.bin" --runs "${RUNS:-5}" 2>&1 \
      | grep --line-buffered -v '^SLF4J\|^WARNING: Using incubator' | tee "$DIR/logs/reader1g.log"
    grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$DIR/logs/reader1g-gc.log" | awk -F'[M>(-]+' \
      '{ if ($1>b) b=$1; if ($2>a) a=$2; n++ } END { printf "GC log: %d collections; heap before GC at most %d MiB, after GC at most %d MiB\n", n, b, a }' \
      | tee -a "$DIR/logs/reader1g.log" ;;
  streams) run streams ConcurrentStreams $(streams_args) --runs "${RUNS:-5}" "${@:2}" ;;
  post-far) post f300 314572800; post f100 104857600; for i in 1 2 3 4 5 6 7 8; do post t$i 33554432; done ;;
  far-get) cc -O2 -pthread -o "$DIR/yget" bench/reference/yget.c
    far far-get GetVsFetch --runs "${RUNS:-3}" --reference "$DIR/yget" "${@:2}" ;;
  far-seek) far far-seek SeekRate --seeks "${SEEKS:-9}" "${@:2}" ;;
  far-streams) # 8 files of 32 MiB (t1..t8, posted by post-far) at once
    nzbs=""; files=""; for i in 1 2 3 4 5 6 7 8; do nzbs+="$DIR/nzb/t$i.nzb,"; files+="$DIR/files/t$i.bin,"; done
    run far-streams ConcurrentStreams --nzbs "${nzbs%,}" --originals "${files%,}" "${FAR_LINK[@]}" "${FAR_SERVER[@]}" \
      --runs "${RUNS:-3}" "${@:2}" ;;
  far-range) far_process far-range RangeLatency --samples "${SAMPLES:-15}" "${@:2}" ;;
  far-silent) run far-silent SilentFirstProvider --nzb "$DIR/nzb/$FAR_FILE.nzb" --original "$DIR/files/$FAR_FILE.bin" \
      --port 1190 "${FAR_SERVER[@]}" --runs "${RUNS:-3}" "${@:2}" ;;
  all) for f in fetch get range reader1g streams; do "$0" "$f"; done ;;
  *) echo "usage: $0 post|fetch|get|range|reader1g|streams|all|post-far|far-get|far-seek|far-range|far-streams|far-silent" >&2; exit 2 ;;
esac
