/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber_suite.h - the symmetric functions of Kyber's round-3 submission
 * (CRYSTALS-Kyber version 3.02) as its KEM (kyber_kem.c) runs them, one
 * suite per variant, chosen by the caller: the SHAKE variant's
 * (sym_shake.c: H = SHA3-256, G = SHA3-512, KDF = SHAKE256, K-PKE's XOF
 * and PRF = SHAKE128 and SHAKE256, as sponge jobs that run side by side)
 * and the 90s variant's (sym_90s.c: H = KDF = SHA-256, G = SHA-512, XOF
 * and PRF = AES-256-CTR).
 *
 * Compiled per parameter set (level.h), like kyber_kem.c: the type is
 * sized by MLKEM_K (K-PKE's samples), and the suites are
 * mlkem_k<k>_kyber_shake and mlkem_k<k>_kyber_90s.
 */
#ifndef MLKEM_KYBER_SUITE_H
#define MLKEM_KYBER_SUITE_H

#include "fips203/level.h"

#include <stddef.h>
#include <stdint.h>

#include "backend/backend.h"
#include "fips203/kpke_internal.h"
#include "fips203/params.h"
#include "kyber/kyber_kem.h"

/*  keygen: Kyber.CCAKEM.KeyGen's hashing (@spec{KYBER-R3, Alg. 7}):
 *     K-PKE.KeyGen of the variant from d into pk and dk_PKE, and H(pk)
 *     into h.
 *  h, kdf: H(in), and KDF(in) of 64 bytes (K-bar or z, then H(c)), 32
 *     bytes each.
 *  encaps_hashes: for Kyber.CCAKEM.Enc (@spec{KYBER-R3, Alg. 8}), with in = m
 *  ||
 *     (room for H(pk)): H(pk) into in[32 :], (K-bar, r) = G(in) into kr,
 *     and K-PKE.Encrypt's samples from pk and r into es.
 *  decaps_hashes: for Kyber.CCAKEM.Dec (@spec{KYBER-R3, Alg. 9}), with in = m'
 *  ||
 *     H(pk) as sk stores it: H(pk) into h (for the hash check), H(c) into
 *     hc, (K-bar', r') = G(in) into kr and the re-encryption's samples from
 *     pk and r' into es. */
typedef struct MLKEM_NS(kyber_suite) {
  void (*keygen)(const mlkem_backend *be, uint8_t *pk, uint8_t *dkpke,
                 const uint8_t d[MLKEM_SYMBYTES], uint8_t h[MLKEM_SYMBYTES]);
  void (*h)(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
            const uint8_t *in, size_t len);
  void (*kdf)(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
              const uint8_t in[2 * MLKEM_SYMBYTES]);
  void (*encaps_hashes)(const mlkem_backend *be, mlkem_kpke_encrypt_samples *es,
                        const uint8_t *pk, uint8_t in[2 * MLKEM_SYMBYTES],
                        uint8_t kr[2 * MLKEM_SYMBYTES]);
  void (*decaps_hashes)(const mlkem_backend *be, mlkem_kpke_encrypt_samples *es,
                        const uint8_t *pk, const uint8_t *c,
                        const uint8_t in[2 * MLKEM_SYMBYTES],
                        uint8_t kr[2 * MLKEM_SYMBYTES],
                        uint8_t h[MLKEM_SYMBYTES], uint8_t hc[MLKEM_SYMBYTES]);
} mlkem_kyber_suite;

#endif
