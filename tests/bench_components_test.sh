#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make bench-components' program (bench/components.c) runs, one pass, and
# writes its table and CSV.
# Usage: bench_components_test.sh WORKDIR [EMULATOR...] MLKEM_COMPONENTS
# (under a cross build, the emulator CMake runs target programs with).
set -eu
dir=$1
shift
mkdir -p "$dir"
cd "$dir"
"$@" --passes 1 --csv comp.csv > comp.out
fail=0
check() { # check WHAT COMMAND...
  what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; fail=1; fi
}
if grep -q "is not available here" comp.out; then
  echo "bench_components: SKIPPED: $(cat comp.out)"
  exit 77
fi
check "components table" grep -q "| poly | ntt |" comp.out
check "CSV header" sh -c \
  "head -1 comp.csv | grep -q '^library,backend,tick_unit,set,op,ticks_median,'"
check "CSV row" grep -q ',keccak,keccak x1 (one state),' comp.csv
# A usage error exits 2 with the program's name and the pointer to --help.
"$@" --passes 0 > usage.out 2>&1 && rc=0 || rc=$?
check "usage error exits 2" test "$rc" -eq 2
check "usage message" grep -q -- "--passes from 1 to 64 (not 0)" usage.out
[ $fail -eq 0 ] && echo "bench_components: passed" || echo "bench_components: FAILED"
exit $fail
