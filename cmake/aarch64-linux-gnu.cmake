# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross-compilation to AArch64 Linux with Debian's gcc-aarch64-linux-gnu
# (apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user).
# ctest runs every test program through qemu-aarch64; the CPU model it
# emulates comes from the environment (QEMU_CPU, e.g. max or cortex-a57),
# so that one build is tested with and without the SHA-3 extension
# (make test-aarch64).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(MLKEM_CROSS_PREFIX aarch64-linux-gnu- CACHE STRING "Cross tool prefix")
set(CMAKE_C_COMPILER ${MLKEM_CROSS_PREFIX}gcc)
set(MLKEM_AARCH64_SYSROOT /usr/aarch64-linux-gnu CACHE PATH
    "Where the AArch64 C library lives (qemu-aarch64 -L)")

set(CMAKE_FIND_ROOT_PATH ${MLKEM_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;${MLKEM_AARCH64_SYSROOT})
