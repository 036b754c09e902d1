/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt.c - the number-theoretic transform of @spec{FIPS203, sec. 4.3} and the
 * NTT-domain multiplication, for the portable backend.
 *
 * Layout: NTT-domain coefficients are kept in the standard's order, as
 * signed representatives of bounded size (see backend/backend.h for the bounds
 * each function keeps). Multiplications by the constants zeta go through
 * Montgomery reduction, so the tables hold zeta * 2^16 mod q.
 */
#include "backend/portable/portable.h"

#include "backend/portable/arith.h"
#include "platform/cbmc.h"
#include "platform/ct.h"

/* zetas[i] = 17^BitRev7(i) * 2^16 mod q, centered in [-(q-1)/2, (q-1)/2]
 * (@spec{FIPS203, App. A}, in Montgomery form). test_arith recomputes every
 * entry. Index 0 is unused by the transforms. */
/* clang-format off */
const int16_t mlkem_zetas[128] = {
  -1044, -758, -359, -1517, 1493, 1422, 287, 202,
  -171, 622, 1577, 182, 962, -1202, -1474, 1468,
  573, -1325, 264, 383, -829, 1458, -1602, -130,
  -681, 1017, 732, 608, -1542, 411, -205, -1571,
  1223, 652, -552, 1015, -1293, 1491, -282, -1544,
  516, -8, -320, -666, -1618, -1162, 126, 1469,
  -853, -90, -271, 830, 107, -1421, -247, -951,
  -398, 961, -1508, -725, 448, -1065, 677, -1275,
  -1103, 430, 555, 843, -1251, 871, 1550, 105,
  422, 587, 177, -235, -291, -460, 1574, 1653,
  -246, 778, 1159, -147, -777, 1483, -602, 1119,
  -1590, 644, -872, 349, 418, 329, -156, -75,
  817, 1097, 603, 610, 1322, -1285, -1465, 384,
  -1215, -136, 1218, -1335, -874, 220, -1187, -1659,
  -1185, -1530, -1278, 794, -1510, -854, -870, 478,
  -108, -308, 996, 991, 958, -1460, 1522, 1628,
};
/* clang-format on */

/* gammas[i] = 17^(2 BitRev7(i) + 1) * 2^16 mod q, centered: the moduli
 * X^2 - gamma of the 128 degree-one factors (@spec{FIPS203, App. A}, second
 * table, in Montgomery form). test_arith recomputes every entry. */
/* clang-format off */
const int16_t mlkem_gammas[128] = {
  -1103, 1103, 430, -430, 555, -555, 843, -843,
  -1251, 1251, 871, -871, 1550, -1550, 105, -105,
  422, -422, 587, -587, 177, -177, -235, 235,
  -291, 291, -460, 460, 1574, -1574, 1653, -1653,
  -246, 246, 778, -778, 1159, -1159, -147, 147,
  -777, 777, 1483, -1483, -602, 602, 1119, -1119,
  -1590, 1590, 644, -644, -872, 872, 349, -349,
  418, -418, 329, -329, -156, 156, -75, 75,
  817, -817, 1097, -1097, 603, -603, 610, -610,
  1322, -1322, -1285, 1285, -1465, 1465, 384, -384,
  -1215, 1215, -136, 136, 1218, -1218, -1335, 1335,
  -874, 874, 220, -220, -1187, 1187, -1659, 1659,
  -1185, 1185, -1530, 1530, -1278, 1278, 794, -794,
  -1510, 1510, -854, 854, -870, 870, 478, -478,
  -108, 108, -308, 308, 996, -996, 991, -991,
  958, -958, -1460, 1460, 1522, -1522, 1628, -1628,
};
/* clang-format on */

