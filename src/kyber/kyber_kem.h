/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber_kem.h - the KEM of Kyber's round-3 submission (kyber_kem.c), for
 * its SHAKE and "90s" variants. The public functions of mlkem_kyber.h are
 * thin wrappers around these; the contracts (return codes, zeroed outputs
 * on error) are those of mlkem_kyber.h.
 *
 * Compiled once per parameter set (level.h), like kem.c: the functions of
 * the set of rank k are mlkem_k<k>_kyber_..., declared here for every row
 * of Table 2 (round 3's rows are the same). suite is the variant's
 * symmetric functions (kyber_suite.h): mlkem_k<k>_kyber_shake or
 * mlkem_k<k>_kyber_90s.
 */
#ifndef MLKEM_KYBER_KEM_H
#define MLKEM_KYBER_KEM_H

#include <stdint.h>

#include "fips203/params.h"

#define MLKEM_KYBER_DECLARE(set, k, eta1, eta2, du, dv)                        \
  struct mlkem_k##k##_kyber_suite;                                             \
  extern const struct mlkem_k##k##_kyber_suite mlkem_k##k##_kyber_shake;       \
  extern const struct mlkem_k##k##_kyber_suite mlkem_k##k##_kyber_90s;         \
  int mlkem_k##k##_kyber_keygen(uint8_t *pk, uint8_t *sk,                      \
                                const struct mlkem_k##k##_kyber_suite *suite); \
  int mlkem_k##k##_kyber_keygen_derand(                                        \
      uint8_t *pk, uint8_t *sk, const uint8_t *coins,                          \
      const struct mlkem_k##k##_kyber_suite *suite);                           \
  int mlkem_k##k##_kyber_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *pk,   \
                                const struct mlkem_k##k##_kyber_suite *suite); \
  int mlkem_k##k##_kyber_encaps_derand(                                        \
      uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins,       \
      const struct mlkem_k##k##_kyber_suite *suite);                           \
  int mlkem_k##k##_kyber_decaps(uint8_t *ss, const uint8_t *ct,                \
                                const uint8_t *sk,                             \
                                const struct mlkem_k##k##_kyber_suite *suite); \
  int mlkem_k##k##_kyber_check_sk(                                             \
      const uint8_t *sk, const struct mlkem_k##k##_kyber_suite *suite);

MLKEM_PARAMETER_SETS(MLKEM_KYBER_DECLARE)

#endif
