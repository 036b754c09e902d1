#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Part of make format-check: every source, header, script and build file
# that git tracks names its licence in an SPDX line within its first two
# lines (the second when the first is a #! line). Data (tests/vectors/, fuzz
# seeds, benchmark results), Markdown and the licence texts are exempt.
set -eu
cd "$(dirname "$0")/.."
bad=0
n=0
for f in $(git ls-files); do
  case "$f" in
    tests/vectors/* | tests/fuzz/seeds/* | docs/benchmarks/* | LICENSE* | *.md | \
      *.json | *.svg | *.der | *.pem | *.raw | *.rsp | *.txt.gz | */py.typed) continue ;;
  esac
  case "$f" in
    *.c | *.h | *.cpp | *.hpp | *.rs | *.go | *.s | *.py | *.pyi | *.sh | *.toml | \
      *.cmake | *.in | */go.mod | go.mod | *CMakeLists.txt | Makefile | */Makefile | \
      .ci/run | .gitignore | .editorconfig | .clang-format) ;;
    *) continue ;;
  esac
  n=$((n + 1))
  if ! head -n 2 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0 OR MIT'; then
    echo "no SPDX line: $f"
    bad=1
  fi
done
if [ $bad -eq 0 ]; then echo "spdx-check: $n files carry the licence line"; fi
exit $bad
