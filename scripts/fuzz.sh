#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS_PER_TARGET (default 60) and
# prints, per target: executions, time, executions per second, coverage,
# inputs the run added to its corpus, peak memory, and crashes, timeouts
# and OOMs found. The report is also written to fuzz/last-run.txt.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Needs cargo-fuzz; installs it into target/fuzz-tools when it is missing.
# Builds without a sanitizer (`-s none`: the runtime has no unsafe code,
# and the two cores go further without ASan's cost), with debug assertions
# and overflow checks. Each target starts from the committed seeds in
# fuzz/corpus/<target>/ and grows a working corpus in target/fuzz-corpus/
# (not committed). A finding is saved in fuzz/artifacts/<target>/; once
# fixed, move it to fuzz/regressions/<target>/, where
# tests/tests/fuzz_regressions.rs replays it on stable.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
case "$seconds" in
    '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2; exit 2 ;;
esac

tools="$root/target/fuzz-tools"
fuzz="$tools/bin/cargo-fuzz"
if ! [ -x "$fuzz" ]; then
    if command -v cargo-fuzz > /dev/null; then
        fuzz="$(command -v cargo-fuzz)"
    else
        echo "installing cargo-fuzz into $tools" >&2
        cargo install --locked cargo-fuzz --root "$tools" >&2
    fi
fi

cd "$root/fuzz"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <("$fuzz" list)
fi
build=(-s none --target-dir "$root/target/fuzz")
"$fuzz" build "${build[@]}" >&2
bin="$root/target/fuzz/$(rustc -vV | sed -n 's/^host: //p')/release"

logs="$root/target/fuzz-logs"
mkdir -p "$logs"
report="$(mktemp)"
{
    echo "tackle fuzz run: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)"
    echo "command: scripts/fuzz.sh $seconds${*:+ $*}"
    echo "build: cargo-fuzz $("$fuzz" --version | awk '{print $2}'), $(rustc --version | awk '{print $1, $2}'), -s none, debug assertions on"
    printf '%-18s %12s %8s %9s %8s %8s %7s %s\n' target executions time_s exec/s cov new_inputs rss_mb findings
} > "$report"

failed=0
for target in "${targets[@]}"; do
    work="$root/target/fuzz-corpus/$target"
    artifacts="$root/fuzz/artifacts/$target"
    mkdir -p "$work" "$artifacts"
    before="$(find "$artifacts" -type f -printf '%f\n' | sort)"
    log="$logs/$target.log"
    start="$(date +%s)"
    set +e
    # The binary itself, built once above: `cargo fuzz run` would rebuild
    # whenever the sources changed meanwhile, and count that as run time.
    "$bin/$target" "$work" "$root/fuzz/corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" > "$log" 2>&1
    code=$?
    set -e
    elapsed=$(($(date +%s) - start))
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    execs="$(stat number_of_executed_units)"
    rate="$(stat average_exec_per_sec)"
    added="$(stat new_units_added)"
    cov="$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')"
    new="$(comm -13 <(echo "$before") <(find "$artifacts" -type f -printf '%f\n' | sort) | grep . || true)"
    if [ "$code" -ne 0 ] || [ -n "$new" ]; then
        failed=1
        what="$(echo "$new" | grep -c . || true) found: $(echo $new | head -c 200) (exit $code, log $log)"
    else
        what="none"
    fi
    printf '%-18s %12s %8s %9s %8s %8s %7s %s\n' "$target" "${execs:-?}" "$elapsed" "${rate:-?}" \
        "${cov:-?}" "${added:-?}" "$(stat peak_rss_mb)" "$what" | tee -a "$report" >&2
done

cp "$report" "$root/fuzz/last-run.txt"
rm -f "$report"
cat "$root/fuzz/last-run.txt"
exit "$failed"
