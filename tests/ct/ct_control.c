/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct_control.c - controls for make ct: each mode does something that the
 * constant-time check MUST report. If the checker stays silent on one of
 * them, the check is vacuous (not running, secrets not marked, marking
 * lost in the library) and make ct fails.
 *
 *   branch   a branch on a poisoned byte of the test itself
 *   index    a table lookup indexed by a poisoned byte
 *   library  a branch on a byte of dk_PKE that keygen computed from a
 *            poisoned seed (the marking flows through the library)
 *   decaps   a branch on the shared secret decaps computed from a
 *            poisoned dk_PKE and z
 *   x25519   a branch on the shared secret mlkem_x25519 computed from a
 *            poisoned private key (the X25519 implementation in use)
 *   op:NAME  a branch on one output element of one operation of the
 *            backend in use (MLKEM_BACKEND), computed from one poisoned
 *            input element elsewhere in the vector (see op_control
 *            below); NAME is keccak8, keccak4, ntt, invntt, basemul,
 *            encode12, decode12, compressD, decompressD (D = 4, 5, 10,
 *            11), msg_encode, msg_decode, cbd2, cbd3, or rej_uniform,
 *            whose secret input is reported inside the library
 *
 * Usage: ct_control MODE. The exit status is 0 whatever the branch takes
 * (77 if the backend lacks the operation); only the checker's report
 * (valgrind --error-exitcode, MSAN_OPTIONS=exitcode) tells. Before the
 * branch that must be reported it prints "ct_control MODE: branching on
 * the secret" to stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem_hazmat.h"
#include "backend/backend.h"
#include "platform/ct_testing.h"

static volatile unsigned sink;

static const uint8_t table[256] = {1, 2, 3};

/* Printed just before a branch that must be reported: under a checker that
 * stops at its first report (MemorySanitizer), the line shows that the
 * report is the branch's own and not one from inside the library. */
static void reached(const char *mode) {
  fprintf(stderr, "ct_control %s: branching on the secret\n", mode);
  fflush(stderr);
}

/* ---- controls through one backend operation -------------------------------
 * Each poisons ONE input element and branches on an output element that
 * the operation computes from it, at another place in the vector than the
 * input element (and, for the 512-bit backend, in another 128-bit lane or
 * another register): the report shows that the marking follows the data
 * through the operation's permutations, rotations, ternary logic, multiply-
 * adds and masked instructions, not merely lane by lane. The places follow
 * the layouts of FIPS 203 (ByteEncode/ByteDecode bit order, the bits of
 * SamplePolyCBD), the standard coefficient order of the NTT domain (that
 * of the portable and AVX-512 backends; the AVX2 backend orders it
 * otherwise) and the interleaved Keccak states of sha3.h.
 *
 * The branch compares the element with a bound the compiler cannot see
 * (a volatile), so it is reported whichever of its bits are marked. (A
 * checker may decide a comparison with a constant from the unmarked bits
 * alone, e.g. x > 100 when x has only bit 5 marked and bit 7 set, and
 * rightly stay silent.) */

static volatile long bound = 1000;

static mlkem_poly pa, pr, pv[2];
static uint8_t buf[3 * 168];
static uint64_t state[200];

static void fill(mlkem_poly *p, unsigned modulus) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    p->coeffs[i] = (int16_t)((i * 1237 + 11) % modulus);
}

/* d of Compress_d in a control's name: 4, 5, 10 or 11. */
static int valid_d(const char *s) {
  return strcmp(s, "4") == 0 || strcmp(s, "5") == 0 || strcmp(s, "10") == 0 ||
         strcmp(s, "11") == 0;
}

