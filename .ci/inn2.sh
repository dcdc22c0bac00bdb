#!/usr/bin/env bash
# Debian's inn2 as a real NNTP server on loopback for the realpeer tests.
#
#   .ci/inn2.sh configure        write the test configuration and finish the package's set-up
#   .ci/inn2.sh start            configure (idempotent) and start; a running server is left alone
#   .ci/inn2.sh stop             stop what start started
#   .ci/inn2.sh status           exit 0 when both ports greet with 200
#   .ci/inn2.sh cancel '<id>'    cancel an article: BODY then answers 430
#   .ci/inn2.sh env              print the NZBMOUNT_TEST_NNTP_* exports
#
# Two listeners, one spool:
#   127.0.0.1:$NNTP_PORT       innd; readers need no login, AUTHINFO with the test user also works
#   127.0.0.1:$NNTP_AUTH_PORT  a standalone nnrpd that answers 480 until AUTHINFO succeeds,
#                              like a commercial provider
# Both allow reading and posting. There is no syslog on these machines: a busybox syslogd
# catches innd's and nnrpd's messages into $LOG_DIR/syslog, printed when start fails.
# Must run as root (it edits /etc/news and starts the daemons as user news).
set -euo pipefail

NNTP_HOST=127.0.0.1
NNTP_PORT=${NZBMOUNT_INN2_PORT:-1190}
NNTP_AUTH_PORT=${NZBMOUNT_INN2_AUTH_PORT:-1191}
NNTP_USER=nzbtest
NNTP_PASS=nzbtest-secret
NNTP_GROUP=alt.binaries.test

ETC=/etc/news
BIN=/usr/lib/news/bin
RUN_DIR=/run/news
LOG_DIR=/var/log/news
SPOOL=/var/spool/news
DB=/var/lib/news
PASSWD_FILE=$ETC/nzbmount-test.passwd
AUTH_READERS=$ETC/readers-auth-required.conf
NNRPD_PID=$RUN_DIR/nzbmount-nnrpd.pid
SYSLOG_PID=$RUN_DIR/nzbmount-syslogd.pid
SYSLOG_FILE=$LOG_DIR/syslog
START_LOG=$LOG_DIR/nzbmount-start.log

as_news() { su -s /bin/sh news -c "$*"; }

# Sets `key: value` in inn.conf, replacing an existing (or commented-out) line.
set_conf() {
  local key=$1 value=$2 file=$ETC/inn.conf
  if grep -qE "^#?${key}:" "$file"; then
    sed -i -E "s|^#?${key}:.*|${key}: ${value}|" "$file"
  else
    printf '%s: %s\n' "$key" "$value" >>"$file"
  fi
}

# Answers 0 when the port greets with 200 (reading and posting allowed) within 5 s.
greets_200() {
  local port=$1
  (
    exec 9<>"/dev/tcp/$NNTP_HOST/$port" || exit 1
    IFS= read -r -t 5 line <&9 || exit 1
    printf 'QUIT\r\n' >&9 || true
    [[ $line == 200* ]]
  ) 2>/dev/null
}

