/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct.h - constant-time helpers: a value barrier, masks, comparison,
 * conditional move, and a wipe the compiler cannot remove.
 *
 * Secrets never decide a branch or an index. Where code needs a decision on
 * a secret it computes a mask (all ones or all zeros) and passes it through
 * mlkem_value_barrier so the compiler cannot turn the masked arithmetic back
 * into a branch (the "clangover" failure mode).
 */
#ifndef MLKEM_CT_H
#define MLKEM_CT_H

#include <stddef.h>
#include <stdint.h>

#include "platform/cbmc.h"
#include "platform/ct_testing.h"

/* 1 where an empty asm statement hides a value from the optimiser (GCC,
 * clang), else 0 and a volatile zero does it. Also 0 under the
 * MemorySanitizer form of the constant-time check (ct_testing.h):
 * MemorySanitizer checks every operand of an asm statement as it checks a
 * branch condition, and marks its outputs public, so the empty asm would
 * report every secret mask passing through the barrier (a report about
 * the tool, not the code: no instruction is emitted) and then drop its
 * marking. XOR with a volatile zero hides the value from the optimiser as
 * well, and MemorySanitizer follows the marking through it. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(MLKEM_CT_USE_MSAN)
#define MLKEM_ASM_BARRIER 1
#else
#define MLKEM_ASM_BARRIER 0
#endif

/* Return x unchanged, hiding its value from the optimiser. The 64-bit
 * form carries the masks of the X25519 field arithmetic (conditional
 * swaps and selections of whole limbs). */
#if MLKEM_ASM_BARRIER
static inline uint8_t mlkem_value_barrier_u8(uint8_t x) {
  __asm__("" : "+r"(x));
  return x;
}
static inline uint64_t mlkem_value_barrier_u64(uint64_t x) {
  __asm__("" : "+r"(x));
  return x;
}
#else
extern volatile uint8_t mlkem_ct_opt_blocker_u8;
extern volatile uint64_t mlkem_ct_opt_blocker_u64;
static inline uint8_t mlkem_value_barrier_u8(uint8_t x) {
  return (uint8_t)(x ^ mlkem_ct_opt_blocker_u8);
}
static inline uint64_t mlkem_value_barrier_u64(uint64_t x) {
  return x ^ mlkem_ct_opt_blocker_u64;
}
#endif

/* Returns 0 if a[0..len) equals b[0..len), and 0xFF otherwise, reading every
 * byte whatever the contents. */
uint8_t mlkem_ct_memneq(const uint8_t *a, const uint8_t *b, size_t len)
    __contract__(
        requires(readable(a, len) && readable(b, len))
        assigns()
        ensures(return_value == 0 || return_value == 0xFF)
    );

/* If mask is 0xFF, copies src to dst; if mask is 0, leaves dst. mask must
 * be 0 or 0xFF. Touches every byte either way. */
void mlkem_ct_cmov(uint8_t *dst, const uint8_t *src, size_t len, uint8_t mask);

/* Sets len bytes at p to zero, in a way the compiler may not drop even when
 * p is never read again. */
void mlkem_zeroize(void *p, size_t len)
    __contract__(
        requires(fresh(p, len))
        assigns(bytes(p, len))
        ensures(all_zero(p, len))
    );

/* Zeroes MLKEM_SCRUB_BYTES of stack below the caller's frame. Called after
 * code whose callees keep secrets in registers that the compiler spills
 * to their own frames (the Keccak permutations: their last state, which is
 * hash output, would otherwise stay behind). The largest such frame is
 * about 700 bytes (the AVX2 four-way permutation: 680 bytes of spills and
 * up to 32 of alignment, gcc -O3); test_zeroize checks that nothing is
 * left behind. */
#define MLKEM_SCRUB_BYTES 1024
void mlkem_scrub_stack(void);

/* The same over MLKEM_SCRUB_WIDE_BYTES, after the AES implementations
 * (round keys and keystream in registers, spilled by gcc for VAES-256),
 * whose frames are larger: VAES-512's group of 32 blocks is about 1 KB
 * (904 bytes and up to 64 of alignment, gcc -O3). */
#define MLKEM_SCRUB_WIDE_BYTES 2048
void mlkem_scrub_stack_wide(void)
    /* For the proofs: it writes below the caller's frame, which is no
     * object of CBMC's memory model (docs/PROOFS.md). */
    __contract__(assigns());

/* The same over MLKEM_SCRUB_DEEP_BYTES, after X25519 (x25519_dispatch.c,
 * hybrid.c), whose field code leaves limbs of values derived from the
 * private key (the comb's selected table entries and sums, the ladder's
 * coordinates, the inversion's powers) in the frames of its callees, down
 * to 2.7 KB below the caller (gcc -O3; docs/SECURITY.md bounds X25519's
 * stack at 4000 bytes). test_zeroize checks that nothing of the key is
 * left. */
#define MLKEM_SCRUB_DEEP_BYTES 4096
void mlkem_scrub_stack_deep(void)
    /* For the proofs: it writes below the caller's frame, which is no
     * object of CBMC's memory model (docs/PROOFS.md). */
    __contract__(assigns());
/* Zeroes the vector registers a function may leave holding data when it
 * returns (x86-64 System V: xmm0-xmm15; AArch64: v0-v31, the low halves
 * of v8-v15 restored as the ABI requires), with GCC or clang; elsewhere
 * nothing. After the AES-GCM code: its last keystream block or E_K(J0)
 * may stay in a caller-saved register, which later code saves to the stack
 * (the dynamic linker's lazy binding stores the argument registers; found
 * by test_zeroize on AArch64). Upper halves of ymm registers are cleared
 * by the vzeroupper compilers emit when AVX code returns. */
void mlkem_scrub_vector_registers(void);

#endif
