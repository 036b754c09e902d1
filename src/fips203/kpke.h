/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke.h - K-PKE, the public-key encryption scheme inside ML-KEM (
 * @spec{FIPS203, sec. 5}). Not secure on its own: only ML-KEM (kem.c) may be
 * exposed to chosen ciphertexts.
 *
 * Compiled once per parameter set (level.h): the functions of the set of
 * rank k are mlkem_k<k>_kpke_..., declared here for every row of
 * @spec{FIPS203, Table 2} (params.h).
 */
#ifndef MLKEM_KPKE_H
#define MLKEM_KPKE_H

#include <stdint.h>

#include "backend/backend.h"
#include "fips203/params.h"

/* K-PKE.KeyGen (@spec{FIPS203, Alg. 13}): writes ek (384k + 32 bytes) and
 *   dk_PKE (384k) from the 32-byte seed d.
 * K-PKE.Encrypt (@spec{FIPS203, Alg. 14}): writes ct (32 (du k + dv)) for the
 * message m
 *   under ek with randomness r. ek is decoded mod q as the algorithm says;
 *   the modulus check is the caller's (kem.c).
 * K-PKE.Decrypt (@spec{FIPS203, Alg. 15}): writes the 32-byte message.
 * sym is the suite of symmetric functions (kpke_internal.h): for the
 * K-PKE of FIPS 203, mlkem_k<k>_kpke_fips203. */
#define MLKEM_KPKE_DECLARE(set, k, eta1, eta2, du, dv)                      \
  struct mlkem_k##k##_kpke_suite;                                           \
  extern const struct mlkem_k##k##_kpke_suite mlkem_k##k##_kpke_fips203;    \
  void mlkem_k##k##_kpke_keygen(const mlkem_backend *be, uint8_t *ek,       \
                                uint8_t *dkpke,                             \
                                const uint8_t d[MLKEM_SYMBYTES],            \
                                const struct mlkem_k##k##_kpke_suite *sym); \
  void mlkem_k##k##_kpke_encrypt(                                           \
      const mlkem_backend *be, uint8_t *ct, const uint8_t *ek,              \
      const uint8_t m[MLKEM_SYMBYTES], const uint8_t r[MLKEM_SYMBYTES],     \
      const struct mlkem_k##k##_kpke_suite *sym);                           \
  void mlkem_k##k##_kpke_decrypt(const mlkem_backend *be,                   \
                                 uint8_t m[MLKEM_SYMBYTES],                 \
                                 const uint8_t *dkpke, const uint8_t *ct);

MLKEM_PARAMETER_SETS(MLKEM_KPKE_DECLARE)

#endif
