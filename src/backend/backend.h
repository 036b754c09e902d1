/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/backend.h - the backend seam: the polynomial operations a
 * backend implements, each with its contract, and the table through which
 * the frontend calls them.
 *
 * The FIPS 203 algorithms (kpke.c, kem.c) are written once and do all their
 * polynomial arithmetic through these operations. Every backend (portable,
 * avx2, avx512, neon) implements every one of them, in its own files
 * compiled with its own target flags, and fills a table
 * (MLKEM_BACKEND_TABLE); dispatch.c picks the table once per process.
 *
 * Polynomials
 * -----------
 * An mlkem_poly holds 256 signed 16-bit coefficients. Each operation states
 * the bound it needs on its input coefficients and the bound it guarantees
 * on its outputs; "|x| <= B" is on the integer representative held.
 *
 * A polynomial is either in the normal domain (coefficient i of f at index
 * i) or in the NTT domain. Every backend keeps NTT-domain coefficients in
 * the standard order, unscaled, with the portable backend's
 * representatives, so every operation gives bit-for-bit the portable
 * result on every input within its contract (tests/test_diff_*.c). Key
 * generation relies on the order to release ek a part at a time
 * (kpke.c); bytes enter and leave only through encode12/decode12, the
 * compress operations and rej_uniform, so bytes that leave the library
 * are always exactly those of the standard.
 *
 * Contracts
 * ---------
 * The bounds below are written once per operation (MLKEM_BOUNDS_<op>) and
 * serve twice: they are checked on every call through a table in builds
 * with MLKEM_CONTRACTS defined (backend/contracts.h; tests/
 * test_contracts.c runs the library so), and they are the operation's
 * contract in the CBMC proofs, proven for the portable backend's
 * operations that docs/PROOFS.md lists (the others' proofs are pending).
 * In other builds they cost nothing.
 *
 * Constant time: no operation branches on, or indexes memory by,
 * coefficient values, except rej_uniform, whose input is public (it is
 * derived from rho, which is part of ek).
 */
#ifndef MLKEM_BACKEND_H
#define MLKEM_BACKEND_H

#include <stdint.h>

#include "fips203/params.h"
#include "platform/cbmc.h"
#include "sha3/sha3.h"

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define MLKEM_ALIGN _Alignas(64)
#else
#define MLKEM_ALIGN
#endif

typedef struct {
  MLKEM_ALIGN int16_t coeffs[MLKEM_N];
} mlkem_poly;

/* SHAKE128 output a matrix entry usually needs: three blocks, enough for
 * 256 coefficients in all but about 0.8 % of entries (336 candidates, each
 * accepted with probability 3329/4096). The sampler feeds
 * rej_uniform one block at a time until it is full; this figure only
 * plans the hash schedule. */
#define MLKEM_REJ_UNIFORM_BUFBYTES (3 * 168)

/* basemul_acc, add_reduce and encode12 work on the coefficients in a range
 * [from, to), both multiples of MLKEM_PART_COEFFS, from < to <= 256; a
 * whole polynomial is 0, MLKEM_N. They read and write nothing outside it
 * (encode12: bytes 3 from / 2 .. 3 to / 2 of out), so that key generation
 * computes each row of t-hat a part at a time while its matrix entries are
 * still being sampled (kpke.c). 64 is the widest step of any backend (the
 * AVX-512 and portable multiply-accumulate). */
#define MLKEM_PART_COEFFS 64

/* A range of whole parts, and the d of Compress_d that ciphertexts use. */
#define MLKEM_PARTS_OK(from, to)                                       \
  ((from) % MLKEM_PART_COEFFS == 0 && (to) % MLKEM_PART_COEFFS == 0 && \
   (from) < (to) && (to) <= MLKEM_N)
#define MLKEM_D_OK(d) ((d) == 4 || (d) == 5 || (d) == 10 || (d) == 11)

/* The two 12-bit values of the bytes 3 i .. 3 i + 2 of a ByteEncode_12
 * output b (@spec{FIPS203, Alg. 5}, d = 12): 12 i and 12 i + 1. */
#define MLKEM_Q12_LO(b, i) ((b)[3 * (i)] | (((b)[3 * (i) + 1] & 0xF) << 8))
#define MLKEM_Q12_HI(b, i) (((b)[3 * (i) + 1] >> 4) | ((b)[3 * (i) + 2] << 4))

/* clang-format off */
/* The operations. Each is listed as X(P, type, name, (parameters),
 * (arguments)) under its contract; MLKEM_BACKEND_OPERATIONS(X, P) expands
 * to all of them in table order, P passed through (a backend's prefix).
 * From this one list come the table's members, each backend's
 * declarations and table, and the contract checks.
 *
 * The contract of operation `name` is written once, as two lists under
 * it, in the words of its parameters:
 *  MLKEM_BOUNDS_name(C): the bounds, each C(when, kind, (arguments),
 *    "what"): when is requires (before the call), ensures (after it) or
 *    ensures_exact (after it, an exact value in terms of the inputs);
 *    kind one of the bound kinds below. backend/contracts.c turns each
 *    requires and ensures clause into a check of every call
 *    (MLKEM_CONTRACTS; "what" is its report); the CBMC proofs
 *    (docs/PROOFS.md) take every clause as the operation's contract
 *    (MLKEM_OP_CONTRACT_, on every backend's declarations), proven for the
 *    portable backend and assumed by the frontend's proofs wherever it
 *    calls an operation. ensures_exact is the proofs' alone: the checks
 *    see only the values after the call.
 *  MLKEM_FOOTPRINT_name: what the proofs alone need, the memory the
 *    operation reads and writes (requires(...) and assigns(...) of
 *    platform/cbmc.h).
 * The bound kinds (C's kind and its arguments), p[i] a coefficient:
 *  holds(e)                      the condition e
 *  within(p, lo, hi, min, max)   min <= p[i] <= max for lo <= i < hi
 *  within_each(v, k, lo, hi, min, max)  within(v[l].coeffs, ...) for l < k
 *  sum_within(p, s, min, max)    min <= p[i] + s[i] <= max, i < 256
 *  diff_within(p, s, min, max)   min <= p[i] - s[i] <= max, i < 256
 *  one_of(p, u, v)               p[i] == u or p[i] == v, i < 256
 *  q12_below(b, lo, hi)          the 12-bit values lo .. hi - 1 of the
 *                                bytes b (ByteEncode_12) below q
 *  q12_flag(f, b)                f != 0 exactly when a 12-bit value of
 *                                the 384 bytes b is q or more
 *  sum_exact(r, a), diff_exact(r, a)  r[i] is old r[i] + a[i], resp.
 *                                a[i] - old r[i] (ensures_exact only)
 * A result is named return_value. */

/* Forward NTT (@spec{FIPS203, Alg. 9}), in place.
 * In: normal domain, |x| <= q. Out: NTT domain, |x| < 8q (no final
 * reduction: every user of the output takes that bound). */
#define MLKEM_OP_NTT(X, P) X(P, void, ntt, (mlkem_poly *p), (p))
#define MLKEM_BOUNDS_ntt(C)                                                 \
  C(requires, within, (p->coeffs, 0, MLKEM_N, -MLKEM_Q, MLKEM_Q),          \
    "in: |x| <= q")                                                         \
  C(ensures, within,                                                        \
    (p->coeffs, 0, MLKEM_N, -8 * MLKEM_Q + 1, 8 * MLKEM_Q - 1),            \
    "out: |x| < 8q")
#define MLKEM_FOOTPRINT_ntt requires(writable(p, sizeof *p)) assigns(*p)

/* Inverse NTT (@spec{FIPS203, Alg. 10}) including the scaling by 128^-1,
 * in place. In: NTT domain as produced by basemul_acc, |x| < q.
 * Out: normal domain, |x| < q. */
#define MLKEM_OP_INVNTT(X, P) X(P, void, invntt, (mlkem_poly *p), (p))
#define MLKEM_BOUNDS_invntt(C)                                              \
  C(requires, within, (p->coeffs, 0, MLKEM_N, -MLKEM_Q + 1, MLKEM_Q - 1),  \
    "in: |x| < q")                                                          \
  C(ensures, within, (p->coeffs, 0, MLKEM_N, -MLKEM_Q + 1, MLKEM_Q - 1),   \
    "out: |x| < q")
#define MLKEM_FOOTPRINT_invntt requires(writable(p, sizeof *p)) assigns(*p)

/* r = sum_{i<k} a[i] o b[i]: MultiplyNTTs (@spec{FIPS203, Alg. 11}) summed
 * over a vector. In: NTT domain, a[i] in [0, q) (decoded or sampled),
 * |b[i]| < 8q (ntt output), 1 <= k <= 4. Out: NTT domain, |x| < q, such
 * that invntt gives the product polynomial. Coefficients [from, to) only
 * (MLKEM_PART_COEFFS). */
#define MLKEM_OP_BASEMUL_ACC(X, P)                                         \
  X(P, void, basemul_acc,                                                  \
    (mlkem_poly *r, const mlkem_poly *a, const mlkem_poly *b, unsigned k, \
     unsigned from, unsigned to),                                          \
    (r, a, b, k, from, to))
#define MLKEM_BOUNDS_basemul_acc(C)                                         \
  C(requires, holds, (1 <= k && k <= MLKEM_K_MAX), "1 <= k <= 4")           \
  C(requires, holds, (MLKEM_PARTS_OK(from, to)),                            \
    "[from, to) is a range of whole parts")                                 \
  C(requires, within_each, (a, k, from, to, 0, MLKEM_Q - 1),                \
    "in: a[i] in [0, q)")                                                   \
  C(requires, within_each,                                                  \
    (b, k, from, to, -8 * MLKEM_Q + 1, 8 * MLKEM_Q - 1),                   \
    "in: |b[i]| < 8q")                                                      \
  C(ensures, within, (r->coeffs, from, to, -MLKEM_Q + 1, MLKEM_Q - 1),     \
    "out: |x| < q")
#define MLKEM_FOOTPRINT_basemul_acc                                         \
  requires(1 <= k && k <= MLKEM_K_MAX && writable(r, sizeof *r) &&          \
           readable(a, k * sizeof *a) && readable(b, k * sizeof *b))        \
  assigns(*r)

/* r += a, for key generation's t-hat = A-hat s-hat + e-hat (
 * @spec{FIPS203, Alg. 13, l. 18}). In: a an ntt output (|x| < 8q), r a
 * basemul_acc output (|x| < q). Out: |x| < q. Coefficients [from, to)
 * only. */
#define MLKEM_OP_ADD_REDUCE(X, P)                                           \
  X(P, void, add_reduce,                                                    \
    (mlkem_poly *r, const mlkem_poly *a, unsigned from, unsigned to), \
    (r, a, from, to))
#define MLKEM_BOUNDS_add_reduce(C)                                          \
  C(requires, holds, (MLKEM_PARTS_OK(from, to)),                            \
    "[from, to) is a range of whole parts")                                 \
  C(requires, within, (r->coeffs, from, to, -MLKEM_Q + 1, MLKEM_Q - 1),    \
    "in: |r| < q")                                                          \
  C(requires, within,                                                       \
    (a->coeffs, from, to, -8 * MLKEM_Q + 1, 8 * MLKEM_Q - 1),              \
    "in: |a| < 8q")                                                         \
  C(ensures, within, (r->coeffs, from, to, -MLKEM_Q + 1, MLKEM_Q - 1),     \
    "out: |x| < q")
#define MLKEM_FOOTPRINT_add_reduce                                          \
  requires(writable(r, sizeof *r) && readable(a, sizeof *a)) assigns(*r)

/* Normal-domain r += a (K-PKE.Encrypt,
 * @spec{FIPS203, Alg. 14, l. 19, 21}: the noise and the message added) and r =
 * a - r (K-PKE.Decrypt, @spec{FIPS203, Alg. 15, l. 6}), lane by lane in
 * wrapping 16-bit arithmetic, without reduction. The callers keep every result below 2q in absolute
 * value (an invntt output, |x| < q, and noise or a decompressed value in
 * [0, q)), the input bound of compress_encode and compress_encode_msg. */
#define MLKEM_OP_ADD(X, P) \
  X(P, void, add, (mlkem_poly *r, const mlkem_poly *a), (r, a))
#define MLKEM_BOUNDS_add(C)                                                 \
  C(requires, sum_within,                                                   \
    (r->coeffs, a->coeffs, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),             \
    "in: |r + a| < 2q")                                                     \
  C(ensures, within,                                                        \
    (r->coeffs, 0, MLKEM_N, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),            \
    "out: |x| < 2q")                                                        \
  C(ensures_exact, sum_exact, (r, a), "out: r + a")
#define MLKEM_FOOTPRINT_add                                                 \
  requires(writable(r, sizeof *r) && readable(a, sizeof *a)) assigns(*r)
#define MLKEM_OP_SUB_FROM(X, P) \
  X(P, void, sub_from, (mlkem_poly *r, const mlkem_poly *a), (r, a))
#define MLKEM_BOUNDS_sub_from(C)                                            \
  C(requires, diff_within,                                                  \
    (a->coeffs, r->coeffs, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),             \
    "in: |a - r| < 2q")                                                     \
  C(ensures, within,                                                        \
    (r->coeffs, 0, MLKEM_N, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),            \
    "out: |x| < 2q")                                                        \
  C(ensures_exact, diff_exact, (r, a), "out: a - r")
#define MLKEM_FOOTPRINT_sub_from                                            \
  requires(writable(r, sizeof *r) && readable(a, sizeof *a)) assigns(*r)

/* ByteEncode_12 of an NTT-domain polynomial (@spec{FIPS203, Alg. 5}, d =
 * 12) after reducing every coefficient to [0, q). In: any int16 (key
 * generation encodes s-hat, an ntt output: |x| < 8q). Coefficients
 * [from, to) only, into bytes 3 from / 2 .. 3 to / 2 of out. */
#define MLKEM_OP_ENCODE12(X, P)                                     \
  X(P, void, encode12,                                              \
    (uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a, unsigned from, \
     unsigned to),                                                  \
    (out, a, from, to))
#define MLKEM_BOUNDS_encode12(C)                                            \
  C(requires, holds, (MLKEM_PARTS_OK(from, to)),                            \
    "[from, to) is a range of whole parts")                                 \
  C(ensures, q12_below, (out, from, to),                                    \
    "out: every 12-bit value below q")
#define MLKEM_FOOTPRINT_encode12                                            \
  requires(MLKEM_PARTS_OK(from, to) &&                                      \
           writable(out, MLKEM_POLYBYTES) && readable(a, sizeof *a))        \
  assigns(bytes(out + 3 * from / 2, 3 * (to - from) / 2))

/* ByteDecode_12 (@spec{FIPS203, Alg. 6}, d = 12) into the NTT domain,
 * each 12-bit value reduced mod q. Out: [0, q). Returns non-zero
 * exactly when some 12-bit value of in is q or more, i.e. when in fails
 * the modulus check of @spec{FIPS203, sec. 7.2} (ByteEncode_12 of the
 * output would differ from in); computed on every value without a
 * branch, as the input may be secret (dk_PKE). */
#define MLKEM_OP_DECODE12(X, P)                                     \
  X(P, unsigned, decode12,                                          \
    (mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]), (r, in))