/* The layers with half-blocks of 16 coefficients or fewer use tables with
 * each block's zeta repeated once per butterfly: with a contiguous zeta per
 * coefficient the compiler vectorizes these layers as whole vectors, where
 * a single zeta per block leads it into slow cross-block shuffles (five
 * times the instructions: docs/ARCHITECTURE.md, "Decisions").
 * Entries are copies of mlkem_zetas: forward, zetas[128/len + b] for block
 * b; inverse, zetas[256/len - 1 - b]. test_ntt checks them through the
 * transforms against @spec{FIPS203, Alg. 9 and 10}. */
#define R8(x) x, x, x, x, x, x, x, x
#define R16(x) R8(x), R8(x)
/* Forward NTT, len = 16: zetas[8 + b] for block b. */
/* clang-format off */
static const int16_t zetas_len16[128] = {
  R16(-171), R16(622), R16(1577), R16(182), R16(962), R16(-1202), R16(-1474),
  R16(1468),
};
/* clang-format on */
/* Forward NTT, len = 8: zetas[16 + b] for block b. */
/* clang-format off */
static const int16_t zetas_len8[128] = {
  R8(573), R8(-1325), R8(264), R8(383), R8(-829), R8(1458), R8(-1602),
  R8(-130), R8(-681), R8(1017), R8(732), R8(608), R8(-1542), R8(411),
  R8(-205), R8(-1571),
};
/* clang-format on */
/* Inverse NTT, len = 16: zetas[15 - b] for block b. */
/* clang-format off */
static const int16_t izetas_len16[128] = {
  R16(1468), R16(-1474), R16(-1202), R16(962), R16(182), R16(1577), R16(622),
  R16(-171),
};
/* clang-format on */
/* Inverse NTT, len = 8: zetas[31 - b] for block b. */
/* clang-format off */
static const int16_t izetas_len8[128] = {
  R8(-1571), R8(-205), R8(411), R8(-1542), R8(608), R8(732), R8(1017),
  R8(-681), R8(-130), R8(-1602), R8(1458), R8(-829), R8(383), R8(264),
  R8(-1325), R8(573),
};
/* clang-format on */
#define R4(x) x, x, x, x
#define R2(x) x, x
/* Forward NTT, len = 4: zetas[32 + b] for block b. */
/* clang-format off */
static const int16_t zetas_len4[128] = {
  R4(1223), R4(652), R4(-552), R4(1015), R4(-1293), R4(1491), R4(-282),
  R4(-1544), R4(516), R4(-8), R4(-320), R4(-666), R4(-1618), R4(-1162),
  R4(126), R4(1469), R4(-853), R4(-90), R4(-271), R4(830), R4(107),
  R4(-1421), R4(-247), R4(-951), R4(-398), R4(961), R4(-1508), R4(-725),
  R4(448), R4(-1065), R4(677), R4(-1275),
};
/* clang-format on */
/* Forward NTT, len = 2: zetas[64 + b] for block b. */
/* clang-format off */
static const int16_t zetas_len2[128] = {
  R2(-1103), R2(430), R2(555), R2(843), R2(-1251), R2(871), R2(1550),
  R2(105), R2(422), R2(587), R2(177), R2(-235), R2(-291), R2(-460), R2(1574),
  R2(1653), R2(-246), R2(778), R2(1159), R2(-147), R2(-777), R2(1483),
  R2(-602), R2(1119), R2(-1590), R2(644), R2(-872), R2(349), R2(418),
  R2(329), R2(-156), R2(-75), R2(817), R2(1097), R2(603), R2(610), R2(1322),
  R2(-1285), R2(-1465), R2(384), R2(-1215), R2(-136), R2(1218), R2(-1335),
  R2(-874), R2(220), R2(-1187), R2(-1659), R2(-1185), R2(-1530), R2(-1278),
  R2(794), R2(-1510), R2(-854), R2(-870), R2(478), R2(-108), R2(-308),
  R2(996), R2(991), R2(958), R2(-1460), R2(1522), R2(1628),
};
/* clang-format on */
/* Inverse NTT, len = 4: zetas[63 - b] for block b. */
/* clang-format off */
static const int16_t izetas_len4[128] = {
  R4(-1275), R4(677), R4(-1065), R4(448), R4(-725), R4(-1508), R4(961),
  R4(-398), R4(-951), R4(-247), R4(-1421), R4(107), R4(830), R4(-271),
  R4(-90), R4(-853), R4(1469), R4(126), R4(-1162), R4(-1618), R4(-666),
  R4(-320), R4(-8), R4(516), R4(-1544), R4(-282), R4(1491), R4(-1293),
  R4(1015), R4(-552), R4(652), R4(1223),
};
/* clang-format on */
/* Inverse NTT, len = 2: zetas[127 - b] for block b. */
/* clang-format off */
static const int16_t izetas_len2[128] = {
  R2(1628), R2(1522), R2(-1460), R2(958), R2(991), R2(996), R2(-308),
  R2(-108), R2(478), R2(-870), R2(-854), R2(-1510), R2(794), R2(-1278),
  R2(-1530), R2(-1185), R2(-1659), R2(-1187), R2(220), R2(-874), R2(-1335),
  R2(1218), R2(-136), R2(-1215), R2(384), R2(-1465), R2(-1285), R2(1322),
  R2(610), R2(603), R2(1097), R2(817), R2(-75), R2(-156), R2(329), R2(418),
  R2(349), R2(-872), R2(644), R2(-1590), R2(1119), R2(-602), R2(1483),
  R2(-777), R2(-147), R2(1159), R2(778), R2(-246), R2(1653), R2(1574),
  R2(-460), R2(-291), R2(-235), R2(177), R2(587), R2(422), R2(105), R2(1550),
  R2(871), R2(-1251), R2(843), R2(555), R2(430), R2(-1103),
};
/* clang-format on */
#undef R4
#undef R2
#undef R8
#undef R16

