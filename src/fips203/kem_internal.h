/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_internal.h - what ML-KEM's two files share: the layout of dk, the
 * zeroing of a failed call's outputs, key generation, the end of
 * decapsulation, and the entry points of encapsulation, which kem.c
 * defines and the expanded keys (kem_expanded.c) use as well.
 *
 * Compiled per parameter set, like kem.c (level.h): the functions are
 * mlkem_k<k>_kem_...
 */
#ifndef MLKEM_KEM_INTERNAL_H
#define MLKEM_KEM_INTERNAL_H

#include "fips203/level.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/backend.h"
#include "fips203/params.h"
#include "platform/ct.h"

/* dk = dk_PKE (384k) || ek (384k + 32) || H(ek) (32) || z (32) (
 * @spec{FIPS203, Alg. 16}). */
static inline const uint8_t *mlkem_dk_ek(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K;
}
static inline const uint8_t *mlkem_dk_h(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K + MLKEM_EK_BYTES_K;
}
static inline const uint8_t *mlkem_dk_z(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K + MLKEM_EK_BYTES_K + MLKEM_SYMBYTES;
}

/* Zeroes the outputs of a failed call (any may be NULL) and returns err.
 * Public outputs (ek, ct) are cleared with memset, secret ones with the
 * wipe. */
static inline int mlkem_kem_fail(int err, uint8_t *pub, size_t pub_len,
                                 uint8_t *sec, size_t sec_len) {
  if (pub != NULL) memset(pub, 0, pub_len);
  if (sec != NULL) mlkem_zeroize(sec, sec_len);
  return err;
}

#ifdef MLKEM_FAULT_INJECTION
/* Test builds only (tests/test_decaps_ct.c): called inside decapsulation
 * after decryption, where it changes the caller's ct, as another party
 * sharing its memory could (kem.c defines it). */
extern void (*mlkem_fault_decaps_ct)(void);
#endif

/* Decapsulation's hook, after decryption: nothing but in the test builds
 * above. */
static inline void mlkem_kem_after_decrypt(void) {
#ifdef MLKEM_FAULT_INJECTION
  if (mlkem_fault_decaps_ct != NULL) mlkem_fault_decaps_ct();
#endif
}

/* ML-KEM.KeyGen_internal (@spec{FIPS203, Alg. 16}) from the seed d || z,
 * then, in builds with MLKEM_PAIRWISE_TEST, the pairwise consistency test
 * (MLKEM_OK or MLKEM_ERR_PAIRWISE). With at not NULL, A-hat transposed
 * goes there too (an expanded key's, kem_expanded.c). */
int mlkem_kem_keygen_internal(const mlkem_backend *be, uint8_t *ek, uint8_t *dk,
                              const uint8_t *seed, uint8_t *at);

/* @spec{FIPS203, Alg. 18, l. 11-12}, once c' = ct2 is computed: ss = K'
 * (the first half of kr) unless c != c', then K-bar, chosen in constant
 * time. Then wipes the secrets of the decapsulation: m' || h (in), K' ||
 * r', K-bar and c'. */
void mlkem_kem_decaps_select(uint8_t *ss, const uint8_t *c, uint8_t *ct2,
                             uint8_t *in, uint8_t *kr, uint8_t *kbar);

/* The same once the comparison is made: differ is 0 if c = c', 0xFF if
 * not (mlkem_ct_memneq's mask; the small-stack decapsulation accumulates
 * it as c' is produced, kpke_internal.h). Wipes in, kr and kbar. */
void mlkem_kem_decaps_choose(uint8_t *ss, uint8_t differ, uint8_t *in,
                             uint8_t *kr, uint8_t *kbar);

/* A kind of encapsulation key: an encoded ek, a prepared one, an expanded
 * one. check, unless NULL, runs first, before m is drawn, and returns
 * MLKEM_OK or the error to report (an expanded key's header); run is
 * ML-KEM.Encaps_internal (@spec{FIPS203, Alg. 17}) on the key, and returns
 * MLKEM_OK or MLKEM_ERR_INVALID_EK. */
typedef struct {
  int (*check)(const mlkem_backend *be, const uint8_t *key);
  int (*run)(const mlkem_backend *be, uint8_t *ct, uint8_t *ss,
             const uint8_t *key, const uint8_t m[MLKEM_SYMBYTES]);
} mlkem_kem_key_kind;

/* The entry points of encapsulation, for every kind of key: the
 * pointers and the backend checked, then the key's check, then kind->run
 * with m as given (the _derand functions, @spec{FIPS203, Alg. 17}), or with
 * m drawn from the random source (ML-KEM.Encaps, @spec{FIPS203, Alg. 20}). On
 * an error, ct and ss are zeroed. */
int mlkem_kem_encaps_given(const mlkem_kem_key_kind *kind, uint8_t *ct,
                           uint8_t *ss, const uint8_t *key, const uint8_t *m);
int mlkem_kem_encaps_drawn(const mlkem_kem_key_kind *kind, uint8_t *ct,
                           uint8_t *ss, const uint8_t *key);

#endif
