#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make abi-check: the shared library's exported symbols against the list in
# abi/libmlkem.symbols, its SONAME against the major version, and every
# listed symbol against the installed headers (a symbol no header declares
# is not API and must not be exported) and against src/, where grep must
# find the name itself: where it is defined, or, for a function a macro
# generates, in the comment at the generator that lists the names.
# Usage: abi_check.sh LIBMLKEM_SO SYMBOL_LIST MAJOR_VERSION
set -eu
lib=$1
list=$2
major=$3
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$lib" | awk '{print $3}' | LC_ALL=C sort > "$tmp/built"
grep -v '^#' "$list" | grep -v '^$' | LC_ALL=C sort > "$tmp/listed"
bad=0
extra=$(LC_ALL=C comm -23 "$tmp/built" "$tmp/listed")
missing=$(LC_ALL=C comm -13 "$tmp/built" "$tmp/listed")
for s in $extra; do
  echo "abi-check: exported but not in $list: $s"
  bad=1
done
for s in $missing; do
  echo "abi-check: listed in $list but not exported: $s"
  bad=1
done

soname=$(objdump -p "$lib" | awk '$1 == "SONAME" {print $2}')
if [ "$soname" != "libmlkem.so.$major" ]; then
  echo "abi-check: SONAME is '$soname', expected libmlkem.so.$major"
  bad=1
fi

for s in $(cat "$tmp/listed"); do
  if ! grep -q -w "$s" include/*.h; then
    echo "abi-check: $s is exported but no header in include/ declares it"
    bad=1
  fi
done

for s in $(cat "$tmp/listed"); do
  if ! grep -r -q -w "$s" src; then
    echo "abi-check: grep finds $s nowhere in src/: name it where it is" \
      "defined (at a generating macro, in the comment listing its names)"
    bad=1
  fi
done

if [ $bad -eq 0 ]; then
  echo "abi-check: $(wc -l < "$tmp/listed") symbols as listed, SONAME $soname"
fi
exit $bad