#define MLKEM_BOUNDS_decode12(C)                                            \
  C(ensures, within, (r->coeffs, 0, MLKEM_N, 0, MLKEM_Q - 1),              \
    "out: [0, q)")                                                          \
  C(ensures, q12_flag, (return_value, in),                                  \
    "result: non-zero exactly when a 12-bit value is q or more")
#define MLKEM_FOOTPRINT_decode12                                            \
  requires(writable(r, sizeof *r) && readable(in, MLKEM_POLYBYTES))         \
  assigns(*r)

/* ByteEncode_d(Compress_d(a)) for d in {4, 5, 10, 11} (
 * @spec{FIPS203, eq. 4.7} and @spec{FIPS203, Alg. 5}). In: normal domain, |x| <
 * 2q. Out: 32d bytes. */
#define MLKEM_OP_COMPRESS_ENCODE(X, P)                              \
  X(P, void, compress_encode,                                       \
    (uint8_t *out, const mlkem_poly *a, unsigned d), (out, a, d))
#define MLKEM_BOUNDS_compress_encode(C)                                     \
  C(requires, holds, (MLKEM_D_OK(d)), "d in {4, 5, 10, 11}")                \
  C(requires, within,                                                       \
    (a->coeffs, 0, MLKEM_N, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),            \
    "in: |x| < 2q")
