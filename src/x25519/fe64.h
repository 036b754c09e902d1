/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe64.h - arithmetic modulo p = 2^255 - 19 in radix 2^64 with the
 * x86-64 instructions of BMI2 (MULX) and ADX (ADCX, ADOX): the field API
 * of x25519/scalarmult.c (listed there) for impl_mulx.c, the only file
 * that includes it (compiled with -mbmi2 -madx, run where CPUID reports
 * both).
 *
 * An element is four 64-bit words v[0..3], the integer sum v[i] 2^(64 i)
 * below 2^256, congruent to the element; only fe_to_words reduces below
 * p. Every function takes any such element and returns one, so there are
 * no limb bounds to track: the ladder's and the comb's "tight" and
 * "loose" (scalarmult.c) are the same thing here, and fe_carry does
 * nothing. Reduction is lazy: 2^256 = 38 (mod p), so a carry out of bit
 * 255 of a sum, or the high half of a product, is folded back times 38,
 * and a result is only ever made to fit in 256 bits.
 *
 * The multiplications are inline assembly, not the _mulx_u64 and
 * _addcarryx_u64 intrinsics: what makes MULX with ADCX and ADOX fast is
 * two carry chains running through one sequence of additions (ADCX uses
 * and sets only the carry flag, ADOX only the overflow flag), and gcc 12
 * and clang 14 both break such interleaved chains apart, saving and
 * restoring flags around them (docs/ARCHITECTURE.md has the figures). Each
 * block is a straight line of MUL/ADD-class instructions, moves, SBB
 * masks and one IMUL by a constant: no branch, no memory address that
 * depends on a value, and no instruction whose time depends on its
 * operands on x86-64 (MULX and IMUL take the same time for every input).
 *
 * Register use: each block takes its pointers in registers and names its
 * scratch registers as outputs; at most eleven registers besides the stack
 * and frame pointers, so it also compiles at -O0 and with
 * -fno-omit-frame-pointer. The "memory" clobber tells the compiler that
 * the block reads and writes through the pointers (the elements are on
 * the stack, where the compiler keeps them anyway, so it costs no reload
 * that would not happen).
 *
 * MemorySanitizer cannot see into the blocks: each function reads its
 * inputs' shadow before its block and sets its outputs' after it
 * (platform/msan.h); in other builds that is no code.
 */
#ifndef MLKEM_X25519_FE64_H
#define MLKEM_X25519_FE64_H

#include <stdint.h>

#include "platform/msan.h"

typedef struct {
  uint64_t v[4];
} fe;

/* Bits 192 to 254: the top word without bit 255. */
#define FE64_TOP_MASK ((UINT64_C(1) << 63) - 1)

/* The 256-bit little-endian integer w[0] + w[1] 2^64 + ..., bit 255
 * ignored (cleared). */
static inline void fe_from_words(fe *r, const uint64_t w[4]) {
  r->v[0] = w[0];
  r->v[1] = w[1];
  r->v[2] = w[2];
  r->v[3] = w[3] & FE64_TOP_MASK;
}

/* Nothing to do: every element is already below 2^256. */
static inline void fe_carry(fe *r) {
  (void)r;
}

static inline void fe_set_small(fe *r, uint64_t c) {
  r->v[0] = c;
  r->v[1] = r->v[2] = r->v[3] = 0;
}

/* The canonical representative (below p) as four little-endian words.
 * In assembly, as the arithmetic: compiled from C (128-bit sums), gcc
 * spilled the result's words to the stack, where they stayed
 * (test_zeroize). Bit 255 is folded in as 19 (2^255 = 19 mod p), which
 * leaves a value below 2^255 + 19 < 2p; that is p or more exactly when
 * adding 19 reaches bit 255, and then adding 19 and clearing bit 255
 * subtracts p. */
