#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Runs the Rust binding's tests for ctest (tests/rust/CMakeLists.txt).
# Usage: run_cargo.sh test|clippy WORKSPACE TARGET_DIR
# (clippy also checks the layout with cargo fmt --check where rustfmt is
# installed)
# Finds cargo on PATH or in ~/.cargo/bin (rustup's place); exits 77
# (skipped) with the reason if it, Rust 1.85 or later, clippy or crates.io
# is missing, or 1 instead when MLKEM_REQUIRE_RUST=1.
set -eu
mode=$1
workspace=$2
# MLKEM_CARGO_TARGET_DIR in the environment overrides the build's choice,
# so that several build directories share one cargo cache (.ci/run).
export CARGO_TARGET_DIR="${MLKEM_CARGO_TARGET_DIR:-$3}"

skip() {
  echo "rust_$mode: SKIPPED: $1"
  if [ "${MLKEM_REQUIRE_RUST:-}" = 1 ]; then exit 1; fi
  exit 77
}

if ! command -v cargo >/dev/null 2>&1 && [ -x "${HOME:-/root}/.cargo/bin/cargo" ]; then
  PATH="${HOME:-/root}/.cargo/bin:$PATH"
fi
command -v cargo >/dev/null 2>&1 ||
  skip "cargo not found (rustup, or Debian 12's cargo-web and rustc-web)"
minor=$(rustc --version 2>/dev/null | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
[ -n "$minor" ] && [ "$minor" -ge 85 ] ||
  skip "$(rustc --version 2>&1 | head -n 1) is older than 1.85, which the crates need"
if [ "$mode" = clippy ]; then
  cargo clippy --version >/dev/null 2>&1 ||
    skip "cargo clippy not found (rustup component add clippy; Debian: rust-web-clippy)"
fi
cd "$workspace"
cargo fetch --quiet || skip "cargo fetch failed: crates.io not reachable?"
echo "rust_$mode: $(rustc --version), CC=${CC:-cc}, MLKEM_SYS_CMAKE_DEFINES=${MLKEM_SYS_CMAKE_DEFINES:-}"
case "$mode" in
  test) exec cargo test --workspace ;;
  clippy)
    if cargo fmt --version >/dev/null 2>&1; then
      cargo fmt --all --check
    else
      echo "rust_clippy: rustfmt not found: the layout is not checked"
    fi
    exec cargo clippy --workspace --all-targets -- -D warnings
    ;;
  *) echo "run_cargo.sh: unknown mode $mode" >&2; exit 2 ;;
esac
