#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fuzz.sh - make fuzz: builds every libFuzzer target tests/fuzz/fuzz_*.c
# with clang (-fsanitize=fuzzer,address,undefined, the library included),
# generates seed corpora from the test vectors (scripts/fuzz_corpus.py),
# and runs each target for FUZZ_SECONDS seconds. Any finding (a violated
# invariant, a crash, a sanitizer report, a leak, a timeout) fails, and
# libFuzzer saves the input under $FUZZ_BUILD/artifacts/.
#
# Environment:
#   FUZZ_SECONDS  seconds per target (default 15)
#   FUZZ_TARGETS  the targets to run (default: every tests/fuzz/fuzz_*.c)
#   FUZZ_BUILD    build directory (default build-fuzz); the working corpus
#                 $FUZZ_BUILD/corpus/TARGET is kept between runs and grows
#   FUZZ_ARGS     extra libFuzzer flags, e.g. "-jobs=2 -workers=2"
#   FUZZ_PARALLEL how many targets run at once (default 1: one after the
#                 other); each still runs FUZZ_SECONDS
#   MLKEM_BACKEND the backend the targets run on (default: the dispatched,
#                 fastest one)
#
# Every fuzzer for an hour: make fuzz FUZZ_SECONDS=3600 (one after the
# other), or with FUZZ_PARALLEL=8 (at once: an hour in all, given the
# cores). One target: FUZZ_SECONDS=3600 make fuzz FUZZ_TARGETS=fuzz_decaps,
# or run $FUZZ_BUILD/tests/fuzz/fuzz_decaps directly with its corpus
# folders (docs/SECURITY.md).
set -eu
cd "$(dirname "$0")/.."

FUZZ_BUILD=${FUZZ_BUILD:-build-fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-15}
FUZZ_ARGS=${FUZZ_ARGS:-}
FUZZ_PARALLEL=${FUZZ_PARALLEL:-1}
CMAKE=${CMAKE:-cmake}
CMAKE_ARGS=${CMAKE_ARGS:-}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
FUZZ_CC=${FUZZ_CC:-clang}
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

if [ -z "${FUZZ_TARGETS:-}" ]; then
  FUZZ_TARGETS=$(for f in tests/fuzz/fuzz_*.c; do basename "$f" .c; done)
fi

echo "== make fuzz: build ($FUZZ_CC, $FUZZ_BUILD)"
mkdir -p "$FUZZ_BUILD"
# shellcheck disable=SC2086
"$CMAKE" -S . -B "$FUZZ_BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$FUZZ_CC" "-DCMAKE_C_FLAGS=$SAN" \
  "-DCMAKE_C_FLAGS_RELEASE=-O1 -g" -DMLKEM_FUZZ=ON \
  -DMLKEM_BUILD_TESTS=OFF -DMLKEM_BUILD_BENCH=OFF $CMAKE_ARGS \
  >"$FUZZ_BUILD/configure.log" 2>&1 || { cat "$FUZZ_BUILD/configure.log"; exit 1; }
# shellcheck disable=SC2086
"$CMAKE" --build "$FUZZ_BUILD" -j "$JOBS" --target $FUZZ_TARGETS

python3 scripts/fuzz_corpus.py tests/vectors "$FUZZ_BUILD/seeds" $FUZZ_TARGETS

mkdir -p "$FUZZ_BUILD/artifacts"

# run_target T: runs T for FUZZ_SECONDS, then writes one line, "ok ..." or
# "finding ...", to $FUZZ_BUILD/T.result.
run_target() {
  t=$1
  mkdir -p "$FUZZ_BUILD/corpus/$t"
  log="$FUZZ_BUILD/$t.log"
  rc=0
  # shellcheck disable=SC2086
  "$FUZZ_BUILD/tests/fuzz/$t" -max_total_time="$FUZZ_SECONDS" -max_len=8192 \
    -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$FUZZ_BUILD/artifacts/$t-" $FUZZ_ARGS \
    "$FUZZ_BUILD/corpus/$t" "$FUZZ_BUILD/seeds/$t" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "finding $rc" >"$FUZZ_BUILD/$t.result"
  else
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    echo "ok ${runs:-?} executions, $cov, corpus $(ls "$FUZZ_BUILD/corpus/$t" | wc -l) inputs" \
      >"$FUZZ_BUILD/$t.result"
  fi
}

running=0
for t in $FUZZ_TARGETS; do
  rm -f "$FUZZ_BUILD/$t.result"
  echo "== make fuzz: $t for ${FUZZ_SECONDS}s (backend ${MLKEM_BACKEND:-default})"
  if [ "$FUZZ_PARALLEL" -le 1 ]; then
    run_target "$t"
  else
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$FUZZ_PARALLEL" ]; then
      wait
      running=0
    fi
  fi
done
wait

failed=""
for t in $FUZZ_TARGETS; do
  result=$(cat "$FUZZ_BUILD/$t.result" 2>/dev/null || echo "finding (no result)")
  case $result in
    ok*) echo "$t: no finding (${result#ok })" ;;
    *) tail -n 60 "$FUZZ_BUILD/$t.log"
       echo "make fuzz: $t: FINDING (exit ${result#finding }); input saved in $FUZZ_BUILD/artifacts/, log $FUZZ_BUILD/$t.log"
       failed="$failed $t" ;;
  esac
done
if [ -n "$failed" ]; then
  echo "make fuzz: FAILED:$failed"
  exit 1
fi
echo "make fuzz: no finding"
