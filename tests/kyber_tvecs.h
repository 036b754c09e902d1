/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber_tvecs.h - the round-3 reference's test_vectors output (branch
 * round3, ref/test_vectors.c) for one Kyber variant, written from a KEM's
 * three derandomized operations into a SHA-256 and checked against the sum
 * the reference publishes (tests/vectors/pq-crystals-kyber/round3/
 * SHA256SUMS). The C test runs it on the descriptors (test_kyber_vectors),
 * the C++ API's test on the mlkem::kyber_* types (tests/cxx).
 *
 * The reference's program draws its randomness from SUPERCOP's
 * deterministic "surf" generator and prints every draw as it is made: per
 * iteration, 10,000 of them,
 *
 *   <d, the first 32-byte draw of keypair, lowercase hex>
 *   <z, the second 32-byte draw of keypair>
 *   Public Key: <pk>
 *   Secret Key: <sk>
 *   <the 32-byte draw of enc>
 *   Ciphertext: <ct>
 *   Shared Secret B: <ss of enc>
 *   Shared Secret A: <ss of dec(ct, sk)>
 *
 * each line ended by "\n". The sum is that of the whole output (67 MB for
 * Kyber512 up to 130 MB for Kyber1024). (The sums are not those of the
 * SHAKE128-stream procedure that the reference's later "standard" branch
 * uses.)
 */
#ifndef MLKEM_TEST_KYBER_TVECS_H
#define MLKEM_TEST_KYBER_TVECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A round-3 KEM under test: its sizes, and its operations as callbacks
 * (ctx passed through), each returning 0 on success. keygen takes the 64
 * coins d || z (kyber768_keygen_derand's), encaps the 32 coins of
 * encapsulation (kyber768_encaps_derand's), decaps the secret key that the
 * last keygen wrote. */
typedef struct {
  const char *name; /* "Kyber768-90s": the file tvecs768-90s */
  size_t pk_bytes, sk_bytes, ct_bytes;
  void *ctx;
  int (*keygen)(void *ctx, uint8_t *pk, uint8_t *sk, const uint8_t coins[64]);
  int (*encaps)(void *ctx, uint8_t *ct, uint8_t ss[32], const uint8_t *pk,
                const uint8_t coins[32]);
  int (*decaps)(void *ctx, uint8_t ss[32], const uint8_t *ct,
                const uint8_t *sk);
} kyber_tvecs_kem;

/* Runs the 10,000 iterations and CHECKs (test_util.h) that every call
 * returns 0, that decaps gives encaps' secret every time and that the sum
 * is the published one; prints the sum. */
void kyber_tvecs_run(const kyber_tvecs_kem *kem);

#ifdef __cplusplus
}
#endif

#endif
