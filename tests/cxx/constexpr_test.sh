#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# cxx_constexpr: compiles SOURCE (tests/cxx/test_cxx_constexpr.cpp, whose
# checks are static_asserts) with each C++ compiler named, passing clang
# -fconstexpr-steps=STEPS and g++ -fconstexpr-ops-limit=OPS, and prints the
# seconds each took. Fails if any compiler refuses the file, or if no
# compiler was named.
# Usage: constexpr_test.sh SOURCE STEPS OPS CXX... -- [COMPILER FLAGS...]
set -u
src=$1
steps=$2
ops=$3
shift 3
compilers=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  compilers="$compilers $1"
  shift
done
[ $# -gt 0 ] && shift
passed=0
failed=0
for cxx in $compilers; do
  limit="-fconstexpr-ops-limit=$ops"
  if "$cxx" --version 2>/dev/null | grep -qi clang; then
    limit="-fconstexpr-steps=$steps"
  fi
  start=$(date +%s)
  if "$cxx" "$@" $limit -fsyntax-only "$src"; then
    echo "cxx_constexpr: $cxx $limit: every static_assert holds" \
      "($(($(date +%s) - start)) s)"
    passed=$((passed + 1))
  else
    echo "cxx_constexpr: $cxx $limit: FAILED"
    failed=$((failed + 1))
  fi
done
echo "cxx_constexpr: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
