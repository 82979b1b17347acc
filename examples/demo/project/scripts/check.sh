#!/bin/sh
# Builds and runs the calculator on a few inputs.
set -eu
for expr in "1 + 2" "2 * 3 + 4" "10 / 4"; do
    cargo run -q -- "$expr"
done
