#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make test-amalgamation: the two-file distribution (scripts/amalgamate.py,
# README.md "Copy two files") generated afresh from the tree, copied into
# an empty directory and built there with nothing but the compiler, as the
# README says, with gcc and clang, -std=c11 -Wall -Wextra -pedantic
# -Werror; then the vector tests of tests/ (unchanged) linked against each
# object and run on every backend it carries (forced with MLKEM_BACKEND;
# one the CPU lacks exits 77 and is reported as skipped). The same in the
# freestanding configuration (-ffreestanding -DMLKEM_FREESTANDING, with
# -DMLKEM_SMALL_STACK as the CMake build has it there): the
# object may call nothing but memcpy and memset (check_freestanding.sh,
# which must also refuse the hosted object, so that the check can fail),
# and it passes test_randfail (the application's random source failing:
# MLKEM_ERR_RANDOM, outputs zeroed) and the vector tests. Where Debian's
# gcc-arm-none-eabi is installed (CI installs it), the freestanding build
# for the Cortex-M4 (-mcpu=cortex-m4 -mthumb) too, with the same check.
# Usage: amalgamation_test.sh WORK_DIR [COMPILER...]   (default: gcc clang)
set -eu
work=$1
shift
compilers=${*:-gcc clang}
root=$(cd "$(dirname "$0")/.." && pwd)
t=$root/tests
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

python3 "$root/scripts/amalgamate.py" --out "$work/dist"

