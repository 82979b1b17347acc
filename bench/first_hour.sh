#!/usr/bin/env bash
# The first hour, as the README gives it to a new user: a clean clone of
# this checkout's HEAD, the demo, the `tackle` command, `tackle new` and
# its first `cargo test`, the hook-only build and the export to Claude
# Code, one after the other. For each step: wall time, CPU time (user +
# system, of the step and everything it started) and the disk the clone,
# the project and the installed command hold after it. Then the exported
# package's hook answers a `git commit --no-verify` with a deny, as Claude
# Code runs it, and `claude plugin validate` checks the package when the
# project's scripts installed Claude Code (TACKLE_AGENT_CLIS_DIR).
#
# Crates come from Cargo's cache when they are there (a fresh machine
# downloads them first). WORK (default: a new temporary folder) holds the
# clone; it is left for a look, and removed on the next run.
set -euo pipefail
checkout="$(cd "$(dirname "$0")/.." && pwd)"
work="${WORK:-$(mktemp -d -t first-hour.XXXXXX)}"
rm -rf "$work" && mkdir -p "$work"
# The user's environment, without what this checkout's builds set.
unset CARGO_TARGET_DIR CARGO_PROFILE_DEV_DEBUG CARGO_INCREMENTAL RUSTFLAGS
export TACKLE_HOME="$work/tackle-home" # `tackle new`'s trust list, kept apart

clone="$work/tackle"
bin="$work/bin"
project="$work/my-plugin"
mib() { du -sm "$@" 2>/dev/null | awk '{s += $1} END {print s}'; }
total_wall=0
total_cpu=0
printf '| step | wall | CPU (user + system) | disk after |\n| --- | --- | --- | --- |\n'
step() {
    local name="$1" dir="$2"
    shift 2
    local times log
    times=$(mktemp)
    log="$work/log.$(echo "$name" | tr -c 'a-z0-9-\n' '_')"
    (cd "$dir" && /usr/bin/time -f '%e %U %S' -o "$times" "$@") > "$log" 2>&1 ||
        { echo "step \`$name\` failed: $log" >&2; tail -20 "$log" >&2; exit 1; }
    read -r wall user sys < "$times"
    rm -f "$times"
    local cpu
    cpu=$(echo "$user + $sys" | bc)
    total_wall=$(echo "$total_wall + $wall" | bc)
    total_cpu=$(echo "$total_cpu + $cpu" | bc)
    printf '| %s | %.0f s | %.0f s | %s MiB |\n' "$name" "$wall" "$cpu" "$(mib "$clone" "$project" "$bin")"
}

step "git clone" "$work" git clone -q "$checkout" "$clone"
step "cargo run -p demo" "$clone" cargo run -q -p demo -- --plain
step "cargo install --locked --path cli" "$clone" cargo install -q --locked --path cli --root "$bin"
step "tackle new my-plugin" "$work" "$bin/bin/tackle" new my-plugin
step "cargo test" "$project" cargo test -q
step "cargo build-hook" "$project" cargo build-hook
step "export claude dist/claude" "$project" cargo run -q -p my-plugin-host -- export claude dist/claude
printf '| all | %.0f s | %.0f s | %s MiB |\n' "$total_wall" "$total_cpu" "$(mib "$clone" "$project" "$bin")"

# The package works as Claude Code runs it: the hook command its
# hooks.json names, with a refused commit on stdin.
hook=$(python3 -c '
import json, shlex, sys
hook = json.load(open(sys.argv[1]))["hooks"]["PreToolUse"][0]["hooks"][0]
print(" ".join([hook["command"]] + [shlex.quote(a) for a in hook.get("args", [])]))' \
    "$project/dist/claude/hooks/hooks.json")
event='{"session_id": "first", "cwd": ".", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git commit --no-verify -m x"}}'
reply=$(cd "$project" && echo "$event" | CLAUDE_PLUGIN_ROOT="$project/dist/claude" sh -c "$hook")
case "$reply" in
*'"deny"'*) echo "the package's hook refuses \`git commit --no-verify\`: $reply" ;;
*) echo "the package's hook did not refuse: $reply" >&2; exit 1 ;;
esac
ls -l "$project/dist/claude/bin"
claude="${TACKLE_AGENT_CLIS_DIR:-$checkout/target/agent-clis}/claude-code/node_modules/.bin/claude"
if [ -x "$claude" ]; then
    "$claude" plugin validate "$project/dist/claude"
fi
