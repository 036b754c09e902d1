#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ct_check.sh - make ct: the constant-time check (docs/SECURITY.md).
#
# For every compiler in CT_COMPILERS and optimisation level in CT_OPTS, in
# its own build directory under CT_BUILD:
#  1. builds the library with -DMLKEM_CT_TESTING=ON and tests/ct;
#  2. checks that no division instruction appears in the library
#     (scripts/check_no_division.sh);
# and then, in the background while the next builds compile (valgrind
# runs on one core; the output is printed after the MemorySanitizer stage,
# in the builds' order):
#  3. for every backend in CT_BACKENDS, runs tests/ct/ct_check under
#     valgrind's memcheck with the secrets poisoned (the KEM's, and the
#     body of PEM private keys, and private key files whole, through
#     src/keyfile/): any report fails;
#  4. runs the controls of tests/ct/ct_control, each of which memcheck MUST
#     report; a silent control fails (the check would be vacuous).
# A backend that valgrind cannot execute (its CPU model lacks the
# instructions, e.g. AVX-512) is reported as skipped.
#
# Then the MemorySanitizer stage, for the AVX-512 backend that valgrind
# cannot run: for every level in CT_MSAN_OPTS, in build-ct/msan-clang-OPT,
#  1. builds the library, tests/ct and the check of the intrinsic models
#     with clang -fsanitize=memory (flags below) and runs that check
#     (tests/ct/msan_intrinsics_test);
#  2. runs ct_check for every backend in CT_MSAN_BACKENDS: any
#     MemorySanitizer report fails, and so does a secret output no longer
#     marked, except for the backends in CT_MSAN_UNTRACKED (portable:
#     MemorySanitizer loses the marking in scalar arithmetic, see
#     docs/SECURITY.md), where ct_check only has to run without a report;
#  3. runs the controls, which must be reported, at their own branch (not
#     earlier, inside the library): branch and index; library, decaps and x25519
#     for every tracked backend; for avx512 one control per backend
#     operation (ct_control op:NAME), and op:rej_uniform, which must be
#     reported inside the library.
# A backend the CPU lacks is reported as skipped.
#
# Finally the division check's own control: a division in a test object
# must be found.
#
# Environment: CT_BUILD (build-ct), CT_COMPILERS ("gcc clang"),
# CT_OPTS ("O1 O2 O3 Os"), CT_BACKENDS ("portable avx2 avx512"), JOBS,
# CMAKE, CMAKE_ARGS, VALGRIND; CT_MSAN (1; 0 skips the MemorySanitizer
# stage), CT_MSAN_CC (clang), CT_MSAN_OPTS (as CT_OPTS),
# CT_MSAN_BACKENDS ("avx512 avx2 portable"), CT_MSAN_UNTRACKED (portable).
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
built=""
fail() {
  echo "make ct: FAIL: $*"
  echo "FAIL: $*" >>"$summary"
  failed=1
  # In a background unit (valgrind_checks) failed does not reach the
  # script; the mark does.
  if [ -n "${failmark:-}" ]; then : >"$failmark"; fi
}

# Steps 3 and 4 for the build in $1 (compiler $2, level $3), run in the
# background: its messages go to the caller's redirection, its summary
# lines to $1/ct.summary, and $1/ct.failed marks a failure.
valgrind_checks() {
  dir=$1 cc=$2 opt=$3
  summary="$dir/ct.summary"
  failmark="$dir/ct.failed"
  : >"$summary"
  rm -f "$failmark"
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
      2) cat "$log"; fail "$cc -$opt $be: a secret output is no longer marked (see $log): the check is vacuous for it"
         continue ;;
      *) cat "$log"; fail "$cc -$opt $be: ct_check failed (exit $rc, see $log)"
         continue ;;
    esac
    # Controls that go through the library, per backend.
    for mode in library decaps x25519; do
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
    valgrind_checks "$dir" "$cc" "$opt" >"$dir/ct.out" 2>&1 &
    built="$built $dir"
  done
done

