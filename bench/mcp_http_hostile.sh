#!/usr/bin/env bash
# An honest client's latency while hostile clients attack `mcp --http`, on
# loopback, in one run of `mcp-http-hostile`
# (bench/mcp-http/src/bin/mcp-http-hostile.rs): the honest client alone,
# then under attack. The honest client is one session that pings, and an
# agent's hook that POSTs a PreToolUse, each every 10 ms. The attack:
# 200 connections that declare a 100,000-byte body and send none
# (reopened as soon as the server answers or closes them), 5,000 sessions
# opened by 4 clients and left, and a client sending garbage (malformed
# JSON-RPC, wrong Content-Type, a foreign Host, broken chunked bodies,
# bytes that are not HTTP) in a closed loop.
#
# The server is `tackle-http-bench mcp --http` (bench/mcp's tools, an
# empty agent folder), its defaults unchanged. Builds both in release
# mode. Environment (all optional): SECONDS_TIMED (20 per phase),
# STALLED (200), SESSIONS (5000), GARBAGE (1), OUT (a file for a copy),
# PIN (1: on 2 or more cores, the driver on core 0 and the server on
# core 1; 0 leaves them free).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet --release -p bench-mcp-http --bin mcp-http-hostile --bin tackle-http-bench
agent_dir="$(mktemp -d)"
trap 'rm -rf "$agent_dir"' EXIT
bin="$PWD/target/release"
driver="" on_core="" pinned=""
if [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  driver="taskset -c 0" on_core="taskset -c 1 " pinned=", driver on core 0 and server on core 1"
fi
{
  echo "# bash bench/mcp_http_hostile.sh ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)$pinned)"
  $driver "$bin/mcp-http-hostile" \
    --server "${on_core}env TACKLE_AGENT_DIR=$agent_dir $bin/tackle-http-bench mcp --http 127.0.0.1:{port}" \
    --seconds "${SECONDS_TIMED:-20}" --stalled "${STALLED:-200}" --sessions "${SESSIONS:-5000}" \
    --garbage "${GARBAGE:-1}"
} | tee "${OUT:-/dev/null}"
