/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber_kem.h - the KEM of Kyber's round-3 submission (kyber_kem.c), for
 * its SHAKE and "90s" variants. The public functions of mlkem_kyber.h are
 * thin wrappers around these; the contracts (return codes, zeroed outputs
 * on error) are those of mlkem_kyber.h.
 *
 * Compiled once per parameter set (level.h), like kem.c: the functions of
 * the set of rank k are mlkem_k<k>_kyber_..., declared here for every row
 * of @spec{FIPS203, Table 2} (round 3's rows are the same). suite is the
 * variant's symmetric functions (kyber_suite.h): mlkem_k<k>_kyber_shake or
 * mlkem_k<k>_kyber_90s.
 */
#ifndef MLKEM_KYBER_KEM_H
#define MLKEM_KYBER_KEM_H

#include <stdint.h>

#include "fips203/kem.h"
#include "fips203/params.h"

/* The operations of ML-KEM's list (fips203/kem.h) that round 3 has
 * (KYBER): mlkem_k<K>_kyber_<name>, defined in kyber_kem.c as
 * MLKEM_NS(kyber_<name>), with the parameters of ML-KEM's and the suite
 * last; and the hash check of sk with the variant's H. */
#define MLKEM_KYBER_OP_KYBER_(P, K, type, name, params, args) \
  type mlkem_k##K##_kyber_##name(                             \
      MLKEM_UNPAREN params, const struct mlkem_k##K##_kyber_suite *suite);
#define MLKEM_KYBER_OP_CHECK_(P, K, type, name, params, args)
#define MLKEM_KYBER_OP_NONE_(P, K, type, name, params, args)
#define MLKEM_KYBER_DECLARE_(P, K, type, name, params, args, r3) \
  MLKEM_KYBER_OP_##r3##_(P, K, type, name, params, args)
#define MLKEM_KYBER_DECLARE(set, k, eta1, eta2, du, dv)                  \
  struct mlkem_k##k##_kyber_suite;                                       \
  extern const struct mlkem_k##k##_kyber_suite mlkem_k##k##_kyber_shake; \
  extern const struct mlkem_k##k##_kyber_suite mlkem_k##k##_kyber_90s;   \
  MLKEM_KEM_API(MLKEM_KYBER_DECLARE_, set, k)                            \
  int mlkem_k##k##_kyber_check_sk(                                       \
      const uint8_t *sk, const struct mlkem_k##k##_kyber_suite *suite);

MLKEM_PARAMETER_SETS(MLKEM_KYBER_DECLARE)

#endif
