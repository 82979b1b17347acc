#!/usr/bin/env bash
# Installs the agents' own validator CLIs from npm, so tests can check exported
# plugin packages with the real validators:
#
#   claude plugin validate DIR --strict [--json]   (@anthropic-ai/claude-code)
#   gemini extensions validate DIR                 (@google/gemini-cli)
#
# and Qwen Code (@qwen-code/qwen-code), which tests/tests/live_qwen.rs runs
# headless against the fake model API, as tests/tests/live_gemini.rs does Gemini
# CLI.
#
# Each package goes into its own npm prefix under target/agent-clis/ (ignored
# by git through /target). Re-running is cheap: a package already installed at
# the wanted version is left alone. On success the script prints exactly three
# lines on stdout, everything else goes to stderr (callers find each by its
# key, so a line added later breaks none of them):
#
#   claude=/abs/path/to/claude
#   gemini=/abs/path/to/gemini
#   qwen=/abs/path/to/qwen
#
# Environment (all optional):
#   TACKLE_CLAUDE_CODE_VERSION  version of @anthropic-ai/claude-code (default below)
#   TACKLE_GEMINI_CLI_VERSION   version of @google/gemini-cli (default below)
#   TACKLE_QWEN_CODE_VERSION    version of @qwen-code/qwen-code (default below)
#   TACKLE_AGENT_CLIS_DIR       install root (default: <repo>/target/agent-clis)
#
# Needs node >= 20 and npm, and reaches only the npm registry. Non-interactive
# (reads no stdin), so it runs as is in CI (CI=true, fresh clone).
#
# Running the validators offline: give each run a throwaway HOME, and for
# claude set CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 (without it claude
# tries to send telemetry); for gemini GEMINI_CLI_NO_RELAUNCH=true halves the
# start-up time (it otherwise re-executes itself to raise node's heap limit),
# and privacy.usageStatisticsEnabled=false in its settings.json keeps its usage
# statistics (on by default, sent to a Google host) at home;
# for qwen set QWEN_USAGE_STATISTICS_ENABLED=false (usage statistics are on
# by default and go to an Alibaba Cloud host).
set -euo pipefail

CLAUDE_VERSION=${TACKLE_CLAUDE_CODE_VERSION:-2.1.330}
GEMINI_VERSION=${TACKLE_GEMINI_CLI_VERSION:-0.61.0}
QWEN_VERSION=${TACKLE_QWEN_CODE_VERSION:-0.24.4}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=${TACKLE_AGENT_CLIS_DIR:-$ROOT/target/agent-clis}

