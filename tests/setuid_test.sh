#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# setuid_test.sh - MLKEM_BACKEND cannot switch the library off in a
# privileged process, whose environment a less privileged party may have
# chosen (include/mlkem.h, mlkem_backend_name).
#
# Installs a copy of tests/setuid_probe set-user-ID root in a fresh
# directory under /tmp (the build directory may be closed to other
# users) and runs it as the unprivileged user nobody, so that the kernel
# marks the process AT_SECURE (real user nobody, effective user root):
#  - without MLKEM_BACKEND: the dispatched backend, a working exchange;
#  - with MLKEM_BACKEND=bogus and =portable: the variable is ignored, the
#    same backend as without it, a working exchange.
# Control: a copy without the set-user-ID bit, run as nobody with
# MLKEM_BACKEND=bogus, must still be refused (backend "unavailable"), as
# documented for unprivileged processes, so the variable does reach the
# program.
#
# Skipped (exit 77, with the reason) when not run as root, when there is
# no user nobody or no tool to switch to it (setpriv, runuser or su), or
# when the set-user-ID bit has no effect (a nosuid mount, or no_new_privs).
# Usage: setuid_test.sh PROBE
set -u
probe=$1

skip() {
  echo "setuid_test: SKIPPED: $*"
  exit 77
}
fail() {
  echo "setuid_test: FAIL: $*"
  exit 1
}

[ "$(id -u)" -eq 0 ] ||
  skip "needs root, to install a set-user-ID root program and run it as nobody"
nobody_uid=$(id -u nobody 2>/dev/null) || skip "no user 'nobody'"
nobody_gid=$(id -g nobody 2>/dev/null) || skip "no group for 'nobody'"
[ "$nobody_uid" -ne 0 ] || skip "'nobody' is root here"

# as_nobody VAR=VALUE... PROGRAM: runs PROGRAM as nobody, with only the
# variables given (env -i), so nothing else of this environment counts.
if command -v setpriv >/dev/null 2>&1; then
  as_nobody() {
    setpriv --reuid="$nobody_uid" --regid="$nobody_gid" --clear-groups \
      env -i "$@"
  }
elif command -v runuser >/dev/null 2>&1; then
  as_nobody() { runuser -u nobody -- env -i "$@"; }
elif command -v su >/dev/null 2>&1; then
  as_nobody() {
    # su takes a single command line; the arguments here have no spaces.
    su -s /bin/sh nobody -c "env -i $*"
  }
else
  skip "no setpriv, runuser or su to run a program as nobody"
fi

dir=$(mktemp -d /tmp/mlkem-setuid.XXXXXX) || fail "mktemp"
trap 'rm -rf "$dir"' EXIT
chmod 0755 "$dir"
if command -v findmnt >/dev/null 2>&1 &&
   findmnt -n -o OPTIONS --target "$dir" 2>/dev/null | grep -q 'nosuid'; then
  skip "$dir is on a file system mounted nosuid"
fi
cp "$probe" "$dir/probe-setuid" && cp "$probe" "$dir/probe-plain" ||
  fail "cannot copy $probe to $dir"
chown 0:0 "$dir/probe-setuid" "$dir/probe-plain" || fail "chown"
chmod 4755 "$dir/probe-setuid" && chmod 0755 "$dir/probe-plain" ||
  fail "chmod"

# field LINE NAME: the value of NAME=... in a line of the probe.
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

# Control: unprivileged, the documented behaviour: a forced backend that
# does not exist leaves no backend at all.
line=$(as_nobody MLKEM_BACKEND=bogus "$dir/probe-plain")
echo "unprivileged, MLKEM_BACKEND=bogus: $line"
[ "$(field "$line" euid)" = "$nobody_uid" ] ||
  fail "the control did not run as nobody: $line"
[ "$(field "$line" backend)" = unavailable ] &&
  [ "$(field "$line" exchange)" = failed ] ||
  fail "an unprivileged process must honour MLKEM_BACKEND=bogus: $line"

line=$(as_nobody "$dir/probe-setuid")
echo "set-user-ID, no MLKEM_BACKEND:   $line"
[ "$(field "$line" ruid)" = "$nobody_uid" ] ||
  fail "the probe did not run as nobody: $line"
[ "$(field "$line" euid)" = 0 ] ||
  skip "the set-user-ID bit had no effect (nosuid mount or no_new_privs): $line"
case $(field "$line" at_secure) in
  1 | unknown) ;;
  *) fail "a set-user-ID process not marked AT_SECURE: $line" ;;
esac
want=$(field "$line" backend)
[ "$(field "$line" exchange)" = ok ] || fail "no working exchange: $line"

for value in bogus portable; do
  line=$(as_nobody MLKEM_BACKEND=$value "$dir/probe-setuid")
  echo "set-user-ID, MLKEM_BACKEND=$value: $line"
  [ "$(field "$line" backend)" = "$want" ] ||
    fail "MLKEM_BACKEND=$value changed the backend of a privileged process: $line"
  [ "$(field "$line" exchange)" = ok ] ||
    fail "MLKEM_BACKEND=$value broke a privileged process: $line"
done
echo "setuid_test: MLKEM_BACKEND ignored in a set-user-ID process (backend $want), honoured in an unprivileged one"
