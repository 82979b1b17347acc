#!/usr/bin/env bash
# tackle's MCP server against the Python and Node SDK servers, in one run of
# ../shared/bench/mcp_roundtrip.sh (the reference servers, then tackle).
#
# Builds bench/mcp-hosts and bench/mcp-only (hosts of bench/mcp, the
# benchmark's `add` and `echo` tools as a plugin) with the `hook` profile,
# then times
#   tackle         `tackle-mcp-bench mcp`: the tools alone, in a full host
#   tackle-mcp-only `tackle-mcp-only mcp`: the same tools in an MCP-only
#                  binary (tackle_runtime::mcp_only, no command line)
#   tackle-hooked  `tackle-mcp-bench-hooked mcp`: the full host, plus one
#                  `before_tool_call` hook that abstains on every call
#   floor          `mcp-floor`: a hand-written server (a blocking loop over
#                  serde_json, no MCP library, no runtime): what the pipes,
#                  the driver and JSON cost
# as an MCP client starts a server: stdin and stdout are pipes. The first
# candidate runs after the references in the same shared-harness invocation
# (BASELINES=1); the other three right after it. Needs ../shared/bench/setup.sh
# run once (SKIP_SUPERQODE=1 is enough). K and RUNS default to 500 and 5;
# extra environment (WARMUP, OUT, DRIVER_ARGS, ...) goes to the harness.
set -euo pipefail
cd "$(dirname "$0")/.."
shared="${SHARED_BENCH:-../shared/bench}"
export K="${K:-500}" RUNS="${RUNS:-5}"

cargo build --quiet --profile hook -p bench-mcp-hosts
# On its own: built with the others, it would get their features.
cargo build --quiet --profile hook -p bench-mcp-only
# An empty agent folder: no stray tackle.toml is read at start-up.
agent_dir="$(mktemp -d)"
trap 'rm -rf "$agent_dir"' EXIT
export TACKLE_AGENT_DIR="$agent_dir"

BASELINES=1 LABEL=tackle bash "$shared/mcp_roundtrip.sh" target/hook/tackle-mcp-bench mcp
LABEL=tackle-mcp-only bash "$shared/mcp_roundtrip.sh" target/hook/tackle-mcp-only mcp
LABEL=tackle-hooked bash "$shared/mcp_roundtrip.sh" target/hook/tackle-mcp-bench-hooked mcp
LABEL=floor bash "$shared/mcp_roundtrip.sh" target/hook/mcp-floor
