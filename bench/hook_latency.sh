#!/usr/bin/env bash
# tackle's hook binary against the Python, Node and hand-written Rust hooks,
# in one run of ../shared/bench/hook_latency.sh (the fourth candidate).
#
# Builds the reference policy's host (bench/policy) with the `hook` profile,
# exports it as a Claude Code plugin, and times the exported binary as Claude
# Code runs it: `bin/tackle-policy-hook hook claude PreToolUse`, the event on
# stdin. Needs ../shared/bench/setup.sh run once (SKIP_SUPERQODE=1 is enough).
# Extra environment (RUNS, ROUNDS, PIN, ...) goes to the shared harness.
#
# LINK=static (the default) links the binary as a project's `cargo
# build-hook` and its release workflow ship it on Linux: static and
# position-dependent, so no dynamic loader runs at start (needs glibc's
# static library, libc6-dev). LINK=dynamic times the ordinary `cargo build`.
set -euo pipefail
cd "$(dirname "$0")/.."
shared="${SHARED_BENCH:-../shared/bench}"
out="${EXPORT_DIR:-/tmp/tackle-bench-claude}"
target="${CARGO_TARGET_DIR:-target}"
link="${LINK:-static}"

case "$link" in
  static)
    # The flags reach the final crate only; with the profile's fat LTO
    # that is the whole program, and the dependencies are the dynamic
    # build's.
    cargo rustc --quiet --profile hook -p bench-policy --bin tackle-policy-hook -- \
      -C target-feature=+crt-static -C relocation-model=static
    ;;
  dynamic)
    cargo build --quiet --profile hook -p bench-policy
    ;;
  *)
    echo "LINK must be static or dynamic, not \`$link\`" >&2
    exit 2
    ;;
esac
rm -rf "$out"
"$target/hook/tackle-policy-hook" export claude "$out" >/dev/null
HOOK_NAME=tackle exec bash "$shared/hook_latency.sh" \
  "$out/bin/tackle-policy-hook" hook claude PreToolUse
