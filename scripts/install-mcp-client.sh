#!/usr/bin/env bash
# Installs two real MCP clients, so that tests can drive `<host> mcp` with
# them (tests/tests/mcp_client.rs):
#
#   the official Python client, `mcp` from PyPI, in a venv   (runs tests/mcp/client_e2e.py)
#   the MCP Inspector's CLI, `@modelcontextprotocol/inspector` from npm
#                                                            (mcp-inspector --cli ...)
#
# They go into target/mcp-client-venv/ and target/mcp-inspector/ (ignored by
# git through /target), wherever the script is run from. Re-running is cheap:
# a client already installed at the wanted version is left alone; another
# version, or a venv whose interpreter is gone, is installed again from
# scratch. On success the script prints exactly two lines on stdout,
# everything else goes to stderr:
#
#   python=/abs/path/to/target/mcp-client-venv/bin/python
#   inspector=/abs/path/to/target/mcp-inspector/node_modules/.bin/mcp-inspector
#
# Environment (all optional):
#   TACKLE_MCP_CLIENT_VERSION     version of mcp (default below)
#   TACKLE_MCP_INSPECTOR_VERSION  version of @modelcontextprotocol/inspector (default below)
#   TACKLE_MCP_CLIENT_VENV        the venv (default: <repo>/target/mcp-client-venv)
#   TACKLE_MCP_INSPECTOR_DIR      the Inspector's npm prefix (default: <repo>/target/mcp-inspector)
#   TACKLE_PYTHON                 the interpreter to make the venv with (default:
#                                 the first of python3, /usr/bin/python3,
#                                 python3.13 ... python3.10 that is >= 3.10 and
#                                 has the venv and ensurepip modules)
#
# Needs python >= 3.10 with venv (Debian and Ubuntu: apt-get install
# python3-venv), node >= 20 and npm, and reaches only PyPI and the npm
# registry (about 25 s and 15 s the first time). Non-interactive (reads no
# stdin), so it runs as is in CI (CI=true, fresh clone).
set -euo pipefail

MCP_VERSION=${TACKLE_MCP_CLIENT_VERSION:-2.3.0}
INSPECTOR_VERSION=${TACKLE_MCP_INSPECTOR_VERSION:-2.12.0}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=${TACKLE_MCP_CLIENT_VENV:-$ROOT/target/mcp-client-venv}
INSPECTOR_PREFIX=${TACKLE_MCP_INSPECTOR_DIR:-$ROOT/target/mcp-inspector}

log() { printf 'install-mcp-client: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
# absolute, venv_lock, first_python, install_pinned.
# shellcheck source-path=SCRIPTDIR source=lib/pinned-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"

VENV=$(absolute "$VENV")
INSPECTOR_PREFIX=$(absolute "$INSPECTOR_PREFIX")
PY=$VENV/bin/python
INSPECTOR_BIN=$INSPECTOR_PREFIX/node_modules/.bin/mcp-inspector
VENV_HINT='Debian and Ubuntu: apt-get install python3-venv'

venv_lock "$VENV"

# --- The Python client -----------------------------------------------------------

# The interpreter to make the venv with (see first_python): TACKLE_PYTHON, or
# the first that will do on PATH.
find_python() {
  local candidates=(python3 /usr/bin/python3 python3.13 python3.12 python3.11 python3.10)
  if [ -n "${TACKLE_PYTHON:-}" ]; then
    candidates=("$TACKLE_PYTHON")
  fi
  first_python 3.10 "$VENV_HINT" \
    "no usable Python (>= 3.10 with the venv module) was found:" \
    "install python3 (>= 3.10) and python3-venv, or set TACKLE_PYTHON to an interpreter" \
    "${candidates[@]}"
}

install_pinned "$VENV" mcp "$MCP_VERSION" 'import mcp.client.session, mcp.client.stdio' \
  "$VENV_HINT" find_python

# --- The MCP Inspector's CLI -------------------------------------------------------
# One package for the web UI, the terminal UI and the CLI (`--cli`), which is
# all the tests use; it speaks to a stdio server offline. It declares engines
# node >= 22.19; the CLI runs on node 20 (the EBADENGINE warning is harmless).
# --ignore-scripts: none of its dependencies needs an install script for the
# CLI (the only native one, @napi-rs/keyring, ships prebuilt per-platform
# packages and stores OAuth tokens, which a stdio server never asks for).

command -v node >/dev/null || die "node is not installed (node >= 20 is needed for the MCP Inspector)"
command -v npm >/dev/null || die "npm is not installed (needed for the MCP Inspector)"
node_major=$(node -p 'process.versions.node.split(".")[0]' </dev/null)
[ "$node_major" -ge 20 ] || die "node $(node --version) is too old (node >= 20 is needed)"

inspector_version() {
  local manifest=$INSPECTOR_PREFIX/node_modules/@modelcontextprotocol/inspector/package.json
  [ -f "$manifest" ] || return 0
  node -e 'process.stdout.write(String(require(process.argv[1]).version || ""))' "$manifest" </dev/null 2>/dev/null || true
}

# The CLI's own --version, in a throwaway HOME (it keeps a catalog there).
inspector_works() {
  local home out
  home=$(mktemp -d)
  out=$(cd "$home" && env HOME="$home" "$INSPECTOR_BIN" --cli --version </dev/null 2>/dev/null) || true
  rm -rf "$home"
  [ "$out" = "$INSPECTOR_VERSION" ]
}

if [ "$(inspector_version)" = "$INSPECTOR_VERSION" ] && [ -x "$INSPECTOR_BIN" ]; then
  log "@modelcontextprotocol/inspector@$INSPECTOR_VERSION already installed"
else
  # A prefix holding another version is wiped, so each install starts clean.
  rm -rf "$INSPECTOR_PREFIX"
  mkdir -p "$INSPECTOR_PREFIX"
  spec="@modelcontextprotocol/inspector@$INSPECTOR_VERSION"
  log "npm install $spec into $INSPECTOR_PREFIX"
  start=$SECONDS
  npm install --prefix "$INSPECTOR_PREFIX" "$spec" --prefer-online --no-audit --no-fund \
    --no-update-notifier --ignore-scripts </dev/null >&2 || die "npm install $spec failed"
  inspector_works || die "$INSPECTOR_BIN --cli --version does not print $INSPECTOR_VERSION"
  log "installed $spec in $((SECONDS - start))s"
fi

printf 'python=%s\n' "$PY"
printf 'inspector=%s\n' "$INSPECTOR_BIN"
