/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke_internal.h - K-PKE as ML-KEM (kem.c) runs it: key generation that
 * also hashes ek, and K-PKE.Encrypt split in two around the caller's own
 * hashes, so that encapsulation and decapsulation run every hash of the
 * operation in one list (docs/ARCHITECTURE.md).
 *
 * Compiled per parameter set, like kpke.c and kem.c (level.h): the types
 * are sized by MLKEM_K, and the functions are mlkem_k<k>_kpke_...
 */
#ifndef MLKEM_KPKE_INTERNAL_H
#define MLKEM_KPKE_INTERNAL_H

#include "level.h"

#include <stdint.h>

#include "backend/backend.h"
#include "params.h"
#include "sample.h"
#include "symmetric.h"

/* K-PKE.KeyGen (FIPS 203 Algorithm 13) into ek and dk_PKE from the seed
 * d; with h not NULL, also H(ek) into h (ML-KEM.KeyGen_internal,
 * Algorithm 16), hashed as ek is written. */
void mlkem_kpke_keygen_h(const mlkem_backend *be, uint8_t *ek, uint8_t *dkpke,
                         const uint8_t d[MLKEM_SYMBYTES], uint8_t *h);

/* What K-PKE.Encrypt (FIPS 203 Algorithm 14) samples: A-hat transposed
 * (steps 4-8) and the PRF output of y, e1 and e2 (steps 9-17). */
typedef struct {
  mlkem_poly at[MLKEM_K * MLKEM_K];
  mlkem_matrix_entry entries[MLKEM_K * MLKEM_K];
  uint8_t y[MLKEM_K][MLKEM_ETA1_BYTES];
  uint8_t e1[MLKEM_K][MLKEM_ETA2_BYTES];
  uint8_t e2[MLKEM_ETA2_BYTES];
} mlkem_kpke_encrypt_samples;

/* The jobs mlkem_kpke_encrypt_jobs appends: k^2 matrix entries and 2k + 1
 * noise PRFs. */
#define MLKEM_KPKE_ENCRYPT_JOBS (MLKEM_K * MLKEM_K + 2 * MLKEM_K + 1)

/* The first half of K-PKE.Encrypt: appends to list the jobs that fill es
 * from ek's rho and the randomness r. The noise jobs start after job
 * r_after of the list (the one that writes r), or at once if r_after is
 * -1. The caller runs the list, with its own jobs. */
void mlkem_kpke_encrypt_jobs(const mlkem_backend *be,
                             mlkem_kpke_encrypt_samples *es,
                             mlkem_job_list *list, const uint8_t *ek,
                             const uint8_t *r, int r_after);

/* The second half, once the jobs have run: writes ct for the message m
 * under ek, and wipes the noise in es. Returns non-zero if ek fails the
 * modulus check of FIPS 203 section 7.2, computed as t-hat is decoded
 * (ct is then written all the same; the caller releases nothing). */
unsigned mlkem_kpke_encrypt_finish(const mlkem_backend *be, uint8_t *ct,
                                   const uint8_t *ek,
                                   const uint8_t m[MLKEM_SYMBYTES],
                                   mlkem_kpke_encrypt_samples *es);

/* Wipes the secret part of es (the noise; A-hat is public), for a caller
 * that does not finish the encryption. */
void mlkem_kpke_encrypt_samples_wipe(mlkem_kpke_encrypt_samples *es);

#endif
