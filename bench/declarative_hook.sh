#!/usr/bin/env bash
# What declarative plugins cost the hook process: the reference policy's
# hook binary (bench/policy, `hook` profile) on the harness's deny event,
# as Claude Code runs it, in three projects:
#   none      no plugin folders at all (what every hook process now checks)
#   declared  .tackle/plugins with two plugins from the test fixtures: an
#             OpenSage JSON file (a command hook on Edit|Write and a prompt
#             on `Bash(git push*)`, neither matching the event) and a
#             SuperQode folder (three permission rules, a skill, a context
#             file), in a trusted project
# Needs hyperfine (Debian's package, or ../shared/bench/setup.sh's copy in
# /tmp/bench/tools/bin). RUNS (default 300) and ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-300}"
rounds="${ROUNDS:-3}"
hyperfine="$(command -v hyperfine || echo /tmp/bench/tools/bin/hyperfine)"
payload="$(realpath "${SHARED_BENCH:-../shared/bench}")/payloads/pretooluse_deny.json"
fixtures="$PWD/tests/fixtures/declarative/valid"

cargo build --quiet --profile hook -p bench-policy
bin="$PWD/target/hook/tackle-policy-hook"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/none" "$work/declared/.tackle/plugins" "$work/home"
cat > "$work/declared/.tackle/plugins/careful.json" <<'JSON'
{"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "true"}]},
                {"matcher": "Bash(git push*)", "hooks": [{"type": "prompt", "prompt": "Run the tests before pushing."}]}]}
JSON
cp -r "$fixtures/superqode-reviewer" "$work/declared/.tackle/plugins/"

for project in none declared; do
  for round in $(seq "$rounds"); do
    (cd "$work/$project" && HOME="$work/home" TACKLE_TRUST_PROJECT=1 "$hyperfine" -N -w 30 -r "$runs" \
      --input "$payload" --export-json "$work/$project-$round.json" \
      -n "$project" "$bin hook claude PreToolUse" >/dev/null 2>&1)
    python3 - "$work/$project-$round.json" "$project" "$round" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(f"{sys.argv[2]:9} round {sys.argv[3]}: median {result['median'] * 1000:.3f} ms")
PY
  done
done
