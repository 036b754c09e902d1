/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.h - ML-KEM (FIPS 203 sections 6 and 7). The public functions of
 * mlkem.h are thin wrappers around these; the contracts (return codes,
 * zeroed outputs on error) are those of mlkem.h.
 *
 * Compiled once per parameter set (level.h): the functions of the set of
 * rank k are mlkem_k<k>_kem_..., declared here for every row of Table 2
 * (params.h); their buffers have that set's sizes. x is an expanded key;
 * expand_dk_from_seed's d is the seed d || z.
 */
#ifndef MLKEM_KEM_H
#define MLKEM_KEM_H

#include <stdint.h>

#include "fips203/params.h"

#define MLKEM_KEM_DECLARE(set, k, eta1, eta2, du, dv)                       \
  int mlkem_k##k##_kem_keygen(uint8_t *ek, uint8_t *dk);                    \
  int mlkem_k##k##_kem_keygen_derand(uint8_t *ek, uint8_t *dk,              \
                                     const uint8_t *seed);                  \
  int mlkem_k##k##_kem_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek); \
  int mlkem_k##k##_kem_encaps_derand(uint8_t *ct, uint8_t *ss,              \
                                     const uint8_t *ek, const uint8_t *m);  \
  int mlkem_k##k##_kem_decaps(uint8_t *ss, const uint8_t *ct,               \
                              const uint8_t *dk);                           \
  int mlkem_k##k##_kem_check_ek(const uint8_t *ek);                         \
  int mlkem_k##k##_kem_check_dk(const uint8_t *dk);                         \
  int mlkem_k##k##_kem_prepare_ek(uint8_t *prep, const uint8_t *ek);        \
  int mlkem_k##k##_kem_encaps_prepared(uint8_t *ct, uint8_t *ss,            \
                                       const uint8_t *prep);                \
  int mlkem_k##k##_kem_encaps_prepared_derand(                              \
      uint8_t *ct, uint8_t *ss, const uint8_t *prep, const uint8_t *m);     \
  int mlkem_k##k##_kem_expand_dk(uint8_t *x, const uint8_t *dk);            \
  int mlkem_k##k##_kem_expand_dk_from_seed(uint8_t *x, const uint8_t *d);   \
  int mlkem_k##k##_kem_decaps_expanded(uint8_t *ss, const uint8_t *ct,      \
                                       const uint8_t *x);                   \
  void mlkem_k##k##_kem_expanded_dk_wipe(uint8_t *x);                       \
  int mlkem_k##k##_kem_expand_ek(uint8_t *x, const uint8_t *ek);            \
  int mlkem_k##k##_kem_encaps_expanded(uint8_t *ct, uint8_t *ss,            \
                                       const uint8_t *x);                   \
  int mlkem_k##k##_kem_encaps_expanded_derand(                              \
      uint8_t *ct, uint8_t *ss, const uint8_t *x, const uint8_t *m);

MLKEM_PARAMETER_SETS(MLKEM_KEM_DECLARE)

#endif