static int op_control(const mlkem_backend *be, const char *mode) {
  const char *op = mode + 3;
  const int16_t *c16 = NULL; /* the output element branched on: */
  const uint8_t *c8 = NULL;  /* one of these three */
  const uint64_t *c64 = NULL;
  unsigned i, ctr = 0;
  for (i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 73 + 5);
  for (i = 0; i < 200; i++) state[i] = 0x9e3779b97f4a7c15ull * (i + 1);

  if (strcmp(op, "keccak8") == 0 || strcmp(op, "keccak4") == 0) {
    /* Lane 0 of instance 2 in, lane 24 of instance 2 out (24 rounds mix
     * every lane of an instance). */
    const mlkem_keccak_lanes *kl = be->keccak;
    void (*f)(uint64_t *) = op[6] == '8' ? kl->x8 : kl->x4;
    if (f == NULL) return 77;
    MLKEM_CT_POISON(&state[2], 8);
    f(state);
    c64 = &state[kl->stride * 24 + 2];
  } else if (strcmp(op, "ntt") == 0 || strcmp(op, "invntt") == 0) {
    /* Coefficient 1 in; coefficient 255 out (an odd input reaches every
     * odd output, through all seven layers). */
    fill(&pa, MLKEM_Q);
    MLKEM_CT_POISON(&pa.coeffs[1], 2);
    (op[0] == 'n' ? be->ntt : be->invntt)(&pa);
    c16 = &pa.coeffs[255];
  } else if (strcmp(op, "basemul") == 0) {
    /* b[0] coefficient 201 in; coefficient 200 of the product out (the
     * degree-0 term of pair 100 takes b1 zeta). */
    mlkem_poly a2[2];
    fill(&a2[0], MLKEM_Q);
    fill(&a2[1], MLKEM_Q);
    fill(&pv[0], MLKEM_Q);
    fill(&pv[1], MLKEM_Q);
    MLKEM_CT_POISON(&pv[0].coeffs[201], 2);
    be->basemul_acc(&pr, a2, pv, 2, 0, MLKEM_N);
    c16 = &pr.coeffs[200];
  } else if (strcmp(op, "encode12") == 0) {
    /* Coefficient 45 in; byte 68 (its bits 4-11) out. */
    fill(&pa, MLKEM_Q);
    MLKEM_CT_POISON(&pa.coeffs[45], 2);
    be->encode12(buf, &pa, 0, MLKEM_N);
    c8 = &buf[68];
  } else if (strcmp(op, "decode12") == 0) {
    MLKEM_CT_POISON(&buf[68], 1);
    be->decode12(&pa, buf);
    c16 = &pa.coeffs[45];
  } else if (strncmp(op, "compress", 8) == 0 && valid_d(op + 8)) {
    /* compressD: coefficient 45 in; the byte holding its top bit out. */
    unsigned d = (unsigned)atoi(op + 8);
    fill(&pa, 2 * MLKEM_Q - 1);
    MLKEM_CT_POISON(&pa.coeffs[45], 2);
    be->compress_encode(buf, &pa, d);
    c8 = &buf[(45 * d + d - 1) / 8];
  } else if (strncmp(op, "decompress", 10) == 0 && valid_d(op + 10)) {
    /* decompressD: byte 23 in; the coefficient whose bits run into it
     * (floor(8 * 23 / d)) out. */
    unsigned d = (unsigned)atoi(op + 10);
    MLKEM_CT_POISON(&buf[23], 1);
    be->decode_decompress(&pa, buf, d);
    c16 = &pa.coeffs[8 * 23 / d];
  } else if (strcmp(op, "msg_encode") == 0) {
    /* Coefficient 45 in; byte 5 (bit 45) out. */
    fill(&pa, 2 * MLKEM_Q - 1);
    MLKEM_CT_POISON(&pa.coeffs[45], 2);
    be->compress_encode_msg(buf, &pa);
    c8 = &buf[5];
  } else if (strcmp(op, "msg_decode") == 0) {
    /* Byte 5 in (a secret lane mask); coefficient 45 out. */
    MLKEM_CT_POISON(&buf[5], 1);
    be->decode_decompress_msg(&pa, buf);
    c16 = &pa.coeffs[45];
  } else if (strcmp(op, "cbd2") == 0 || strcmp(op, "cbd3") == 0) {
    /* Byte 23 in; coefficient 47 (eta 2: bits 188-191) or 31 (eta 3: bits
     * 186-191) out. */
    unsigned eta = op[3] == '2' ? 2 : 3;
    MLKEM_CT_POISON(&buf[23], 1);
    be->cbd(&pa, buf, eta);
    c16 = &pa.coeffs[eta == 2 ? 47 : 31];
  } else if (strcmp(op, "rej_uniform") == 0) {
    /* Secret bytes into SampleNTT's rejection step, which branches on its
     * (normally public) input and stores where the count of accepted
     * values says: must be reported, inside the library (before the
     * branch below). */
    uint64_t lane[8 * 21]; /* a SHAKE128 block at the AVX-512 stride */
    unsigned j;
    for (j = 0; j < 8 * 21; j++) lane[j] = 0x0123456789ABCDEFull * (j + 1);
    MLKEM_CT_POISON(&lane[8 * 12], 1); /* bytes 96-103 of the block */
    be->rej_uniform(&pa, &ctr, lane, 8, 168);
    c16 = &pa.coeffs[0];
  } else {
    fprintf(stderr, "ct_control: unknown operation %s\n", op);
    return 2;
  }
  reached(mode);
  if (c16 != NULL && *c16 > bound) sink = 1;           /* must be reported */
  if (c8 != NULL && *c8 > bound) sink = 1;             /* must be reported */
  if (c64 != NULL && *c64 > (uint64_t)bound) sink = 1; /* must be reported */
  return 0;
}