static inline void fe_to_words(uint64_t w[4], const fe *f) {
  uint64_t x0, x1, x2, x3, t;
  const int taint = MLKEM_MSAN_TAINT(f, sizeof *f);
  __asm__ volatile(
      "movq 0(%[f]), %[x0]\n\t"
      "movq 8(%[f]), %[x1]\n\t"
      "movq 16(%[f]), %[x2]\n\t"
      "movq 24(%[f]), %[x3]\n\t"
      "btrq $63, %[x3]\n\t" /* CF = bit 255 */
      "sbbq %[t], %[t]\n\t"
      "andq $19, %[t]\n\t"
      "addq %[t], %[x0]\n\t"
      "adcq $0, %[x1]\n\t"
      "adcq $0, %[x2]\n\t"
      "adcq $0, %[x3]\n\t"
      /* The top word of value + 19, only for its bit 63. */
      "movq %[x0], %[t]\n\t"
      "addq $19, %[t]\n\t"
      "movq %[x1], %[t]\n\t"
      "adcq $0, %[t]\n\t"
      "movq %[x2], %[t]\n\t"
      "adcq $0, %[t]\n\t"
      "movq %[x3], %[t]\n\t"
      "adcq $0, %[t]\n\t"
      "shrq $63, %[t]\n\t"
      "imulq $19, %[t], %[t]\n\t"
      "addq %[t], %[x0]\n\t"
      "adcq $0, %[x1]\n\t"
      "adcq $0, %[x2]\n\t"
      "adcq $0, %[x3]\n\t"
      "btrq $63, %[x3]\n\t"
      "movq %[x0], 0(%[w])\n\t"
      "movq %[x1], 8(%[w])\n\t"
      "movq %[x2], 16(%[w])\n\t"
      "movq %[x3], 24(%[w])\n\t"
      : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3),
        [t] "=&r"(t)
      : [w] "r"(w), [f] "r"(f)
      : "cc", "memory");
  MLKEM_MSAN_RESULT(w, 4 * sizeof w[0], taint);
}

/* The assembly text below is laid out one instruction per line. */
/* clang-format off */

/* Text shared by the functions below; arguments are operand references
 * ("%[o0]"). FE64_FOLD(o0, m): the carry flag is a carry out of bit 255
 * of o3:o2:o1:o0, that is 2^256 = 38 lost: 38 is added to o0. The callers
 * use it only where the wrapped value is below 2^64 - 38, so the addition
 * cannot carry. m is scratch. */
#define FE64_FOLD(o0, m)                \
  "sbbq " m ", " m "\n\t"               \
  "andq $38, " m "\n\t"                 \
  "addq " m ", " o0 "\n\t"

/* FE64_STORE(o0, o1, o2, o3): the four words to r. */
#define FE64_STORE(o0, o1, o2, o3)      \
  "movq " o0 ", 0(%[r])\n\t"            \
  "movq " o1 ", 8(%[r])\n\t"            \
  "movq " o2 ", 16(%[r])\n\t"           \
  "movq " o3 ", 24(%[r])\n\t"

/* r = a + b (op "add", opc "adc") or r = a - b ("sub", "sbb"), the same
 * lines with the other instructions. A carry out of the sum means it
 * wrapped past 2^256 = 38 (mod p): 38 is added and carried through, which
 * can carry again only from a sum that wrapped to below 38, and then the
 * second 38 cannot. A borrow out of the difference means it wrapped to
 * itself plus 2^256: 38 is subtracted likewise, and a second borrow
 * (from a value below 38) leaves a top word near 2^64, from which the
 * second 38 cannot borrow. */
#define FE64_ADD_OR_SUB(op, opc)        \
  "movq 0(%[a]), %[o0]\n\t"             \
  op "q 0(%[b]), %[o0]\n\t"             \
  "movq 8(%[a]), %[o1]\n\t"             \
  opc "q 8(%[b]), %[o1]\n\t"            \
  "movq 16(%[a]), %[o2]\n\t"            \
  opc "q 16(%[b]), %[o2]\n\t"           \
  "movq 24(%[a]), %[o3]\n\t"            \
  opc "q 24(%[b]), %[o3]\n\t"           \
  "sbbq %[m], %[m]\n\t"                 \
  "andq $38, %[m]\n\t"                  \
  op "q %[m], %[o0]\n\t"                \
  opc "q $0, %[o1]\n\t"                 \
  opc "q $0, %[o2]\n\t"                 \
  opc "q $0, %[o3]\n\t"                 \
  "sbbq %[m], %[m]\n\t"                 \
  "andq $38, %[m]\n\t"                  \
  op "q %[m], %[o0]\n\t"                \
  FE64_STORE("%[o0]", "%[o1]", "%[o2]", "%[o3]")

/* The reduction of a 512-bit product lo + 2^256 hi = lo + 38 hi (mod p),
 * the low words in l0..l3 (operands: registers or memory), the high ones
 * in the registers named h4..h7. Each 38 h[i] is a two-word product
 * (MULX, %rdx = 38); the low words are added to l[i] on the CF chain
 * (ADCX), the high words to word i + 1 on the OF chain (ADOX); XOR clears
 * both flags first. What is left above 2^256 is below 40; times 38 it is
 * added to word 0 and carried up, and FE64_FOLD ends it (a carry there
 * leaves a value below 40 * 38). Result in t0, t1, h4, h5; h6, h7 are
 * scratch. Register arguments are operand names ("x0"), for FE64_R
 * (%[x0]) and FE64_K (%k[x0], the low 32 bits). */
