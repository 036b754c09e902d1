# Thin front end to CMake. Every target builds what it needs.
#   make demo      build and run the two-party exchange for every set
#   make test      build and run the whole test suite
#   make bench     medians of keygen/encaps/decaps (ticks and ns) per backend, plus JSON
#   make test-long the 1,000,000-iteration accumulated test
#   make sanitize  the test suite under AddressSanitizer + UBSan
#   make install PREFIX=/usr/local
#   make clean

BUILD     ?= build
CMAKE     ?= cmake
CC        ?= cc
PREFIX    ?= /usr/local
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=

SAN_BUILD ?= build-sanitize
SAN_FLAGS ?= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: all configure build demo test test-long bench sanitize install clean

all: build

configure:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_ARGS)

build: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

demo: build
	./$(BUILD)/bench/mlkem_demo

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-long: build
	./$(BUILD)/tests/test_accumulated --long

BACKENDS ?= portable avx2 avx512

bench: build
	@for b in $(BACKENDS); do \
	  MLKEM_BACKEND=$$b ./$(BUILD)/bench/mlkem_bench --iterations 2000 --passes 10 \
	    --json $(BUILD)/bench-$$b.json || exit 1; echo; \
	done

sanitize:
	$(CMAKE) -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS="-O1 -g $(SAN_FLAGS)" -DCMAKE_EXE_LINKER_FLAGS="$(SAN_FLAGS)" \
	  -DCMAKE_SHARED_LINKER_FLAGS="$(SAN_FLAGS)" $(CMAKE_ARGS)
	$(CMAKE) --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
