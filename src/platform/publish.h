/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * publish.h - a pointer chosen once and published to every thread, for the
 * run-time selections of the AES and SHA-2 implementations (as dispatch.c
 * does for the backend). The choice is a pure function of the CPU and the
 * environment, so threads racing through the first call compute the same
 * pointer; NULL means "not chosen yet".
 */
#ifndef MLKEM_PUBLISH_H
#define MLKEM_PUBLISH_H

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_PTR_LOAD_ACQUIRE(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define MLKEM_PTR_STORE_RELEASE(x, v) \
  __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)
#else
#define MLKEM_PTR_LOAD_ACQUIRE(x) (*(const void *volatile *)&(x))
#define MLKEM_PTR_STORE_RELEASE(x, v) (*(const void *volatile *)&(x) = (v))
#endif

#endif
