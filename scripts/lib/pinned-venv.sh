# shellcheck shell=bash
# A venv holding one pinned package from PyPI, for the install scripts that
# tests run (scripts/install-superqode.sh, scripts/install-mcp-client.sh).
# Sourced, not run:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib/pinned-venv.sh"
#
# The script that sources it defines `log MESSAGE` (to stderr, with the
# script's name) and `die MESSAGE` (logs "error: MESSAGE", exits 1) first;
# these functions use them. Everything they print goes to stderr, except the
# results documented as printed on stdout.

# absolute PATH: PATH made absolute, its parent created.
absolute() {
  mkdir -p "$(dirname "$1")"
  printf '%s/%s\n' "$(cd "$(dirname "$1")" && pwd)" "$(basename "$1")"
}

# venv_lock VENV: holds VENV.lock (on fd 9) until the script ends. Two test
# processes may run a script at once: one installs while the other waits.
# Without flock (macOS), nothing is locked.
venv_lock() {
  if command -v flock >/dev/null; then
    exec 9>"$1.lock"
    flock 9
  fi
}

# venv_package_version VENV PACKAGE [BIN...]: the version of PACKAGE in the
# venv, or nothing (also when the venv's interpreter no longer runs, say its
# base Python was removed, or one of the venv's bin/BIN is missing). Reads
# the package's metadata only: importing a package can take seconds.
venv_package_version() {
  local venv=$1 package=$2 bin
  shift 2
  for bin in python "$@"; do
    [ -x "$venv/bin/$bin" ] || return 0
  done
  "$venv/bin/python" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$package" </dev/null 2>/dev/null || true
}

# The interpreter to make a venv with. A pyenv or asdf shim is resolved to
# the interpreter it runs (sys.executable), so that the venv points at a real
# Python, not at a shim that may pick another version tomorrow; a shim that
# runs no interpreter (pyenv's `python3.12` when 3.12 is not the selected
# version) is skipped. Arguments: the minimum version (3.12) and the hint for
# a missing module (Debian and Ubuntu: apt-get install python3.12-venv).
PINNED_VENV_PROBE='
import sys
minimum = sys.argv[1]
if sys.version_info < tuple(int(n) for n in minimum.split(".")):
    print(f"{sys.executable}: Python {sys.version.split()[0]} is older than {minimum}")
    sys.exit(1)
try:
    import venv, ensurepip
except ImportError as e:
    print(f"{sys.executable}: no {e.name} module ({sys.argv[2]})")
    sys.exit(1)
print(sys.executable)
'

# real_python MIN HINT CANDIDATE: prints the real interpreter's path when
# CANDIDATE (a command or a path) is Python >= MIN with the venv and ensurepip
# modules, or fails with the reason on stdout (HINT: how to get a missing
# module).
real_python() {
  local exe out
  exe=$(command -v "$3" 2>/dev/null) || { echo "$3: not found"; return 1; }
  if out=$("$exe" -c "$PINNED_VENV_PROBE" "$1" "$2" </dev/null 2>/dev/null); then
    echo "$out"
  else
    echo "${out:-$exe: does not run}"
    return 1
  fi
}

# Reasons found before trying the candidates (say, no pyenv version), which
# first_python lists first when none of the candidates will do.
PYTHON_WHY=()

# first_python MIN HINT NEED ADVICE CANDIDATE...: prints the real
# interpreter of the first CANDIDATE that real_python accepts. When none
# does, logs NEED, then why each was refused (after PYTHON_WHY), and dies
# with ADVICE.
first_python() {
  local min=$1 hint=$2 need=$3 advice=$4 candidate out
  shift 4
  local why=(${PYTHON_WHY[@]+"${PYTHON_WHY[@]}"})
  for candidate in "$@"; do
    if out=$(real_python "$min" "$hint" "$candidate"); then
      printf '%s\n' "$out"
      return 0
    fi
    why+=("$out")
  done
  log "$need"
  for out in ${why[@]+"${why[@]}"}; do log "  $out"; done
  die "$advice"
}

# install_pinned VENV PACKAGE VERSION IMPORTS HINT FIND_PYTHON [BIN...]:
# makes VENV hold PACKAGE==VERSION from PyPI. A venv that already holds it
# (with its bin/BIN) is left alone; otherwise FIND_PYTHON (a function) prints
# the interpreter to make the venv with, and the venv is wiped and made again
# (a venv holding another version, or a broken one: each install starts
# clean), the package installed, its version checked and IMPORTS (a Python
# `import` statement) run. Any failure removes the venv and dies. HINT: how
# to get the venv module (Debian and Ubuntu: apt-get install python3-venv).
install_pinned() {
  local venv=$1 package=$2 version=$3 imports=$4 hint=$5 find_python=$6
  shift 6
  local py=$venv/bin/python python start got
  if [ "$(venv_package_version "$venv" "$package" "$@")" = "$version" ]; then
    log "$package==$version already installed in $venv"
    return 0
  fi
  python=$("$find_python")
  rm -rf "$venv"
  log "making a venv with $python ($("$python" -c 'import sys; print(sys.version.split()[0])' </dev/null)) in $venv"
  start=$SECONDS
  "$python" -m venv "$venv" </dev/null >&2 || {
    rm -rf "$venv"
    die "$python -m venv $venv failed ($hint)"
  }
  log "pip install $package==$version"
  "$py" -m pip install --no-input --disable-pip-version-check --quiet "$package==$version" </dev/null >&2 || {
    rm -rf "$venv"
    die "pip install $package==$version failed (see pip's output above; it needs PyPI)"
  }
  got=$(venv_package_version "$venv" "$package" "$@")
  [ "$got" = "$version" ] || {
    rm -rf "$venv"
    die "after pip install, the venv's $package is '${got:-missing}', not $version"
  }
  "$py" -c "$imports" </dev/null >&2 || {
    rm -rf "$venv"
    die "the venv's $package==$version does not import (see the error above)"
  }
  log "installed $package==$version in $((SECONDS - start))s"
}
