#!/usr/bin/env bash
# Installs the servers a fleet of tackle hosts runs on, which the tests
# start for real: Redis (the session store the replicas share,
# tests/tests/session_redis.rs) and haproxy (the balancer in front of them).
# Debian's packages, pinned to the versions the tests were written against:
#
#   redis-server  5:7.0.15-1~deb12u10   (/usr/bin/redis-server, redis-cli)
#   haproxy       2.6.12-1+deb12u4      (/usr/sbin/haproxy: not on a user's PATH)
#
# Re-running is cheap: what is installed is left alone (another version is
# used as it is, with a note). Missing, it is installed with apt-get
# (`--no-install-recommends`), which needs root; without root the script
# says what to run and exits 1 (the tests then say how to skip them
# locally: TACKLE_SKIP_FLEET=1). If Debian no longer serves the pinned
# version (a newer security update replaced it), the current one is
# installed, with a note. The packages' own services are not what the
# tests use: each test starts its own servers on loopback ports the kernel
# picks. On success the script prints one line per program on stdout,
# everything else goes to stderr (callers find each by its key):
#
#   redis_server=/usr/bin/redis-server
#   redis_cli=/usr/bin/redis-cli
#   haproxy=/usr/sbin/haproxy
#
# Environment (all optional):
#   TACKLE_REDIS_VERSION    the redis-server package's version (default above)
#   TACKLE_HAPROXY_VERSION  the haproxy package's version (default above)
#
# Reaches only Debian's package mirrors. Non-interactive.
set -euo pipefail

REDIS_VERSION="${TACKLE_REDIS_VERSION:-5:7.0.15-1~deb12u10}"
HAPROXY_VERSION="${TACKLE_HAPROXY_VERSION:-2.6.12-1+deb12u4}"

log() { printf 'install-fleet: %s\n' "$*" >&2; }

# The installed version of package $1, or nothing.
installed() { dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$1" 2>/dev/null | awk '$1 == "ii" { print $2 }'; }

# Packages to install, as apt-get's `name=version`.
wanted=()
for pair in "redis-server=$REDIS_VERSION" "redis-tools=$REDIS_VERSION" "haproxy=$HAPROXY_VERSION"; do
    name="${pair%%=*}" version="${pair#*=}"
    have="$(installed "$name")"
    if [ -z "$have" ]; then
        wanted+=("$pair")
    elif [ "$have" != "$version" ]; then
        log "$name $have is installed (the tests were written against $version): using it"
    fi
done

if [ "${#wanted[@]}" -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        log "missing: ${wanted[*]%%=*}. Install them as root:"
        log "  apt-get install -y --no-install-recommends ${wanted[*]}"
        log "or skip the tests that need them: TACKLE_SKIP_FLEET=1"
        exit 1
    fi
    command -v apt-get > /dev/null || { log "missing ${wanted[*]%%=*}, and no apt-get to install them with"; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    apt_install() { apt-get install -y --no-install-recommends "$@" >&2; }
    log "installing ${wanted[*]}"
    if ! apt_install "${wanted[@]}"; then
        # The package lists may be old or absent on a fresh machine.
        apt-get update >&2
        if ! apt_install "${wanted[@]}"; then
            log "the pinned versions are not served any more: installing the current ones"
            apt_install "${wanted[@]%%=*}"
        fi
    fi
fi

redis_server=/usr/bin/redis-server
redis_cli=/usr/bin/redis-cli
haproxy=/usr/sbin/haproxy
for program in "$redis_server" "$redis_cli" "$haproxy"; do
    [ -x "$program" ] || { log "$program is missing after the install"; exit 1; }
done
log "$("$redis_server" --version | head -n 1)"
log "$("$haproxy" -v | head -n 1)"
printf 'redis_server=%s\n' "$redis_server"
printf 'redis_cli=%s\n' "$redis_cli"
printf 'haproxy=%s\n' "$haproxy"
