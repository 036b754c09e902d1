#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the library into a scratch prefix, then builds and runs
# examples/minimal.c against it twice: through pkg-config (shared library)
# and through find_package(mlkem) (static library); and examples/keyfile.c
# through pkg-config, on the RFC 9935 example keys (the installed
# mlkem_keyfile.h and the exported key-file functions).
# Usage: install_test.sh SOURCE_DIR BUILD_DIR C_COMPILER [C_FLAGS]
# C_FLAGS are those the library was built with (e.g. sanitizer flags, which
# the program must share to link against an instrumented library).
set -eu
src=$1
build=$2
cc=$3
cflags=${4:-}
prefix="$build/install-test"
rm -rf "$prefix" "$build/consumer"
cmake --install "$build" --prefix "$prefix" >/dev/null

libdir=$(ls -d "$prefix"/lib*/pkgconfig | head -n 1)
libdir=${libdir%/pkgconfig}
PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --exists mlkem
flags=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs mlkem)
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $cflags "$src/examples/minimal.c" $flags -o "$build/minimal-pkgconfig"
LD_LIBRARY_PATH="$libdir" "$build/minimal-pkgconfig"
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $cflags "$src/examples/keyfile.c" $flags -o "$build/keyfile-pkgconfig"
for form in seed expanded both; do
  LD_LIBRARY_PATH="$libdir" "$build/keyfile-pkgconfig" \
    "$src/tests/vectors/rfc9935-examples/ML-KEM-768-$form.priv"
done

cmake -S "$src/examples/cmake-consumer" -B "$build/consumer" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_C_FLAGS="$cflags" >/dev/null
cmake --build "$build/consumer" >/dev/null
"$build/consumer/minimal"

# The command-line tool (cli/), when it was built, is installed into bin.
n=3
if [ -e "$build/cli/mlkem" ]; then
  "$prefix/bin/mlkem" --version
  n=4
fi
echo "install_test: $n passed, 0 failed"