/* 128^-1 * 2^16 mod q: one Montgomery multiplication by it scales by
 * 128^-1 = 3303 (the last step of @spec{FIPS203, Alg. 10}). */
#define MLKEM_INVNTT_SCALE 512

/* The bounds the proofs carry from layer to layer (docs/PROOFS.md; the
 * transforms' proofs rest on the layers' contracts, whose proofs are still
 * in proofs/pending), for
 * the layer whose half-blocks hold len coefficients. Forward: q on entry
 * and q - 1 more per layer done (the product term, a Montgomery output),
 * so 8q - 7 after the seventh. Inverse: the sums double the bound, from
 * q - 1 on entry, and from (q - 1) / 2 after the Barrett pass. */
#define NTT_LEN_OK(len)                                                    \
  ((len) == 2 || (len) == 4 || (len) == 8 || (len) == 16 || (len) == 32 || \
   (len) == 64 || (len) == 128)
#define NTT_DONE(len) \
  ((len) == 128  ? 0  \
   : (len) == 64 ? 1  \
   : (len) == 32 ? 2  \
   : (len) == 16 ? 3  \
   : (len) == 8  ? 4  \
   : (len) == 4  ? 5  \
                 : 6)
#define NTT_IN(len) (MLKEM_Q + NTT_DONE(len) * (MLKEM_Q - 1))
#define NTT_OUT(len) (NTT_IN(len) + MLKEM_Q - 1)
#define INVNTT_IN(len) \
  ((len) <= 8 ? (int)(len) / 2 * (MLKEM_Q - 1) : (int)(len) / 16 * MLKEM_HALF_Q)
#define INVNTT_OUT(len) (2 * INVNTT_IN(len))
#define COEFFS(n) ((n) * sizeof(int16_t))

/* The contract of a whole layer over r (blocks of 2 len coefficients),
 * with the bounds IN and OUT. */
#define LAYER_CONTRACT(IN, OUT)                                       \
  requires(NTT_LEN_OK(len) && writable(r, COEFFS(MLKEM_N))) requires( \
      all_within(r, 0, MLKEM_N, -IN(len), IN(len)))                   \
  assigns(bytes(r, COEFFS(MLKEM_N)))                                  \
      ensures(all_within(r, 0, MLKEM_N, -OUT(len), OUT(len)))