#define MLKEM_FOOTPRINT_compress_encode                                     \
  requires(MLKEM_D_OK(d) && writable(out, 32 * d) &&                        \
           readable(a, sizeof *a))                                          \
  assigns(bytes(out, 32 * d))

/* Decompress_d(ByteDecode_d(in)) for d in {4, 5, 10, 11}
 * (@spec{FIPS203, Alg. 6}, @spec{FIPS203, eq. 4.8}). Out: normal domain,
 * [0, q). */
#define MLKEM_OP_DECODE_DECOMPRESS(X, P)                            \
  X(P, void, decode_decompress,                                     \
    (mlkem_poly *r, const uint8_t *in, unsigned d), (r, in, d))
#define MLKEM_BOUNDS_decode_decompress(C)                                   \
  C(requires, holds, (MLKEM_D_OK(d)), "d in {4, 5, 10, 11}")                \
  C(ensures, within, (r->coeffs, 0, MLKEM_N, 0, MLKEM_Q - 1),              \
    "out: [0, q)")
#define MLKEM_FOOTPRINT_decode_decompress                                   \
  requires(MLKEM_D_OK(d) && writable(r, sizeof *r) && readable(in, 32 * d)) \
  assigns(*r)

/* ByteEncode_1(Compress_1(a)): the message of K-PKE.Decrypt
 * (@spec{FIPS203, Alg. 15, l. 7}). In: |x| < 2q. */
