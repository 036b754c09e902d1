/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/contracts.c - the checks of the backend contracts
 * (backend/contracts.h), one requires/ensures pair per operation, each
 * checking what backend/backend.h states for that operation. Compiled
 * only into builds with MLKEM_CONTRACTS (src/CMakeLists.txt): they read
 * every coefficient on every call, and a violation aborts.
 */
#include "backend/contracts.h"

#ifndef MLKEM_CONTRACTS
#error "backend/contracts.c is built only with MLKEM_CONTRACTS"
#endif

#include <stdio.h>
#include <stdlib.h>

#include "platform/bytes.h"

void (*mlkem_contract_handler)(const char *op, const char *what);

void mlkem_contract_violated(const char *op, const char *what) {
  if (mlkem_contract_handler != NULL) {
    mlkem_contract_handler(op, what);
    return;
  }
  fprintf(stderr, "mlkem: contract of backend operation %s broken: %s\n", op,
          what);
  abort();
}

#define Q MLKEM_Q

/* Whether lo <= x <= hi for the coefficients [from, to) of p, read only
 * within the polynomial: a range past its end is the range check's
 * violation (check_part), which a test's handler may have let through. */
static int within(const mlkem_poly *p, unsigned from, unsigned to, int lo,
                  int hi) {
  unsigned i;
  if (to > MLKEM_N) to = MLKEM_N;
  for (i = from; i < to; i++)
    if (p->coeffs[i] < lo || p->coeffs[i] > hi) return 0;
  return 1;
}

static void check(int ok, const char *op, const char *what) {
  if (!ok) mlkem_contract_violated(op, what);
}

/* A range of whole parts (MLKEM_PART_COEFFS), from < to <= 256. */
static void check_part(unsigned from, unsigned to, const char *op) {
  check(from % MLKEM_PART_COEFFS == 0 && to % MLKEM_PART_COEFFS == 0 &&
            from < to && to <= MLKEM_N,
        op, "[from, to) is a range of whole parts");
}

static void check_d(unsigned d, const char *op) {
  check(d == 4 || d == 5 || d == 10 || d == 11, op, "d in {4, 5, 10, 11}");
}

void mlkem_requires_ntt(mlkem_poly *p) {
  check(within(p, 0, MLKEM_N, -Q, Q), "ntt", "in: |x| <= q");
}
void mlkem_ensures_ntt(mlkem_poly *p) {
  check(within(p, 0, MLKEM_N, -8 * Q + 1, 8 * Q - 1), "ntt", "out: |x| < 8q");
}

void mlkem_requires_invntt(mlkem_poly *p) {
  check(within(p, 0, MLKEM_N, -Q + 1, Q - 1), "invntt", "in: |x| < q");
}
void mlkem_ensures_invntt(mlkem_poly *p) {
  check(within(p, 0, MLKEM_N, -Q + 1, Q - 1), "invntt", "out: |x| < q");
}

void mlkem_requires_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                                const mlkem_poly *b, unsigned k, unsigned from,
                                unsigned to) {
  unsigned i;
  (void)r;
  check(k >= 1 && k <= MLKEM_K_MAX, "basemul_acc", "1 <= k <= 4");
  check_part(from, to, "basemul_acc");
  for (i = 0; i < k && i < MLKEM_K_MAX; i++) {
    check(within(&a[i], from, to, 0, Q - 1), "basemul_acc",
          "in: a[i] in [0, q)");
    check(within(&b[i], from, to, -8 * Q + 1, 8 * Q - 1), "basemul_acc",
          "in: |b[i]| < 8q");
  }
}
void mlkem_ensures_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                               const mlkem_poly *b, unsigned k, unsigned from,
                               unsigned to) {
  (void)a;
  (void)b;
  (void)k;
  check(within(r, from, to, -Q + 1, Q - 1), "basemul_acc", "out: |x| < q");
}

void mlkem_requires_add_reduce(mlkem_poly *r, const mlkem_poly *a,
                               unsigned from, unsigned to) {
  check_part(from, to, "add_reduce");
  check(within(r, from, to, -Q + 1, Q - 1), "add_reduce", "in: |r| < q");
  check(within(a, from, to, -8 * Q + 1, 8 * Q - 1), "add_reduce",
        "in: |a| < 8q");
}
void mlkem_ensures_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                              unsigned to) {
  (void)a;
  check(within(r, from, to, -Q + 1, Q - 1), "add_reduce", "out: |x| < q");
}

/* add and sub_from: the caller keeps every result below 2q. */
void mlkem_requires_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  int ok = 1;
  for (i = 0; i < MLKEM_N; i++) {
    int x = r->coeffs[i] + a->coeffs[i];
    ok &= x > -2 * Q && x < 2 * Q;
  }
  check(ok, "add", "in: |r + a| < 2q");
}
void mlkem_ensures_add(mlkem_poly *r, const mlkem_poly *a) {
  (void)a;
  check(within(r, 0, MLKEM_N, -2 * Q + 1, 2 * Q - 1), "add", "out: |x| < 2q");
}

