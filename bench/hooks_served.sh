#!/usr/bin/env bash
# One PreToolUse decision served four ways, in one run of `hooks-served`
# (bench/mcp-http/src/bin/hooks-served.rs):
#
#   (a) `tackle-policy-hook hook claude PreToolUse`, a process per event
#   (b) `tackle-policy-hook mcp`: one stdio session, a `tools/call` of
#       `tackle_hook` per event, as Claude Code's `mcp_tool` hook sends it
#   (c) `tackle-policy-hook mcp --http`: one kept-alive connection, a
#       `POST /hooks/claude/PreToolUse` per event (Claude Code's `http` hook)
#   (d) the hand-written Rust hook of ../shared/bench, a process per event
#
# (a) to (c) are one binary: the reference policy's host (bench/policy),
# built with the `hook` profile as bench/hook_latency.sh builds it, plus
# its `http` feature. Every answer is checked (deny for `rm -rf /`, none
# for the allow payload). Needs ../shared/bench/setup.sh run once (for
# /tmp/bench/rust-hook). Environment (all optional): CALLS (2000 per
# served way and payload and round), SPAWNS (200 per process way),
# ROUNDS (3), OUT (a file for a copy), PIN (1: on 2 or more cores the
# driver and the hook processes run on core 0, the servers on core 1;
# same: all on core 0; 0: none pinned).
set -euo pipefail
cd "$(dirname "$0")/.."
shared="$(cd "${SHARED_BENCH:-../shared/bench}" && pwd)"
baseline="${BASELINE_HOOK:-${BENCH_ROOT:-/tmp/bench}/rust-hook/target/release/hook-policy}"
target="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)"

if [ ! -x "$baseline" ]; then
  echo "no hand-written hook at $baseline: run $shared/setup.sh first" >&2
  exit 1
fi
cargo build --quiet --profile hook -p bench-policy --features http
cargo build --quiet --release -p bench-mcp-http --bin hooks-served
agent_dir="$(mktemp -d)"
trap 'rm -rf "$agent_dir"' EXIT

driver="" server_cpu=() pinned=""
if [ "${PIN:-1}" = same ] && command -v taskset > /dev/null; then
  driver="taskset -c 0" server_cpu=(--server-cpu 0) pinned=", all on core 0"
elif [ "${PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  driver="taskset -c 0" server_cpu=(--server-cpu 1)
  pinned=", driver and hook processes on core 0, servers on core 1"
fi
{
  echo "# bash bench/hooks_served.sh ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)$pinned)"
  cd "$agent_dir"
  TACKLE_AGENT_DIR="$agent_dir" $driver "$target/release/hooks-served" \
    --host "$target/hook/tackle-policy-hook" --baseline "$baseline" \
    --deny "$shared/payloads/pretooluse_deny.json" \
    --allow "$shared/payloads/pretooluse_allow.json" \
    --calls "${CALLS:-2000}" --spawns "${SPAWNS:-200}" --rounds "${ROUNDS:-3}" \
    "${server_cpu[@]}"
  echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "${OUT:-/dev/null}"
