#!/usr/bin/env bash
# Sustained concurrent hook dispatch (see bench/load/src/main.rs): builds
# `tackle-load` in release mode, runs the concurrency sweep and a sustained
# run with the example plugins, then the same without `audit-logger`, and
# writes both reports to bench/results/<date>/load.txt.
#
#   bash bench/load.sh                 # 60 s sustained, 3 s per sweep step
#   SECONDS_SUSTAINED=10 bash bench/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."

sustained="${SECONDS_SUSTAINED:-60}"
out_dir="bench/results/$(date -u +%Y-%m-%d)"
out="$out_dir/load.txt"
mkdir -p "$out_dir"

cargo build --release -p bench-load --quiet
bin=target/release/tackle-load

{
    echo "# bash bench/load.sh ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -sr))"
    echo
    echo "## example plugins, audit-logger writing to a temp file"
    echo "\$ tackle-load --seconds $sustained"
    "$bin" --seconds "$sustained"
    echo
    echo "## without audit-logger"
    echo "\$ tackle-load --seconds $sustained --no-audit"
    "$bin" --seconds "$sustained" --no-audit
} | tee "$out"
echo "written to $out" >&2
