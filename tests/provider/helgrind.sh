#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest provider_threads_helgrind: test_provider_threads under valgrind's
# Helgrind. Fails on a data race where either access is made by the
# module's own code (the provider or the library linked into it: the
# first frame of the access is in mlkem-provider.so). Races Helgrind
# reports inside libcrypto alone (its DRBG and EC code use atomics
# Helgrind does not model) are counted and printed, not judged.
#   helgrind.sh TEST_PROGRAM MODULE_DIR LOG
# Skips (77) without valgrind, unless MLKEM_REQUIRE_INTEROP=1 (CI).
set -u
prog=$1 dir=$2 log=$3
if ! command -v valgrind >/dev/null 2>&1; then
  if [ "${MLKEM_REQUIRE_INTEROP:-}" = 1 ]; then
    echo "provider_threads_helgrind: FAILED: valgrind not found"; exit 1
  fi
  echo "provider_threads_helgrind: SKIPPED: valgrind not found"; exit 77
fi
valgrind --tool=helgrind --log-file="$log" "$prog" "$dir" 1 threads
rc=$?
if [ $rc -ne 0 ]; then
  echo "provider_threads_helgrind: FAILED: the test failed under Helgrind ($rc)"
  exit 1
fi
# Each report: "Possible data race ..." then "   at ADDR: FN (in OBJ)" for
# the access, "This conflicts with ..." then its own "at" line.
ours=$(awk '
  /Possible data race|This conflicts with/ { want = 1; next }
  want && /==[0-9]+==    at / { if ($0 ~ /mlkem-provider\.so/) n++; want = 0 }
  END { print n + 0 }' "$log")
all=$(grep -c "Possible data race" "$log")
echo "provider_threads_helgrind: $all race reports, $ours in the module (log: $log)"
if [ "$ours" -ne 0 ]; then
  grep -B2 -A14 "mlkem-provider.so" "$log" | head -100
  echo "provider_threads_helgrind: FAILED: data races in the module"
  exit 1
fi
echo "provider_threads_helgrind: passed"
