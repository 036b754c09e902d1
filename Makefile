# SPDX-License-Identifier: Apache-2.0 OR MIT
# Thin front end to CMake. Every target builds what it needs.
#   make demo      build and run the two-party exchange for every set
#   make test      build and run the whole test suite (with the C++ API's
#                  tests, and the Rust binding's cargo test and clippy where
#                  cargo is installed)
#   make bench     medians of keygen/encaps/decaps and the expanded keys (ticks and ns)
#                  per backend, plus JSON and CSV
#   make bench-chacha20poly1305  ChaCha20-Poly1305 seal/open per implementation
#                  against OpenSSL (its EVP in the same process, and openssl speed),
#                  in rounds (scripts/bench_chacha20poly1305.py)
#   make bench-components  the median cost of each building block (NTT, basemul,
#                  compress, CBD, rejection, Keccak one/four/eight-way, the scheduler,
#                  SampleNTT, K-PKE) per backend, plus CSV and JSON (a developers'
#                  program, build/bench/mlkem_components)
#   make bench-aead  AES-GCM per implementation against OpenSSL 3 (openssl speed
#                  -evp and EVP in the same process), side by side, rounds
#                  interleaved (scripts/bench_aead.py; BUILD/bench-aead.json)
#   make bench-compare  the same against pq-crystals, libcrux, RustCrypto, aws-lc-rs,
#                  liboqs, Go and pyca/cryptography, fetched from their registries
#                  (docs/benchmarks/)
#   make test-long the 1,000,000-iteration accumulated test and RFC 7748's
#                  1,000,000-iteration X25519 test (once per backend: each
#                  backend's X25519 implementation)
#   make sanitize  the test suite under ASan + UBSan (gcc and g++, clang and clang++)
#                  and MemorySanitizer (clang; the C++ tests are skipped there)
#   make bench-cxx   the C++ API against the C calls it makes
#   make bench-rust  the Rust crate against the C calls it makes (cargo bench)
#   make bench-tls   full TLS 1.3 handshakes per second, X25519 against
#                  X25519MLKEM768 through the OpenSSL provider, and the
#                  provider's EVP cost over the library (docs/PROVIDER.md)
#   make ct        constant-time check under valgrind, gcc and clang at -O1/-O2/-O3/-Os,
#                  and of the AVX-512 backend under MemorySanitizer (clang, same levels)
#   make stack     measured stack depth per set and backend against docs/SECURITY.md
#   make fuzz      every libFuzzer target for FUZZ_SECONDS (15) seconds each
#   make fuzz-hour every libFuzzer target for an hour, all at once
#   make test-aarch64  cross-build for AArch64 (NEON backend) and run the suite
#                  under qemu-aarch64, with and without the SHA-3 extension
#   make amalgamation  dist/mlkem.c and dist/mlkem.h: the library in two files
#   make test-amalgamation  those built in an empty directory (gcc, clang;
#                  hosted and freestanding) and the vector tests run on them
#   make test-cortex-m4  the freestanding library on bare-metal Cortex-M4: the
#                  vector tests under qemu-system-arm (MPS2 AN386), and the
#                  code size, stack and instruction figures
#   make test-qemu-x86  the conformance tests under qemu-x86_64 on CPU models
#                  without AVX-512 (Haswell) and without AVX2 (Nehalem)
#   make doc       HTML API documentation of the public C headers (Doxygen),
#                  $(BUILD)/doc/html; an undocumented public item fails it
#   make format    clang-format every C file in place (.clang-format)
#   make format-check  fail if any C file differs from clang-format's layout, a
#                  source, script or build file lacks its SPDX licence line, or
#                  a citation in src/ or include/ is not a tag of
#                  docs/BIBLIOGRAPHY.md
#   make abi-check the shared library's exported symbols against abi/libmlkem.symbols,
#                  each declared in include/ and found by grep in src/, and its
#                  SONAME against the major version
#   make proofs    every CBMC proof of proofs/ (docs/PROOFS.md): a table of harness,
#                  set, result and seconds; fails on any failure. CBMC is installed
#                  into build-cbmc/ by scripts/install-cbmc.sh on first use
#   make proofs-one NAME=area/name  one proof (or NAME=name)
#   make proofs-canary  plants each bug of proofs/canaries.txt in a copy of the
#                  sources and requires its proof to fail
#   make proofs-all  both in one pool, the longest first (CI's stage)
#   make install PREFIX=/usr/local
#   make clean