#define FE64_R(n) "%[" n "]"
#define FE64_K(n) "%k[" n "]"
#define FE64_REDUCE(l0, l1, l2, l3, h4, h5, h6, h7, t0, t1)     \
  "movl $38, %%edx\n\t"                                         \
  "xorl " FE64_K(t0) ", " FE64_K(t0) "\n\t"                     \
  "mulxq " FE64_R(h4) ", " FE64_R(t0) ", " FE64_R(h4) "\n\t"    \
  "adcxq " l0 ", " FE64_R(t0) "\n\t"                            \
  "mulxq " FE64_R(h5) ", " FE64_R(t1) ", " FE64_R(h5) "\n\t"    \
  "adcxq " l1 ", " FE64_R(t1) "\n\t"                            \
  "adoxq " FE64_R(h4) ", " FE64_R(t1) "\n\t"                    \
  "mulxq " FE64_R(h6) ", " FE64_R(h4) ", " FE64_R(h6) "\n\t"    \
  "adcxq " l2 ", " FE64_R(h4) "\n\t"                            \
  "adoxq " FE64_R(h5) ", " FE64_R(h4) "\n\t"                    \
  "mulxq " FE64_R(h7) ", " FE64_R(h5) ", " FE64_R(h7) "\n\t"    \
  "adcxq " l3 ", " FE64_R(h5) "\n\t"                            \
  "adoxq " FE64_R(h6) ", " FE64_R(h5) "\n\t"                    \
  "movl $0, " FE64_K(h6) "\n\t"                                 \
  "adcxq " FE64_R(h6) ", " FE64_R(h7) "\n\t"                    \
  "adoxq " FE64_R(h6) ", " FE64_R(h7) "\n\t"                    \
  "imulq $38, " FE64_R(h7) ", " FE64_R(h7) "\n\t"               \
  "addq " FE64_R(h7) ", " FE64_R(t0) "\n\t"                     \
  "adcq $0, " FE64_R(t1) "\n\t"                                 \
  "adcq $0, " FE64_R(h4) "\n\t"                                 \
  "adcq $0, " FE64_R(h5) "\n\t"                                 \
  FE64_FOLD(FE64_R(t0), FE64_R(h7))

/* One row of the schoolbook product after the first: adds a b[i] (%rdx =
 * b[i], loaded from bi) to the running sum, whose words i..i+3 are in
 * x0..x3; word i + 4 is created in x4. The low half of a[j] b[i] goes to
 * word i + j on the CF chain, the high half to word i + j + 1 on the OF
 * chain; XOR clears both flags first (and so breaks the dependency on the
 * row before's flags). Word i is then final in x0. */
#define FE64_MUL_ROW(bi, x0, x1, x2, x3, x4)  \
  "movq " bi ", %%rdx\n\t"                    \
  "xorl %k[t0], %k[t0]\n\t"                   \
  "mulxq 0(%[a]), %[t0], %[t1]\n\t"           \
  "adcxq %[t0], " x0 "\n\t"                   \
  "adoxq %[t1], " x1 "\n\t"                   \
  "mulxq 8(%[a]), %[t0], %[t1]\n\t"           \
  "adcxq %[t0], " x1 "\n\t"                   \
  "adoxq %[t1], " x2 "\n\t"                   \
  "mulxq 16(%[a]), %[t0], %[t1]\n\t"          \
  "adcxq %[t0], " x2 "\n\t"                   \
  "adoxq %[t1], " x3 "\n\t"                   \
  "mulxq 24(%[a]), %[t0], " x4 "\n\t"         \
  "adcxq %[t0], " x3 "\n\t"                   \
  "movl $0, %k[t1]\n\t"                       \
  "adoxq %[t1], " x4 "\n\t"                   \
  "adcxq %[t1], " x4 "\n\t"

/* Word `off` (a byte offset) of a and b swapped where the mask %[m] is
 * all ones; of FE64_CMOV_WORD, r's word replaced by b's. */
