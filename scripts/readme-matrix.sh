#!/usr/bin/env bash
# Regenerates the README's coverage matrix from the table in code
# (`adapters --markdown`); tests/tests/readme.rs fails when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
matrix="$(cargo run -q -p example-host -- adapters --markdown)"
MATRIX="$matrix" python3 - <<'PY'
import os
path = "README.md"
text = open(path, encoding="utf-8").read()
start, end = "<!-- coverage:start -->\n", "<!-- coverage:end -->"
a = text.index(start) + len(start)
b = text.index(end, a)
open(path, "w", encoding="utf-8").write(text[:a] + os.environ["MATRIX"] + "\n" + text[b:])
PY
