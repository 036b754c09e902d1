#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The C++ API's compile-time guarantees (tests/cxx/compile_fail.cpp): each
# MLKEM_CASE must fail to compile with an error on the line marked
# "// case N" (so that an unrelated error does not count), and the control
# (MLKEM_CASE=0, the same code with the right types) must compile; as
# C++17 it must fail with mlkem.hpp's own "requires C++20".
# Usage: compile_fail.sh CXX SOURCE [COMPILER FLAGS...]
set -u
cxx=$1
src=$2
shift 2
name=$(basename "$src")
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0
failed=0
if "$cxx" "$@" -fsyntax-only -DMLKEM_CASE=0 "$src" >"$out" 2>&1; then
  passed=$((passed + 1))
else
  echo "compile_fail: the control (MLKEM_CASE=0) does not compile:"
  cat "$out"
  failed=$((failed + 1))
fi
for n in $(sed -n 's|.*// case \([0-9]*\)$|\1|p' "$src"); do
  line=$(grep -n "// case $n\$" "$src" | cut -d: -f1)
  if "$cxx" "$@" -fsyntax-only -DMLKEM_CASE="$n" "$src" >"$out" 2>&1; then
    echo "compile_fail: case $n (line $line) compiles"
    failed=$((failed + 1))
  elif grep -q "$name:$line:" "$out"; then
    echo "compile_fail: case $n refused: $(grep -m1 'error' "$out")"
    passed=$((passed + 1))
  else
    echo "compile_fail: case $n fails, but not at line $line:"
    cat "$out"
    failed=$((failed + 1))
  fi
done
# An older standard is refused by the header itself, by name, before
# anything in it fails less clearly (-std=c++17 last: the one that counts).
if "$cxx" "$@" -std=c++17 -fsyntax-only -DMLKEM_CASE=0 "$src" >"$out" 2>&1; then
  echo "compile_fail: the control compiles as C++17"
  failed=$((failed + 1))
elif grep -m1 'error' "$out" | grep -q 'mlkem.hpp:.*requires C++20'; then
  echo "compile_fail: C++17 refused: $(grep -m1 'error' "$out")"
  passed=$((passed + 1))
else
  echo "compile_fail: C++17 fails, but its first error is not mlkem.hpp's 'requires C++20':"
  head -n 5 "$out"
  failed=$((failed + 1))
fi
echo "compile_fail: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 1 ]
