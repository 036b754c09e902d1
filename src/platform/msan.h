/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * platform/msan.h - telling clang's MemorySanitizer what it cannot see.
 *
 * MemorySanitizer tracks, for every byte, whether it is initialised (its
 * "shadow"), through the code the compiler instruments. Two kinds of code
 * it cannot instrument write memory behind its back:
 *  - the kernel, through syscall(2): MLKEM_MSAN_WRITTEN(p, n) marks the
 *    n bytes at p as initialised (platform/randombytes.c);
 *  - inline assembly (x25519/fe64.h): a block's outputs keep whatever
 *    shadow the memory had before. MLKEM_MSAN_TAINT(p, n) is nonzero if
 *    any of the n bytes at p is uninitialised; read it from the inputs
 *    before the block, OR the answers, and after the block
 *    MLKEM_MSAN_RESULT(p, n, taint) makes the n output bytes at p
 *    uninitialised if any input was, initialised otherwise. That is the
 *    rule the instrumented C would have followed for arithmetic, so
 *    `make sanitize-msan` still finds a use of an uninitialised value
 *    downstream, and the MemorySanitizer variant of the constant-time
 *    check (platform/ct_testing.h), where "secret" is "uninitialised",
 *    still sees secrets flow through the assembly.
 *
 * In every other build the macros generate no code (MLKEM_MSAN_TAINT is
 * the constant 0).
 */
#ifndef MLKEM_PLATFORM_MSAN_H
#define MLKEM_PLATFORM_MSAN_H

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define MLKEM_MSAN 1
#endif
#endif

#if defined(MLKEM_MSAN)
#include <sanitizer/msan_interface.h>
#define MLKEM_MSAN_WRITTEN(p, n) __msan_unpoison((p), (n))
/* __msan_test_shadow returns the offset of the first uninitialised byte,
 * or -1 if there is none. */
#define MLKEM_MSAN_TAINT(p, n) (__msan_test_shadow((p), (n)) >= 0)
#define MLKEM_MSAN_RESULT(p, n, taint) \
  ((taint) ? __msan_poison((p), (n)) : __msan_unpoison((p), (n)))
#else
#define MLKEM_MSAN_WRITTEN(p, n) ((void)(p), (void)(n))
#define MLKEM_MSAN_TAINT(p, n) 0
#define MLKEM_MSAN_RESULT(p, n, taint) ((void)(p), (void)(n), (void)(taint))
#endif

#endif /* MLKEM_PLATFORM_MSAN_H */
