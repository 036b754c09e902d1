/*
 * kem.h - ML-KEM (FIPS 203 sections 6 and 7) for a parameter set given at
 * run time. The public functions of mlkem.h are thin wrappers around these;
 * the contracts (return codes, zeroed outputs on error) are those of
 * mlkem.h.
 */
#ifndef MLKEM_KEM_H
#define MLKEM_KEM_H

#include <stdint.h>

#include "params.h"

int mlkem_kem_keygen(const mlkem_params *p, uint8_t *ek, uint8_t *dk);
int mlkem_kem_keygen_derand(const mlkem_params *p, uint8_t *ek, uint8_t *dk,
                            const uint8_t *seed);
int mlkem_kem_encaps(const mlkem_params *p, uint8_t *ct, uint8_t *ss,
                     const uint8_t *ek);
int mlkem_kem_encaps_derand(const mlkem_params *p, uint8_t *ct, uint8_t *ss,
                            const uint8_t *ek, const uint8_t *m);
int mlkem_kem_decaps(const mlkem_params *p, uint8_t *ss, const uint8_t *ct,
                     const uint8_t *dk);
int mlkem_kem_check_ek(const mlkem_params *p, const uint8_t *ek);
int mlkem_kem_check_dk(const mlkem_params *p, const uint8_t *dk);

#endif