# ---- MemorySanitizer: the AVX-512 backend ---------------------------------
# Flags, each checked in docs/SECURITY.md:
#  -mllvm -msan-check-access-address=1  report loads and stores whose
#      address depends on a secret (the default, made explicit);
#  -fno-sanitize-memory-param-retval  do not report merely passing a secret
#      as an argument or return value (the default of clang 14, not of 16);
#  -include tests/ct/msan_intrinsics.h  models of the intrinsics clang's
#      MemorySanitizer would otherwise check strictly or follow lane by lane;
#  -fsanitize-memory-track-origins  reports say where the secret came from.
# MSAN_OPTIONS exitcode=99: a report exits 99 (its default, 77, is the
# exit status of a skipped backend).
CT_MSAN=${CT_MSAN:-1}
CT_MSAN_CC=${CT_MSAN_CC:-clang}
CT_MSAN_OPTS=${CT_MSAN_OPTS:-$CT_OPTS}
CT_MSAN_BACKENDS=${CT_MSAN_BACKENDS:-avx512 avx2 portable}
CT_MSAN_UNTRACKED=${CT_MSAN_UNTRACKED:-portable}
MSAN_OPS="keccak8 keccak4 ntt invntt basemul encode12 decode12 compress4
  compress5 compress10 compress11 decompress4 decompress5 decompress10
  decompress11 msg_encode msg_decode cbd2 cbd3"

msan_flags="-fsanitize=memory -fsanitize-memory-track-origins \
-mllvm -msan-check-access-address=1 -include $PWD/tests/ct/msan_intrinsics.h"

in_list() { # word list...
  w=$1
  shift
  for x in "$@"; do [ "$x" = "$w" ] && return 0; done
  return 1
}

# msan_control DIR LABEL MODE WHERE [BACKEND]: runs ct_control MODE, which
# must be reported; WHERE is "branch" (the report must come after the
# control's "branching on the secret" line) or "library" (before it).
msan_control() {
  mdir=$1 mlabel=$2 mmode=$3 mwhere=$4 mbe=${5:-}
  mlog="$mdir/control.$(printf '%s' "$mmode" | tr ':' '_')${mbe:+.$mbe}.log"
  rc=0
  if [ -n "$mbe" ]; then
    MLKEM_BACKEND=$mbe MSAN_OPTIONS=exitcode=99 \
      "$mdir/tests/ct/ct_control" "$mmode" >"$mlog" 2>&1 || rc=$?
  else
    MSAN_OPTIONS=exitcode=99 "$mdir/tests/ct/ct_control" "$mmode" \
      >"$mlog" 2>&1 || rc=$?
  fi
  if [ "$rc" -ne 99 ]; then
    fail "$mlabel: control '$mmode' NOT reported (exit $rc, see $mlog): the check is vacuous"
    return 0
  fi
  if grep -q "ct_control $mmode: branching on the secret" "$mlog"; then
    reached=branch
  else
    reached=library
  fi
  [ "$reached" = "$mwhere" ] ||
    fail "$mlabel: control '$mmode' reported in the wrong place (expected: $mwhere; see $mlog)"
}

