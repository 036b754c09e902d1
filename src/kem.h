/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.h - ML-KEM (FIPS 203 sections 6 and 7). The public functions of
 * mlkem.h are thin wrappers around these; the contracts (return codes,
 * zeroed outputs on error) are those of mlkem.h.
 *
 * Compiled once per parameter set (level.h): the functions of set k are
 * mlkem_k<k>_kem_...; each takes the params of its own set.
 */
#ifndef MLKEM_KEM_H
#define MLKEM_KEM_H

#include <stdint.h>

#include "params.h"

#define MLKEM_KEM_DECLARE(ns)                                                  \
  int ns##kem_keygen(const mlkem_params *p, uint8_t *ek, uint8_t *dk);         \
  int ns##kem_keygen_derand(const mlkem_params *p, uint8_t *ek, uint8_t *dk,   \
                            const uint8_t *seed);                              \
  int ns##kem_encaps(const mlkem_params *p, uint8_t *ct, uint8_t *ss,          \
                     const uint8_t *ek);                                       \
  int ns##kem_encaps_derand(const mlkem_params *p, uint8_t *ct, uint8_t *ss,   \
                            const uint8_t *ek, const uint8_t *m);              \
  int ns##kem_decaps(const mlkem_params *p, uint8_t *ss, const uint8_t *ct,    \
                     const uint8_t *dk);                                       \
  int ns##kem_check_ek(const mlkem_params *p, const uint8_t *ek);              \
  int ns##kem_check_dk(const mlkem_params *p, const uint8_t *dk);              \
  int ns##kem_prepare_ek(const mlkem_params *p, uint8_t *prep,                 \
                         const uint8_t *ek);                                   \
  int ns##kem_encaps_prepared(const mlkem_params *p, uint8_t *ct, uint8_t *ss, \
                              const uint8_t *prep);                            \
  int ns##kem_encaps_prepared_derand(const mlkem_params *p, uint8_t *ct,       \
                                     uint8_t *ss, const uint8_t *prep,         \
                                     const uint8_t *m);

MLKEM_KEM_DECLARE(mlkem_k2_)
MLKEM_KEM_DECLARE(mlkem_k3_)
MLKEM_KEM_DECLARE(mlkem_k4_)

#endif