BUILD     ?= build
CMAKE     ?= cmake
CC        ?= cc
PREFIX    ?= /usr/local
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=

SAN_BUILD ?= build-sanitize
SAN_FLAGS ?= -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# MemorySanitizer at -O2 (it asks for -O1 or more): the same
# instrumentation, and the suite runs about twice as fast as at -O1
# (test_kyber_vectors Kyber768-90s on portable: 68 against 38
# CPU-seconds; docs/SECURITY.md).
MSAN_FLAGS ?= -O2 -fsanitize=memory -fsanitize-memory-track-origins=2 -fno-omit-frame-pointer

all: build

configure:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_ARGS)

build: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

demo: build
	./$(BUILD)/bench/mlkem_demo

# CTEST_ARGS: more arguments for ctest (.ci/run's build without AVX2
# leaves out, with -E, the tests that do not depend on the backends built in).
CTEST_ARGS ?=
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The X25519 test once per backend, since each backend runs its own X25519
# implementation (portable, MULX/ADX for avx2, IFMA for avx512); a backend
# this CPU lacks exits 77 and is reported as skipped.
test-long: build
	./$(BUILD)/tests/test_accumulated --long
	@for b in $(BACKENDS); do \
	  rc=0; MLKEM_BACKEND=$$b ./$(BUILD)/tests/test_x25519 --long || rc=$$?; \
	  if [ $$rc -eq 77 ]; then echo "test_x25519 --long: $$b skipped (not on this CPU)"; \
	  elif [ $$rc -ne 0 ]; then exit $$rc; fi; \
	done

BACKENDS ?= $(if $(filter aarch64 arm64,$(shell uname -m)),portable neon neon-sha3,portable avx2 avx512)

bench: build
	@for b in $(BACKENDS); do \
	  MLKEM_BACKEND=$$b ./$(BUILD)/bench/mlkem_bench --iterations 2000 --passes 10 \
	    --json $(BUILD)/bench-$$b.json --csv $(BUILD)/bench-$$b.csv || exit 1; echo; \
	done

# The building blocks per backend (bench/components.c), plus CSV and JSON.
bench-components: build
	@for b in $(BACKENDS); do \
	  MLKEM_BACKEND=$$b ./$(BUILD)/bench/mlkem_components --passes 7 \
	    --csv $(BUILD)/components-$$b.csv --json $(BUILD)/components-$$b.json \
	    || exit 1; echo; \
	done

# AES-GCM against OpenSSL (bench/aead_bench.c, scripts/bench_aead.py);
# BENCH_AEAD_FLAGS=--rounds 5 --seconds 1 --passes 5 --sizes 64,1024,16384.
BENCH_AEAD_FLAGS ?=
bench-aead: build
	python3 scripts/bench_aead.py --build $(BUILD) $(BENCH_AEAD_FLAGS)

# ChaCha20-Poly1305 against OpenSSL 3 in one run (docs/BENCHMARKS.md).
AEAD_BENCH_FLAGS ?= --rounds 5
bench-chacha20poly1305: build
	python3 scripts/bench_chacha20poly1305.py --build-dir $(BUILD) $(AEAD_BENCH_FLAGS)

# Builds in $(COMPARE_BUILD); COMPARE_FLAGS=--rounds 3, --only libcrux,go, --sets Kyber, ...
COMPARE_BUILD ?= build-compare
COMPARE_FLAGS ?=
bench-compare:
	python3 scripts/bench_compare.py --build-dir $(COMPARE_BUILD) $(COMPARE_FLAGS)

