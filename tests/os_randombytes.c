/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * os_randombytes.c - the random source a test program supplies when it is
 * linked against a library built without one (the freestanding
 * configuration, tests/amalgamation_test.sh): the operating system's, the
 * hosted library's own source file compiled into the test program (which
 * is built hosted, without MLKEM_FREESTANDING).
 */
#include "platform/randombytes.c"