#define FE64_CSWAP_WORD(off)            \
  "movq " off "(%[a]), %[x]\n\t"        \
  "movq " off "(%[b]), %[y]\n\t"        \
  "movq %[x], %[t]\n\t"                 \
  "xorq %[y], %[t]\n\t"                 \
  "andq %[m], %[t]\n\t"                 \
  "xorq %[t], %[x]\n\t"                 \
  "xorq %[t], %[y]\n\t"                 \
  "movq %[x], " off "(%[a])\n\t"        \
  "movq %[y], " off "(%[b])\n\t"
#define FE64_CMOV_WORD(off)             \
  "movq " off "(%[r]), %[x]\n\t"        \
  "movq " off "(%[b]), %[t]\n\t"        \
  "xorq %[x], %[t]\n\t"                 \
  "andq %[m], %[t]\n\t"                 \
  "xorq %[t], %[x]\n\t"                 \
  "movq %[x], " off "(%[r])\n\t"

/* clang-format on */

/* fe_add and fe_sub: FE64_ADD_OR_SUB with its operands (the functions
 * are written out, not generated, so that scripts/amalgamate.py sees
 * their names). */
#define FE64_ADD_OR_SUB_ASM(op, opc, r, a, b)                             \
  do {                                                                    \
    uint64_t o0, o1, o2, o3, m;                                           \
    const int taint =                                                     \
        MLKEM_MSAN_TAINT(a, sizeof *a) || MLKEM_MSAN_TAINT(b, sizeof *b); \
    __asm__ volatile(FE64_ADD_OR_SUB(op, opc)                             \
                     : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2),    \
                       [o3] "=&r"(o3), [m] "=&r"(m)                       \
                     : [r] "r"(r), [a] "r"(a), [b] "r"(b)                 \
                     : "cc", "memory");                                   \
    MLKEM_MSAN_RESULT(r, sizeof *r, taint);                               \
  } while (0)
static inline void fe_add(fe *r, const fe *a, const fe *b) {
  FE64_ADD_OR_SUB_ASM("add", "adc", r, a, b);
}
static inline void fe_sub(fe *r, const fe *a, const fe *b) {
  FE64_ADD_OR_SUB_ASM("sub", "sbb", r, a, b);
}

/* r = a b: the 512-bit product row by row (16 MULX), then FE64_REDUCE (4
 * MULX, one IMUL). The running sum's words rotate through five registers
 * x0..x4; words 0-2 are final after their rows and wait in s[]. */
static inline void fe_mul(fe *r, const fe *a, const fe *b) {
  uint64_t s[3], x0, x1, x2, x3, x4, t0, t1, rdx;
  const int taint =
      MLKEM_MSAN_TAINT(a, sizeof *a) || MLKEM_MSAN_TAINT(b, sizeof *b);
  __asm__ volatile(
      /* Row 0: a b[0] into words 0-4. */
      "movq 0(%[b]), %%rdx\n\t"
      "mulxq 0(%[a]), %[x0], %[x1]\n\t"
      "mulxq 8(%[a]), %[t0], %[x2]\n\t"
      "addq %[t0], %[x1]\n\t"
      "mulxq 16(%[a]), %[t0], %[x3]\n\t"
      "adcq %[t0], %[x2]\n\t"
      "mulxq 24(%[a]), %[t0], %[x4]\n\t"
      "adcq %[t0], %[x3]\n\t"
      "adcq $0, %[x4]\n\t"
      "movq %[x0], %[s0]\n\t"
      /* Rows 1-3: words 1, 2 final after theirs; row 3 leaves word 3 in
       * x3 and words 4-7 in x4, x0, x1, x2. */
      FE64_MUL_ROW("8(%[b])", "%[x1]", "%[x2]", "%[x3]", "%[x4]", "%[x0]")
      "movq %[x1], %[s1]\n\t"
      FE64_MUL_ROW("16(%[b])", "%[x2]", "%[x3]", "%[x4]", "%[x0]", "%[x1]")
      "movq %[x2], %[s2]\n\t"
      FE64_MUL_ROW("24(%[b])", "%[x3]", "%[x4]", "%[x0]", "%[x1]", "%[x2]")
      FE64_REDUCE("%[s0]", "%[s1]", "%[s2]", "%[x3]", "x4", "x0", "x1", "x2",
                  "t0", "t1")
      FE64_STORE("%[t0]", "%[t1]", "%[x4]", "%[x0]")
      : [s0] "=m"(s[0]), [s1] "=m"(s[1]), [s2] "=m"(s[2]), [x0] "=&r"(x0),
        [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4),
        [t0] "=&r"(t0), [t1] "=&r"(t1), "=&d"(rdx)
      : [r] "r"(r), [a] "r"(a), [b] "r"(b)
      : "cc", "memory");
  MLKEM_MSAN_RESULT(r, sizeof *r, taint);
}

