#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The freestanding library (MLKEM_FREESTANDING; README.md, "Bare metal")
# calls nothing outside itself but memcpy and memset, and the application's
# random source, mlkem_randombytes: every symbol its objects leave undefined
# must be one of those (with nm, on the static library or the objects,
# after the library's own definitions are taken out).
# Usage: check_freestanding.sh NM LIBRARY_OR_OBJECT...
set -eu
nm=$1
shift
allowed="memcpy memset mlkem_randombytes"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$nm" -A "$@" 2>/dev/null | awk '$(NF-1) == "U" {print $NF}' | sort -u > "$tmp/undefined"
"$nm" "$@" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[A-TV-Z]$/ {print $3}' | sort -u > "$tmp/defined"
comm -23 "$tmp/undefined" "$tmp/defined" > "$tmp/external"
bad=0
for s in $(cat "$tmp/external"); do
  case " $allowed " in
    *" $s "*) ;;
    *) echo "freestanding: the library calls $s, which is not among: $allowed"; bad=1 ;;
  esac
done
if [ $bad -eq 0 ]; then
  echo "freestanding: the library's external references: $(tr '\n' ' ' < "$tmp/external")(allowed: $allowed)"
fi
exit $bad