#define MLKEM_OP_COMPRESS_ENCODE_MSG(X, P)                                   \
  X(P, void, compress_encode_msg, (uint8_t out[32], const mlkem_poly *a), \
    (out, a))
#define MLKEM_BOUNDS_compress_encode_msg(C)                                 \
  C(requires, within,                                                       \
    (a->coeffs, 0, MLKEM_N, -2 * MLKEM_Q + 1, 2 * MLKEM_Q - 1),            \
    "in: |x| < 2q")
#define MLKEM_FOOTPRINT_compress_encode_msg                                 \
  requires(writable(out, 32) && readable(a, sizeof *a))                     \
  assigns(bytes(out, 32))

/* Decompress_1(ByteDecode_1(m)) (@spec{FIPS203, Alg. 14, l. 20}).
 * Out: normal domain, each coefficient 0 or (q + 1) / 2. */
#define MLKEM_OP_DECODE_DECOMPRESS_MSG(X, P)                                  \
  X(P, void, decode_decompress_msg, (mlkem_poly *r, const uint8_t in[32]), \
    (r, in))
#define MLKEM_BOUNDS_decode_decompress_msg(C)                               \
  C(ensures, one_of, (r->coeffs, 0, (MLKEM_Q + 1) / 2),                     \
    "out: 0 or (q + 1) / 2")
