#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Instructions executed per keygen/encaps/decaps on AArch64, counted under
# qemu-aarch64 (-cpu max) with the plugin scripts/qemu_insn_count.c, for
# every backend of an AArch64 build (make test-aarch64 makes one). These
# are instruction counts under emulation, not time: see docs/BENCHMARKS.md.
#
# Usage: sh scripts/count_insns_aarch64.sh [BUILD_DIR]   (default build-aarch64)
# Prints a Markdown table. Each figure is (count(N = 2) - count(N = 0)) / 2
# for bench/opcount_main.c: start-up and input preparation cancel.
set -eu
build=${1:-build-aarch64}
sysroot=${MLKEM_AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}
here=$(cd "$(dirname "$0")" && pwd)
plugin="$build/qemu_insn_count.so"
${HOST_CC:-cc} -O2 -shared -fPIC -o "$plugin" "$here/qemu_insn_count.c"
prog="$build/bench/mlkem_opcount"
[ -x "$prog" ] || { echo "no $prog: build the AArch64 tree first" >&2; exit 1; }

count() { # count BACKEND OP SET N
  MLKEM_BACKEND=$1 QEMU_CPU=max qemu-aarch64 -L "$sysroot" -plugin "$plugin" \
    "$prog" "$2" "$3" "$4" 2>&1 >/dev/null | sed -n 's/^insns: //p'
}

backends="portable neon neon-sha3"
printf '| set | operation |'
for b in $backends; do printf ' %s |' "$b"; done
printf ' portable / neon | portable / neon-sha3 |\n| --- | --- |'
for b in $backends; do printf ' ---: |'; done
printf ' ---: | ---: |\n'
for set in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
  for op in keygen encaps decaps; do
    printf '| %s | %s |' "$set" "$op"
    vals=""
    for b in $backends; do
      c0=$(count "$b" "$op" "$set" 0)
      c2=$(count "$b" "$op" "$set" 2)
      v=$(( (c2 - c0) / 2 ))
      vals="$vals $v"
      printf ' %s |' "$v"
    done
    set -- $vals
    awk -v p="$1" -v n="$2" -v s="$3" \
      'BEGIN { printf " %.2f | %.2f |\n", p / n, p / s }'
  done
done
