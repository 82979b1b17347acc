#!/usr/bin/env bash
# `cargo publish --dry-run` for every publishable crate of the workspace
# (the library crates and `tackle-cli`: those whose manifest does not say
# `publish = false`), in dependency order: each is packaged as crates.io
# would receive it, its manifest checked as crates.io checks it, and its
# .crate built on its own against crates.io's dependencies, the other
# crates of this run taking the place of their unpublished versions.
# Nothing is uploaded.
#
#   bash scripts/package.sh                 # package and verify (minutes: each crate built again)
#   bash scripts/package.sh --no-verify     # package only (seconds)
#   bash scripts/package.sh --allow-dirty   # from a working tree with changes
#
# Arguments go to `cargo publish`.
set -euo pipefail
cd "$(dirname "$0")/.."

# `--workspace` alone would take the examples, tests and benches too,
# whose path dependencies carry no version: ask cargo which members may be
# published instead of keeping a list here.
mapfile -t crates < <(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["publish"] != []:
        print(p["name"] + "-" + p["version"])
')
[ "${#crates[@]}" -gt 0 ] || { echo "no publishable crate in the workspace" >&2; exit 1; }
echo "publishing (dry run): ${crates[*]}"

# cargo extracts each .crate of the run's temporary registry under
# $CARGO_HOME/registry/src/<hash of target/package/tmp-registry>/ and, on a
# later run from the same folder, reuses what it extracted before, though
# the .crate changed (same name and version): remove our crates' copies
# from such local registries (crates.io's own folders are left alone).
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
for crate in "${crates[@]}"; do
    find "$cargo_home/registry/src" -mindepth 2 -maxdepth 2 -type d -name "$crate" \
        -not -path "*/index.crates.io-*/*" -exec rm -rf {} + 2>/dev/null || true
done

args=()
for crate in "${crates[@]}"; do args+=(-p "${crate%-*}"); done
cargo publish --workspace --dry-run "${args[@]}" "$@"
echo "${#crates[@]} crates pass cargo publish --dry-run"