#define MLKEM_FOOTPRINT_decode_decompress_msg                               \
  requires(writable(r, sizeof *r) && readable(in, 32)) assigns(*r)

/* SamplePolyCBD_eta (@spec{FIPS203, Alg. 8}) from 64 eta bytes of PRF
 * output, eta in {2, 3}. Out: normal domain, |x| <= eta. */
#define MLKEM_OP_CBD(X, P)                                          \
  X(P, void, cbd, (mlkem_poly *r, const uint8_t *buf, unsigned eta), \
    (r, buf, eta))
#define MLKEM_BOUNDS_cbd(C)                                                 \
  C(requires, holds, (eta == 2 || eta == 3), "eta in {2, 3}")               \
  C(ensures, within, (r->coeffs, 0, MLKEM_N, -(int)eta, (int)eta),         \
    "out: |x| <= eta")
#define MLKEM_FOOTPRINT_cbd                                                 \
  requires((eta == 2 || eta == 3) && writable(r, sizeof *r) &&              \
           readable(buf, 64 * eta))                                         \
  assigns(*r)

/* The rejection step of SampleNTT (@spec{FIPS203, Alg. 7, l. 4-15}):
 * appends to r->coeffs[*ctr..] the 12-bit values below q read from the
 * first len bytes (len a multiple of 3) of a SHAKE128 block, stopping at
 * 256. The block is read where the permutation left it, as the sponge
 * scheduler hands it to a sink (sha3.h): byte j is byte j % 8 of the
 * little-endian word lane[stride * (j / 8)] (bytes.h, mlkem_lane_bytes),
 * so it is never copied out first. Only the words that hold the len
 * bytes are read. Public data only. In: *ctr <= 256.
 * Entries at and after the final *ctr are scratch (a rejected candidate
 * may be left there); later calls overwrite them.
 * Out: *ctr <= 256, r->coeffs[0 .. *ctr) in [0, q) (NTT domain once
 * *ctr reaches 256). */
