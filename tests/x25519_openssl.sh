#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# x25519_openssl.sh - X25519 against OpenSSL, an independent
# implementation: for N random key pairs made by `openssl genpkey`, the
# raw private and public keys (the last 32 bytes of their DER forms) and
# the shared secret of each pair with the next (`openssl pkeyutl -derive`)
# are written as lines "private peer-public shared public", which
# test_x25519 --vectors checks (public key by mlkem_x25519_base, shared
# secret by mlkem_x25519).
#
# Usage: x25519_openssl.sh WORKDIR N TEST_X25519...
# (TEST_X25519 with the emulator before it in a cross build: the words
# after N are the command). Exit 77 (skipped) if openssl is missing or has
# no X25519.
set -eu
work=$1
n=$2
shift 2
command -v openssl >/dev/null 2>&1 || {
  echo "x25519_openssl: the openssl command is not installed: skipped"
  exit 77
}
mkdir -p "$work"
openssl genpkey -algorithm X25519 -out "$work/probe.pem" >/dev/null 2>&1 || {
  echo "x25519_openssl: $(openssl version) has no X25519: skipped"
  exit 77
}
echo "x25519_openssl: $(openssl version), $n key pairs"
hex32() { # last 32 bytes of stdin as lowercase hex
  tail -c 32 | od -An -tx1 -v | tr -d ' \n'
}
i=0
while [ "$i" -lt "$n" ]; do
  openssl genpkey -algorithm X25519 -out "$work/k$i.pem"
  openssl pkey -in "$work/k$i.pem" -pubout -out "$work/p$i.pem"
  i=$((i + 1))
done
: >"$work/vectors.txt"
i=0
while [ "$i" -lt "$n" ]; do
  j=$(((i + 1) % n))
  priv=$(openssl pkey -in "$work/k$i.pem" -outform DER | hex32)
  pub=$(openssl pkey -pubin -in "$work/p$i.pem" -outform DER | hex32)
  peer=$(openssl pkey -pubin -in "$work/p$j.pem" -outform DER | hex32)
  shared=$(openssl pkeyutl -derive -inkey "$work/k$i.pem" \
    -peerkey "$work/p$j.pem" | hex32)
  echo "$priv $peer $shared $pub" >>"$work/vectors.txt"
  i=$((i + 1))
done
exec "$@" --vectors "$work/vectors.txt"
