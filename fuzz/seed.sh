#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the test fixtures, the shared bench
# payloads and the demo session, plus a few hand-written inputs for the
# targets no fixture feeds (tool arguments, command lines). Idempotent:
# a seed is named after its source, so running it again rewrites the same
# files. Files over 4 KiB are left out to keep the committed seeds small.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/fuzz/corpus"
max=4096
shared="${TACKLE_SHARED:-$root/../shared}"

seed() { # seed TARGET NAME < content
    mkdir -p "$corpus/$1"
    cat > "$corpus/$1/$2"
}

small() { [ "$(wc -c < "$1")" -le "$max" ]; }

# Every agent's events: `<agent> <Event>` on the first line, then stdin.
for dir in "$root"/tests/fixtures/agents/*/; do
    agent="$(basename "$dir")"
    for file in "$dir"*.json; do
        case "$file" in *.reply.json) continue ;; esac
        small "$file" || continue
        name="$(basename "$file")"
        { printf '%s %s\n' "$agent" "${name%%.*}"; cat "$file"; } | seed hook_event "$agent-$name"
    done
done
for file in "$shared"/bench/payloads/*.json; do
    [ -f "$file" ] || continue
    { printf 'claude PreToolUse\n'; cat "$file"; } | seed hook_event "bench-$(basename "$file")"
done

# Declarative plugins: SuperQode manifests, JSON hooks files.
declarative="$root/tests/fixtures/declarative"
for file in "$declarative"/*/*/plugin.json; do
    case "$file" in */.claude-plugin/*) continue ;; esac
    seed plugin_json "$(basename "$(dirname "$file")").json" < "$file"
done
for file in "$declarative"/*/*.json "$declarative"/*/*/hooks/hooks.json "$declarative"/*/*/.claude-plugin/plugin.json; do
    [ -f "$file" ] || continue
    rel="${file#"$declarative"/}"
    seed hooks_json "${rel//\//-}" < "$file"
done

# Skill files (frontmatter and body).
while IFS= read -r file; do
    small "$file" || continue
    rel="${file#"$root"/}"
    seed skill_frontmatter "${rel//\//-}" < "$file"
done < <(find "$root/tests/ui/skills" "$root/tests/fixtures/declarative" "$root/examples" \
    -name '*.md' \( -path '*/skills/*' \) -not -path '*/target/*' | sort)

# Transcripts and event logs, as `replay` reads them.
for file in "$root"/tests/fixtures/replay/*.jsonl "$root"/examples/demo/session/*.jsonl; do
    [ -f "$file" ] || continue
    # Only the first lines of a long session: the fuzzer mutates lines.
    head -c "$max" "$file" | seed replay_lines "$(basename "$file")"
done

# Tool calls: the tool's name, then its JSON arguments.
printf 'word_count\n{"text": "a b\\nc"}' | seed tool_args word_count
printf 'complexity\n{"code": "if a && b { for x in y {} }"}' | seed tool_args complexity
printf 'search\n{"needle": "fn", "path": ".", "ignore_case": true, "max_matches": 3}' | seed tool_args search
printf 'head\n{"path": "skills/ok.md", "lines": 2}' | seed tool_args head
printf 'count_lines\n{"path": "skills/ok.md"}' | seed tool_args count_lines
printf 'tree_stats\n{"dir": ".", "extensions": ["md"], "max_files": 5}' | seed tool_args tree_stats

# Slash commands, against `slash` and `metrics` (tests/plugins/slash).
printf '/greet Ann --shout --times 2' | seed command_line greet
printf "/hi 'Ann Lee'" | seed command_line hi
printf '/schedule backup --when tonight --budget 0.25 --label a --label b --extra {"a":1}' | seed command_line schedule
printf '/tangled a b c' | seed command_line tangled
printf '/whoami' | seed command_line whoami
printf '/count' | seed command_line count
printf '/fail' | seed command_line fail
printf '/loc README.md --summary' | seed command_line loc
printf '/largest . --top 3 --ext rs --format json' | seed command_line largest
printf '/greet --help' | seed command_line help

# MCP client lines: a session's messages, calls with progress tokens and
# escapes, a client's answer to an elicitation, and near misses.
mcp() { printf '%s' "$2" | seed mcp_line "$1"; }
mcp initialize '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"c","version":"1"}}}'
mcp initialized '{"jsonrpc":"2.0","method":"notifications/initialized"}'
mcp list '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"x"}}'
mcp call '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}'
mcp call-progress '{"jsonrpc":"2.0","id":"c-4","method":"tools/call","params":{"name":"echo","arguments":{"text":"a\"b\u00e9"},"_meta":{"progressToken":7}}}'
mcp call-no-name '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}'
mcp cancelled '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"user"}}'
mcp elicit-answer '{"jsonrpc":"2.0","id":0,"result":{"action":"accept","content":{"ok":true}}}'
mcp discover '{"jsonrpc":"2.0","id":6,"method":"server/discover"}'
mcp old-version '{"jsonrpc":"1.0","id":7,"method":"ping"}'
mcp bom $'\xef\xbb\xbf{"jsonrpc":"2.0","id":8,"method":"ping"}\r'

du -sh "$corpus" | sed 's/^/seed corpus: /'
