#!/usr/bin/env bash
# Installs SuperQode (`superqode` from PyPI) in a venv, so that tests can
# check an exported SuperQode plugin with SuperQode's own validator and load
# it with SuperQode's own plugin loader (tests/tests/export_superqode.rs):
#
#   superqode plugins validate DIR/plugin.json     (the real CLI)
#   python tests/superqode/load_plugin.py ...      (its loader, tools and hooks)
#
# The venv is target/superqode-venv/ (ignored by git through /target),
# wherever the script is run from. Re-running is cheap: a venv that already
# holds the wanted version is left alone (about 0.1 s); another version, or a
# venv whose interpreter is gone, is installed again from scratch. On success
# the script prints exactly two lines on stdout, everything else goes to
# stderr:
#
#   python=/abs/path/to/target/superqode-venv/bin/python
#   superqode=/abs/path/to/target/superqode-venv/bin/superqode
#
# Environment (all optional):
#   TACKLE_SUPERQODE_VERSION  version of superqode (default below)
#   TACKLE_SUPERQODE_VENV     the venv (default: <repo>/target/superqode-venv)
#   TACKLE_PYTHON312          the interpreter to make the venv with (default:
#                             the first that is >= 3.12 and has the venv and
#                             ensurepip modules, of: python3.12, python3.13,
#                             python3.14, python3 on PATH, then pyenv's
#                             versions ($(pyenv root)/versions/3.1[2-9]*, and
#                             /root/.pyenv/versions/3.1[2-9]*))
#
# SuperQode needs Python >= 3.12 (its `Requires-Python`). Reaches only PyPI
# (about 40 s the first time). Non-interactive (reads no stdin), so it runs
# as is in CI (CI=true, fresh clone).
set -euo pipefail

SUPERQODE_VERSION=${TACKLE_SUPERQODE_VERSION:-2.25.0}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=${TACKLE_SUPERQODE_VENV:-$ROOT/target/superqode-venv}

log() { printf 'install-superqode: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# absolute PATH: PATH made absolute, its parent created.
absolute() {
  mkdir -p "$(dirname "$1")"
  printf '%s/%s\n' "$(cd "$(dirname "$1")" && pwd)" "$(basename "$1")"
}
VENV=$(absolute "$VENV")
PY=$VENV/bin/python
CLI=$VENV/bin/superqode

# Two test processes may run this at once: let one install while the other waits.
if command -v flock >/dev/null; then
  exec 9>"$VENV.lock"
  flock 9
fi

# installed_version: the version of superqode in the venv, or nothing (also
# when the venv's interpreter no longer runs). Reads the package's metadata
# only: importing superqode takes seconds.
installed_version() {
  [ -x "$PY" ] && [ -x "$CLI" ] || return 0
  "$PY" -c 'import importlib.metadata as m; print(m.version("superqode"))' </dev/null 2>/dev/null || true
}

# The interpreter to make the venv with. A pyenv or asdf shim is resolved to
# the interpreter it runs (sys.executable), so that the venv points at a real
# Python; a shim that runs no interpreter (pyenv's `python3.12` when 3.12 is
# not the selected version) is skipped.
PROBE='
import sys
if sys.version_info < (3, 12):
    print(f"{sys.executable}: Python {sys.version.split()[0]} is older than 3.12")
    sys.exit(1)
try:
    import venv, ensurepip
except ImportError as e:
    print(f"{sys.executable}: no {e.name} module (Debian and Ubuntu: apt-get install python3.12-venv)")
    sys.exit(1)
print(sys.executable)
'
# real_python CANDIDATE: prints the real interpreter's path, or fails with the
# reason on stdout.
real_python() {
  local exe out
  exe=$(command -v "$1" 2>/dev/null) || { echo "$1: not found"; return 1; }
  if out=$("$exe" -c "$PROBE" </dev/null 2>/dev/null); then
    echo "$out"
  else
    echo "${out:-$exe: does not run}"
    return 1
  fi
}

find_python() {
  local candidates=()
  if [ -n "${TACKLE_PYTHON312:-}" ]; then
    candidates=("$TACKLE_PYTHON312")
  else
    candidates=(python3.12 python3.13 python3.14 python3)
    local roots=() root dir minor found=0
    if command -v pyenv >/dev/null && root=$(pyenv root 2>/dev/null); then
      roots+=("$root")
    fi
    roots+=(/root/.pyenv "${HOME:-/nonexistent}/.pyenv")
    for root in "${roots[@]}"; do
      for dir in "$root"/versions/3.1[2-9]*; do
        [ -d "$dir" ] || continue
        minor=${dir##*/}
        minor=${minor%%[!0-9.]*}  # 3.12.1 of 3.12.1t and the like
        minor=$(printf '%s' "$minor" | cut -d. -f1,2)
        candidates+=("$dir/bin/python$minor")
        found=1
      done
    done
  fi
  local candidate out why=()
  if [ -z "${TACKLE_PYTHON312:-}" ] && [ "$found" = 0 ]; then
    local searched
    searched=$(printf '%s/versions, ' "${roots[@]}")
    why+=("pyenv: no version 3.12 or later in ${searched%, }")
  fi
  for candidate in "${candidates[@]}"; do
    if out=$(real_python "$candidate"); then
      printf '%s\n' "$out"
      return 0
    fi
    why+=("$out")
  done
  log "SuperQode needs Python >= 3.12 with the venv module, and none was found:"
  for out in "${why[@]}"; do log "  $out"; done
  die "install Python 3.12 or later (python3.12 and python3.12-venv from your distribution, the deadsnakes PPA on Ubuntu, or \`pyenv install 3.12\`), or set TACKLE_PYTHON312 to such an interpreter"
}

if [ "$(installed_version)" = "$SUPERQODE_VERSION" ]; then
  log "superqode==$SUPERQODE_VERSION already installed in $VENV"
else
  python=$(find_python)
  # A venv holding another version (or a broken one) is wiped, so each
  # install starts clean.
  rm -rf "$VENV"
  log "making a venv with $python ($("$python" -c 'import sys; print(sys.version.split()[0])' </dev/null)) in $VENV"
  start=$SECONDS
  "$python" -m venv "$VENV" </dev/null >&2 || {
    rm -rf "$VENV"
    die "$python -m venv $VENV failed (Debian and Ubuntu: apt-get install python3.12-venv)"
  }
  log "pip install superqode==$SUPERQODE_VERSION"
  "$PY" -m pip install --no-input --disable-pip-version-check --quiet "superqode==$SUPERQODE_VERSION" </dev/null >&2 || {
    rm -rf "$VENV"
    die "pip install superqode==$SUPERQODE_VERSION failed (see pip's output above; it needs PyPI)"
  }
  got=$(installed_version)
  [ "$got" = "$SUPERQODE_VERSION" ] || {
    rm -rf "$VENV"
    die "after pip install, the venv's superqode is '${got:-missing}', not $SUPERQODE_VERSION"
  }
  "$PY" -c 'import superqode.plugins, superqode.tools.base, superqode.agent.hooks' </dev/null >&2 || {
    rm -rf "$VENV"
    die "the venv's superqode==$SUPERQODE_VERSION does not import (see the error above)"
  }
  log "installed superqode==$SUPERQODE_VERSION in $((SECONDS - start))s"
fi

printf 'python=%s\n' "$PY"
printf 'superqode=%s\n' "$CLI"
