#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make test-cortex-m4, after the build (cmake/cortex-m4.cmake): runs the
# bare-metal image once under qemu-system-arm -M mps2-an386 with
# semihosting and the instruction-count plugin (scripts/qemu_insn_count.c,
# built here with the host's cc), fails unless every test program passed,
# checks that the freestanding library calls nothing but memcpy and memset
# (scripts/check_freestanding.sh), and prints the figures of
# docs/BENCHMARKS.md (scripts/cortex_m4_figures.py; also written to
# BUILD/cortex-m4-figures.md).
# Usage: cortex_m4_run.sh BUILD_DIR [--figures-only]
set -eu
build=$1
mode=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
image="$build/tests/baremetal/mlkem_m4_tests"
nm=${MLKEM_CROSS_PREFIX:-arm-none-eabi-}nm
[ -f "$image" ] || { echo "cortex-m4: no $image: build $build first" >&2; exit 1; }

sh "$here/check_freestanding.sh" "$nm" "$build/src/libmlkem.a"

plugin="$build/qemu_insn_count.so"
${HOST_CC:-cc} -O2 -shared -fPIC -o "$plugin" "$here/qemu_insn_count.c"
mark=$("$nm" "$image" | awk '$3 == "mlkem_m4_mark" {print $1}')
[ -n "$mark" ] || { echo "cortex-m4: no mlkem_m4_mark in $image" >&2; exit 1; }

out="$build/cortex-m4.log"
err="$build/cortex-m4-plugin.log"
# The vector files are read by absolute path (MLKEM_VECTOR_DIR); qemu
# serves them to the image over semihosting.
rc=0
timeout "${CORTEX_M4_TIMEOUT:-1200}" qemu-system-arm -M mps2-an386 -nographic \
  -monitor none -serial none \
  -semihosting-config "enable=on,target=native,arg=$mode" \
  -plugin "$plugin,mark=$mark" -kernel "$image" >"$out" 2>"$err" || rc=$?
grep -v '^figure insns' "$out"
if [ $rc -ne 0 ] || ! tail -n 1 "$out" | grep -q '^cortex-m4: all [0-9]* test programs passed'; then
  echo "cortex-m4: FAILED (qemu exit status $rc; stderr in $err)" >&2
  grep -v '^mark: ' "$err" >&2 || true
  exit 1
fi
python3 "$here/cortex_m4_figures.py" "$build" "$out" "$err" | tee "$build/cortex-m4-figures.md"