/* clang-format off */
/* A zeta within (q-1)/2 (mlkem_fqmul's requires), and a table of n of them. */
#define ZETA_OK(z) (-MLKEM_HALF_Q <= (z) && (z) <= MLKEM_HALF_Q)
#define ZETAS_OK(z, n)       \
  (readable(z, COEFFS(n)) && \
   for_all(k, 0, 16, k >= (n) || ZETA_OK((z)[k])))
/* The tables of 128 for whole layers (ntt_layer_z, invntt_layer_z). */
#define ZTAB_OK(z)             \
  (readable(z, COEFFS(128)) && \
   all_within(z, 0, 128, -MLKEM_HALF_Q, MLKEM_HALF_Q))

/* The butterflies of one block, lo[0 .. 2 len) (hi = lo + len, as every
 * layer passes them), with the layer's bounds IN and OUT; 2 len <= MAX.
 * The quantifiers range over the constant [0, MAX), which CBMC's SAT
 * back-end expands (their harnesses fix len: proofs/pending). */
#define LO_WITHIN_(k, MAX, n, cond, IN, OUT)                                 \
  for_all(k, 0, MAX, k >= (n) ||                                             \
          ((cond) ? (-(OUT) <= lo[k] && lo[k] <= (OUT))                      \
                  : (-(IN) <= lo[k] && lo[k] <= (IN))))
#define LO_WITHIN(MAX, n, cond, IN, OUT) \
  LO_WITHIN_(MLKEM_CBMC_VAR, MAX, n, cond, IN, OUT)
#define BUTTERFLIES_CONTRACT(IN, OUT, MAX)                                   \
  requires(NTT_LEN_OK(len) && 2 * len <= (MAX) &&                            \
           writable(lo, COEFFS(2 * len)) && hi == lo + len)                  \
  requires(LO_WITHIN(MAX, 2 * len, 0, IN(len), IN(len)))                     \
  assigns(bytes(lo, COEFFS(2 * len)))                                        \
  ensures(LO_WITHIN(MAX, 2 * len, 1, IN(len), OUT(len)))
/* A layer's block loop: the blocks before b done, the others as on entry. */
#define BLOCKS_INVARIANT(IN, OUT)                                            \
  assigns(b, bytes(r, COEFFS(MLKEM_N)))                                      \
  invariant(b <= MLKEM_N / (2 * len))                                       \
  invariant(for_all(k, 0, MLKEM_N,                                           \
                    k < 2 * len * b                                          \
                        ? (-OUT(len) <= r[k] && r[k] <= OUT(len))            \
                        : (-IN(len) <= r[k] && r[k] <= IN(len))))            \
  decreases(MLKEM_N - 2 * len * b)
/* The butterflies' loop invariant: the pairs before j done (lo[k], hi[k], k <
 * j), the others as on entry. */
#define BUTTERFLIES_INVARIANT(IN, OUT, MAX)                                  \
  assigns(j, bytes(lo, COEFFS(2 * len)))                                     \
  invariant(j <= len)                                                        \
  invariant(for_all(k, 0, MAX, k >= 2 * len ||                               \
                    ((k < j || (len <= k && k < len + j))                    \
                         ? (-OUT(len) <= lo[k] && lo[k] <= OUT(len))         \
                         : (-IN(len) <= lo[k] && lo[k] <= IN(len)))))        \
  decreases(len - j)
/* clang-format on */

/* One layer's butterflies on a block: lo = f[start ..], hi = f[start +
 * len ..]. The halves never overlap, which restrict tells the compiler so
 * that it vectorizes without run-time alias checks. */