#define MLKEM_OP_REJ_UNIFORM(X, P)                                        \
  X(P, void, rej_uniform,                                                 \
    (mlkem_poly *r, unsigned *ctr, const uint64_t *lane, size_t stride, \
     unsigned len),                                                       \
    (r, ctr, lane, stride, len))
#define MLKEM_BOUNDS_rej_uniform(C)                                         \
  C(requires, holds, (*ctr <= MLKEM_N), "in: *ctr <= 256")                  \
  C(requires, within, (r->coeffs, 0, *ctr, 0, MLKEM_Q - 1),                \
    "in: coefficients [0, *ctr) in [0, q)")                                 \
  C(requires, holds, (len % 3 == 0 && len <= MLKEM_SHAKE128_RATE),          \
    "len a multiple of 3, within a SHAKE128 block")                         \
  C(requires, holds, (stride >= 1), "stride >= 1")                          \
  C(ensures, holds, (*ctr <= MLKEM_N), "out: *ctr <= 256")                 \
  C(ensures, within, (r->coeffs, 0, *ctr, 0, MLKEM_Q - 1),                 \
    "out: coefficients [0, *ctr) in [0, q)")
#define MLKEM_FOOTPRINT_rej_uniform                                         \
  requires(writable(r, sizeof *r) && writable(ctr, sizeof *ctr) &&          \
           1 <= stride && stride <= 8 && len <= MLKEM_SHAKE128_RATE &&      \
           (len == 0 ||                                                      \
            readable(lane, (stride * ((len + 7) / 8 - 1) + 1) * 8)))        \
  assigns(*r, *ctr)

#define MLKEM_BACKEND_OPERATIONS(X, P) \
  MLKEM_OP_NTT(X, P)                   \
  MLKEM_OP_INVNTT(X, P)                \
  MLKEM_OP_BASEMUL_ACC(X, P)           \
  MLKEM_OP_ADD_REDUCE(X, P)            \
  MLKEM_OP_ADD(X, P)                   \
  MLKEM_OP_SUB_FROM(X, P)              \
  MLKEM_OP_ENCODE12(X, P)              \
  MLKEM_OP_DECODE12(X, P)              \
  MLKEM_OP_COMPRESS_ENCODE(X, P)       \
  MLKEM_OP_DECODE_DECOMPRESS(X, P)     \
  MLKEM_OP_COMPRESS_ENCODE_MSG(X, P)   \
  MLKEM_OP_DECODE_DECOMPRESS_MSG(X, P) \
  MLKEM_OP_CBD(X, P)                   \
  MLKEM_OP_REJ_UNIFORM(X, P)

/* The bound kinds for the proofs (platform/cbmc.h's quantifiers), and
 * each operation's contract as CBMC reads it: on the declarations of
 * every backend's operations (MLKEM_BACKEND_DECLARE), empty outside the
 * proofs. */
#define MLKEM_CBMC_CLAUSE_(when, kind, args, what)                          \
  MLKEM_CBMC_##when(MLKEM_CBMC_##kind args)
#define MLKEM_CBMC_requires(e) requires(e)
#define MLKEM_CBMC_ensures(e) ensures(e)
#define MLKEM_CBMC_ensures_exact(e) ensures(e)
#define MLKEM_CBMC_holds(e) (e)
/* Every p here is a polynomial's coefficients: the quantifier ranges over
 * the constant [0, 256), which CBMC's SAT back-end expands, with the
 * range [lo, hi) a condition (the same statement as all_within). */