log() { printf 'install-agent-clis: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v node >/dev/null || die "node is not installed (node >= 20 is needed)"
command -v npm >/dev/null || die "npm is not installed"
node_major=$(node -p 'process.versions.node.split(".")[0]' </dev/null)
[ "$node_major" -ge 20 ] || die "node $(node --version) is too old (node >= 20 is needed)"

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

# Two test processes may run this at once: let one install while the other waits.
if command -v flock >/dev/null; then
  exec 9>"$DIR/.lock"
  flock 9
fi

# installed_version PREFIX PACKAGE: the version in node_modules, or nothing.
installed_version() {
  local manifest="$1/node_modules/$2/package.json"
  [ -f "$manifest" ] || return 0
  node -e 'process.stdout.write(String(require(process.argv[1]).version || ""))' "$manifest" </dev/null 2>/dev/null || true
}

# A throwaway HOME, so that checking an executable never touches the real one.
scratch_home=$(mktemp -d)
trap 'rm -rf "$scratch_home"' EXIT

claude_works() {
  local out
  out=$(env HOME="$scratch_home" CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
    "$1" --version </dev/null 2>/dev/null) || return 1
  [ "${out%% *}" = "$CLAUDE_VERSION" ]
}

npm_install() { # PREFIX SPEC [extra npm flags...]
  local prefix=$1 spec=$2
  shift 2
  # A prefix holding another version is wiped, so each install starts clean.
  rm -rf "$prefix"
  mkdir -p "$prefix"
  log "npm install $spec into $prefix"
  local start=$SECONDS
  npm install --prefix "$prefix" "$spec" --prefer-online --no-audit --no-fund \
    --no-update-notifier "$@" </dev/null >&2 || die "npm install $spec failed"
  log "installed $spec in $((SECONDS - start))s"
}

# --- Claude Code ---------------------------------------------------------------
# The package is a small wrapper: the real CLI is a native executable shipped in
# a per-platform optional dependency (@anthropic-ai/claude-code-linux-x64, ...),
# itself an npm package, and the wrapper's postinstall (install.cjs) only links
# or copies that executable over the placeholder bin/claude.exe; it downloads
# nothing. We install with --ignore-scripts and run install.cjs ourselves: npm
# 11 warns about dependency install scripts not approved in "allowScripts" and
# is moving towards not running them, and a user config may set
# ignore-scripts=true; either would leave the placeholder, which only prints
# "claude native binary not installed" and exits 1. --include=optional guards
# against a config that omits optional dependencies (which hold the binary).
# The package declares engines node >= 22; the EBADENGINE warning on node 20 is
# harmless, as node only runs install.cjs.
CLAUDE_PREFIX=$DIR/claude-code
CLAUDE_PKG_DIR=$CLAUDE_PREFIX/node_modules/@anthropic-ai/claude-code
CLAUDE_BIN=$CLAUDE_PREFIX/node_modules/.bin/claude
if [ "$(installed_version "$CLAUDE_PREFIX" @anthropic-ai/claude-code)" = "$CLAUDE_VERSION" ] \
  && claude_works "$CLAUDE_BIN"; then
  log "@anthropic-ai/claude-code@$CLAUDE_VERSION already installed"
else
  npm_install "$CLAUDE_PREFIX" "@anthropic-ai/claude-code@$CLAUDE_VERSION" \
    --ignore-scripts --include=optional
  (cd "$CLAUDE_PKG_DIR" && node install.cjs </dev/null >&2) \
    || die "linking the native claude executable (install.cjs) failed"
  claude_works "$CLAUDE_BIN" \
    || die "$CLAUDE_BIN --version does not print $CLAUDE_VERSION (is there a native package for $(uname -sm)?)"
fi

# --- Gemini CLI ----------------------------------------------------------------
# A plain node bundle (bundle/gemini.js). Its install scripts belong to optional
# native dependencies that the validator never loads: @github/keytar (OS
# keychain for credentials; copies a prebuilt addon) and node-pty (interactive
# shell tool; "node-gyp rebuild", which compiles C++ and, without local node
# headers, tries to download them from nodejs.org, a host this machine cannot
# reach). --ignore-scripts skips both: faster, no compiler needed, and the CLI
# falls back to what it does without them.
GEMINI_PREFIX=$DIR/gemini-cli
GEMINI_BIN=$GEMINI_PREFIX/node_modules/.bin/gemini
if [ "$(installed_version "$GEMINI_PREFIX" @google/gemini-cli)" = "$GEMINI_VERSION" ] \
  && [ -x "$GEMINI_BIN" ]; then
  log "@google/gemini-cli@$GEMINI_VERSION already installed"
else
  npm_install "$GEMINI_PREFIX" "@google/gemini-cli@$GEMINI_VERSION" --ignore-scripts
  out=$(cd "$scratch_home" && env HOME="$scratch_home" GEMINI_CLI_NO_RELAUNCH=true \
    "$GEMINI_BIN" --version </dev/null 2>/dev/null) || true
  [ "$out" = "$GEMINI_VERSION" ] \
    || die "$GEMINI_BIN --version printed '$out', not $GEMINI_VERSION"
fi

# --- Qwen Code -----------------------------------------------------------------
# A plain node bundle (cli.js and chunks/), like Gemini CLI's, from which it
# was forked. Its install scripts belong to optional native dependencies a
# headless run never loads (node-pty for the interactive shell, a clipboard
# addon, audio capture, sharp for images): --ignore-scripts skips them. The
# package declares engines node >= 22; on node 20 npm warns (EBADENGINE) and
# the headless run the tests make works all the same.
QWEN_PREFIX=$DIR/qwen-code
QWEN_BIN=$QWEN_PREFIX/node_modules/.bin/qwen
if [ "$(installed_version "$QWEN_PREFIX" @qwen-code/qwen-code)" = "$QWEN_VERSION" ] \
  && [ -x "$QWEN_BIN" ]; then
  log "@qwen-code/qwen-code@$QWEN_VERSION already installed"
else
  npm_install "$QWEN_PREFIX" "@qwen-code/qwen-code@$QWEN_VERSION" --ignore-scripts
  out=$(cd "$scratch_home" && env HOME="$scratch_home" QWEN_USAGE_STATISTICS_ENABLED=false \
    "$QWEN_BIN" --version </dev/null 2>/dev/null) || true
  [ "$out" = "$QWEN_VERSION" ] \
    || die "$QWEN_BIN --version printed '$out', not $QWEN_VERSION"
fi

printf 'claude=%s\n' "$CLAUDE_BIN"
printf 'gemini=%s\n' "$GEMINI_BIN"
printf 'qwen=%s\n' "$QWEN_BIN"