static inline void ct_butterflies(int16_t *restrict lo, int16_t *restrict hi,
                                  unsigned len, int16_t zeta)
    __contract__(
      requires(len >= 32 && ZETA_OK(zeta))
      BUTTERFLIES_CONTRACT(NTT_IN, NTT_OUT, 256)
    ) {
  unsigned j;
  for (j = 0; j < len; j++)
    __loop__(BUTTERFLIES_INVARIANT(NTT_IN, NTT_OUT, 256)) {
      int16_t t = mlkem_fqmul(zeta, hi[j]);
      hi[j] = (int16_t)(lo[j] - t);
      lo[j] = (int16_t)(lo[j] + t);
    }
}

static inline void gs_butterflies(int16_t *restrict lo, int16_t *restrict hi,
                                  unsigned len, int16_t zeta)
    __contract__(
      requires(len >= 32 && ZETA_OK(zeta))
      BUTTERFLIES_CONTRACT(INVNTT_IN, INVNTT_OUT, 256)
    ) {
  unsigned j;
  for (j = 0; j < len; j++)
    __loop__(BUTTERFLIES_INVARIANT(INVNTT_IN, INVNTT_OUT, 256)) {
      int16_t a = lo[j], b = hi[j];
      int16_t d = (int16_t)(b - a);
      lo[j] = (int16_t)(a + b);
      hi[j] = mlkem_fqmul(d, zeta);
    }
}

/* The same butterflies with one zeta per coefficient (see zetas_len16). */
static inline void ct_butterflies_z(int16_t *restrict lo, int16_t *restrict hi,
                                    unsigned len, const int16_t *z)
    __contract__(
      requires(len <= 16 && ZETAS_OK(z, len))
      BUTTERFLIES_CONTRACT(NTT_IN, NTT_OUT, 32)
    ) {
  unsigned j;
  for (j = 0; j < len; j++)
    __loop__(BUTTERFLIES_INVARIANT(NTT_IN, NTT_OUT, 32)) {
      int16_t t = mlkem_fqmul(z[j], hi[j]);
      hi[j] = (int16_t)(lo[j] - t);
      lo[j] = (int16_t)(lo[j] + t);
    }
}

static inline void gs_butterflies_z(int16_t *restrict lo, int16_t *restrict hi,
                                    unsigned len, const int16_t *z)
    __contract__(
      requires(len <= 16 && ZETAS_OK(z, len))
      BUTTERFLIES_CONTRACT(INVNTT_IN, INVNTT_OUT, 32)
    ) {
  unsigned j;
  for (j = 0; j < len; j++)
    __loop__(BUTTERFLIES_INVARIANT(INVNTT_IN, INVNTT_OUT, 32)) {
      int16_t a = lo[j], b = hi[j];
      lo[j] = (int16_t)(a + b);
      hi[j] = mlkem_fqmul((int16_t)(b - a), z[j]);
    }
}

/* A whole layer with per-coefficient zetas: ztab[len b + j] for block b. */
static inline void ntt_layer_z(int16_t *r, unsigned len, const int16_t *ztab)
    __contract__(
      requires(len <= 16 && ZTAB_OK(ztab))
      LAYER_CONTRACT(NTT_IN, NTT_OUT)
    ) {
  unsigned b;
  for (b = 0; 2 * len * b < MLKEM_N; b++)
    __loop__(BLOCKS_INVARIANT(NTT_IN, NTT_OUT)) {
      ct_butterflies_z(r + 2 * len * b, r + 2 * len * b + len, len,
                       ztab + len * b);
    }
}

static inline void invntt_layer_z(int16_t *r, unsigned len, const int16_t *ztab)
    __contract__(
      requires(len <= 16 && ZTAB_OK(ztab))
      LAYER_CONTRACT(INVNTT_IN, INVNTT_OUT)
    ) {
  unsigned b;
  for (b = 0; 2 * len * b < MLKEM_N; b++)
    __loop__(BLOCKS_INVARIANT(INVNTT_IN, INVNTT_OUT)) {
      gs_butterflies_z(r + 2 * len * b, r + 2 * len * b + len, len,
                       ztab + len * b);
    }
}

