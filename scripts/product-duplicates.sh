#!/usr/bin/env bash
# The pairs of repeated code in the product: each crate's src/, without its
# unit-test files, counted by the `duplicates` tool of the tool library.
# Usage: bash scripts/product-duplicates.sh [--most N]
set -euo pipefail
cd "$(dirname "$0")/.."
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
for crate in sdk macros shell host agents mcp runtime providers spec stores/redis cli; do
  mkdir -p "$copy/$crate"
  cp -r "$crate/src" "$copy/$crate/"
done
find "$copy" -name '*tests*.rs' -delete
find "$copy" -type d -name tests -prune -exec rm -rf {} +
cd "$copy" && duplicates --seconds 200 "$@"
