/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hazmat.c - the K-PKE entry points of mlkem_hazmat.h. */
#include <string.h>

#include "mlkem_hazmat.h"
#include "platform/ct.h"
#include "fips203/kpke.h"
#include "fips203/params.h"

/* The backend for an entry point, or NULL with *err the error:
 * MLKEM_ERR_NULL_ARGUMENT if a pointer is missing (given is 0), else
 * MLKEM_ERR_BACKEND if no backend is usable. */
static const mlkem_backend *kpke_enter(int given, int *err) {
  const mlkem_backend *be = mlkem_backend_get();
  if (!given)
    *err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    *err = MLKEM_ERR_BACKEND;
  else
    return be;
  return NULL;
}

/* Zeroes the outputs of a failed call (either may be NULL): a public one
 * with memset, a secret one with the wipe. */
static int kpke_fail(int err, uint8_t *pub, size_t pub_len, uint8_t *sec,
                     size_t sec_len) {
  if (pub != NULL) memset(pub, 0, pub_len);
  if (sec != NULL) mlkem_zeroize(sec, sec_len);
  return err;
}

_Static_assert(MLKEM_KPKE_MSG_BYTES == MLKEM_SYMBYTES &&
                   MLKEM_KPKE_SEED_BYTES == MLKEM_SYMBYTES &&
                   MLKEM_KPKE_COINS_BYTES == MLKEM_SYMBYTES,
               "K-PKE message, seed and coins sizes");

/* The functions of mlkem_hazmat.h for one row of @spec{FIPS203, Table 2}
 * (params.h), K-PKE of the copy compiled for its rank (kpke.h) on FIPS 203's
 * symmetric functions. They define mlkem512_kpke_keygen,
 * mlkem512_kpke_encrypt, mlkem512_kpke_decrypt, mlkem768_kpke_keygen,
 * mlkem768_kpke_encrypt, mlkem768_kpke_decrypt, mlkem1024_kpke_keygen,
 * mlkem1024_kpke_encrypt and mlkem1024_kpke_decrypt. */
#define MLKEM_DEFINE_KPKE(P, K, ETA1, ETA2, DU, DV)                           \
  _Static_assert(MLKEM##P##_KPKE_DK_BYTES == MLKEM_DKPKE_BYTES_OF(K),         \
                 "dk_PKE size");                                              \
  int mlkem##P##_kpke_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                 \
                             uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES],        \
                             const uint8_t d[MLKEM_KPKE_SEED_BYTES]) {        \
    int err;                                                                  \
    const mlkem_backend *be =                                                 \
        kpke_enter(ek != NULL && dk_pke != NULL && d != NULL, &err);          \
    if (be == NULL)                                                           \
      return kpke_fail(err, ek, MLKEM##P##_EK_BYTES, dk_pke,                  \
                       MLKEM##P##_KPKE_DK_BYTES);                             \
    mlkem_k##K##_kpke_keygen(be, ek, dk_pke, d, &mlkem_k##K##_kpke_fips203);  \
    return MLKEM_OK;                                                          \
  }                                                                           \
  int mlkem##P##_kpke_encrypt(uint8_t ct[MLKEM##P##_CT_BYTES],                \
                              const uint8_t ek[MLKEM##P##_EK_BYTES],          \
                              const uint8_t m[MLKEM_KPKE_MSG_BYTES],          \
                              const uint8_t r[MLKEM_KPKE_COINS_BYTES]) {      \
    int err;                                                                  \
    const mlkem_backend *be =                                                 \
        kpke_enter(ct != NULL && ek != NULL && m != NULL && r != NULL, &err); \
    if (be == NULL) return kpke_fail(err, ct, MLKEM##P##_CT_BYTES, NULL, 0);  \
    mlkem_k##K##_kpke_encrypt(be, ct, ek, m, r, &mlkem_k##K##_kpke_fips203);  \
    return MLKEM_OK;                                                          \
  }                                                                           \
  int mlkem##P##_kpke_decrypt(uint8_t m[MLKEM_KPKE_MSG_BYTES],                \
                              const uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES], \
                              const uint8_t ct[MLKEM##P##_CT_BYTES]) {        \
    int err;                                                                  \
    const mlkem_backend *be =                                                 \
        kpke_enter(m != NULL && dk_pke != NULL && ct != NULL, &err);          \
    if (be == NULL) return kpke_fail(err, NULL, 0, m, MLKEM_KPKE_MSG_BYTES);  \
    mlkem_k##K##_kpke_decrypt(be, m, dk_pke, ct);                             \
    return MLKEM_OK;                                                          \
  }

MLKEM_PARAMETER_SETS(MLKEM_DEFINE_KPKE)