static void barrett_reduce_all(int16_t *r)
    __contract__(
      requires(writable(r, COEFFS(MLKEM_N)))
      assigns(bytes(r, COEFFS(MLKEM_N)))
      ensures(all_within(r, 0, MLKEM_N, -MLKEM_HALF_Q, MLKEM_HALF_Q))
    ) {
  unsigned j;
  for (j = 0; j < MLKEM_N; j++)
    __loop__(
      assigns(j, bytes(r, COEFFS(MLKEM_N)))
      invariant(j <= MLKEM_N)
      invariant(all_within(r, 0, j, -MLKEM_HALF_Q, MLKEM_HALF_Q))
      decreases(MLKEM_N - j)) {
      r[j] = mlkem_barrett_reduce(r[j]);
    }
}

/* The last step of @spec{FIPS203, Alg. 10}: every coefficient times 128^-1,
 * which also brings it below q (mlkem_fqmul, one factor a constant). */
static void invntt_scale(int16_t *r)
    __contract__(
      requires(writable(r, COEFFS(MLKEM_N)))
      assigns(bytes(r, COEFFS(MLKEM_N)))
      ensures(all_within(r, 0, MLKEM_N, -MLKEM_Q + 1, MLKEM_Q - 1))
    ) {
  unsigned j;
  for (j = 0; j < MLKEM_N; j++)
    __loop__(
      assigns(j, bytes(r, COEFFS(MLKEM_N)))
      invariant(j <= MLKEM_N)
      invariant(all_within(r, 0, j, -MLKEM_Q + 1, MLKEM_Q - 1))
      decreases(MLKEM_N - j)) {
      r[j] = mlkem_fqmul(r[j], MLKEM_INVNTT_SCALE);
    }
}

/* One layer of @spec{FIPS203, Alg. 9}: blocks of 2 len coefficients, block i
 * multiplied by zetas[k0 + i] (k0 = 128 / len, the value
 * @spec{FIPS203, Alg. 9}'s counter has when the layer starts). */
static inline void ntt_layer(int16_t *r, unsigned len, unsigned k0)
    __contract__(
      requires(len >= 32 && k0 * len == 128)
      LAYER_CONTRACT(NTT_IN, NTT_OUT)
    ) {
  unsigned b;
  for (b = 0; 2 * len * b < MLKEM_N; b++)
    __loop__(BLOCKS_INVARIANT(NTT_IN, NTT_OUT)) {
      ct_butterflies(r + 2 * len * b, r + 2 * len * b + len, len,
                     mlkem_zetas[k0 + b]);
    }
}

/* One layer of @spec{FIPS203, Alg. 10}: block i uses zetas[2 k0 - 1 - i],
 * the counter of @spec{FIPS203, Alg. 10} running down from 127. */
static inline void invntt_layer(int16_t *r, unsigned len, unsigned k0)
    __contract__(
      requires(len >= 32 && k0 * len == 128)
      LAYER_CONTRACT(INVNTT_IN, INVNTT_OUT)
    ) {
  unsigned b;
  for (b = 0; 2 * len * b < MLKEM_N; b++)
    __loop__(BLOCKS_INVARIANT(INVNTT_IN, INVNTT_OUT)) {
      gs_butterflies(r + 2 * len * b, r + 2 * len * b + len, len,
                     mlkem_zetas[2 * k0 - 1 - b]);
    }
}

/* @spec{FIPS203, Alg. 9} (NTT). Cooley-Tukey butterflies without reduction of
 * the sums: the input bound q grows by less than q per layer (the product
 * term is a Montgomery output, below q), so after seven layers every
 * coefficient is below 8q < 2^15, and the output is left so: its users
 * take |x| < 8q (basemul_acc's b, add_reduce, encode12: backend/backend.h). */
