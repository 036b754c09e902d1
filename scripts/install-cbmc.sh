#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# install-cbmc.sh - installs CBMC 6.6.0 (the model checker of make proofs,
# docs/PROOFS.md) into a private directory, from Debian 13's packages,
# without touching the system's packages or apt configuration.
#
# Debian 12 has no cbmc package. Debian 13 (trixie) has cbmc 6.6.0, built
# against trixie's C and C++ libraries, which are newer than bookworm's.
# So this script fetches, with apt-get download and an apt configuration of
# its own (a sources list for trixie, its own state, cache and status
# files), the packages cbmc, libc6, libstdc++6, libgcc-s1 and minisat, and
# z3 (4.13.3: the SMT solver of the proofs whose assumptions hold
# quantifiers, which CBMC's SAT back-end ignores), unpacks them with
# dpkg-deb into $CBMC_DIR/root, and writes wrappers in $CBMC_DIR/bin
# (cbmc, goto-cc, goto-instrument, goto-analyzer, z3) that start
# each program through trixie's own dynamic loader with trixie's libraries
# (ld-linux-x86-64.so.2 --library-path ...). Nothing is installed into the
# system and nothing of it is changed; the programs cbmc runs (gcc as the
# preprocessor of goto-cc) are the system's own. The packages' signatures
# are checked by apt against debian-archive-keyring, which on Debian 12
# holds the trixie keys.
#
# Idempotent: if $CBMC_DIR/bin/cbmc already reports the version, nothing
# is fetched. Prints the directory of the wrappers on its last line.
#
# Environment:
#   CBMC_DIR      where to install (default build-cbmc, in the repository)
#   CBMC_MIRROR   the Debian mirror (default http://deb.debian.org/debian)
set -eu
cd "$(dirname "$0")/.."

CBMC_VERSION=6.6.0
CBMC_DIR=${CBMC_DIR:-build-cbmc}
CBMC_MIRROR=${CBMC_MIRROR:-http://deb.debian.org/debian}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
PACKAGES="cbmc libc6 libstdc++6 libgcc-s1 minisat z3"
TOOLS="cbmc goto-cc goto-instrument goto-analyzer z3"

mkdir -p "$CBMC_DIR"
CBMC_DIR=$(cd "$CBMC_DIR" && pwd)
bin=$CBMC_DIR/bin

installed() {
  [ -x "$bin/cbmc" ] && "$bin/cbmc" --version 2>/dev/null | grep -q "^$CBMC_VERSION " &&
    [ -x "$bin/z3" ] && "$bin/z3" --version >/dev/null 2>&1
}

if installed; then
  echo "$bin"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=amd64 triple=x86_64-linux-gnu loader=ld-linux-x86-64.so.2 ;;
  aarch64) arch=arm64 triple=aarch64-linux-gnu loader=ld-linux-aarch64.so.1 ;;
  *) echo "install-cbmc.sh: no Debian cbmc for $(uname -m)" >&2; exit 1 ;;
esac
for tool in apt-get dpkg-deb gcc; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "install-cbmc.sh: $tool is needed" >&2; exit 1; }
done
[ -r "$KEYRING" ] ||
  { echo "install-cbmc.sh: $KEYRING is needed (debian-archive-keyring)" >&2; exit 1; }

# apt, configured wholly from here: APT_CONFIG is read before the system's
# apt.conf.d, and points Dir::Etc::parts at an empty directory so that no
# system setting (proxies excepted: they come from the environment) reaches
# this run; the sources list is the one the issue names on the command line.
apt=$CBMC_DIR/apt
rm -rf "$apt" "$CBMC_DIR/debs" "$CBMC_DIR/root" "$bin" "$CBMC_DIR/versions"
mkdir -p "$apt/conf.d" "$apt/sources.d" "$apt/preferences.d" \
  "$apt/state/lists/partial" "$apt/cache/archives/partial" "$CBMC_DIR/debs"
: >"$apt/status"
echo "deb [arch=$arch signed-by=$KEYRING] $CBMC_MIRROR trixie main" >"$apt/sources.list"
cat >"$apt/apt.conf" <<EOF
Dir::Etc::parts "$apt/conf.d";
Dir::Etc::sourceparts "$apt/sources.d";
Dir::Etc::preferences "$apt/preferences";
Dir::Etc::preferencesparts "$apt/preferences.d";
Dir::State "$apt/state";
Dir::State::status "$apt/status";
Dir::Cache "$apt/cache";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
Acquire::Languages "none";
Acquire::IndexTargets::deb::DEP-11::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled "false";
Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled "false";
APT::Sandbox::User "root";
EOF
run_apt() {
  APT_CONFIG="$apt/apt.conf" apt-get -qq -o Dir::Etc::sourcelist="$apt/sources.list" "$@"
}
run_apt update
(cd "$CBMC_DIR/debs" && run_apt download $PACKAGES)

root=$CBMC_DIR/root
mkdir -p "$root"
for deb in "$CBMC_DIR"/debs/*.deb; do
  dpkg-deb -x "$deb" "$root"
  echo "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)" >>"$CBMC_DIR/versions"
done

libs=$root/usr/lib/$triple:$root/lib/$triple:$root/usr/lib
ld=$root/usr/lib/$triple/$loader
[ -x "$ld" ] || ld=$root/lib/$triple/$loader
mkdir -p "$bin"
for tool in $TOOLS; do
  cat >"$bin/$tool" <<EOF
#!/bin/sh
# $tool of Debian 13's cbmc package, run with Debian 13's C and C++
# libraries through their own loader (scripts/install-cbmc.sh).
exec "$ld" --library-path "$libs" "$root/usr/bin/$tool" "\$@"
EOF
  chmod +x "$bin/$tool"
done
rm -rf "$CBMC_DIR/debs" "$apt/cache" "$apt/state/lists"

installed || { echo "install-cbmc.sh: cbmc $CBMC_VERSION does not run:" >&2;
               "$bin/cbmc" --version >&2; exit 1; }
sed 's/^/install-cbmc.sh: /' "$CBMC_DIR/versions" >&2
echo "$bin"