configure() {
  [ -f $ETC/inn.conf ] || { echo "inn2 is not installed (run .ci/install-deps.sh)" >&2; exit 1; }
  # postinst refuses a hostname without a domain; these machines are called e.g. "vm".
  set_conf domain nzbmount.test
  set_conf pathhost nzbmount.test
  set_conf organization '"NZBMount test server"'
  set_conf bindaddress "$NNTP_HOST"
  set_conf port "$NNTP_PORT"
  set_conf nnrpdpostport "$NNTP_PORT"
  # A 716800-byte part is ~740 KB once yEnc-encoded; room for larger parts too.
  set_conf maxartsize 4000000
  set_conf localmaxartsize 4000000
  # A loaded 2-core CI machine can be slow to send the first command.
  set_conf initialtimeout 60
  set_conf doinnwatch false
  # nnrpd refuses readers above this load average; a busy test machine must not trip it.
  set_conf nnrpdloadlimit 0
  # Test articles may carry any date; nothing here is meant to expire.
  set_conf artcutoff 0
  # Tests withdraw articles with plain cancel control messages (no Cancel-Lock) to make
  # real missing articles.
  set_conf docancels all

  # Debian lists localhost as a peer feed, which makes loopback clients feeders that must
  # send MODE READER; with no peers every loopback client is a reader.
  cat >$ETC/incoming.conf <<'EOF'
# NZBMount test server: no peers, every connection is a reader handed to nnrpd.
streaming:          true
max-connections:    8
EOF

  local hash
  hash=$(perl -e 'print crypt($ARGV[0], q($6$nzbmounttest$))' "$NNTP_PASS")
  printf '%s:%s\n' "$NNTP_USER" "$hash" >"$PASSWD_FILE"
  chown root:news "$PASSWD_FILE"
  chmod 640 "$PASSWD_FILE"

  cat >$ETC/readers.conf <<EOF
# NZBMount test server (innd port): anonymous loopback readers, AUTHINFO optional.
auth "localhost" {
    hosts: "localhost, 127.0.0.1, ::1, stdin"
    default: "<localhost>"
}
auth "testuser" {
    hosts: "localhost, 127.0.0.1, ::1, stdin"
    auth: "ckpasswd -f $PASSWD_FILE"
}
access "localhost" {
    users: "<localhost>"
    newsgroups: "*"
    access: RPA
    addcanlockuser: none
}
access "testuser" {
    users: "$NNTP_USER"
    newsgroups: "*"
    access: RPA
    addcanlockuser: none
}
EOF

  cat >"$AUTH_READERS" <<EOF
# NZBMount test server (auth port): nothing before AUTHINFO, like a commercial provider.
auth "testuser" {
    hosts: "localhost, 127.0.0.1, ::1"
    auth: "ckpasswd -f $PASSWD_FILE"
}
access "testuser" {
    users: "$NNTP_USER"
    newsgroups: "*"
    access: RPA
    addcanlockuser: none
}
EOF

  # The package's postinst fails on a domainless hostname; finish it now that inn.conf is fixed.
  if ! dpkg-query -W -f='${db:Status-Abbrev}' inn2 2>/dev/null | grep -q '^ii'; then
    DEBIAN_FRONTEND=noninteractive dpkg --configure -a
  fi
  # rc.news mails a warning when news.daily never ran; nothing here reads that mail.
  as_news "touch $DB/.news.daily"
  install -d -o news -g news "$RUN_DIR" "$LOG_DIR"
  $BIN/inncheck -q >/dev/null 2>&1 || $BIN/inncheck -v || true
}

start_syslog() {
  if [ -f "$SYSLOG_PID" ] && kill -0 "$(cat "$SYSLOG_PID")" 2>/dev/null; then return; fi
  if [ -S /dev/log ] && ! [ -f "$SYSLOG_PID" ]; then return; fi  # someone else's syslog
  command -v busybox >/dev/null || return 0
  rm -f /dev/log
  setsid busybox syslogd -n -O "$SYSLOG_FILE" </dev/null >/dev/null 2>&1 &
  echo $! >"$SYSLOG_PID"
  for _ in $(seq 50); do [ -S /dev/log ] && break; sleep 0.1; done
}