void mlkem_portable_ntt(mlkem_poly *p) {
  int16_t *r = p->coeffs;
  /* Layer by layer with constant lengths, so that each inlined copy of the
   * butterfly loop is compiled for its exact length. zetas[k .. 2k-1]
   * serve the layer with 128 / k-long blocks. */
  ntt_layer(r, 128, 1);
  ntt_layer(r, 64, 2);
  ntt_layer(r, 32, 4);
  ntt_layer_z(r, 16, zetas_len16);
  ntt_layer_z(r, 8, zetas_len8);
  ntt_layer_z(r, 4, zetas_len4);
  ntt_layer_z(r, 2, zetas_len2);
}

/* @spec{FIPS203, Alg. 10} (NTT^-1). Gentleman-Sande butterflies: the
 * difference goes through a Montgomery multiplication (below q), the sum
 * doubles its bound. From inputs below q, three layers stay below 8q <
 * 2^15 (every difference formed on the way too). One Barrett pass then
 * brings all coefficients to at most (q-1)/2 = 1664, and the last four
 * layers grow that to at most 16 * 1664 = 26624 < 2^15. The final Montgomery
 * multiplication by 128^-1 2^16 brings everything below q. */
void mlkem_portable_invntt(mlkem_poly *p) {
  int16_t *r = p->coeffs;
  /* The layers of NTT in reverse, with the zetas walked backwards. */
  invntt_layer_z(r, 2, izetas_len2);
  invntt_layer_z(r, 4, izetas_len4);
  invntt_layer_z(r, 8, izetas_len8);
  barrett_reduce_all(r);
  invntt_layer_z(r, 16, izetas_len16);
  invntt_layer(r, 32, 4);
  invntt_layer(r, 64, 2);
  invntt_layer(r, 128, 1);
  invntt_scale(r);
}

/* sum_i a[i] o b[i] (@spec{FIPS203, Alg. 11 and 12}, summed over a vector),
 * each output coefficient a sum of exact 32-bit products reduced once:
 *   c0 = sum_l a0 b0 + a1 (b1 gamma),  c1 = sum_l a0 b1 + a1 b0,
 * where b1 gamma = fqmul(b1, gamma 2^16) (mlkem_gammas) is below q. With
 * a in [0, q) and |b| < 8q (an ntt output) the sums are below
 * 4 (q 8q + q 8q) = 64 q^2 < 2^30, so the reduction's result is below
 * 2^30 / 2^16 + q/2 < 2^15. Sums are taken mod 2^32 (uint32_t), so any
 * int16 input has a defined result, the same as the SIMD backends'
 * wrapping lanes. The reduction leaves c 2^-16; a last multiplication by
 * 2^32 mod q (Montgomery form of 2^16) removes it and reduces below q.
 * Pairs are done 32 at a time, l outermost, so that compilers vectorize
 * the inner loop (16-bit products into 32-bit sums). */