# The C++ API's cost over the C calls it makes (bench/cxx_overhead.cpp).
bench-cxx: build
	./$(BUILD)/tests/cxx/mlkem_cxx_bench --iterations 4000 --passes 20

# The crate's cost over the C library (bindings/rust/mlkem/benches/overhead.rs),
# pinned to one CPU where taskset exists.
bench-rust:
	cd bindings/rust && CARGO_TARGET_DIR=$(abspath $(BUILD))/cargo-bench \
	  $(if $(shell command -v taskset 2>/dev/null),taskset -c $$(($$(nproc) - 1))) \
	  cargo bench --bench overhead

# The OpenSSL provider (provider/): handshakes per second on one core over
# loopback (bench/tls_bench.c), then ML-KEM-768 through EVP against the
# library called directly (bench/provider_overhead.c).
TLS_BENCH_FLAGS ?= --handshakes 300 --passes 10
bench-tls: build
	@test -x ./$(BUILD)/bench/mlkem_tls_bench || { echo "bench-tls: the provider" \
	  "is not built (OpenSSL 3 development files: apt-get install libssl-dev)"; exit 1; }
	./$(BUILD)/bench/mlkem_tls_bench $(TLS_BENCH_FLAGS) \
	  --groups X25519,X25519MLKEM768,SecP256r1MLKEM768,MLKEM768,secp256r1
	@echo
	./$(BUILD)/bench/mlkem_provider_overhead --iterations 2000 --passes 10

# The whole suite, instrumented: $(1) build dir, $(2) C compiler, $(3) C++
# compiler (for the C++ API's tests; left to CMake if it is not installed),
# $(4) flags. The Python and Rust bindings' tests are left out (pip and
# cargo build their own, uninstrumented copies of the library), so is the
# C++ API's compile-time test (cxx_constexpr: the compiler's evaluation,
# which sanitizers do not reach; make test runs it), and the
# random trials (of the differential tests, test_kem's rounds) run a tenth
# of their number (SAN_TEST_QUICK=0 for all of them; tests/test_util.h,
# test_trials).
SAN_TEST_QUICK ?= 1
define sanitized_suite
	$(CMAKE) -S . -B $(1) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=$(2) \
	  $(if $(shell command -v $(3) 2>/dev/null),-DCMAKE_CXX_COMPILER=$(3)) \
	  -DCMAKE_C_FLAGS="-g $(4)" -DCMAKE_CXX_FLAGS="-g $(4)" \
	  -DCMAKE_EXE_LINKER_FLAGS="$(4)" -DCMAKE_SHARED_LINKER_FLAGS="$(4)" \
	  -DCMAKE_MODULE_LINKER_FLAGS="$(4)" \
	  -DMLKEM_PYTHON_TESTS=OFF -DMLKEM_RUST_TESTS=OFF \
	  -DMLKEM_CXX_CONSTEXPR_TEST=OFF $(CMAKE_ARGS)
	$(CMAKE) --build $(1) -j $(JOBS)
	cd $(1) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  MSAN_OPTIONS=poison_in_dtor=1 MLKEM_TEST_QUICK=$(SAN_TEST_QUICK) \
	  ctest --output-on-failure -j $(JOBS)
endef

sanitize: sanitize-gcc sanitize-clang sanitize-msan

sanitize-gcc:
	$(call sanitized_suite,$(SAN_BUILD),gcc,g++,$(SAN_FLAGS))

sanitize-clang:
	$(call sanitized_suite,$(SAN_BUILD)-clang,clang,clang++,$(SAN_FLAGS))

sanitize-msan:
	$(call sanitized_suite,$(SAN_BUILD)-msan,clang,clang++,$(MSAN_FLAGS))

ct:
	JOBS=$(JOBS) CMAKE="$(CMAKE)" CMAKE_ARGS="$(CMAKE_ARGS)" sh scripts/ct_check.sh