#define MLKEM_CBMC_within_(i, p, lo, hi, min, max)                          \
  for_all(i, 0, MLKEM_N, i < (lo) || i >= (hi) ||                           \
          ((min) <= (p)[i] && (p)[i] <= (max)))
#define MLKEM_CBMC_within(p, lo, hi, min, max)                              \
  MLKEM_CBMC_within_(MLKEM_CBMC_VAR, p, lo, hi, min, max)
#define MLKEM_CBMC_within_each_(l, v, k, lo, hi, min, max)                  \
  for_all(l, 0, k, all_within((v)[l].coeffs, lo, hi, min, max))
#define MLKEM_CBMC_within_each(v, k, lo, hi, min, max)                      \
  MLKEM_CBMC_within_each_(MLKEM_CBMC_VAR, v, k, lo, hi, min, max)
#define MLKEM_CBMC_sum_within_(i, p, s, min, max)                           \
  for_all(i, 0, MLKEM_N, (min) <= (p)[i] + (s)[i] && (p)[i] + (s)[i] <= (max))
#define MLKEM_CBMC_sum_within(p, s, min, max)                               \
  MLKEM_CBMC_sum_within_(MLKEM_CBMC_VAR, p, s, min, max)
#define MLKEM_CBMC_diff_within_(i, p, s, min, max)                          \
  for_all(i, 0, MLKEM_N, (min) <= (p)[i] - (s)[i] && (p)[i] - (s)[i] <= (max))
#define MLKEM_CBMC_diff_within(p, s, min, max)                              \
  MLKEM_CBMC_diff_within_(MLKEM_CBMC_VAR, p, s, min, max)
#define MLKEM_CBMC_one_of_(i, p, u, v)                                      \
  for_all(i, 0, MLKEM_N, (p)[i] == (u) || (p)[i] == (v))
#define MLKEM_CBMC_one_of(p, u, v) MLKEM_CBMC_one_of_(MLKEM_CBMC_VAR, p, u, v)
#define MLKEM_CBMC_q12_below_(i, b, lo, hi)                                 \
  for_all(i, 0, MLKEM_N / 2, i < (lo) / 2 || i >= (hi) / 2 ||               \
          (MLKEM_Q12_LO(b, i) < MLKEM_Q && MLKEM_Q12_HI(b, i) < MLKEM_Q))
#define MLKEM_CBMC_q12_below(b, lo, hi)                                     \
  MLKEM_CBMC_q12_below_(MLKEM_CBMC_VAR, b, lo, hi)
/* A 12-bit value of the 384 bytes b is q or more (the modulus check of
 * one polynomial fails); q12_flag: f non-zero exactly then. */
#define MLKEM_CBMC_q12_bad_(i, b)                                           \
  exists(i, 0, MLKEM_N / 2,                                                 \
         MLKEM_Q12_LO(b, i) >= MLKEM_Q || MLKEM_Q12_HI(b, i) >= MLKEM_Q)
#define MLKEM_CBMC_q12_bad(b) MLKEM_CBMC_q12_bad_(MLKEM_CBMC_VAR, b)
#define MLKEM_CBMC_q12_flag(f, b) (((f) != 0) == MLKEM_CBMC_q12_bad(b))
#define MLKEM_CBMC_sum_exact_(i, r, a)                                      \
  for_all(i, 0, MLKEM_N,                                                    \
          (r)->coeffs[i] == old(*(r)).coeffs[i] + (a)->coeffs[i])
#define MLKEM_CBMC_sum_exact(r, a) MLKEM_CBMC_sum_exact_(MLKEM_CBMC_VAR, r, a)
#define MLKEM_CBMC_diff_exact_(i, r, a)                                     \
  for_all(i, 0, MLKEM_N,                                                    \
          (r)->coeffs[i] == (a)->coeffs[i] - old(*(r)).coeffs[i])