if [ "$CT_MSAN" = 1 ]; then
  probe="$CT_BUILD/msan_probe"
  mkdir -p "$probe"
  printf 'int main(void) { return 0; }\n' >"$probe/probe.c"
  if ! "$CT_MSAN_CC" -fsanitize=memory "$probe/probe.c" -o "$probe/probe" \
       >"$probe/log" 2>&1 || ! "$probe/probe"; then
    cat "$probe/log"
    fail "MemorySanitizer: $CT_MSAN_CC cannot build and run with -fsanitize=memory (Debian: apt-get install clang libclang-rt-dev); the AVX-512 backend is NOT checked"
  else
    # Newer clangs check arguments and return values by default; this
    # check must not (only branches, addresses and divisors matter).
    if "$CT_MSAN_CC" -fsanitize=memory -fno-sanitize-memory-param-retval \
         "$probe/probe.c" -o "$probe/probe" >/dev/null 2>&1; then
      msan_flags="$msan_flags -fno-sanitize-memory-param-retval"
    fi
    for opt in $CT_MSAN_OPTS; do
      dir="$CT_BUILD/msan-$CT_MSAN_CC-$opt"
      label="msan $CT_MSAN_CC -$opt"
      echo "== make ct: $label ($dir)"
      # shellcheck disable=SC2086
      "$CMAKE" -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_COMPILER="$CT_MSAN_CC" "-DCMAKE_C_FLAGS=$msan_flags" \
        "-DCMAKE_C_FLAGS_RELEASE=-$opt -g -DNDEBUG" \
        -DMLKEM_CT_TESTING=ON -DMLKEM_BUILD_TESTS=OFF -DMLKEM_BUILD_BENCH=OFF \
        -DMLKEM_BUILD_CLI=OFF $CMAKE_ARGS >"$dir.configure.log" 2>&1 ||
        { cat "$dir.configure.log"; fail "$label: configure"; continue; }
      "$CMAKE" --build "$dir" -j "$JOBS" --target ct_check ct_control \
        msan_intrinsics_test >"$dir.build.log" 2>&1 ||
        { cat "$dir.build.log"; fail "$label: build"; continue; }

      log="$dir/msan_intrinsics_test.log"
      rc=0
      MSAN_OPTIONS=exitcode=99 "$dir/tests/ct/msan_intrinsics_test" \
        >"$log" 2>&1 || rc=$?
      case $rc in
        0) echo "$label: intrinsic models: $(tail -n 1 "$log")" ;;
        77) echo "$label: intrinsic models: $(tail -n 1 "$log")" ;;
        *) cat "$log"; fail "$label: intrinsic models (exit $rc, see $log)" ;;
      esac

      for be in $CT_MSAN_BACKENDS; do
        log="$dir/ct_check.$be.log"
        tracked=1
        in_list "$be" $CT_MSAN_UNTRACKED && tracked=0
        rc=0
        MLKEM_BACKEND=$be MSAN_OPTIONS=exitcode=99 "$dir/tests/ct/ct_check" \
          >"$log" 2>&1 || rc=$?
        case $rc in
          0) echo "$label $be: clean ($(grep -o '[0-9]* passed, [0-9]* failed' "$log"))"
             echo "$label $be: clean" >>"$summary" ;;
          2) if [ "$tracked" -eq 1 ]; then
               cat "$log"
               fail "$label $be: a secret output is no longer marked (see $log): the check is vacuous for it"
               continue
             fi
             echo "$label $be: no report; marking lost ($(grep -o '[0-9]* secret outputs not marked' "$log")): reports only"
             echo "$label $be: no report (marking lost: reports only)" >>"$summary"
             continue ;;
          77) echo "$label $be: skipped (not built in, or not on this CPU)"
              echo "$label $be: skipped" >>"$summary"
              continue ;;
          99) cat "$log"; fail "$label $be: MemorySanitizer reported a secret-dependent branch, index or divisor (see $log)"
              continue ;;
          *) cat "$log"; fail "$label $be: ct_check failed (exit $rc, see $log)"
             continue ;;
        esac
        [ "$tracked" -eq 1 ] || continue
        for mode in library decaps x25519; do
          msan_control "$dir" "$label $be" "$mode" branch "$be"
        done
        if [ "$be" = avx512 ]; then
          for op in $MSAN_OPS; do
            msan_control "$dir" "$label $be" "op:$op" branch "$be"
          done
          msan_control "$dir" "$label $be" op:rej_uniform library "$be"
        fi
      done
      for mode in branch index; do
        msan_control "$dir" "$label" "$mode" branch
      done
    done
  fi
fi

# The valgrind checks started above, in the builds' order; their summary
# lines before the MemorySanitizer stage's.
wait
: >"$summary.valgrind"
for dir in $built; do
  echo "== make ct: valgrind checks of $dir"
  cat "$dir/ct.out"
  cat "$dir/ct.summary" >>"$summary.valgrind"
  if [ -e "$dir/ct.failed" ]; then failed=1; fi
done
cat "$summary" >>"$summary.valgrind"
mv "$summary.valgrind" "$summary"

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
