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
# The helpers are compiled once per build, and the tests are compiled and
# run JOBS at a time (default: the number of cores); each result is
# printed in the order of the list.
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

jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

failed=0
# report NAME BACKEND OUTFILE: one result, as the program left it in
# OUTFILE (its output) and OUTFILE.rc (its exit status).
report() {
  name=$1
  be=$2
  rc=$(cat "$3.rc")
  last=$(tail -n 1 "$3")
  if [ "$rc" -eq 0 ]; then
    echo "  $name ($be): $last"
  elif [ "$rc" -eq 77 ]; then
    echo "  $name ($be): skipped: $last"
  else
    tail -n 20 "$3"
    echo "  $name ($be): FAILED (exit $rc)"
    failed=1
  fi
}

# run_list DIR: runs the programs listed in DIR/runs ("NAME BACKEND
# PROGRAM" a line; BACKEND auto leaves the choice to the dispatch), JOBS
# at a time, then reports each in the list's order.
run_list() {
  mkdir -p "$1/out"
  # shellcheck disable=SC2016
  xargs -P "$jobs" -L 1 sh -c '
    out=$0/out/$1.$2
    if [ "$2" = auto ]; then "$3" >"$out" 2>&1; else MLKEM_BACKEND=$2 "$3" >"$out" 2>&1; fi
    echo $? >"$out.rc"' "$1" <"$1/runs"
  while read -r name be prog; do
    report "$name" "$be" "$1/out/$name.$be"
  done <"$1/runs"
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
  cflags="-std=c11 -O2 $defs -I$(dirname "$obj") -I$work/shim -I$root/src -I$t -I$root/cli"
  mkdir -p "$dir/helpers"
  # The helpers, once, JOBS at a time.
  # shellcheck disable=SC2086
  printf '%s\n' $helpers | xargs -P "$jobs" -I {} sh -c \
    'exec "$0" $1 -DMLKEM_VECTOR_DIR="\"$2\"" -c -o "$3/helpers/$(basename "{}" .c).o" "{}"' \
    "$cc" "$cflags" "$t/vectors" "$dir"
  # The tests, JOBS at a time.
  # shellcheck disable=SC2086
  for p in $vector_tests "$@"; do
    src=$t/$p.c
    [ -f "$src" ] || src=$p
    echo "$src"
  done | xargs -P "$jobs" -I {} sh -c \
    'exec "$0" $1 -DMLKEM_VECTOR_DIR="\"$2\"" -o "$3/$(basename "{}" .c)" "{}" "$3"/helpers/*.o "$4" -lpthread' \
    "$cc" "$cflags" "$t/vectors" "$dir" "$obj"
}

mode_flags() { # mode_flags MODE
  echo "-std=c11 -Wall -Wextra -pedantic -Werror -O2"
  [ "$1" = hosted ] || echo "-ffreestanding -DMLKEM_FREESTANDING -DMLKEM_SMALL_STACK"
}

# Every object first, the two of a compiler at once (each is one long
# compile); its messages are printed below, in order.
for cc in $compilers; do
  command -v "$cc" >/dev/null 2>&1 || { echo "amalgamation: $cc not found" >&2; exit 1; }
  pids=""
  for mode in hosted freestanding; do
    dir=$work/$cc-$mode
    mkdir -p "$dir/empty"
    cp "$work/dist/mlkem.c" "$work/dist/mlkem.h" "$dir/empty/"
    # shellcheck disable=SC2046
    (cd "$dir/empty" && "$cc" $(mode_flags $mode) -c mlkem.c -o mlkem.o \
      >../compile.log 2>&1; echo $? >../compile.rc) &
    pids="$pids $!"
  done
  # shellcheck disable=SC2086
  wait $pids
done

for cc in $compilers; do
  echo "== $cc: $("$cc" --version | head -n 1)"
  for mode in hosted freestanding; do
    dir=$work/$cc-$mode
    flags=$(mode_flags $mode | tr '\n' ' ')
    echo "$cc $flags-c mlkem.c (in an empty directory)"
    cat "$dir/compile.log"
    [ "$(cat "$dir/compile.rc")" -eq 0 ] || { echo "amalgamation: the build failed"; exit 1; }
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
        for be in $backends; do echo "$p $be $dir/$p"; done
      done >"$dir/runs"
      run_list "$dir"
    else
      sh "$root/scripts/check_freestanding.sh" nm "$dir/empty/mlkem.o" || failed=1
      # test_randfail defines the random source; the others take
      # os_randombytes.c's.
      mkdir -p "$dir/randfail"
      # shellcheck disable=SC2086
      "$cc" -std=c11 -O2 -I"$dir/empty" -I"$work/shim" -I"$root/src" -I"$t" \
        -o "$dir/randfail/test_randfail" "$t/test_randfail.c" "$t/test_util.c" \
        "$dir/empty/mlkem.o"
      echo "test_randfail auto $dir/randfail/test_randfail" >"$dir/randfail/runs"
      run_list "$dir/randfail"
      helpers="$helpers $t/os_randombytes.c"
      build_tests "$cc" "$dir/empty/mlkem.o" "$dir"
      helpers=$(echo "$helpers" | sed "s| $t/os_randombytes.c||")
      for p in $vector_tests; do echo "$p auto $dir/$p"; done >"$dir/runs"
      run_list "$dir"
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
