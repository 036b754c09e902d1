#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# check_no_division.sh - fails if an x86 division instruction appears in
# the machine code of the library (KyberSlash: the time of div/idiv depends
# on its operands, so a division of a secret leaks it).
#
# Usage: scripts/check_no_division.sh FILE...   (object files or archives,
# e.g. build/src/libmlkem.a). make ct runs it on the library of every
# compiler and optimisation level it builds.
#
# Every division instruction is reported with its function. The only ones
# allowed are in the functions listed in ALLOWED below, each of which
# divides public values only (the reason is given with each); any other
# division, in any function, fails the check. Integer (div, idiv) and
# floating-point (divss, vdivps, ...) divisions are both looked for: the
# library uses no floating point, so the latter would be a surprise too.
set -eu

# function name: why its divisions are on public data only (one per
# line, "name: reason"). Empty: no build of make ct's matrix has a division
# anywhere in the library (the last ones, loop bounds and constants that
# gcc -Os did not fold, were rewritten without division). A new entry needs
# a reason, and hides any secret division in that function.
ALLOWED='
'
if [ $# -eq 0 ]; then
  echo "usage: $0 FILE..." >&2
  exit 2
fi

OBJDUMP=${OBJDUMP:-objdump}
allowed_names=$(printf '%s\n' "$ALLOWED" | sed -n 's/^\([A-Za-z0-9_.]*\):.*/\1/p')

status=0
for f in "$@"; do
  if [ ! -f "$f" ]; then
    echo "check_no_division: $f: no such file" >&2
    exit 2
  fi
  # "object: function: instruction" for every division instruction.
  hits=$("$OBJDUMP" -d --no-show-raw-insn "$f" | awk '
    /^In archive/ { next }
    /\.o:[ \t]+file format/ { obj = $1; sub(/:$/, "", obj); next }
    /^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
    /^[ \t]*[0-9a-f]+:[ \t]/ {
      line = $0; sub(/^[ \t]*[0-9a-f]+:[ \t]+/, "", line)
      split(line, w, /[ \t]+/)
      if (w[1] ~ /^v?i?div/) print obj ": " fn ": " line
    }')
  if [ -z "$hits" ]; then
    echo "check_no_division: $f: no division instruction"
    continue
  fi
  bad=$(printf '%s\n' "$hits" | while IFS= read -r h; do
    fn=$(printf '%s\n' "$h" | awk -F': ' '{print $2}')
    # compilers may emit clones such as ntt_layer.constprop.0
    base=${fn%%.*}
    if ! printf '%s\n' "$allowed_names" | grep -qx "$base"; then
      printf '%s\n' "$h"
    fi
  done)
  nallowed=$(printf '%s\n' "$hits" | wc -l)
  if [ -n "$bad" ]; then
    echo "check_no_division: $f: FAIL, division in a function not on the list of public-data divisions:"
    printf '%s\n' "$bad" | sed 's/^/  /'
    status=1
  else
    echo "check_no_division: $f: $nallowed division(s), all in listed public-data functions:"
    printf '%s\n' "$hits" | awk -F': ' '{print "  " $2}' | sort | uniq -c
  fi
done
exit $status