# The test programs include the public headers by their own names; in the
# two-file distribution mlkem.h is all of them.
mkdir -p "$work/shim"
for h in "$root"/include/*.h; do
  n=$(basename "$h")
  [ "$n" = mlkem.h ] || echo '#include "mlkem.h"' > "$work/shim/$n"
done

vector_tests="test_selftest test_acvp test_pqckat test_nistkat test_cctv
  test_accumulated test_kyber_vectors test_sha3 test_x25519 test_xwing
  test_x25519mlkem768 test_gcm test_chacha20poly1305 test_hpke_vectors"
helpers="$t/test_util.c $root/cli/json.c $t/kv_text.c $t/aes256_ctr_drbg.c
  $t/expanded_checks.c $t/kem_schemes.c $t/x25519_vectors.c $t/kyber_tvecs.c
  $t/gcm_calls.c $t/wycheproof.c"
backends="portable"
case "$(uname -m)" in
  x86_64 | amd64) backends="portable avx2 avx512" ;;
  aarch64 | arm64) backends="portable neon neon-sha3" ;;
esac

failed=0
run() { # run NAME BACKEND PROGRAM [ARGS]
  name=$1
  be=$2
  shift 2
  rc=0
  if [ "$be" = auto ]; then
    out=$("$@" 2>&1) || rc=$?
  else
    out=$(MLKEM_BACKEND=$be "$@" 2>&1) || rc=$?
  fi
  last=$(printf '%s\n' "$out" | tail -n 1)
  if [ $rc -eq 0 ]; then
    echo "  $name ($be): $last"
  elif [ $rc -eq 77 ]; then
    echo "  $name ($be): skipped: $last"
  else
    printf '%s\n' "$out" | tail -n 20
    echo "  $name ($be): FAILED (exit $rc)"
    failed=1
  fi
}

# The MLKEM_HAVE_* macros mlkem.c defined for itself with these flags (its
# SIMD groups and ChaCha20-Poly1305), which the tests of the AEADs read as
# they read CMake's MLKEM_SIMD_DEFINITIONS: which implementations the
# library carries, so which ones the dispatch must choose.
have_defs() { # have_defs CC DIR FLAGS...
  hcc=$1
  hdir=$2
  shift 2
  # shellcheck disable=SC2068
  (cd "$hdir" && "$hcc" $@ -dM -E mlkem.c) |
    awk '$1 == "#define" && $2 ~ /^MLKEM_HAVE_[A-Z0-9_]*$/ { printf " -D%s", $2 }'
}

build_tests() { # build_tests CC OBJECT DIR [EXTRA SOURCES]
  cc=$1
  obj=$2
  dir=$3
  shift 3
  for p in $vector_tests "$@"; do
    src=$t/$p.c
    [ -f "$src" ] || src=$p
    name=$(basename "$src" .c)
    # shellcheck disable=SC2086
    "$cc" -std=c11 -O2 $defs -I"$(dirname "$obj")" -I"$work/shim" -I"$root/src" \
      -I"$t" -I"$root/cli" -DMLKEM_VECTOR_DIR="\"$t/vectors\"" \
      -o "$dir/$name" "$src" $helpers "$obj" -lpthread
  done
}

for cc in $compilers; do
  command -v "$cc" >/dev/null 2>&1 || { echo "amalgamation: $cc not found" >&2; exit 1; }
  echo "== $cc: $("$cc" --version | head -n 1)"
  for mode in hosted freestanding; do
    dir=$work/$cc-$mode
    mkdir -p "$dir/empty"
    cp "$work/dist/mlkem.c" "$work/dist/mlkem.h" "$dir/empty/"
    flags="-std=c11 -Wall -Wextra -pedantic -Werror -O2"
    [ $mode = freestanding ] && flags="$flags -ffreestanding -DMLKEM_FREESTANDING -DMLKEM_SMALL_STACK"
    echo "$cc $flags -c mlkem.c (in an empty directory)"
    # shellcheck disable=SC2086
    (cd "$dir/empty" && "$cc" $flags -c mlkem.c -o mlkem.o)
    # shellcheck disable=SC2086
    defs=$(have_defs "$cc" "$dir/empty" $flags)
    echo "  built with:$defs"
    if [ $mode = hosted ]; then
      if sh "$root/scripts/check_freestanding.sh" nm "$dir/empty/mlkem.o" >/dev/null; then
        echo "  check_freestanding.sh accepts the hosted object: it cannot fail"
        failed=1
      fi
      build_tests "$cc" "$dir/empty/mlkem.o" "$dir"
      for p in $vector_tests; do
        for be in $backends; do run "$p" "$be" "$dir/$p"; done
      done
    else
      sh "$root/scripts/check_freestanding.sh" nm "$dir/empty/mlkem.o" || failed=1
      # test_randfail defines the random source; the others take
      # os_randombytes.c's.
      mkdir -p "$dir/randfail"
      # shellcheck disable=SC2086
      "$cc" -std=c11 -O2 -I"$dir/empty" -I"$work/shim" -I"$root/src" -I"$t" \
        -o "$dir/randfail/test_randfail" "$t/test_randfail.c" "$t/test_util.c" \
        "$dir/empty/mlkem.o"
      run test_randfail auto "$dir/randfail/test_randfail"
      helpers="$helpers $t/os_randombytes.c"
      build_tests "$cc" "$dir/empty/mlkem.o" "$dir"
      helpers=$(echo "$helpers" | sed "s| $t/os_randombytes.c||")
      for p in $vector_tests; do run "$p" auto "$dir/$p"; done
    fi
  done
done
arm_cc=${MLKEM_CROSS_PREFIX:-arm-none-eabi-}gcc
if command -v "$arm_cc" >/dev/null 2>&1; then
  dir=$work/cortex-m4
  mkdir -p "$dir"
  cp "$work/dist/mlkem.c" "$work/dist/mlkem.h" "$dir/"
  flags="-mcpu=cortex-m4 -mthumb -std=c11 -Wall -Wextra -pedantic -Werror -O2 -ffreestanding -DMLKEM_FREESTANDING -DMLKEM_SMALL_STACK"
  echo "== $arm_cc $flags -c mlkem.c"
  # shellcheck disable=SC2086
  if (cd "$dir" && "$arm_cc" $flags -c mlkem.c -o mlkem.o); then
    sh "$root/scripts/check_freestanding.sh" "${MLKEM_CROSS_PREFIX:-arm-none-eabi-}nm" \
      "$dir/mlkem.o" || failed=1
  else
    failed=1
  fi
else
  echo "amalgamation: $arm_cc not installed: the Cortex-M4 build not checked"
fi
if [ $failed -ne 0 ]; then
  echo "amalgamation: FAILED"
  exit 1
fi
echo "amalgamation: built with $compilers (hosted and freestanding), every vector test passed"
