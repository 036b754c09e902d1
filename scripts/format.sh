#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make format / make format-check: clang-format over every C and C++ file
# that git tracks (tests/vectors/ holds data only). The style is
# .clang-format's; its output is pinned to clang-format 14 (Debian 12's
# package), since other versions lay out a few constructs differently.
#   scripts/format.sh          rewrite the files in place
#   scripts/format.sh --check  list the files that differ, exit 1 if any
set -eu
cd "$(dirname "$0")/.."

cf=
for c in clang-format-14 clang-format; do
  if command -v "$c" >/dev/null 2>&1; then cf=$c; break; fi
done
if [ -z "$cf" ]; then
  echo "format: clang-format not found (Debian: apt-get install clang-format)" >&2
  exit 2
fi
ver=$("$cf" --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ "$ver" != 14 ]; then
  echo "format: $cf is version $ver; the tree is formatted with version 14," \
       "so differences may be the tool's" >&2
fi

files=$(git ls-files '*.c' '*.h' '*.cpp' '*.hpp' | grep -v '^tests/vectors/')
if [ "${1:-}" = --check ]; then
  bad=0
  for f in $files; do
    if ! "$cf" "$f" | cmp -s - "$f"; then
      echo "not formatted: $f (make format)"
      bad=1
    fi
  done
  if [ $bad -eq 0 ]; then echo "format-check: $(echo $files | wc -w) files clean"; fi
  exit $bad
fi
# shellcheck disable=SC2086
"$cf" -i $files
