/*
 * kpke.h - K-PKE, the public-key encryption scheme inside ML-KEM (FIPS 203
 * section 5). Not secure on its own: only ML-KEM (kem.c) may be exposed to
 * chosen ciphertexts.
 */
#ifndef MLKEM_KPKE_H
#define MLKEM_KPKE_H

#include <stdint.h>

#include "backend/api.h"
#include "params.h"
#include "sha3/sha3.h"

/* K-PKE.KeyGen (FIPS 203 Algorithm 13): writes ek (p->ek_bytes) and dk_PKE
 * (p->dkpke_bytes) from the 32-byte seed d. */
void mlkem_kpke_keygen(const mlkem_backend *be, const mlkem_params *p,
                       uint8_t *ek, uint8_t *dkpke,
                       const uint8_t d[MLKEM_SYMBYTES]);

/* The matrix A-hat (k x k polynomials, backend NTT layout). */
typedef struct {
  mlkem_poly a[MLKEM_K_MAX * MLKEM_K_MAX];
} mlkem_matrix;

/* Steps 4-8 of K-PKE.Encrypt (FIPS 203 Algorithm 14): A-hat transposed
 * from ek's rho, sampled together with the given independent hash jobs
 * (which lets encaps and decaps share lanes with H(ek) and J). */
void mlkem_kpke_sample_matrix(const mlkem_backend *be, const mlkem_params *p,
                              mlkem_matrix *at, const uint8_t *ek,
                              const mlkem_sponge_job *extra, unsigned nextra);

/* The rest of K-PKE.Encrypt: writes ct (p->ct_bytes) for the message m
 * under ek with randomness r, given A-hat transposed from
 * mlkem_kpke_sample_matrix. ek is decoded mod q as the algorithm says; the
 * modulus check is the caller's (kem.c). */
void mlkem_kpke_encrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t *ct, const uint8_t *ek,
                        const uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t r[MLKEM_SYMBYTES],
                        const mlkem_matrix *at);

/* K-PKE.Decrypt (FIPS 203 Algorithm 15): writes the 32-byte message. */
void mlkem_kpke_decrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t m[MLKEM_SYMBYTES], const uint8_t *dkpke,
                        const uint8_t *ct);

#endif
