/* hazmat.c - the K-PKE entry points of mlkem_hazmat.h. */
#include <string.h>

#include "mlkem_hazmat.h"
#include "ct.h"
#include "kpke.h"

static int kpke_keygen(const mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                       const uint8_t *d) {
  const mlkem_backend *be = mlkem_backend_get();
  int err = MLKEM_OK;
  if (ek == NULL || dk_pke == NULL || d == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  if (err != MLKEM_OK) {
    if (ek != NULL) memset(ek, 0, p->ek_bytes);
    if (dk_pke != NULL) mlkem_zeroize(dk_pke, p->dkpke_bytes);
    return err;
  }
  mlkem_kpke_keygen(be, p, ek, dk_pke, d);
  return MLKEM_OK;
}

static int kpke_encrypt(const mlkem_params *p, uint8_t *ct, const uint8_t *ek,
                        const uint8_t *m, const uint8_t *r) {
  const mlkem_backend *be = mlkem_backend_get();
  int err = MLKEM_OK;
  if (ct == NULL || ek == NULL || m == NULL || r == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  if (err != MLKEM_OK) {
    if (ct != NULL) memset(ct, 0, p->ct_bytes);
    return err;
  }
  {
    mlkem_matrix at;
    mlkem_kpke_sample_matrix(be, p, &at, ek, NULL, 0);
    mlkem_kpke_encrypt(be, p, ct, ek, m, r, &at);
  }
  return MLKEM_OK;
}

static int kpke_decrypt(const mlkem_params *p, uint8_t *m,
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
  mlkem_kpke_decrypt(be, p, m, dk_pke, ct);
  return MLKEM_OK;
}

#define MLKEM_DEFINE_KPKE(P)                                                 \
  _Static_assert(MLKEM##P##_KPKE_DK_BYTES == MLKEM##P##_EK_BYTES - 32,       \
                 "dk_PKE size");                                             \
  int mlkem##P##_kpke_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                \
                             uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES],       \
                             const uint8_t d[MLKEM_KPKE_SEED_BYTES]) {       \
    return kpke_keygen(&mlkem_params_##P, ek, dk_pke, d);                    \
  }                                                                          \
  int mlkem##P##_kpke_encrypt(uint8_t ct[MLKEM##P##_CT_BYTES],               \
                              const uint8_t ek[MLKEM##P##_EK_BYTES],         \
                              const uint8_t m[MLKEM_KPKE_MSG_BYTES],         \
                              const uint8_t r[MLKEM_KPKE_COINS_BYTES]) {     \
    return kpke_encrypt(&mlkem_params_##P, ct, ek, m, r);                    \
  }                                                                          \
  int mlkem##P##_kpke_decrypt(uint8_t m[MLKEM_KPKE_MSG_BYTES],               \
                              const uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES],\
                              const uint8_t ct[MLKEM##P##_CT_BYTES]) {       \
    return kpke_decrypt(&mlkem_params_##P, m, dk_pke, ct);                   \
  }

MLKEM_DEFINE_KPKE(512)
MLKEM_DEFINE_KPKE(768)
MLKEM_DEFINE_KPKE(1024)