void mlkem_portable_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                                const mlkem_poly *b, unsigned k, unsigned from,
                                unsigned to) {
  enum { BLOCK = MLKEM_PART_COEFFS / 2 };
  uint32_t c0[BLOCK], c1[BLOCK];
  unsigned i, l, i0, part;
  /* By part number, so that the compiler knows each part's alignment. */
  for (part = from / MLKEM_PART_COEFFS; part < to / MLKEM_PART_COEFFS; part++)
    __loop__(
      assigns(part, i, l, i0, whole(c0), whole(c1), *r)
      invariant(from / MLKEM_PART_COEFFS <= part &&
                part <= to / MLKEM_PART_COEFFS)
      invariant(for_all(j, 0, MLKEM_N, j < from ||
                        j >= part * MLKEM_PART_COEFFS ||
                        (-MLKEM_Q < r->coeffs[j] && r->coeffs[j] < MLKEM_Q)))
      decreases(to / MLKEM_PART_COEFFS - part)) {
      i0 = part * BLOCK;
      for (i = 0; i < BLOCK; i++)
        __loop__(
        assigns(i, whole(c0), whole(c1))
        invariant(i <= BLOCK)
        decreases(BLOCK - i)) {
          c0[i] = c1[i] = 0;
        }
      for (l = 0; l < k; l++)
        __loop__(
        assigns(l, i, whole(c0), whole(c1))
        invariant(l <= k)
        decreases(k - l)) {
          const int16_t *restrict x = a[l].coeffs + 2 * i0;
          const int16_t *restrict y = b[l].coeffs + 2 * i0;
          for (i = 0; i < BLOCK; i++)
            __loop__(
          assigns(i, whole(c0), whole(c1))
          invariant(i <= BLOCK)
          decreases(BLOCK - i)) {
              int32_t x0 = x[2 * i], x1 = x[2 * i + 1];
              int32_t y0 = y[2 * i], y1 = y[2 * i + 1];
              int32_t y1g = mlkem_fqmul((int16_t)y1, mlkem_gammas[i0 + i]);
              c0[i] += (uint32_t)(x0 * y0) + (uint32_t)(x1 * y1g);
              c1[i] += (uint32_t)(x0 * y1) + (uint32_t)(x1 * y0);
            }
        }
      for (i = 0; i < BLOCK; i++)
        __loop__(
        assigns(i, *r)
        invariant(i <= BLOCK && i0 == part * BLOCK)
        invariant(for_all(j, 0, MLKEM_N, j < from || j >= 2 * (i0 + i) ||
                          (-MLKEM_Q < r->coeffs[j] && r->coeffs[j] < MLKEM_Q)))
        decreases(BLOCK - i)) {
          int16_t t0 = mlkem_montgomery_reduce_wrapped(c0[i]);
          int16_t t1 = mlkem_montgomery_reduce_wrapped(c1[i]);
          r->coeffs[2 * (i0 + i)] = mlkem_fqmul(t0, MLKEM_MONT_R2);
          r->coeffs[2 * (i0 + i) + 1] = mlkem_fqmul(t1, MLKEM_MONT_R2);
        }
    }
  /* Sums of products of secret polynomials (s-hat, y-hat). */
  mlkem_zeroize(c0, sizeof c0);
  mlkem_zeroize(c1, sizeof c1);
}

/* r += a, then a Barrett pass: |r| < q and |a| < 8q give a sum below
 * 9q < 2^15, reduced to below q/2. */
void mlkem_portable_add_reduce(mlkem_poly *r, const mlkem_poly *a,
                               unsigned from, unsigned to) {
  unsigned i;
  for (i = from; i < to; i++)
    __loop__(
      assigns(i, *r)
      invariant(from <= i && i <= to)
      invariant(all_within(r->coeffs, from, i, -MLKEM_HALF_Q, MLKEM_HALF_Q))
      invariant(all_within(r->coeffs, i, to, -MLKEM_Q + 1, MLKEM_Q - 1))
      decreases(to - i)) {
      r->coeffs[i] =
          mlkem_barrett_reduce((int16_t)(r->coeffs[i] + a->coeffs[i]));
    }
}

/* r += a and r = a - r, wrapping to 16 bits (backend/backend.h). */
void mlkem_portable_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, *r)
      invariant(i <= MLKEM_N)
      invariant(for_all(j, 0, i, r->coeffs[j] ==
                        loop_entry(*r).coeffs[j] + a->coeffs[j]))
      invariant(for_all(j, i, MLKEM_N,
                        r->coeffs[j] == loop_entry(*r).coeffs[j]))
      decreases(MLKEM_N - i)) {
      r->coeffs[i] = (int16_t)(r->coeffs[i] + a->coeffs[i]);
    }
}

void mlkem_portable_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, *r)
      invariant(i <= MLKEM_N)
      invariant(for_all(j, 0, i, r->coeffs[j] ==
                        a->coeffs[j] - loop_entry(*r).coeffs[j]))
      invariant(for_all(j, i, MLKEM_N,
                        r->coeffs[j] == loop_entry(*r).coeffs[j]))
      decreases(MLKEM_N - i)) {
      r->coeffs[i] = (int16_t)(a->coeffs[i] - r->coeffs[i]);
    }
}
