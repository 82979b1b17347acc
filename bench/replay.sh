#!/usr/bin/env bash
# How fast `replay` reads a transcript and dispatches it through the hooks:
# the demo binary (eight example plugins linked, release build) replays the
# demo's recorded Claude Code session copied COPIES times (default 200),
# each copy a session of its own (30 events each), in the demo's project
# config. Prints the median wall time and the events per second, with
# --json (the whole report) and with the human timeline.
# Needs hyperfine (Debian's package, or ../shared/bench/setup.sh's copy in
# /tmp/bench/tools/bin). RUNS (default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
copies="${COPIES:-200}"
runs="${RUNS:-20}"
hyperfine="$(command -v hyperfine || echo /tmp/bench/tools/bin/hyperfine)"

cargo build --quiet --release -p demo
bin="$PWD/target/release/demo"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/.tackle"
sed -n '/^pub(crate) const CONFIG: &str = r##"/,/^"##;/p' examples/demo/src/project.rs \
  | sed '1d;$d' > "$work/project/tackle.toml"
session="examples/demo/session/fix-exponents.jsonl"
for i in $(seq "$copies"); do
  # A session id of each copy's own; the cut-off last line once, at the end.
  sed '$d' "$session" | sed "s/7c0d2f4e-93a1-4b8e-a1f6-2d5e0c9b8a31/7c0d2f4e-93a1-4b8e-a1f6-$(printf '%012d' "$i")/g"
done > "$work/big.jsonl"
lines=$(wc -l < "$work/big.jsonl")
events=$(cd "$work/project" && "$bin" replay "$work/big.jsonl" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["events"])')
echo "transcript: $lines lines, $events events in $copies sessions"
for mode in json text; do
  flag=$([ "$mode" = json ] && echo "--json" || echo "--width 120")
  (cd "$work/project" && "$hyperfine" -N -w 2 -r "$runs" --export-json "$work/$mode.json" \
    -n "$mode" "$bin replay $work/big.jsonl $flag" >/dev/null 2>&1)
  python3 - "$work/$mode.json" "$mode" "$events" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
median, events = result["median"], int(sys.argv[3])
print(f"{sys.argv[2]:5}: median {median * 1000:.1f} ms, {events / median:,.0f} events/s, {median / events * 1e6:.1f} us/event")
PY
done