int main(int argc, char **argv) {
  static uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  static uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
  static uint8_t ct[MLKEM768_CT_BYTES], ss[MLKEM_SS_BYTES];
  const char *mode = argc > 1 ? argv[1] : "";
  unsigned i;

  for (i = 0; i < sizeof seed; i++) seed[i] = (uint8_t)(17 * i + 5);
  for (i = 0; i < sizeof m; i++) m[i] = (uint8_t)(29 * i + 3);

  if (strcmp(mode, "branch") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    reached(mode);
    if (seed[3] & 1) sink = 1; /* must be reported */
  } else if (strcmp(mode, "index") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    reached(mode);
    sink = table[seed[5]]; /* must be reported */
  } else if (strcmp(mode, "library") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    if (mlkem768_keygen_derand(ek, dk, seed) != 0) return 1;
    reached(mode);
    if (dk[7] & 1) sink = 1; /* must be reported */
  } else if (strcmp(mode, "decaps") == 0) {
    if (mlkem768_keygen_derand(ek, dk, seed) != 0) return 1;
    if (mlkem768_encaps_derand(ct, ss, ek, m) != 0) return 1;
    MLKEM_CT_POISON(dk, MLKEM768_KPKE_DK_BYTES);
    MLKEM_CT_POISON(dk + MLKEM768_DK_BYTES - 32, 32);
    if (mlkem768_decaps(ss, ct, dk) != 0) return 1;
    reached(mode);
    if (ss[0] & 1) sink = 1; /* must be reported */
  } else if (strcmp(mode, "x25519") == 0) {
    uint8_t u[MLKEM_X25519_BYTES] = {9};
    int r;
    MLKEM_CT_POISON(seed, MLKEM_X25519_BYTES);
    r = mlkem_x25519(ss, seed, u);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    if (r != 0) return 1;
    reached(mode);
    if (ss[0] & 1) sink = 1; /* must be reported */
  } else if (strncmp(mode, "op:", 3) == 0) {
    const mlkem_backend *be = mlkem_backend_get();
    int r;
    if (be == NULL) return 77;
    r = op_control(be, mode);
    if (r != 0) return r;
  } else {
    fprintf(stderr,
            "usage: ct_control branch|index|library|decaps|x25519|op:NAME\n");
    return 2;
  }
  printf("ct_control %s: done\n", mode);
  return 0;
}
