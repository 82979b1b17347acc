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
# absolute, venv_lock, first_python, install_pinned.
# shellcheck source-path=SCRIPTDIR source=lib/pinned-venv.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"

VENV=$(absolute "$VENV")
PY=$VENV/bin/python
CLI=$VENV/bin/superqode
VENV_HINT='Debian and Ubuntu: apt-get install python3.12-venv'

venv_lock "$VENV"

# The interpreter to make the venv with (see first_python): TACKLE_PYTHON312,
# or the first that will do on PATH or among pyenv's versions.
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
  if [ -z "${TACKLE_PYTHON312:-}" ] && [ "$found" = 0 ]; then
    local searched
    searched=$(printf '%s/versions, ' "${roots[@]}")
    PYTHON_WHY+=("pyenv: no version 3.12 or later in ${searched%, }")
  fi
  first_python 3.12 "$VENV_HINT" \
    "SuperQode needs Python >= 3.12 with the venv module, and none was found:" \
    "install Python 3.12 or later (python3.12 and python3.12-venv from your distribution, the deadsnakes PPA on Ubuntu, or \`pyenv install 3.12\`), or set TACKLE_PYTHON312 to such an interpreter" \
    "${candidates[@]}"
}

install_pinned "$VENV" superqode "$SUPERQODE_VERSION" \
  'import superqode.plugins, superqode.tools.base, superqode.agent.hooks' \
  "$VENV_HINT" find_python superqode

printf 'python=%s\n' "$PY"
printf 'superqode=%s\n' "$CLI"
