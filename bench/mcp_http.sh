#!/usr/bin/env bash
# MCP `tools/call` over Streamable HTTP at 1, 16 and 64 concurrent sessions:
# tackle against rmcp's own server and the TypeScript SDK's, in one run of
# `mcp-http-load` (bench/mcp-http/src/bin/mcp-http-load.rs).
#
#   tackle  `tackle-http-bench mcp --http 127.0.0.1:PORT`: bench/mcp's tools
#           in a tackle host (an empty agent folder: no stray tackle.toml)
#   tackle-async  the same host with `add` as an async tool
#           (`tackle-http-bench-async`): no hop to the blocking pool
#   rmcp    `rmcp-http-bench 127.0.0.1:PORT`: the same `add` written with
#           rmcp's macros, on rmcp's StreamableHttpService (same rmcp, axum,
#           tokio runtime flavour)
#   ts      `node server.mjs PORT`: the same tool on the official TypeScript
#           SDK (scripts/install-mcp-http-bench.sh installs it, pinned)
#
# Builds the driver and the Rust servers in release mode, then prints
# one line per measurement and the Markdown tables (tackle's ratios to the
# others within each round). Sessions by default; STATELESS=1 serves and
# drives stateless requests instead. Environment (all optional):
#   SECONDS_TIMED (10), WARM_UP (2), ROUNDS (2), CLIENTS (1,16,64),
#   THREADS (1: the driver's threads), STATELESS (0), OUT (a file for a copy),
#   PIN (1: on a machine with 2 or more cores, the driver runs on core 0 and
#   every server on core 1, so that no server gets more of the machine than
#   another and the scheduler does not move them; 0 leaves them free)
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet --release -p bench-mcp-http
eval "$(bash scripts/install-mcp-http-bench.sh)"   # sets node= and server=
agent_dir="$(mktemp -d)"
trap 'rm -rf "$agent_dir"' EXIT

flag=""
if [ "${STATELESS:-0}" = 1 ]; then flag=" --stateless"; fi
bin="$PWD/target/release"
driver="" on_core=""
if [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  driver="taskset -c 0" on_core="taskset -c 1 "
fi
{
  echo "# bash bench/mcp_http.sh ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), node $("$node" --version)${driver:+, driver on core 0 and servers on core 1})"
  $driver "$bin/mcp-http-load" \
    --server "tackle=${on_core}env TACKLE_AGENT_DIR=$agent_dir $bin/tackle-http-bench mcp --http 127.0.0.1:{port}$flag" \
    --server "tackle-async=${on_core}env TACKLE_AGENT_DIR=$agent_dir $bin/tackle-http-bench-async mcp --http 127.0.0.1:{port}$flag" \
    --server "rmcp=${on_core}$bin/rmcp-http-bench 127.0.0.1:{port}$flag" \
    --server "ts=${on_core}$node $server {port}$flag" \
    --clients "${CLIENTS:-1,16,64}" --warm-up "${WARM_UP:-2}" --seconds "${SECONDS_TIMED:-10}" \
    --rounds "${ROUNDS:-2}" --threads "${THREADS:-1}"$flag
} | tee "${OUT:-/dev/null}"
