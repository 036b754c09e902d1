#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The one version of the build (project(VERSION) in CMakeLists.txt, given
# as VERSION) in every place the build writes it: mlkem.pc,
# mlkemConfigVersion.cmake and the output of mlkem --version (when the tool
# is built). The headers and the library are checked by test_version.c.
# Usage: version_test.sh VERSION BUILD_DIR [MLKEM_TOOL]
set -eu
want=$1
build=$2
tool=${3:-}
passed=0
failed=0
check() { # what, got
  if [ "$2" = "$want" ]; then
    passed=$((passed + 1))
  else
    echo "version_test: $1 says '$2', CMakeLists.txt $want"
    failed=$((failed + 1))
  fi
}
check mlkem.pc "$(sed -n 's/^Version: //p' "$build/mlkem.pc")"
check mlkemConfigVersion.cmake \
  "$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/mlkemConfigVersion.cmake")"
if [ -n "$tool" ]; then
  # "mlkem 0.1.0 (library 0.1.0, backend avx512)"
  out=$("$tool" --version)
  check "mlkem --version (tool)" "$(echo "$out" | sed -n 's/^mlkem \([^ ]*\) .*/\1/p')"
  check "mlkem --version (library)" "$(echo "$out" | sed -n 's/.*(library \([^,]*\),.*/\1/p')"
fi
echo "version_test: $passed passed, $failed failed"
[ $failed -eq 0 ]
