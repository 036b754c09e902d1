#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The installed C++ API: installs the library into a scratch prefix, then
# builds examples/cxx (find_package(mlkem), target mlkem::mlkem_cxx) with
# the C++ compiler and flags of the build, and runs its three programs.
# Usage: install_test.sh SOURCE_DIR BUILD_DIR CXX [CXX_FLAGS]
set -eu
src=$1
build=$2
cxx=$3
cxxflags=${4:-}
prefix="$build/install-test-cxx"
rm -rf "$prefix" "$build/consumer-cxx"
cmake --install "$build" --prefix "$prefix" >/dev/null
for h in mlkem.hpp mlkem_kyber.hpp mlkem_hybrid.hpp mlkem_constexpr.hpp \
  mlkem_constexpr_sha3.hpp; do
  test -f "$prefix/include/$h"
done
cmake -S "$src/examples/cxx" -B "$build/consumer-cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_CXX_FLAGS="$cxxflags" >/dev/null
cmake --build "$build/consumer-cxx" >/dev/null
"$build/consumer-cxx/exchange"
"$build/consumer-cxx/hybrid"
"$build/consumer-cxx/compile_time"
echo "install_test_cxx: 4 passed, 0 failed"