# The spool only grows (nothing here runs news.daily), so a machine kept across many runs
# would fill its disk: past the limit, a stopped server starts again with an empty spool.
wipe_spool_if_large() {
  local limit_mb=${NZBMOUNT_INN2_SPOOL_LIMIT_MB:-4096} used_mb
  used_mb=$(du -sm "$SPOOL" | cut -f1)
  [ "$used_mb" -gt "$limit_mb" ] || return 0
  echo "inn2: spool holds $used_mb MB (limit $limit_mb MB): emptying it"
  rm -rf "$SPOOL"/articles/* "$SPOOL"/overview/*
  as_news ": >$DB/history && cd $DB && $BIN/makedbz -i -o"
  as_news "awk '{ print \$1, \"0000000000\", \"0000000001\", \$4 }' $DB/active >$DB/active.new && mv $DB/active.new $DB/active"
}

innd_running() { [ -f $RUN_DIR/innd.pid ] && kill -0 "$(cat $RUN_DIR/innd.pid)" 2>/dev/null; }
nnrpd_running() { [ -f "$NNRPD_PID" ] && kill -0 "$(cat "$NNRPD_PID")" 2>/dev/null; }

# Waits up to ~30 s; gives up at once when the daemon's pid file names a dead process.
wait_for_200() {
  local port=$1 pid_file=$2
  for _ in $(seq 120); do
    greets_200 "$port" && return 0
    if [ -s "$pid_file" ] && ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then return 1; fi
    sleep 0.25
  done
  return 1
}

show_logs() {
  echo "---- inn2 start log ($START_LOG)" >&2; cat "$START_LOG" >&2 2>/dev/null || true
  for f in "$SYSLOG_FILE" $LOG_DIR/errlog $LOG_DIR/news.err; do
    [ -s "$f" ] && { echo "---- $f" >&2; tail -n 40 "$f" >&2; }
  done
  return 0
}

fail() { echo "inn2: $*" >&2; show_logs; exit 1; }

start() {
  configure
  start_syslog
  : >"$START_LOG"; chown news:news "$START_LOG"
  if ! innd_running; then
    # Only this start's messages, so that a failure shows its own cause.
    : >"$SYSLOG_FILE"; : >$LOG_DIR/errlog; chown news:news $LOG_DIR/errlog  # innd reopens it as news
    wipe_spool_if_large
    as_news "$BIN/rc.news start" >>"$START_LOG" 2>&1 || fail "rc.news start failed"
  fi
  wait_for_200 "$NNTP_PORT" $RUN_DIR/innd.pid || fail "innd does not greet with 200 on $NNTP_HOST:$NNTP_PORT"
  if ! grep -q "^$NNTP_GROUP " $DB/active; then
    as_news "$BIN/ctlinnd -s newgroup $NNTP_GROUP y nzbmount" >>"$START_LOG" 2>&1 \
      || fail "cannot create $NNTP_GROUP"
  fi
  if ! nnrpd_running; then
    # -D forks into the background itself; its pid is read back from ss below.
    as_news "$BIN/nnrpd -D -b $NNTP_HOST -p $NNTP_AUTH_PORT -c $AUTH_READERS" >>"$START_LOG" 2>&1 \
      || fail "nnrpd on $NNTP_AUTH_PORT did not start"
    wait_for_listener "$NNTP_AUTH_PORT"
  fi
  wait_for_200 "$NNTP_AUTH_PORT" "$NNRPD_PID" || fail "nnrpd does not greet with 200 on $NNTP_HOST:$NNTP_AUTH_PORT"
  echo "inn2 ready: $NNTP_HOST:$NNTP_PORT (login optional), $NNTP_HOST:$NNTP_AUTH_PORT (login required), group $NNTP_GROUP"
}

# Records the pid of the process listening on the port (nnrpd -D detaches without a pid file).
wait_for_listener() {
  local port=$1 pid=
  for _ in $(seq 40); do
    pid=$(ss -Hltnp "sport = :$port" 2>/dev/null | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
    [ -n "$pid" ] && break
    sleep 0.25
  done
  [ -n "$pid" ] || fail "nothing listens on $NNTP_HOST:$port"
  echo "$pid" >"$NNRPD_PID"
}

stop() {
  if nnrpd_running; then kill "$(cat "$NNRPD_PID")" || true; fi
  rm -f "$NNRPD_PID"
  if innd_running; then as_news "$BIN/rc.news stop" >/dev/null 2>&1 || true; fi
  if [ -f "$SYSLOG_PID" ]; then
    kill "$(cat "$SYSLOG_PID")" 2>/dev/null || true
    rm -f "$SYSLOG_PID" /dev/log
  fi
  echo "inn2 stopped"
}

status() {
  local ok=0
  greets_200 "$NNTP_PORT" && echo "innd  $NNTP_HOST:$NNTP_PORT  up" || { echo "innd  $NNTP_HOST:$NNTP_PORT  down"; ok=1; }
  greets_200 "$NNTP_AUTH_PORT" && echo "nnrpd $NNTP_HOST:$NNTP_AUTH_PORT  up" || { echo "nnrpd $NNTP_HOST:$NNTP_AUTH_PORT  down"; ok=1; }
  return $ok
}

# Replies to STAT <id> with the status line, e.g. "223 0 <id> status" or "430 No such article".
stat_article() {
  (
    exec 9<>"/dev/tcp/$NNTP_HOST/$NNTP_PORT"
    IFS= read -r -t 5 _ <&9
    printf 'STAT %s\r\nQUIT\r\n' "$1" >&9
    IFS= read -r -t 5 line <&9
    printf '%s' "${line%$'\r'}"
  )
}

# ctlinnd also accepts an id it never saw (it only remembers it), so both sides are checked.
cancel() {
  local id=${1%$'\r'} before after
  [[ $id == \<*\> ]] || id="<$id>"
  before=$(stat_article "$id")
  [[ $before == 223* ]] || { echo "cancel $id: not on the server: $before" >&2; exit 1; }
  as_news "$BIN/ctlinnd -s cancel '$id'"
  after=$(stat_article "$id")
  [[ $after == 430* ]] || { echo "cancel $id: STAT still answers: $after" >&2; exit 1; }
  echo "cancelled $id"
}

print_env() {
  cat <<EOF
export NZBMOUNT_TEST_NNTP_HOST=$NNTP_HOST
export NZBMOUNT_TEST_NNTP_PORT=$NNTP_PORT
export NZBMOUNT_TEST_NNTP_AUTH_PORT=$NNTP_AUTH_PORT
export NZBMOUNT_TEST_NNTP_USER=$NNTP_USER
export NZBMOUNT_TEST_NNTP_PASS=$NNTP_PASS
export NZBMOUNT_TEST_NNTP_GROUP=$NNTP_GROUP
EOF
}

case "${1:-}" in
  configure) configure ;;
  start) start ;;
  stop) stop ;;
  status) status ;;
  cancel) [ $# -eq 2 ] || { echo "usage: $0 cancel '<message-id>'" >&2; exit 2; }; cancel "$2" ;;
  env) print_env ;;
  *) echo "usage: $0 configure|start|stop|status|cancel '<message-id>'|env" >&2; exit 2 ;;
esac
