#!/usr/bin/env bash
# The pairs of repeated code in the product: each crate's src/, without its
# unit tests (test files, test folders and `#[cfg(test)] mod` blocks),
# counted by the `duplicates` tool of the tool library.
# Usage: bash scripts/product-duplicates.sh [--rev REV] [--most N]
# (--rev counts the tree of a past commit instead of the working tree.)
set -euo pipefail
cd "$(dirname "$0")/.."
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
tree=.
if [ "${1:-}" = "--rev" ]; then
  mkdir "$copy/tree"
  git archive "$2" | tar -x -C "$copy/tree"
  tree="$copy/tree"
  shift 2
fi
mkdir "$copy/src"
for crate in sdk macros shell host agents mcp runtime providers spec stores/redis cli; do
  if [ -d "$tree/$crate/src" ]; then
    mkdir -p "$copy/src/$crate"
    cp -r "$tree/$crate/src" "$copy/src/$crate/"
  fi
done
find "$copy/src" -name '*tests*.rs' -delete
find "$copy/src" -type d -name tests -prune -exec rm -rf {} +
# A unit-test module inside a source file: from its `#[cfg(test)]` line to
# the `}` that closes it at the start of a line.
find "$copy/src" -name '*.rs' -exec python3 -c '
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    cut = re.sub(r"(?ms)^#\[cfg\(test\)\]\n(?:pub(?:\([a-z]+\))? )?mod \w+ \{\n.*?^\}\n?", "", text)
    if cut != text:
        open(path, "w").write(cut)
' {} +
cd "$copy/src" && duplicates --seconds 200 "$@"
