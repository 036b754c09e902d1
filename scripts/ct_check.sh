#!/bin/sh
# ct_check.sh - make ct: the constant-time check (docs/SECURITY.md).
#
# For every compiler in CT_COMPILERS and optimisation level in CT_OPTS, in
# its own build directory under CT_BUILD:
#  1. builds the library with -DMLKEM_CT_TESTING=ON and tests/ct;
#  2. checks that no division instruction appears in the library
#     (scripts/check_no_division.sh);
#  3. for every backend in CT_BACKENDS, runs tests/ct/ct_check under
#     valgrind's memcheck with the secrets poisoned: any report fails;
#  4. runs the controls of tests/ct/ct_control, each of which memcheck MUST
#     report; a silent control fails (the check would be vacuous).
# A backend that valgrind cannot execute (its CPU model lacks the
# instructions, e.g. AVX-512) is reported as skipped.
# Finally the division check's own control: a division in a test object
# must be found.
#
# Environment: CT_BUILD (build-ct), CT_COMPILERS ("gcc clang"),
# CT_OPTS ("O1 O2 O3 Os"), CT_BACKENDS ("portable avx2 avx512"), JOBS,
# CMAKE, CMAKE_ARGS, VALGRIND.
set -eu
cd "$(dirname "$0")/.."

CT_BUILD=${CT_BUILD:-build-ct}
CT_COMPILERS=${CT_COMPILERS:-gcc clang}
CT_OPTS=${CT_OPTS:-O1 O2 O3 Os}
CT_BACKENDS=${CT_BACKENDS:-portable avx2 avx512}
CMAKE=${CMAKE:-cmake}
CMAKE_ARGS=${CMAKE_ARGS:-}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
VALGRIND=${VALGRIND:-valgrind}
VG_FLAGS="--error-exitcode=99 --track-origins=yes"

command -v "$VALGRIND" >/dev/null 2>&1 || {
  echo "make ct: valgrind not found (Debian: apt-get install valgrind)" >&2
  exit 2
}

mkdir -p "$CT_BUILD"
summary="$CT_BUILD/summary.txt"
: >"$summary"
failed=0
fail() {
  echo "make ct: FAIL: $*"
  echo "FAIL: $*" >>"$summary"
  failed=1
}

for cc in $CT_COMPILERS; do
  for opt in $CT_OPTS; do
    dir="$CT_BUILD/$cc-$opt"
    echo "== make ct: $cc -$opt ($dir)"
    # Release type: the project's default; its flags replaced by the level
    # under test (-g only adds debug information for readable reports;
    # DWARF 4 because valgrind 3.19 cannot read clang 14's default DWARF 5).
    # shellcheck disable=SC2086
    "$CMAKE" -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER="$cc" "-DCMAKE_C_FLAGS_RELEASE=-$opt -gdwarf-4 -DNDEBUG" \
      -DMLKEM_CT_TESTING=ON -DMLKEM_BUILD_TESTS=OFF -DMLKEM_BUILD_BENCH=OFF \
      $CMAKE_ARGS >"$dir.configure.log" 2>&1 ||
      { cat "$dir.configure.log"; fail "$cc -$opt: configure"; continue; }
    "$CMAKE" --build "$dir" -j "$JOBS" --target mlkem_static ct_check \
      ct_control >"$dir.build.log" 2>&1 ||
      { cat "$dir.build.log"; fail "$cc -$opt: build"; continue; }

    sh scripts/check_no_division.sh "$dir/src/libmlkem.a" ||
      fail "$cc -$opt: division instruction in the library"

    for be in $CT_BACKENDS; do
      log="$dir/ct_check.$be.log"
      rc=0
      MLKEM_BACKEND=$be "$VALGRIND" $VG_FLAGS "$dir/tests/ct/ct_check" \
        >"$log" 2>&1 || rc=$?
      case $rc in
        0) echo "$cc -$opt $be: clean ($(grep -o '[0-9]* passed, [0-9]* failed' "$log"))"
           echo "$cc -$opt $be: clean" >>"$summary" ;;
        77) echo "$cc -$opt $be: skipped (not built in, or not executable under valgrind)"
            echo "$cc -$opt $be: skipped" >>"$summary"
            continue ;;
        99) cat "$log"; fail "$cc -$opt $be: memcheck reported a secret-dependent branch or index (see $log)"
            continue ;;
        *) cat "$log"; fail "$cc -$opt $be: ct_check failed (exit $rc, see $log)"
           continue ;;
      esac
      # Controls that go through the library, per backend.
      for mode in library decaps; do
        rc=0
        MLKEM_BACKEND=$be "$VALGRIND" $VG_FLAGS "$dir/tests/ct/ct_control" \
          "$mode" >"$dir/control.$mode.$be.log" 2>&1 || rc=$?
        [ "$rc" -eq 99 ] ||
          fail "$cc -$opt $be: control '$mode' NOT reported (exit $rc): the check is vacuous"
      done
    done
    # Controls of the checker itself.
    for mode in branch index; do
      rc=0
      "$VALGRIND" $VG_FLAGS "$dir/tests/ct/ct_control" "$mode" \
        >"$dir/control.$mode.log" 2>&1 || rc=$?
      [ "$rc" -eq 99 ] ||
        fail "$cc -$opt: control '$mode' NOT reported (exit $rc): the check is vacuous"
    done
  done
done

# The division check must find a division where there is one.
ctl="$CT_BUILD/div_control"
mkdir -p "$ctl"
printf 'unsigned div_control(unsigned a, unsigned b) { return a / b; }\n' \
  >"$ctl/div_control.c"
for cc in $CT_COMPILERS; do
  "$cc" -O2 -c "$ctl/div_control.c" -o "$ctl/div_control.$cc.o"
  if sh scripts/check_no_division.sh "$ctl/div_control.$cc.o" >/dev/null; then
    fail "division check control: a division compiled by $cc was NOT found"
  fi
done

echo "== make ct: compiler x flags x backend"
cat "$summary"
if [ "$failed" -ne 0 ]; then
  echo "make ct: FAILED"
  exit 1
fi
echo "make ct: all clean, all controls reported"