# STACK_FLAGS=--allow-over reports depths over the bounds without failing.
STACK_FLAGS ?=
stack: build
	./$(BUILD)/tests/stack/mlkem_stack --bounds docs/SECURITY.md \
	  --backends "$(BACKENDS)" $(STACK_FLAGS)

FUZZ_SECONDS ?= 15
FUZZ_PARALLEL ?= 1
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_PARALLEL=$(FUZZ_PARALLEL) JOBS=$(JOBS) \
	  CMAKE="$(CMAKE)" CMAKE_ARGS="$(CMAKE_ARGS)" sh scripts/fuzz.sh

# Every fuzzer for an hour, all at once (an hour of wall time; they share
# the cores).
fuzz-hour:
	$(MAKE) fuzz FUZZ_SECONDS=3600 \
	  FUZZ_PARALLEL=$(words $(wildcard tests/fuzz/fuzz_*.c))

# AArch64 under emulation (Debian: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross,
# qemu-user). ctest runs every program through qemu-aarch64, whose CPU model
# comes from QEMU_CPU. First -cpu max (NEON and SHA-3): every test, the
# per-backend ones for portable, neon and neon-sha3. Then -cpu cortex-a57
# (no SHA-3): the neon suite again, where the detection must choose neon
# and refuse neon-sha3 (its tests are skipped), and the Keccak tests.
# Not run under emulation: install_and_link (compiles and runs a program
# with the build machine's tools) and cli_interop_pyca (a Python venv
# driving the tool); both run in make test.
# Both runs are quick (MLKEM_TEST_QUICK=1, as in make sanitize;
# AARCH64_TEST_QUICK=0 runs everything): a tenth of the random trials of
# the differential tests and of test_kem's random rounds, every seventh
# ciphertext bit of test_kem's bit flips (tests/test_util.h, test_trials).
# The trials left out are the same code paths on other random inputs, so
# the emulated run still executes every path (and every instruction the
# emulated CPU must have); every published vector (ACVP, the KATs, CCTV,
# Wycheproof, RFC 7748, the accumulated and round-3 digests) runs in full,
# and the native builds run every trial.
AARCH64_BUILD ?= build-aarch64
AARCH64_EXCLUDE = install_and_link|cli_interop_pyca
AARCH64_TEST_QUICK ?= 1

