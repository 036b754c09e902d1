/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct_testing.h - marking data secret or public for the constant-time check
 * (make ct, docs/SECURITY.md).
 *
 * MLKEM_CT_POISON(addr, len) marks len bytes as secret, and
 * MLKEM_CT_UNPOISON(addr, len) declassifies them: marks them public. In a
 * normal build both are no-ops that generate no code.
 *
 * With -DMLKEM_CT_TESTING (the CMake option MLKEM_CT_TESTING=ON) "secret"
 * is "undefined" to a checker that reports every branch, memory address
 * and system-call argument computed from undefined bytes:
 *  - valgrind's memcheck, through its client requests (the default); or
 *  - clang's MemorySanitizer, when the code is compiled with
 *    -fsanitize=memory (for code valgrind cannot run, such as AVX-512).
 *
 * Inside the library, UNPOISON may be applied only to values that FIPS 203
 * makes public, each with a comment saying why. Everything else derived
 * from a secret stays secret, so any branch or index on it is reported.
 */
#ifndef MLKEM_CT_TESTING_H
#define MLKEM_CT_TESTING_H

#if defined(MLKEM_CT_TESTING)

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define MLKEM_CT_USE_MSAN 1
#endif
#endif

#if defined(MLKEM_CT_USE_MSAN)
#include <sanitizer/msan_interface.h>
#define MLKEM_CT_POISON(addr, len) __msan_poison((addr), (len))
#define MLKEM_CT_UNPOISON(addr, len) __msan_unpoison((addr), (len))
#else
#include <valgrind/memcheck.h>
#define MLKEM_CT_POISON(addr, len) \
  ((void)VALGRIND_MAKE_MEM_UNDEFINED((addr), (len)))
#define MLKEM_CT_UNPOISON(addr, len) \
  ((void)VALGRIND_MAKE_MEM_DEFINED((addr), (len)))
#endif

#else /* !MLKEM_CT_TESTING */

#define MLKEM_CT_POISON(addr, len) ((void)(addr), (void)(len))
#define MLKEM_CT_UNPOISON(addr, len) ((void)(addr), (void)(len))

#endif

#endif /* MLKEM_CT_TESTING_H */