/* r = a^2: the six products a[i] a[j], i < j, once (6 MULX), doubled on
 * the CF chain while the squares a[i]^2 (4 MULX) are added on the OF
 * chain, then FE64_REDUCE. Words 0-2 of the 512-bit square wait in s[]. */
static inline void fe_sq(fe *r, const fe *a) {
  uint64_t s[3], x1, x2, x3, x4, x5, x6, t0, t1, rdx;
  const int taint = MLKEM_MSAN_TAINT(a, sizeof *a);
  __asm__ volatile(
      /* a[0] (a[1], a[2], a[3]) into words 1-4. */
      "movq 0(%[a]), %%rdx\n\t"
      "mulxq 8(%[a]), %[x1], %[x2]\n\t"
      "mulxq 16(%[a]), %[t0], %[x3]\n\t"
      "addq %[t0], %[x2]\n\t"
      "mulxq 24(%[a]), %[t0], %[x4]\n\t"
      "adcq %[t0], %[x3]\n\t"
      "adcq $0, %[x4]\n\t"
      /* a[1] (a[2], a[3]) into words 3-5. */
      "movq 8(%[a]), %%rdx\n\t"
      "xorl %k[t0], %k[t0]\n\t"
      "mulxq 16(%[a]), %[t0], %[t1]\n\t"
      "adcxq %[t0], %[x3]\n\t"
      "adoxq %[t1], %[x4]\n\t"
      "mulxq 24(%[a]), %[t0], %[x5]\n\t"
      "adcxq %[t0], %[x4]\n\t"
      "movl $0, %k[t1]\n\t"
      "adoxq %[t1], %[x5]\n\t"
      "adcxq %[t1], %[x5]\n\t"
      /* a[2] a[3] into words 5-6. */
      "movq 16(%[a]), %%rdx\n\t"
      "mulxq 24(%[a]), %[t0], %[x6]\n\t"
      "addq %[t0], %[x5]\n\t"
      "adcq $0, %[x6]\n\t"
      /* Doubled (ADCX x, x) and the squares added (ADOX). Word 7 is the
       * doubling's carry plus the high half of a[3]^2. */
      "movq 0(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[t0], %[t1]\n\t"
      "movq %[t0], %[s0]\n\t"
      "xorl %k[t0], %k[t0]\n\t"
      "adcxq %[x1], %[x1]\n\t"
      "adoxq %[t1], %[x1]\n\t"
      "movq %[x1], %[s1]\n\t"
      "movq 8(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[t0], %[t1]\n\t"
      "adcxq %[x2], %[x2]\n\t"
      "adoxq %[t0], %[x2]\n\t"
      "movq %[x2], %[s2]\n\t"
      "adcxq %[x3], %[x3]\n\t"
      "adoxq %[t1], %[x3]\n\t"
      "movq 16(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[t0], %[t1]\n\t"
      "adcxq %[x4], %[x4]\n\t"
      "adoxq %[t0], %[x4]\n\t"
      "adcxq %[x5], %[x5]\n\t"
      "adoxq %[t1], %[x5]\n\t"
      "movq 24(%[a]), %%rdx\n\t"
      "mulxq %%rdx, %[t0], %[t1]\n\t"
      "adcxq %[x6], %[x6]\n\t"
      "adoxq %[t0], %[x6]\n\t"
      /* x1 is free again (stored): word 7. */
      "movl $0, %k[x1]\n\t"
      "adcxq %[x1], %[x1]\n\t"
      "adoxq %[t1], %[x1]\n\t" FE64_REDUCE("%[s0]", "%[s1]", "%[s2]", "%[x3]",
                                           "x4", "x5", "x6", "x1", "t0", "t1")
          FE64_STORE("%[t0]", "%[t1]", "%[x4]", "%[x5]")
      : [s0] "=m"(s[0]), [s1] "=m"(s[1]), [s2] "=m"(s[2]), [x1] "=&r"(x1),
        [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5),
        [x6] "=&r"(x6), [t0] "=&r"(t0), [t1] "=&r"(t1), "=&d"(rdx)
      : [r] "r"(r), [a] "r"(a)
      : "cc", "memory");
  MLKEM_MSAN_RESULT(r, sizeof *r, taint);
}

