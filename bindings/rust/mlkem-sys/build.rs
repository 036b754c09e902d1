// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Builds the C library with the repository's own CMake project (the
//! `cmake` crate runs it in OUT_DIR) and links its static library. Nothing
//! here restates the C sources or their per-file SIMD flags: every backend
//! and the run-time dispatch come out exactly as in the C build.
//!
//! Environment:
//! - `MLKEM_SOURCE_DIR`: the C library's source tree (the directory of its
//!   top-level CMakeLists.txt); default: the repository this crate is in.
//! - `MLKEM_SYS_CMAKE_DEFINES`: extra `NAME=VALUE` cache entries for that
//!   project, separated by spaces, e.g. `MLKEM_ENABLE_AVX512=OFF`.
//! - `CC`, `CFLAGS` and the rest of what the `cmake` and `cc` crates read.
use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-env-changed=MLKEM_SOURCE_DIR");
    println!("cargo:rerun-if-env-changed=MLKEM_SYS_CMAKE_DEFINES");
    // The compiler and flags the cmake crate hands to CMake.
    for var in ["CC", "CFLAGS", "CMAKE", "CMAKE_GENERATOR"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let root = match env::var_os("MLKEM_SOURCE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => manifest.join("..").join("..").join(".."),
    };
    if !root.join("src").join("CMakeLists.txt").exists() {
        panic!(
            "libmlkem-sys: the C library's sources are not in {} (set MLKEM_SOURCE_DIR to \
             the directory of its top-level CMakeLists.txt)",
            root.display()
        );
    }
    for part in ["CMakeLists.txt", "cmake", "include", "src"] {
        println!("cargo:rerun-if-changed={}", root.join(part).display());
    }

    let mut cfg = cmake::Config::new(&root);
    // The library only: no tests, benchmark or tool. Always Release, also
    // under `cargo test` (the debug profile): the C code is measured and
    // shipped at the optimization its CMake project chooses.
    cfg.profile("Release")
        .define("MLKEM_BUILD_TESTS", "OFF")
        .define("MLKEM_BUILD_BENCH", "OFF")
        .define("MLKEM_BUILD_CLI", "OFF")
        .build_target("mlkem_static");
    if let Ok(defines) = env::var("MLKEM_SYS_CMAKE_DEFINES") {
        for def in defines.split_whitespace() {
            let (name, value) = def.split_once('=').unwrap_or_else(|| {
                panic!("libmlkem-sys: MLKEM_SYS_CMAKE_DEFINES entry '{def}' is not NAME=VALUE")
            });
            cfg.define(name, value);
        }
    }
    let dst = cfg.build();
    let build = dst.join("build");
    check_version(&build.join("include").join("mlkem_version.h"));

    // Single-configuration generators put the archive in build/src;
    // multi-configuration ones (Visual Studio) in build/src/Release.
    println!(
        "cargo:rustc-link-search=native={}",
        build.join("src").display()
    );
    println!(
        "cargo:rustc-link-search=native={}",
        build.join("src").join("Release").display()
    );
    println!("cargo:rustc-link-lib=static=mlkem");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        println!("cargo:rustc-link-lib=bcrypt");
    }
    // For crates that compile C against the same headers (DEP_MLKEM_INCLUDE).
    println!(
        "cargo:include={}",
        env::join_paths([root.join("include"), build.join("include")])
            .expect("paths without separators")
            .to_string_lossy()
    );
}

/// The crate's version is the project's (CMakeLists.txt, project(VERSION)),
/// which CMake wrote into mlkem_version.h: refuse to build if they differ.
fn check_version(header: &Path) {
    let text = fs::read_to_string(header)
        .unwrap_or_else(|e| panic!("libmlkem-sys: cannot read {}: {e}", header.display()));
    let version = text
        .lines()
        .find_map(|l| l.strip_prefix("#define MLKEM_VERSION_STRING "))
        .map(|v| v.trim().trim_matches('"').to_string())
        .expect("mlkem_version.h defines MLKEM_VERSION_STRING");
    let ours = env::var("CARGO_PKG_VERSION").expect("set by cargo");
    if version != ours {
        panic!(
            "libmlkem-sys: the crate's version {ours} (bindings/rust/Cargo.toml) differs from \
             the C library's {version} (CMakeLists.txt): update Cargo.toml"
        );
    }
}