void mlkem_requires_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  int ok = 1;
  for (i = 0; i < MLKEM_N; i++) {
    int x = a->coeffs[i] - r->coeffs[i];
    ok &= x > -2 * Q && x < 2 * Q;
  }
  check(ok, "sub_from", "in: |a - r| < 2q");
}
void mlkem_ensures_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  (void)a;
  check(within(r, 0, MLKEM_N, -2 * Q + 1, 2 * Q - 1), "sub_from",
        "out: |x| < 2q");
}

/* encode12 takes any int16; what it writes are 12-bit values below q. */
void mlkem_requires_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                             unsigned from, unsigned to) {
  (void)out;
  (void)a;
  check_part(from, to, "encode12");
}
void mlkem_ensures_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                            unsigned from, unsigned to) {
  unsigned i;
  int ok = 1;
  (void)a;
  for (i = from / 2; i < to / 2; i++) {
    uint32_t w = mlkem_load24_le(out + 3 * i);
    ok &= (w & 0xFFF) < Q && (w >> 12) < Q;
  }
  check(ok, "encode12", "out: every 12-bit value below q");
}

void mlkem_requires_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]) {
  (void)r;
  (void)in;
}
void mlkem_ensures_decode12(unsigned result, mlkem_poly *r,
                            const uint8_t in[MLKEM_POLYBYTES]) {
  unsigned i;
  int over = 0;
  for (i = 0; i < MLKEM_N / 2; i++) {
    uint32_t w = mlkem_load24_le(in + 3 * i);
    over |= (w & 0xFFF) >= Q || (w >> 12) >= Q;
  }
  check(within(r, 0, MLKEM_N, 0, Q - 1), "decode12", "out: [0, q)");
  check((result != 0) == over, "decode12",
        "result: non-zero exactly when a 12-bit value is q or more");
}

void mlkem_requires_compress_encode(uint8_t *out, const mlkem_poly *a,
                                    unsigned d) {
  (void)out;
  check_d(d, "compress_encode");
  check(within(a, 0, MLKEM_N, -2 * Q + 1, 2 * Q - 1), "compress_encode",
        "in: |x| < 2q");
}
void mlkem_ensures_compress_encode(uint8_t *out, const mlkem_poly *a,
                                   unsigned d) {
  (void)out;
  (void)a;
  (void)d;
}

void mlkem_requires_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                      unsigned d) {
  (void)r;
  (void)in;
  check_d(d, "decode_decompress");
}
void mlkem_ensures_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                     unsigned d) {
  (void)in;
  (void)d;
  check(within(r, 0, MLKEM_N, 0, Q - 1), "decode_decompress", "out: [0, q)");
}

void mlkem_requires_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  (void)out;
  check(within(a, 0, MLKEM_N, -2 * Q + 1, 2 * Q - 1), "compress_encode_msg",
        "in: |x| < 2q");
}
void mlkem_ensures_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  (void)out;
  (void)a;
}

void mlkem_requires_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  (void)r;
  (void)in;
}
void mlkem_ensures_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  unsigned i;
  int ok = 1;
  (void)in;
  for (i = 0; i < MLKEM_N; i++)
    ok &= r->coeffs[i] == 0 || r->coeffs[i] == (Q + 1) / 2;
  check(ok, "decode_decompress_msg", "out: 0 or (q + 1) / 2");
}

void mlkem_requires_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta) {
  (void)r;
  (void)buf;
  check(eta == 2 || eta == 3, "cbd", "eta in {2, 3}");
}
void mlkem_ensures_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta) {
  (void)buf;
  check(within(r, 0, MLKEM_N, -(int)eta, (int)eta), "cbd", "out: |x| <= eta");
}

void mlkem_requires_rej_uniform(mlkem_poly *r, unsigned *ctr,
                                const uint64_t *lane, size_t stride,
                                unsigned len) {
  (void)r;
  (void)lane;
  check(*ctr <= MLKEM_N, "rej_uniform", "in: *ctr <= 256");
  check(len % 3 == 0 && len <= MLKEM_SHAKE128_RATE, "rej_uniform",
        "len a multiple of 3, within a SHAKE128 block");
  check(stride >= 1, "rej_uniform", "stride >= 1");
}
void mlkem_ensures_rej_uniform(mlkem_poly *r, unsigned *ctr,
                               const uint64_t *lane, size_t stride,
                               unsigned len) {
  (void)lane;
  (void)stride;
  (void)len;
  check(*ctr <= MLKEM_N, "rej_uniform", "out: *ctr <= 256");
  check(within(r, 0, *ctr <= MLKEM_N ? *ctr : MLKEM_N, 0, Q - 1), "rej_uniform",
        "out: coefficients [0, *ctr) in [0, q)");
}
