# SPDX-License-Identifier: Apache-2.0 OR MIT
# Bare-metal Arm Cortex-M4 (-mcpu=cortex-m4 -mthumb, soft float) with
# Debian's gcc-arm-none-eabi, for make test-cortex-m4 (README.md, "Bare
# metal"). The library is built in the freestanding configuration
# (MLKEM_FREESTANDING); tests/baremetal/ builds the test image, whose
# startup and semihosting come from newlib (libnewlib-arm-none-eabi), and
# runs it on the MPS2 AN386 board model (qemu-system-arm -M mps2-an386).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(MLKEM_CROSS_PREFIX arm-none-eabi- CACHE STRING "Cross tool prefix")
set(CMAKE_C_COMPILER ${MLKEM_CROSS_PREFIX}gcc)
set(CMAKE_AR ${MLKEM_CROSS_PREFIX}ar CACHE FILEPATH "")
set(CMAKE_NM ${MLKEM_CROSS_PREFIX}nm CACHE FILEPATH "")
set(CMAKE_OBJCOPY ${MLKEM_CROSS_PREFIX}objcopy CACHE FILEPATH "")
set(CMAKE_SIZE ${MLKEM_CROSS_PREFIX}size CACHE FILEPATH "")
set(CMAKE_C_FLAGS_INIT "-mcpu=cortex-m4 -mthumb -ffunction-sections -fdata-sections")
# No operating system to link a test program for while CMake probes the
# compiler: a static library is enough.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(MLKEM_FREESTANDING ON CACHE BOOL "" FORCE)
