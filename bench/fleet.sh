#!/usr/bin/env bash
# The policy server as a fleet, in one run: hook decisions per second, p50
# and p99 for SESSIONS sessions at once (`fleet-load`,
# bench/mcp-http/src/bin/fleet-load.rs), each posting Claude Code
# PreToolUse events of its own session in a closed loop, every decision
# reading and writing the session's doom-loop streak:
#
#   (a) one replica, session values in its memory
#   (b) one replica, session values in a real redis-server (`--session-store`)
#   (c) three replicas sharing that store, behind a real haproxy (round robin)
#   (d) (c) again, one replica killed with SIGKILL KILL_AFTER seconds in:
#       how many decisions failed, and the failover time (the last failure
#       after the kill)
#
# The server is `tackle-fleet-bench mcp --http` (the guard and the
# doom-loop breaker), built in release mode. redis-server and haproxy are
# Debian's (scripts/install-fleet.sh installs them). Everything shares the
# machine's cores: on 2 cores the driver, haproxy, Redis and the replicas
# compete. Environment (all optional): SESSIONS (64), SECONDS_TIMED (10),
# KILL_AFTER (3), OUT (a file for a copy).
set -euo pipefail
cd "$(dirname "$0")/.."

sessions="${SESSIONS:-64}" seconds="${SECONDS_TIMED:-10}"
eval "$(bash scripts/install-fleet.sh)"
cargo build --quiet --release -p bench-mcp-http --bin fleet-load --bin tackle-fleet-bench
bin="$PWD/target/release"
work="$(mktemp -d)"
pids=()
stop() { for pid in "${pids[@]}"; do kill -KILL "$pid" 2> /dev/null || true; done; }
trap 'stop; rm -rf "$work"' EXIT

# A loopback port nobody listens on (haproxy and redis-server take a port, not 0).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts a replica with "$@"; sets `addr` and `pid`.
replica() {
  local log="$work/replica-$RANDOM.log"
  TACKLE_AGENT_DIR="$work" "$bin/tackle-fleet-bench" mcp --http 127.0.0.1:0 "$@" 2> "$log" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 100); do
    addr="$(sed -n 's|^serving MCP on http://\(.*\)/mcp$|\1|p' "$log")"
    [ -n "$addr" ] && return 0
    sleep 0.1
  done
  echo "the replica did not start:" >&2
  cat "$log" >&2
  exit 1
}

redis_port="$(free_port)"
"$redis_server" --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" > "$work/redis.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do "$redis_cli" -p "$redis_port" ping > /dev/null 2>&1 && break; sleep 0.1; done
store="redis://127.0.0.1:$redis_port/0"

load() { "$bin/fleet-load" --sessions "$sessions" --seconds "$seconds" "$@"; }

{
  echo "# bash bench/fleet.sh ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), $("$redis_server" --version | cut -d' ' -f3), $("$haproxy" -v | head -n 1 | cut -d' ' -f1-3), load average $(cut -d' ' -f1-3 /proc/loadavg))"

  replica
  echo "(a) one replica, memory store:"
  load --addr "$addr"
  kill -TERM "$pid"

  replica --session-store "$store"
  echo "(b) one replica, Redis store:"
  load --addr "$addr"
  kill -TERM "$pid"

  front_port="$(free_port)"
  servers="" replica_pids=()
  for n in 1 2 3; do
    replica --session-store "$store" --allow-host "127.0.0.1:$front_port"
    servers+="    server r$n $addr check"$'\n'
    replica_pids+=("$pid")
  done
  cat > "$work/haproxy.cfg" <<EOF
global
    maxconn 4096
defaults
    mode http
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout check 200ms
    retries 2
    option redispatch
frontend policy
    bind 127.0.0.1:$front_port
    default_backend replicas
backend replicas
    balance roundrobin
    option httpchk GET /healthz
    http-check expect status 200
    default-server inter 200ms fastinter 100ms downinter 500ms fall 2 rise 2
$servers
EOF
  "$haproxy" -db -f "$work/haproxy.cfg" > "$work/haproxy.log" 2>&1 &
  pids+=($!)
  sleep 1
  echo "(c) three replicas, Redis store, behind haproxy:"
  load --addr "127.0.0.1:$front_port"
  echo "(d) the same, replica 1 killed ${KILL_AFTER:-3} s in:"
  load --addr "127.0.0.1:$front_port" --kill "${replica_pids[0]}" --kill-after "${KILL_AFTER:-3}"
  echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "${OUT:-/dev/null}"
