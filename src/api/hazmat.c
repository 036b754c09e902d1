/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hazmat.c - the K-PKE entry points of mlkem_hazmat.h. */
#include <string.h>

#include "mlkem_hazmat.h"
#include "platform/ct.h"
#include "fips203/kpke.h"
#include "fips203/params.h"

/* The K-PKE functions of the copy compiled for one set (kpke.h). */
typedef void (*kpke_keygen_fn)(const mlkem_backend *, uint8_t *, uint8_t *,
                               const uint8_t *);
typedef void (*kpke_encrypt_fn)(const mlkem_backend *, uint8_t *,
                                const uint8_t *, const uint8_t *,
                                const uint8_t *);
typedef void (*kpke_decrypt_fn)(const mlkem_backend *, uint8_t *,
                                const uint8_t *, const uint8_t *);

static int kpke_keygen(kpke_keygen_fn keygen, size_t ek_bytes,
                       size_t dk_pke_bytes, uint8_t *ek, uint8_t *dk_pke,
                       const uint8_t *d) {
  const mlkem_backend *be = mlkem_backend_get();
  int err = MLKEM_OK;
  if (ek == NULL || dk_pke == NULL || d == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  if (err != MLKEM_OK) {
    if (ek != NULL) memset(ek, 0, ek_bytes);
    if (dk_pke != NULL) mlkem_zeroize(dk_pke, dk_pke_bytes);
    return err;
  }
  keygen(be, ek, dk_pke, d);
  return MLKEM_OK;
}

static int kpke_encrypt(kpke_encrypt_fn encrypt, size_t ct_bytes, uint8_t *ct,
                        const uint8_t *ek, const uint8_t *m, const uint8_t *r) {
  const mlkem_backend *be = mlkem_backend_get();
  int err = MLKEM_OK;
  if (ct == NULL || ek == NULL || m == NULL || r == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  if (err != MLKEM_OK) {
    if (ct != NULL) memset(ct, 0, ct_bytes);
    return err;
  }
  encrypt(be, ct, ek, m, r);
  return MLKEM_OK;
}

static int kpke_decrypt(kpke_decrypt_fn decrypt, uint8_t *m,
                        const uint8_t *dk_pke, const uint8_t *ct) {
  const mlkem_backend *be = mlkem_backend_get();
  int err = MLKEM_OK;
  if (m == NULL || dk_pke == NULL || ct == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  if (err != MLKEM_OK) {
    if (m != NULL) mlkem_zeroize(m, MLKEM_KPKE_MSG_BYTES);
    return err;
  }
  decrypt(be, m, dk_pke, ct);
  return MLKEM_OK;
}

_Static_assert(MLKEM_KPKE_MSG_BYTES == MLKEM_SYMBYTES &&
                   MLKEM_KPKE_SEED_BYTES == MLKEM_SYMBYTES &&
                   MLKEM_KPKE_COINS_BYTES == MLKEM_SYMBYTES,
               "K-PKE message, seed and coins sizes");

/* The functions of mlkem_hazmat.h for one row of Table 2 (params.h). */
#define MLKEM_DEFINE_KPKE(P, K, ETA1, ETA2, DU, DV)                           \
  _Static_assert(MLKEM##P##_KPKE_DK_BYTES == MLKEM_DKPKE_BYTES_OF(K),         \
                 "dk_PKE size");                                              \
  int mlkem##P##_kpke_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                 \
                             uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES],        \
                             const uint8_t d[MLKEM_KPKE_SEED_BYTES]) {        \
    return kpke_keygen(mlkem_k##K##_kpke_keygen, MLKEM##P##_EK_BYTES,         \
                       MLKEM##P##_KPKE_DK_BYTES, ek, dk_pke, d);              \
  }                                                                           \
  int mlkem##P##_kpke_encrypt(uint8_t ct[MLKEM##P##_CT_BYTES],                \
                              const uint8_t ek[MLKEM##P##_EK_BYTES],          \
                              const uint8_t m[MLKEM_KPKE_MSG_BYTES],          \
                              const uint8_t r[MLKEM_KPKE_COINS_BYTES]) {      \
    return kpke_encrypt(mlkem_k##K##_kpke_encrypt, MLKEM##P##_CT_BYTES, ct,   \
                        ek, m, r);                                            \
  }                                                                           \
  int mlkem##P##_kpke_decrypt(uint8_t m[MLKEM_KPKE_MSG_BYTES],                \
                              const uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES], \
                              const uint8_t ct[MLKEM##P##_CT_BYTES]) {        \
    return kpke_decrypt(mlkem_k##K##_kpke_decrypt, m, dk_pke, ct);            \
  }

MLKEM_PARAMETER_SETS(MLKEM_DEFINE_KPKE)
