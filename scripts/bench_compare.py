#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make bench-compare: this library against other implementations of
ML-KEM, X25519 and X-Wing, built and timed in one run, the same way.

Builds every row in the build tree (default build-compare/): this library
(every backend the CPU has; its harness times ML-KEM, X25519 and X-Wing in
one run), the Rust peers of bench/compare/rust/ from crates.io, the Go peers
(the standard library's crypto/mlkem, crypto/ecdh and crypto/hpke), the
OpenSSL peer (bench/compare/openssl/, the system's libcrypto) and the
pyca/cryptography peer from PyPI in a virtual environment. A row that cannot
be built or run is reported as skipped, with the reason, and the rest go on.

Then it times them in rounds: each round runs every row's harness once
(2,000 single calls per operation after warm-up, in 10 passes), pinned with
taskset to whichever CPU was the idler over the previous quarter second, the
order of the rows rotated from round to round so that no row always runs
first or last. For every cell the table takes the lowest of the rounds'
medians: on a shared machine outside load only ever adds time.

Writes the raw figures (every round), the machine, the tools and the flags
to OUT/results.json and the tables and charts to OUT/ (see
scripts/bench_compare_report.py). Standard library only.

Usage: bench_compare.py [--build-dir DIR] [--out DIR] [--rounds R]
                        [--iterations N] [--passes P] [--only ID,ID]
                        [--sets SET,SET]

--sets runs only the rows that have the sets named (or the families
ML-KEM and Kyber: round-3 Kyber and Kyber-90s) and times only those; the
other sets' figures stay as OUT/results.json has them, and the report says
which sets were measured apart and when.
"""
import argparse
import ctypes
import datetime
import glob
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_compare_report  # noqa: E402

SETS_ALL = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
SETS_NO_512 = ["ML-KEM-768", "ML-KEM-1024"]
X25519, XWING = "X25519", "X-Wing"
# NIST round-3 Kyber (v3.02) and Kyber-90s, as mlkem_kem_by_name names them.
KYBER_SETS = ["Kyber512", "Kyber768", "Kyber1024", "Kyber512-90s", "Kyber768-90s",
              "Kyber1024-90s"]
FAMILIES = {"ML-KEM": SETS_ALL, "Kyber": KYBER_SETS}

# What each row's timed calls do: the inputs they start from, whether the
# FIPS 203 section 7 input checks run inside them, and whether they draw
# randomness. The harnesses' header comments say the same at the code.
# X25519 rows (set X25519) time "x25519", the shared secret X25519(k, u)
# from the peer's public key u as bytes, and "x25519_base", the public key
# X25519(k, 9); their inputs are bench/bench.c's: k = 7, 8, 9, 0, ..., u the
# public key of 1, 2, 3, 0, .... X-Wing rows (set X-Wing) time keygen from
# the 32-byte seed 7, 8, 9, 0, ..., encaps from the encoded ek, decaps.
OURS = {
    "build": "mlkem", "ours": True,
    "sets": SETS_ALL + [X25519, XWING],
    "keygen": "keygen_derand from the 64-byte seed",
    "encaps": "encaps_derand from the encoded ek and the 32-byte m; modulus check inside",
    "decaps": "decaps from the encoded dk; hash check inside",
    "checks": "yes / yes",
    "rng": "none",
    "x25519": {
        "x25519": "mlkem_x25519(k, u), both as bytes: the Montgomery ladder",
        "x25519_base": "mlkem_x25519_base(k): a fixed-base comb on edwards25519 over a "
                       "precomputed table",
    },
    "xwing": {
        "keygen": "xwing_keygen_derand from the seed (the ek encoded)",
        "encaps": "xwing_encaps_derand(encoded ek, 64 bytes of randomness); ML-KEM's modulus "
                  "check inside",
        "decaps": "xwing_decaps(ct, sk = the 32-byte seed): expands sk again (ML-KEM keygen and "
                  "the X25519 public key), as the draft's Decapsulate does",
        "rng": "none",
    },
}
GO_XWING = {
    "build": "go", "sets": [XWING],
    "keygen": "NewPrivateKey(seed): SHAKE256 expansion into crypto/mlkem and crypto/ecdh key "
              "objects, then PublicKey().Bytes()",
    "rng": "encaps: crypto/rand (the X25519 ephemeral key and ML-KEM's m)",
}
LIBCRUX = {
    "build": "rust:compare-libcrux", "bin": "bench-libcrux",
    "keygen": "generate_key_pair from the seed",
    "encaps": "encapsulate(encoded ek, m); validate_public_key not called",
    "decaps": "decapsulate(encoded dk, ct); validate_private_key not called",
    "checks": "no / no (separate functions)", "rng": "none",
}
PQCRYSTALS = {
    "build": "rust:compare-pqcrystals", "bin": "bench-pqcrystals",
    "keygen": "crypto_kem_keypair_derand from the seed",
    "encaps": "crypto_kem_enc_derand(encoded ek, m)",
    "decaps": "crypto_kem_dec(encoded dk, ct)",
    "checks": "no / no", "rng": "none",
}
# Round-3 Kyber: this library's kyber*_ functions (mlkem_kyber.h), in rows of
# their own so that the ML-KEM rows' runs stay as they were; and the Kyber
# team's reference and AVX2 code as PQClean ships it. The same seed and m as
# the ML-KEM rows: keygen's 64 coins are d || z, encaps's 32 coins the bytes
# hashed into m.
OURS_KYBER = {
    "build": "mlkem", "ours": True, "sets": KYBER_SETS,
    "keygen": "kyber*_keygen_derand from the 64 coins (d ‖ z)",
    "encaps": "kyber*_encaps_derand from the encoded pk and the 32 coins; FIPS 203's modulus "
              "check inside",
    "decaps": "kyber*_decaps from the encoded sk; FIPS 203's hash check inside",
    "checks": "yes / yes", "rng": "none",
}
KYBER_R3 = {
    "build": "rust-kyber:compare-kyber-r3", "bin": "bench-kyber-r3", "sets": KYBER_SETS,
    "check_outputs": True,
    "keygen": "crypto_kem_keypair: its two 32-byte draws (d, then z) return the 64 coins",
    "encaps": "crypto_kem_enc(encoded pk): its one 32-byte draw returns the 32 coins",
    "decaps": "crypto_kem_dec(encoded sk, ct)",
    "checks": "no / no (round 3 has none)",
    "rng": "keygen, encaps: the fixed coins, copied by getrandom's custom backend (no OS call)",
}
ROWS = [
    {"id": "mlkem-avx512", **OURS, "backend": "avx512", "label": "this library, avx512 backend"},
    {"id": "mlkem-avx2", **OURS, "backend": "avx2", "label": "this library, avx2 backend"},
    {"id": "mlkem-portable", **OURS, "backend": "portable", "label": "this library, portable C"},
    {"id": "mlkem-crate", "build": "rust:compare-mlkem-crate", "bin": "bench-mlkem-crate",
     "label": "this library through its Rust crate (bindings/rust), backend chosen at run time",
     "keygen": "DecapsulationKey::from_seed (keygen_derand; the key object keeps dk, ek, H(ek))",
     "encaps": "EncapsulationKey::from_bytes(encoded ek) (modulus check), then "
               "encapsulate_derand(m) (encaps_derand: check and H(ek) inside)",
     "decaps": "decapsulate on the key object (decaps on the encoded dk; hash check inside)",
     "checks": "yes / yes", "rng": "none",
     "build_note": "cargo build --release; libmlkem-sys builds the C library with this "
                   "repository's CMake (Release, every backend, run-time dispatch)"},
    {"id": "libcrux", **LIBCRUX, "label": "libcrux-ml-kem 0.0.11 (AVX2)"},
    {"id": "libcrux-checks", **LIBCRUX, "args": ["--with-checks"],
     "label": "libcrux-ml-kem 0.0.11 (AVX2) + validate_*",
     "encaps": "validate_public_key, then encapsulate(encoded ek, m)",
     "decaps": "validate_private_key, then decapsulate(encoded dk, ct)",
     "checks": "yes / yes"},
    {"id": "libcrux-native", **LIBCRUX, "build": "rust-native:compare-libcrux",
     "label": "libcrux-ml-kem 0.0.11 (AVX2), target-cpu=native"},
    {"id": "liboqs", "build": "rust:compare-liboqs", "bin": "bench-liboqs",
     "label": "liboqs 0.13.0 (mlkem-native inside, AVX2)",
     "keygen": "keypair_derand from the seed",
     "encaps": "encaps(encoded ek); m from the randomness hook, which returns the fixed m",
     "decaps": "decaps(encoded dk, ct)",
     "checks": "yes / yes", "rng": "encaps: one call to a fixed-output hook, no OS call",
     "build_note": "liboqs built by oqs-sys with cmake, Release, OQS_DIST_BUILD=ON (AVX2 code "
                   "chosen at run time), only ML-KEM, without OpenSSL (its own SHA-3)"},
    {"id": "pqcrystals", **PQCRYSTALS,
     "label": "pq-crystals AVX2 (PQClean 10b478f), -mavx2 -mbmi2",
     "build_note": "pqcrypto-mlkem 0.1.1's build script: the system C compiler (cc crate), "
                   "-O3 -mavx2 -mbmi2 -mbmi -maes -mpopcnt -mpclmul"},
    {"id": "pqcrystals-native", **PQCRYSTALS, "build": "rust-cnative:compare-pqcrystals",
     "label": "pq-crystals AVX2 (PQClean 10b478f), clang -march=native",
     "build_note": "pqcrypto-mlkem 0.1.1's build script with CC=clang CFLAGS=-march=native "
                   "(the fastest build of the peers' figures)"},
    {"id": "aws-lc-rs", "build": "rust:compare-aws-lc-rs", "bin": "bench-aws-lc-rs",
     "label": "aws-lc-rs 1.19.0 (AWS-LC, mlkem-native inside)",
     "keygen": "DecapsulationKey::generate, then the encoded ek",
     "encaps": "EncapsulationKey::new(encoded ek), then encapsulate",
     "decaps": "decapsulate on the key object (which holds the encoded dk)",
     "checks": "yes / yes", "rng": "keygen and encaps: AWS-LC's DRBG",
     "build_note": "AWS-LC built by aws-lc-sys's build script with the cc crate and the "
                   "system C compiler (its own CPU dispatch)"},
    {"id": "go", "build": "go", "sets": SETS_NO_512,
     "label": "Go crypto/mlkem",
     "keygen": "NewDecapsulationKey from the seed, then the encoded ek",
     "encaps": "NewEncapsulationKey(encoded ek), which also expands the matrix A, then "
               "Encapsulate (the derandomized mlkemtest.Encapsulate re-parses ek: not used)",
     "decaps": "Decapsulate on the key object, which keeps A expanded (Go keeps dk as "
               "seed or object)",
     "checks": "yes / n.a. (no encoded dk)", "rng": "encaps: crypto/rand"},
    {"id": "rustcrypto", "build": "rust:compare-rustcrypto", "bin": "bench-rustcrypto",
     "label": "RustCrypto ml-kem 0.3.4",
     "keygen": "DecapsulationKey::from_seed, then the encoded ek",
     "encaps": "EncapsulationKey::new(encoded ek), then encapsulate_deterministic(m)",
     "decaps": "decapsulate on the key object (dk kept as seed or object)",
     "checks": "yes / n.a. (no encoded dk)", "rng": "none"},
    {"id": "pyca", "build": "pyca", "sets": SETS_NO_512, "python": True,
     "label": "pyca/cryptography 50 (OpenSSL 4), from Python",
     "keygen": "MLKEM*PrivateKey.from_seed_bytes, then the encoded ek",
     "encaps": "MLKEM*PublicKey.from_public_bytes(encoded ek), then encapsulate()",
     "decaps": "decapsulate on the key object, which keeps the matrix A expanded "
               "(dk kept as seed or object)",
     "checks": "yes / n.a. (no encoded dk)", "rng": "encaps: OpenSSL's DRBG"},
    {"id": "openssl", "build": "openssl", "sets": [X25519],
     "label_fmt": "{library} X25519 (system libcrypto, x86-64 assembly), EVP from bytes",
     "label": "OpenSSL X25519 (system libcrypto), EVP from bytes",
     "short_fmt": "{library} (asm), EVP from bytes",
     "x25519": {
         "x25519": "EVP_PKEY_new_raw_public_key(u), EVP_PKEY_CTX_new on our key object, "
                   "derive_init, derive_set_peer, EVP_PKEY_derive, frees",
         "x25519_base": "EVP_PKEY_new_raw_private_key(k) (computes the public key), "
                        "EVP_PKEY_get_raw_public_key, free",
     }},
    {"id": "openssl-prepared", "build": "openssl", "sets": [X25519], "args": ["--with-prepared"],
     "label_fmt": "{library} X25519 (system libcrypto, x86-64 assembly), prepared context",
     "label": "OpenSSL X25519 (system libcrypto), prepared context",
     "short_fmt": "{library} (asm), prepared context",
     "x25519": {
         "x25519": "EVP_PKEY_derive alone, on a context prepared once with the peer set, as "
                   "`openssl speed ecdhx25519` times it: the ladder's own cost",
         "x25519_base": "as the row above",
     }},
    {"id": "go-x25519", "build": "go", "sets": [X25519], "args": ["-cases", "x25519"],
     "label_fmt": "{library}",
     "label": "Go crypto/ecdh X25519",
     "short_fmt": "{library}",
     "x25519": {
         "x25519": "X25519().NewPublicKey(u), then ECDH on our key object (all-zero check "
                   "inside)",
         "x25519_base": "NewPrivateKey(k), which runs the ladder on u = 9, then "
                        "PublicKey().Bytes()",
     }},
    {"id": "pyca-x25519", "build": "pyca", "sets": [X25519], "python": True,
     "args": ["--cases", "x25519"],
     "label": "pyca/cryptography 50 (OpenSSL 4) X25519, from Python",
     "short": "pyca/cryptography 50 (OpenSSL 4), Python",
     "x25519": {
         "x25519": "X25519PublicKey.from_public_bytes(u), then exchange() on our key object",
         "x25519_base": "X25519PrivateKey.from_private_bytes(k) (OpenSSL computes the public "
                        "key), public_key().public_bytes_raw()",
     }},
    {"id": "go-hpke", **GO_XWING, "args": ["-cases", "hpke"],
     "label_fmt": "{library}, through HPKE",
     "label": "Go crypto/hpke MLKEM768X25519, through HPKE",
     "short": "Go crypto/hpke, with HPKE's key schedule",
     "xwing": {
         "keygen": GO_XWING["keygen"],
         "encaps": "NewPublicKey(encoded ek), then hpke.NewSender(HKDF-SHA256, export-only): "
                   "X-Wing's encapsulation plus HPKE's key schedule (RFC 9180 section 5.1; "
                   "Go's KEM encapsulation is unexported)",
         "decaps": "hpke.NewRecipient on the key object keygen made (ML-KEM's matrix and the "
                   "X25519 public key kept: no seed expansion), plus HPKE's key schedule",
         "rng": GO_XWING["rng"],
     }},
    {"id": "go-xwing-parts", **GO_XWING, "args": ["-cases", "xwing-parts"],
     "label_fmt": "{library}, without HPKE",
     "label": "Go X-Wing composed from crypto/mlkem, ecdh, sha3, no HPKE",
     "short": "Go crypto/mlkem + ecdh + sha3, no HPKE",
     "xwing": {
         "keygen": "crypto/hpke's keygen restated: SHAKE256(seed), "
                   "mlkem.NewDecapsulationKey768, ecdh X25519 NewPrivateKey, the ek encoded",
         "encaps": "crypto/hpke's hybrid encapsulation restated without HPKE: "
                   "NewEncapsulationKey768 and NewPublicKey from the encoded ek, an ephemeral "
                   "X25519 key, ECDH, Encapsulate, SHA3-256 combiner",
         "decaps": "Decapsulate and ECDH on the key objects keygen made (as crypto/hpke's), "
                   "SHA3-256 combiner",
         "rng": GO_XWING["rng"],
     }},
    {"id": "xwing-libcrux", "build": "rust-xwing:compare-xwing-libcrux",
     "bin": "bench-xwing-libcrux", "sets": [XWING],
     "label": "libcrux-kem 0.0.10 X-Wing (libcrux-ml-kem AVX2, HACL* X25519)",
     "short": "libcrux-kem 0.0.10",
     "xwing": {
         "keygen": "key_gen_derand(XWingKemDraft06, seed), then the encoded ek",
         "encaps": "PublicKey::decode(encoded ek) (modulus check), then encapsulate_derand(64 "
                   "bytes)",
         "decaps": "Ct::decode(ct), then decapsulate(sk = the seed): expands sk again",
         "rng": "none",
     }},
    {"id": "xwing-rustcrypto", "build": "rust-xwing:compare-xwing-rustcrypto",
     "bin": "bench-xwing-rustcrypto", "sets": [XWING],
     "label": "RustCrypto x-wing 0.1.1 (ml-kem 0.3.4, x25519-dalek 3)",
     "short": "RustCrypto x-wing 0.1.1",
     "xwing": {
         "keygen": "DecapsulationKey::from(seed), then the encoded ek",
         "encaps": "EncapsulationKey::new(encoded ek) (modulus check), then "
                   "encapsulate_deterministic(64 bytes)",
         "decaps": "decapsulate on the key object, which keeps the seed and expands it again",
         "rng": "none",
     }},
    {"id": "mlkem-kyber-avx512", **OURS_KYBER, "backend": "avx512",
     "label": "this library, avx512 backend"},
    {"id": "mlkem-kyber-avx2", **OURS_KYBER, "backend": "avx2",
     "label": "this library, avx2 backend"},
    {"id": "mlkem-kyber-portable", **OURS_KYBER, "backend": "portable",
     "label": "this library, portable C"},
    {"id": "kyber-r3-avx2", **KYBER_R3, "args": ["--with-avx2"],
     "label": "Kyber team's AVX2 code, round 3 (PQClean, pqcrypto-kyber 0.7.6)",
     "short": "Kyber team's AVX2 code (PQClean)",
     "build_note": "pqcrypto-kyber 0.7.6's build script: the system C compiler (cc crate), "
                   "-O3 -mavx2 -mbmi2 -mbmi -maes -mpopcnt -mpclmul"},
    {"id": "kyber-r3-clean", **KYBER_R3, "args": ["--with-clean"],
     "label": "Kyber team's reference C, round 3 (PQClean, pqcrypto-kyber 0.7.6)",
     "short": "Kyber team's reference C (PQClean)",
     "build_note": "pqcrypto-kyber 0.7.6's build script: the system C compiler (cc crate), "
                   "-O3, no target flags (the same objects as a build without the avx2 "
                   "feature)"},
]


class Skip(Exception):
    """A row that cannot be built or run here; the message says why."""


def log(msg):
    print(f"[bench-compare {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def run_logged(argv, logfile, env=None, cwd=None, timeout=1800):
    """Runs argv with its output in logfile; raises Skip with the last lines
    of the log if it fails."""
    with open(logfile, "a") as f:
        f.write(f"$ {' '.join(argv)}\n")
        f.flush()
        try:
            rc = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, env=env,
                                cwd=cwd, timeout=timeout).returncode
        except FileNotFoundError:
            raise Skip(f"{argv[0]} not found")
        except subprocess.TimeoutExpired:
            raise Skip(f"{' '.join(argv[:3])} took more than {timeout} s")
    if rc != 0:
        with open(logfile) as f:
            tail = [l.strip() for l in f.read().splitlines() if l.strip()][-4:]
        raise Skip(f"{' '.join(argv[:4])} failed (exit {rc}): " + " | ".join(tail)
                   + f" (full log: {os.path.relpath(logfile, ROOT)})")


def tool_version(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.TimeoutExpired, IndexError):
        return None


class Builder:
    """Builds each kind of row once, in its own directory of the build tree."""

    def __init__(self, build_dir, rust_packages):
        self.dir = build_dir
        # cargo builds the Rust peers together first (their shared
        # dependencies once, both cores busy); if that fails, one by one, so
        # that only the peer that does not build is skipped.
        self.rust_packages = rust_packages
        self.rust_together = None
        self.logs = os.path.join(build_dir, "logs")
        os.makedirs(self.logs, exist_ok=True)
        self.done = {}     # build key -> None (built) or Skip
        self.seconds = {}  # build key -> wall seconds
        self.flags = {}    # build key -> how it was built

    def build(self, key):
        if key not in self.done:
            t0 = time.time()
            kind, _, arg = key.partition(":")
            logfile = os.path.join(self.logs, key.replace(":", "-") + ".log")
            if os.path.exists(logfile):
                os.remove(logfile)
            log(f"building {key}")
            try:
                getattr(self, "build_" + kind.replace("-", "_"))(arg, logfile)
                self.done[key] = None
            except Skip as e:
                self.done[key] = e
                log(f"  skipped: {e}")
            self.seconds[key] = round(time.time() - t0, 1)
            log(f"  {key}: {self.seconds[key]} s")
        if self.done[key] is not None:
            raise self.done[key]

    def build_mlkem(self, _, logfile):
        d = os.path.join(self.dir, "mlkem")
        run_logged(["cmake", "-S", ROOT, "-B", d, "-DCMAKE_BUILD_TYPE=Release",
                    "-DMLKEM_BUILD_TESTS=OFF", "-DMLKEM_BUILD_CLI=OFF"], logfile)
        run_logged(["cmake", "--build", d, "-j", "2", "--target", "mlkem_bench"], logfile)
        cache = open(os.path.join(d, "CMakeCache.txt")).read()
        cc = re.search(r"^CMAKE_C_COMPILER:\w+=(.*)$", cache, re.M).group(1)
        flags = re.search(r"^CMAKE_C_FLAGS_RELEASE:\w+=(.*)$", cache, re.M).group(1)
        extra = re.search(r"^CMAKE_C_FLAGS:\w+=(.*)$", cache, re.M).group(1)
        self.flags["mlkem"] = {
            "compiler": tool_version([cc, "--version"]),
            "flags": f"CMake Release: {flags} {extra}".strip()
                     + "; no -march: every backend is compiled in and chosen at run time"
                       " (MLKEM_BACKEND forces one)",
        }

    def _cargo(self, packages, logfile, target, rustflags, c_env=None):
        env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(self.dir, target))
        env.pop("RUSTFLAGS", None)
        if rustflags:
            env["RUSTFLAGS"] = rustflags
        env.update(c_env or {})
        argv = ["cargo", "build", "--release", "-j2"]
        for p in packages:
            argv += ["-p", p]
        run_logged(argv, logfile, env=env, cwd=os.path.join(ROOT, "bench", "compare", "rust"))

    def build_rust(self, package, logfile):
        if self.rust_together is None and len(self.rust_packages) > 1:
            try:
                self._cargo(self.rust_packages, logfile, "rust", None)
                self.rust_together = True
            except Skip as e:
                log(f"  the Rust peers together failed ({e}); now one by one")
                self.rust_together = False
        if not self.rust_together:
            self._cargo([package], logfile, "rust", None)
        self.flags["rust"] = {
            "compiler": tool_version(["rustc", "--version"]),
            "flags": "cargo build --release (opt-level 3, no LTO), no RUSTFLAGS: "
                     "generic x86-64; libcrux and AWS-LC and liboqs pick AVX2 code at run time; "
                     "pqcrypto-mlkem compiles the pq-crystals AVX2 code with -mavx2 -mbmi2",
        }

    def build_rust_native(self, package, logfile):
        self._cargo([package], logfile, "rust-native", "-C target-cpu=native")
        self.flags["rust-native"] = {
            "compiler": tool_version(["rustc", "--version"]),
            "flags": "cargo build --release, RUSTFLAGS=\"-C target-cpu=native\"",
        }

    def build_rust_cnative(self, package, logfile):
        # The C code of a Rust peer built for this CPU, by the compiler of
        # the peers' fastest figures (the cc crate reads CC and CFLAGS).
        if not shutil.which("clang"):
            raise Skip("clang not found")
        self._cargo([package], logfile, "rust-cnative", None,
                    {"CC": "clang", "CFLAGS": "-march=native"})
        self.flags["rust-cnative"] = {
            "compiler": tool_version(["clang", "--version"]),
            "flags": "cargo build --release with CC=clang CFLAGS=-march=native "
                     "(for the C code the peer's build script compiles)",
        }

    def build_rust_xwing(self, package, logfile):
        # Apart from the ML-KEM peers (its own cargo run and target
        # directory), so that the features its crates ask of shared ones
        # (libcrux-ml-kem's rand, for one) leave those peers' builds alone.
        self._cargo([package], logfile, "rust-xwing", None)
        self.flags["rust-xwing"] = {
            "compiler": tool_version(["rustc", "--version"]),
            "flags": "cargo build --release (opt-level 3, no LTO), no RUSTFLAGS: generic "
                     "x86-64 (libcrux-ml-kem picks AVX2 code at run time; the X25519 of "
                     "libcrux and of curve25519-dalek is portable 64-bit code); its own cargo run",
        }

    def build_rust_kyber(self, package, logfile):
        # Its own cargo run and target directory: getrandom's custom backend
        # is chosen by a cfg in RUSTFLAGS, which must not reach the other
        # peers (their random sources stay the OS's).
        self._cargo([package], logfile, "rust-kyber", '--cfg getrandom_backend="custom"')
        self.flags["rust-kyber"] = {
            "compiler": tool_version(["rustc", "--version"]),
            "flags": "cargo build --release (opt-level 3, no LTO), RUSTFLAGS='--cfg "
                     "getrandom_backend=\"custom\"' (the harness supplies the coins), its own "
                     "cargo run",
        }

    def build_mlkem_shared(self, _, logfile):
        # The shared library beside mlkem_bench, for the output checks.
        self.build("mlkem")
        d = os.path.join(self.dir, "mlkem")
        run_logged(["cmake", "--build", d, "-j", "2", "--target", "mlkem_shared"], logfile)
        libs = sorted(glob.glob(os.path.join(d, "src", "libmlkem.so"))
                      + glob.glob(os.path.join(d, "src", "libmlkem.dylib")))
        if not libs:
            raise Skip("the shared library was built but not found")
        self.mlkem_shared = libs[0]

    def build_openssl(self, _, logfile):
        cc = os.environ.get("CC", "cc")
        src = os.path.join(ROOT, "bench", "compare", "openssl", "bench_openssl.c")
        out = os.path.join(self.dir, "openssl", "bench-openssl")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        run_logged([cc, "-O2", "-std=c11", "-Wall", "-Wextra", src, "-o", out, "-lcrypto"],
                   logfile)
        self.flags["openssl"] = {
            "compiler": tool_version([cc, "--version"]),
            "flags": f"{cc} -O2 bench/compare/openssl/bench_openssl.c -lcrypto: the system's "
                     "libcrypto"
                     + (f" {v}" if (v := tool_version(["pkg-config", "--modversion",
                                                       "libcrypto"])) else "")
                     + " as the distribution built it (its assembly, chosen at run time)",
        }

    def build_go(self, _, logfile):
        env = dict(os.environ, GOTOOLCHAIN="local", GOFLAGS="-mod=mod")
        run_logged(["go", "build", "-o", os.path.join(self.dir, "go", "bench-go"), "."],
                   logfile, env=env, cwd=os.path.join(ROOT, "bench", "compare", "go"))
        self.flags["go"] = {"compiler": tool_version(["go", "version"]),
                            "flags": "go build (defaults; GOAMD64=v1 unless set)"}

    def build_pyca(self, _, logfile):
        venv = os.path.join(self.dir, "pyca-venv")
        if not os.path.exists(os.path.join(venv, "bin", "python")):
            run_logged([sys.executable, "-m", "venv", venv], logfile)
        run_logged([os.path.join(venv, "bin", "pip"), "install", "-q",
                    "--disable-pip-version-check", "cryptography==50.*"], logfile)
        self.flags["pyca"] = {
            "compiler": tool_version([os.path.join(venv, "bin", "python"), "--version"]),
            "flags": "the cryptography 50 wheel from PyPI (its OpenSSL 4 linked in, "
                     "OpenSSL's own CPU dispatch)",
        }


def harness_argv(row, builder):
    kind = row["build"].partition(":")[0]
    if kind == "mlkem":
        # The sets the comparison has (mlkem_bench also times round-3 Kyber
        # and the TLS shares, which no peer row has).
        argv = [os.path.join(builder.dir, "mlkem", "bench", "mlkem_bench"),
                "--set", ",".join(row["sets"])]
    elif kind in ("rust", "rust-native", "rust-cnative", "rust-xwing", "rust-kyber"):
        argv = [os.path.join(builder.dir, kind, "release", row["bin"])]
    elif kind == "go":
        argv = [os.path.join(builder.dir, "go", "bench-go")]
    elif kind == "openssl":
        argv = [os.path.join(builder.dir, "openssl", "bench-openssl")]
    else:
        argv = [os.path.join(builder.dir, "pyca-venv", "bin", "python"),
                os.path.join(ROOT, "bench", "compare", "python", "bench_pyca.py")]
    return argv + row.get("args", [])


def check_kyber_outputs(row, builder):
    """A round-3 peer's outputs from the fixed coins (its --with-outputs)
    against this library's kyber*_derand, which tests/test_kyber_vectors.c
    and test_pqckat.c hold to the round-3 KATs and reference test vectors:
    pk, sk, ct, ss, and the implicit-rejection key of ct with its first byte
    flipped. Equal bytes mean either side decapsulates the other's
    ciphertexts. Returns what was compared; raises Skip on a difference."""
    builder.build("mlkem-shared")
    p = subprocess.run(harness_argv(row, builder) + ["--with-outputs"], capture_output=True,
                       text=True, timeout=300)
    if p.returncode != 0:
        raise Skip(f"--with-outputs failed (exit {p.returncode}): {p.stderr.strip()}")
    lib = ctypes.CDLL(builder.mlkem_shared)
    seed, m = bytes([1, 2, 3]) + bytes(61), bytes([4, 5, 6]) + bytes(29)
    variants = json.loads(p.stdout)["variants"]
    for v in variants:
        name = v["set"].lower().replace("-", "_")  # Kyber768-90s: kyber768_90s
        peer = {k: bytes.fromhex(v[k]) for k in ("pk", "sk", "ct", "ss", "ss_reject")}
        pk, sk, ct, ss, rej = (ctypes.create_string_buffer(len(peer[k]))
                               for k in ("pk", "sk", "ct", "ss", "ss_reject"))
        flipped = bytes([peer["ct"][0] ^ 1]) + peer["ct"][1:]
        rcs = [getattr(lib, name + "_keygen_derand")(pk, sk, seed),
               getattr(lib, name + "_encaps_derand")(ct, ss, pk, m),
               getattr(lib, name + "_decaps")(rej, flipped, sk)]
        if any(rcs):
            raise Skip(f"this library's {name} calls returned {rcs}")
        ours = {"pk": pk.raw, "sk": sk.raw, "ct": ct.raw, "ss": ss.raw, "ss_reject": rej.raw}
        for k, val in ours.items():
            if val != peer[k]:
                raise Skip(f"{v['set']}: {k} differs from this library's")
    return (f"pk, sk, ct, ss and the implicit-rejection key equal to this library's for "
            f"{', '.join(v['set'] for v in variants)}")


def idle_cpu():
    """The CPU of this process's affinity set that was the idlest over the
    last quarter second (from /proc/stat), or None where that is unknown."""
    def sample():
        idle = {}
        with open("/proc/stat") as f:
            for line in f:
                m = re.match(r"cpu(\d+) (.*)", line)
                if m:
                    v = [int(x) for x in m.group(2).split()]
                    idle[int(m.group(1))] = (v[3] + v[4], sum(v))
        return idle
    try:
        allowed = os.sched_getaffinity(0)
        a = sample()
        time.sleep(0.25)
        b = sample()
    except (OSError, AttributeError):
        return None
    best = max((c for c in b if c in allowed and c in a),
               key=lambda c: (b[c][0] - a[c][0]) / max(1, b[c][1] - a[c][1]), default=None)
    return best


def run_harness(row, builder, args, out_json):
    argv = harness_argv(row, builder) + ["--iterations", str(args.iterations),
                                         "--passes", str(args.passes), "--json", out_json]
    env = dict(os.environ)
    if row.get("backend"):
        env["MLKEM_BACKEND"] = row["backend"]
    cpu = idle_cpu()
    if cpu is not None and shutil.which("taskset"):
        argv = ["taskset", "-c", str(cpu)] + argv
        env["MLKEM_BENCH_CPU"] = str(cpu)
    if os.path.exists(out_json):
        os.remove(out_json)
    p = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900)
    if "not available here" in p.stdout:
        raise Skip(f"backend {row['backend']} is not supported by this CPU")
    if p.returncode != 0 or not os.path.exists(out_json):
        raise Skip(f"harness failed (exit {p.returncode}): "
                   + " | ".join((p.stdout + p.stderr).strip().splitlines()[-3:]))
    with open(out_json) as f:
        data = json.load(f)
    # This library's harness writes X25519 and the hybrids under "other";
    # keep the sets the row compares.
    data["results"] = [r for r in data["results"] + data.pop("other", [])
                       if r["set"] in row["sets"]]
    data["cpu"] = cpu
    return data


def load_average():
    try:
        return open("/proc/loadavg").read().split()[:3]
    except OSError:
        return None


def cpu_info():
    info = {"model": platform.processor() or platform.machine(), "flags": []}
    try:
        text = open("/proc/cpuinfo").read()
        m = re.search(r"^model name\s*:\s*(.*)$", text, re.M)
        if m:
            info["model"] = m.group(1).strip()
        flags = re.search(r"^flags\s*:\s*(.*)$", text, re.M).group(1).split()
        info["flags"] = sorted(f for f in flags if f.startswith(("avx", "bmi", "sha_ni", "adx")))
        info["hypervisor"] = "hypervisor" in flags
    except (OSError, AttributeError):
        pass
    info["logical_cpus"] = os.cpu_count()
    info["kernel"] = platform.release()
    return info


def cargo_versions(build_dir):
    """The versions cargo resolved for the crates that matter here."""
    lock = os.path.join(ROOT, "bench", "compare", "rust", "Cargo.lock")
    names = {"libcrux-ml-kem", "libcrux-sha3", "ml-kem", "aws-lc-rs", "aws-lc-sys", "oqs-sys",
             "pqcrypto-mlkem", "pqcrypto-kyber", "x-wing", "x25519-dalek", "curve25519-dalek",
             "libcrux-kem", "libcrux-curve25519"}
    found = {}
    try:
        text = open(lock).read()
    except OSError:
        return found
    for name, ver in re.findall(r'name = "([^"]+)"\nversion = "([^"]+)"', text):
        if name in names:
            found[name] = ver
    return found


def aggregate(rows, rounds, tick_hz):
    """For every row, set and operation: the round with the lowest median
    (its ticks and ns), the lowest quietest-pass median, and the spread of
    the medians over the rounds."""
    for row in rows:
        runs = [r[row["id"]] for r in rounds if row["id"] in r]
        if not runs:
            continue
        cells = {}
        for run in runs:
            for res in run["results"]:
                if row.get("python"):
                    # Python has no cycle counter: its ns, at the TSC's rate.
                    for k in ("median", "p25", "p75", "best_pass_median"):
                        res["ticks_" + k] = round(res["ns_" + k] * tick_hz / 1e9)
                cells.setdefault(res["set"], {}).setdefault(res["op"], []).append(res)
        row["results"] = {}
        for s, ops in cells.items():
            row["results"][s] = {}
            for op, lst in ops.items():
                best = min(lst, key=lambda r: r["ticks_median"])
                meds = [r["ticks_median"] for r in lst]
                row["results"][s][op] = {
                    "ticks": best["ticks_median"], "ns": best["ns_median"],
                    "ticks_p25": best["ticks_p25"], "ticks_p75": best["ticks_p75"],
                    "ticks_quietest_pass": min(r["ticks_best_pass_median"] for r in lst),
                    "round_medians": meds,
                    "spread": round(max(meds) / min(meds) - 1, 3),
                }


def merge_partial(old_path, new, sets):
    """A --sets run into the results of earlier runs: the figures of the
    sets measured now replace theirs, every other set keeps its own, and
    the run is recorded under "partial_runs" (its machine, load, method and
    raw rounds) for the report to name. An earlier file from another CPU, or
    none, is not merged: the new results stand alone."""
    try:
        with open(old_path) as f:
            old = json.load(f)
    except (OSError, ValueError):
        return new
    if old.get("machine", {}).get("model") != new["machine"]["model"]:
        log(f"{old_path} is from another CPU: not merged")
        return new
    fresh = {r["id"]: r for r in new["rows"]}
    rows = []
    for r in old["rows"]:
        kept = {k: v for k, v in r.get("results", {}).items() if k not in sets}
        if r["id"] in fresh:
            r = fresh.pop(r["id"])
            r["results"] = {**kept, **r.get("results", {})}
        elif "results" in r:
            r = dict(r, results=kept)
        rows.append(r)
    rows += fresh.values()
    run = {k: new[k] for k in ("generated", "commit", "load_average", "tick_hz", "method",
                               "tools", "build_seconds", "total_seconds", "rounds")}
    run["sets"] = sets
    merged = dict(old, rows=rows)
    merged["partial_runs"] = [p for p in old.get("partial_runs", [])
                              if not set(p["sets"]) <= set(sets)] + [run]
    return merged


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build-compare"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "benchmarks"))
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--passes", type=int, default=10)
    ap.add_argument("--only", help="comma-separated row ids (for trying one peer)")
    ap.add_argument("--sets", help="comma-separated sets or families (ML-KEM, Kyber): only "
                    "these are timed, the others kept from OUT/results.json")
    args = ap.parse_args()
    wanted = None
    if args.sets:
        known = SETS_ALL + [X25519, XWING] + KYBER_SETS
        wanted = []
        for name in args.sets.split(","):
            if name not in known and name not in FAMILIES:
                ap.error(f"unknown set {name}; the sets: {', '.join(known)}; the families: "
                         f"{', '.join(FAMILIES)}")
            wanted += [x for x in FAMILIES.get(name, [name]) if x not in wanted]
    t_start = time.time()
    load_start = load_average()
    build_dir = os.path.abspath(args.build_dir)
    os.makedirs(os.path.join(build_dir, "runs"), exist_ok=True)

    rows = [dict(r) for r in ROWS if not args.only or r["id"] in args.only.split(",")]
    for row in rows:
        row.setdefault("sets", SETS_ALL)
        if wanted:
            row["sets"] = [x for x in row["sets"] if x in wanted]
    rows = [row for row in rows if row["sets"]]
    rust_packages = sorted({r["build"].partition(":")[2] for r in rows
                            if r["build"].startswith("rust:")})
    builder = Builder(build_dir, rust_packages)
    for row in rows:
        try:
            builder.build(row["build"])
            if row.get("check_outputs"):
                row["output_check"] = check_kyber_outputs(row, builder)
                log(f"  {row['id']}: {row['output_check']}")
            row["status"] = "ok"
        except Skip as e:
            row["status"], row["skip_reason"] = "skipped", str(e)
        kind = row["build"].partition(":")[0]
        row["build_info"] = builder.flags.get(kind, {})
    build_seconds = round(time.time() - t_start, 1)
    log(f"builds done in {build_seconds} s")

    rounds = []
    for r in range(args.rounds):
        live = [row for row in rows if row["status"] == "ok"]
        order = live[r % max(1, len(live)):] + live[:r % max(1, len(live))]
        results = {}
        for row in order:
            out = os.path.join(build_dir, "runs", f"round{r + 1}-{row['id']}.json")
            try:
                results[row["id"]] = run_harness(row, builder, args, out)
            except (Skip, subprocess.TimeoutExpired) as e:
                if any(row["id"] in done for done in rounds):
                    # It ran before: keep those rounds, say what went wrong.
                    row.setdefault("errors", []).append(f"round {r + 1}: {e}")
                    log(f"  {row['id']} failed in round {r + 1}: {e}")
                else:
                    row["status"], row["skip_reason"] = "skipped", str(e)
                    log(f"  {row['id']} skipped: {e}")
        rounds.append(results)
        log(f"round {r + 1}/{args.rounds} done ({len(results)} rows)")

    rates = [run["tick_hz"] for rnd in rounds for run in rnd.values() if run.get("tick_hz")
             and "rdtsc" in run.get("tick_unit", "") and "converted" not in run["tick_unit"]]
    if not rates:
        # Only this library's harness ran: the TSC rate from its own figures
        # (each ns reading spans the ticks of the same call, plus two clock
        # reads).
        rates = [res["ticks_median"] * 1e9 / res["ns_median"] for rnd in rounds
                 for rid, run in rnd.items() if rid.startswith("mlkem-")
                 for res in run["results"] if res.get("ns_median")]
    tick_hz = statistics.median(rates) if rates else None
    if tick_hz is None:
        for row in rows:
            if row.get("python") and row["status"] == "ok":
                row["status"], row["skip_reason"] = "skipped", "no harness measured the TSC rate"
    aggregate(rows, rounds, tick_hz)
    for row in rows:
        # A label that names what the harness reported (a version found at
        # run time: the system's OpenSSL, the Go toolchain).
        libs = [rnd[row["id"]]["library"] for rnd in rounds if row["id"] in rnd]
        for key in ("label", "short"):
            if row.get(key + "_fmt") and libs:
                row[key] = row[key + "_fmt"].format(library=libs[0])

    data = {
        "generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": tool_version(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]),
        "machine": cpu_info(),
        "load_average": {"start": load_start, "end": load_average()},
        "tick_unit": "rdtsc ticks (the constant-rate time-stamp counter, not core cycles)",
        "tick_hz": tick_hz,
        "method": {
            "iterations": args.iterations, "passes": args.passes, "rounds": args.rounds,
            "warm_up": "iterations/passes/4 + 10 calls per operation",
            "cell": "lowest over the rounds of the median of all calls of a round",
            "pinning": "taskset -c to the idlest CPU of the last 0.25 s, per harness run",
        },
        "tools": {
            "cc": builder.flags.get("mlkem", {}).get("compiler"),
            "rustc": tool_version(["rustc", "--version"]),
            "cargo": tool_version(["cargo", "--version"]),
            "go": tool_version(["go", "version"]),
            "openssl": tool_version(["openssl", "version"]),
            "python": platform.python_version(),
            "cmake": tool_version(["cmake", "--version"]),
            "crates": cargo_versions(build_dir),
        },
        "build_seconds": {"total": build_seconds, **builder.seconds},
        "rows": rows,
        "rounds": rounds,
    }
    overheads = [run["python_call_overhead_ns"] for rnd in rounds for run in rnd.values()
                 if "python_call_overhead_ns" in run]
    data["python_overhead_ns"] = min(overheads) if overheads else None
    data["total_seconds"] = seconds = round(time.time() - t_start, 1)
    if wanted:
        data = merge_partial(os.path.join(args.out, "results.json"), data, wanted)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    bench_compare_report.write_report(data, args.out)
    log(f"done in {seconds} s; see {os.path.relpath(args.out, ROOT)}/README.md")


if __name__ == "__main__":
    main()