/* r = a c + b for a constant c below 2^17, in one block: four MULX give
 * five words of a c, the fifth below 2^17; b is added to the low four (the
 * fifth, then below 2^17 + 1, takes the carry); the fifth times 38 is
 * added to word 0 and carried up. One block where a multiplication and an
 * addition were two: the ladder step's AA + a24 E then stores and reloads
 * one element fewer, which made the ladder about 4 % faster on Zen 3
 * (docs/ARCHITECTURE.md). r may be a or b. */
static inline void fe_mul_small_add(fe *r, const fe *a, uint32_t c,
                                    const fe *b) {
  uint64_t o0, o1, o2, o3, h, rdx = c;
  const int taint =
      MLKEM_MSAN_TAINT(a, sizeof *a) || MLKEM_MSAN_TAINT(b, sizeof *b);
  __asm__ volatile(
      "mulxq 0(%[a]), %[o0], %[o1]\n\t"
      "mulxq 8(%[a]), %[h], %[o2]\n\t"
      "addq %[h], %[o1]\n\t"
      "mulxq 16(%[a]), %[h], %[o3]\n\t"
      "adcq %[h], %[o2]\n\t"
      "mulxq 24(%[a]), %[h], %%rdx\n\t"
      "adcq %[h], %[o3]\n\t"
      "adcq $0, %%rdx\n\t"
      "addq 0(%[b]), %[o0]\n\t"
      "adcq 8(%[b]), %[o1]\n\t"
      "adcq 16(%[b]), %[o2]\n\t"
      "adcq 24(%[b]), %[o3]\n\t"
      "adcq $0, %%rdx\n\t"
      "imulq $38, %%rdx, %%rdx\n\t"
      "addq %%rdx, %[o0]\n\t"
      "adcq $0, %[o1]\n\t"
      "adcq $0, %[o2]\n\t"
      "adcq $0, %[o3]\n\t" FE64_FOLD("%[o0]", "%[h]")
          FE64_STORE("%[o0]", "%[o1]", "%[o2]", "%[o3]")
      : [o0] "=&r"(o0), [o1] "=&r"(o1), [o2] "=&r"(o2), [o3] "=&r"(o3),
        [h] "=&r"(h), "+&d"(rdx)
      : [r] "r"(r), [a] "r"(a), [b] "r"(b)
      : "cc", "memory");
  MLKEM_MSAN_RESULT(r, sizeof *r, taint);
}

/* Swaps a and b if mask is all ones, leaves them if it is zero; mask
 * comes through a value barrier (ct.h). In assembly so that every load
 * and store is one word, as in the arithmetic: compilers vectorise the C
 * loop into 16- or 32-byte loads of words just stored one by one, which
 * the processor cannot forward from the stores and waits for. */
static inline void fe_cswap(fe *a, fe *b, uint64_t mask) {
  uint64_t x, y, t;
  const int taint = MLKEM_MSAN_TAINT(a, sizeof *a) ||
                    MLKEM_MSAN_TAINT(b, sizeof *b) ||
                    MLKEM_MSAN_TAINT(&mask, sizeof mask);
  __asm__ volatile(FE64_CSWAP_WORD("0") FE64_CSWAP_WORD("8")
                       FE64_CSWAP_WORD("16") FE64_CSWAP_WORD("24")
                   : [x] "=&r"(x), [y] "=&r"(y), [t] "=&r"(t)
                   : [a] "r"(a), [b] "r"(b), [m] "r"(mask)
                   : "cc", "memory");
  MLKEM_MSAN_RESULT(a, sizeof *a, taint);
  MLKEM_MSAN_RESULT(b, sizeof *b, taint);
}

/* r = b if mask is all ones, unchanged if it is zero (in assembly for the
 * reason fe_cswap is). */
static inline void fe_cmov(fe *r, const fe *b, uint64_t mask) {
  uint64_t x, t;
  const int taint = MLKEM_MSAN_TAINT(r, sizeof *r) ||
                    MLKEM_MSAN_TAINT(b, sizeof *b) ||
                    MLKEM_MSAN_TAINT(&mask, sizeof mask);
  __asm__ volatile(FE64_CMOV_WORD("0") FE64_CMOV_WORD("8") FE64_CMOV_WORD("16")
                       FE64_CMOV_WORD("24")
                   : [x] "=&r"(x), [t] "=&r"(t)
                   : [r] "r"(r), [b] "r"(b), [m] "r"(mask)
                   : "cc", "memory");
  MLKEM_MSAN_RESULT(r, sizeof *r, taint);
}

#endif