test-aarch64:
	$(CMAKE) -S . -B $(AARCH64_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake $(CMAKE_ARGS)
	$(CMAKE) --build $(AARCH64_BUILD) -j $(JOBS)
	cd $(AARCH64_BUILD) && QEMU_CPU=max MLKEM_EXPECT_BACKEND=neon-sha3 \
	  MLKEM_TEST_QUICK=$(AARCH64_TEST_QUICK) \
	  ctest --output-on-failure -j $(JOBS) -E '$(AARCH64_EXCLUDE)'
	cd $(AARCH64_BUILD) && QEMU_CPU=cortex-a57 MLKEM_EXPECT_BACKEND=neon \
	  MLKEM_TEST_QUICK=$(AARCH64_TEST_QUICK) \
	  ctest --output-on-failure -j $(JOBS) -R '[.]neon$$|[.]neon-sha3$$|test_dispatch|test_keccak|test_sha3|test_sponge$$'

# The two-file distribution (README.md, "Copy two files"): dist/mlkem.c and
# dist/mlkem.h, generated from the tree by scripts/amalgamate.py (python3).
# test-amalgamation generates them afresh, builds them in an empty
# directory with gcc and clang as the README says (and freestanding), and
# runs the vector tests against each (tests/amalgamation_test.sh).
AMALGAMATION_BUILD ?= build-amalgamation
AMALGAMATION_CC ?= gcc clang
amalgamation:
	python3 scripts/amalgamate.py --out dist

test-amalgamation:
	sh tests/amalgamation_test.sh $(AMALGAMATION_BUILD) $(AMALGAMATION_CC)

# Bare-metal Arm Cortex-M4 (Debian: gcc-arm-none-eabi, libnewlib-arm-none-eabi,
# qemu-system-arm): the library in the freestanding configuration, cross-built
# with cmake/cortex-m4.cmake, and tests/baremetal's image of the vector
# tests, run once on the MPS2 AN386 board model under qemu-system-arm with
# semihosting (scripts/cortex_m4_run.sh), which also prints the code size,
# stack and instruction figures of docs/BENCHMARKS.md.
CM4_BUILD ?= build-cortex-m4
test-cortex-m4:
	$(CMAKE) -S . -B $(CM4_BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_TOOLCHAIN_FILE=cmake/cortex-m4.cmake $(CMAKE_ARGS)
	$(CMAKE) --build $(CM4_BUILD) -j $(JOBS)
	sh scripts/cortex_m4_run.sh $(CM4_BUILD)

# The CBMC proofs (docs/PROOFS.md). PROOFS_JOBS proofs run at once.
PROOFS_JOBS ?= $(JOBS)
CBMC_DIR ?= build-cbmc
PROOFS_RUN = CBMC_BIN="$$(CBMC_DIR=$(CBMC_DIR) sh scripts/install-cbmc.sh | tail -n 1)" && \
  export CBMC_BIN && python3 scripts/proofs.py

.PHONY: proofs proofs-one proofs-canary proofs-all
proofs:
	$(PROOFS_RUN) run -j $(PROOFS_JOBS)

proofs-one:
	@test -n "$(NAME)" || { echo "make proofs-one NAME=area/name (python3 scripts/proofs.py list)"; exit 2; }
	$(PROOFS_RUN) run -j 1 $(NAME)

proofs-canary:
	$(PROOFS_RUN) canary -j $(PROOFS_JOBS)

# Both in one pool, the longest first (proofs/times.txt): what CI runs.
proofs-all:
	$(PROOFS_RUN) all -j $(PROOFS_JOBS)

# The conformance tests under qemu-x86_64 on two CPU models without
# AVX-512 (scripts/qemu_x86_test.py: which tests, and why): Haswell (AVX2,
# BMI2, AES-NI; no AVX-512, SHA-NI or VAES), where the avx2 backend must be
# chosen and pass, and Nehalem (SSE4.2; no AVX, AVX2 or AES-NI), where
# only portable may run. A stray instruction fails with SIGILL on any
# development machine. Runs the tests of $(BUILD) (make test's build);
# Debian: qemu-user. The Haswell model leaves out the features QEMU's
# emulator lacks (it would warn about each on every run).
QEMU_X86_HASWELL ?= Haswell,-pcid,-x2apic,-tsc-deadline,-hle,-invpcid,-rtm
QEMU_X86_NOAVX2 ?= Nehalem
test-qemu-x86: build
	python3 scripts/qemu_x86_test.py $(BUILD) --cpu '$(QEMU_X86_HASWELL)' \
	  --expect avx2 --skip avx512 --jobs $(JOBS)
	python3 scripts/qemu_x86_test.py $(BUILD) --cpu '$(QEMU_X86_NOAVX2)' \
	  --expect portable --skip avx2,avx512 --jobs $(JOBS)

# The API documentation (CMakeLists.txt, target doc; docs/Doxyfile.in).
doc: configure
	@command -v doxygen >/dev/null 2>&1 || { echo "make doc: doxygen not found (Debian: apt-get install doxygen)" >&2; exit 1; }
	$(CMAKE) --build $(BUILD) --target doc

install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(SAN_BUILD)-clang $(SAN_BUILD)-msan build-ct build-fuzz \
	  $(AARCH64_BUILD) $(CM4_BUILD) $(AMALGAMATION_BUILD) dist build-proofs \
	  $(CBMC_DIR)

format:
	sh scripts/format.sh

format-check:
	sh scripts/format.sh --check
	sh scripts/check_spdx.sh
	sh scripts/check_citations.sh

abi-check: build
	$(CMAKE) --build $(BUILD) --target abi_check