#define MLKEM_CBMC_diff_exact(r, a) MLKEM_CBMC_diff_exact_(MLKEM_CBMC_VAR, r, a)
#define MLKEM_OP_CONTRACT_(name)                                            \
  __contract__(MLKEM_FOOTPRINT_##name                                       \
               MLKEM_BOUNDS_##name(MLKEM_CBMC_CLAUSE_))

#define MLKEM_OP_MEMBER_(P, type, name, params, args) type(*name) params;

typedef struct mlkem_backend {
  const char *name;
  /* One function pointer per operation, in the order of the list. */
  MLKEM_BACKEND_OPERATIONS(MLKEM_OP_MEMBER_, _)
  /* The backend's multi-way Keccak-f[1600] permutations and their costs
   * (sha3.h), from which the sponge scheduler picks the permutation of
   * every step. */
  const mlkem_keccak_lanes *keccak;
} mlkem_backend;

/* A backend's operations are the functions P_ntt, P_invntt, ... for its
 * prefix P (mlkem_portable, mlkem_avx2, ...): its header declares them
 * with MLKEM_BACKEND_DECLARE(P), and its backend.c fills its table with
 * MLKEM_BACKEND_TABLE(name, P, keccak). In builds with MLKEM_CONTRACTS,
 * backend/contracts.h (which every backend.c includes) makes the entries
 * point at wrappers that check each contract around the call
 * (MLKEM_BACKEND_CONTRACT_WRAPPERS(P)). MLKEM_CONTRACTS is tested there
 * only, so that it changes no other file: src/CMakeLists.txt compiles
 * only the backend.c files again for tests/test_contracts. */
#define MLKEM_OP_DECLARE_(P, type, name, params, args) \
  type P##_##name params MLKEM_OP_CONTRACT_(name);
#define MLKEM_BACKEND_DECLARE(P) MLKEM_BACKEND_OPERATIONS(MLKEM_OP_DECLARE_, P)

#define MLKEM_OP_ENTRY_(P, type, name, params, args) .name = P##_##name,
#define MLKEM_BACKEND_TABLE(NAME, P, KECCAK)         \
  {                                                  \
    .name = NAME,                                    \
    MLKEM_BACKEND_OPERATIONS(MLKEM_OP_ENTRY_, P)     \
    .keccak = KECCAK,                                \
  }
/* clang-format on */

/* The number that names a backend in the header of an expanded key
 * (kem.c), so that a key expanded in one backend's layout is refused by
 * another: portable 1, avx2 2, avx512 3, neon 4, neon-sha3 5 (dispatch.c),
 * fixed for good once released; 0 for none. */
unsigned mlkem_backend_id(const mlkem_backend *be);

/* The portable backend, always available; the reference for all others. */
extern const mlkem_backend mlkem_backend_portable;

/* The backend the frontend's proofs take (docs/PROOFS.md): the portable
 * table, whose every operation is replaced by its contract
 * (MLKEM_OP_CONTRACT_), so that a proof of the frontend holds for any
 * implementation of the operations that meets them. */
#define MLKEM_BACKEND_OK(be) ((be) == &mlkem_backend_portable)

/* The backend in use, chosen once per process (dispatch.c); NULL if the
 * environment variable MLKEM_BACKEND forces one that is not built in or
 * not supported by the CPU. */
const mlkem_backend *mlkem_backend_get(void)
    /* For the proofs of the frontend, the portable backend or none:
     * assumed, not proven (docs/PROOFS.md; the SIMD backends are bound to
     * the portable one by the differential tests). */
    __contract__(
      assigns()
      ensures(return_value == NULL || MLKEM_BACKEND_OK(return_value))
    );

/* The SIMD backends built into this library (usable only where cpu.h says
 * so; dispatch.c decides). */
#ifdef MLKEM_HAVE_AVX2
extern const mlkem_backend mlkem_backend_avx2;
#endif
#ifdef MLKEM_HAVE_AVX512
extern const mlkem_backend mlkem_backend_avx512;
#endif
#ifdef MLKEM_HAVE_NEON
/* The same NEON operations with two Keccak forms: "neon" hashes with the
 * one-way scalar permutation, "neon-sha3" with the two-way permutation
 * built on the Armv8.2 SHA-3 instructions (only where cpu.h reports them). */
extern const mlkem_backend mlkem_backend_neon;
extern const mlkem_backend mlkem_backend_neon_sha3;
#endif

#endif
