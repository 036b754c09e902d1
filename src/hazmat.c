/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hazmat.c - the K-PKE entry points of mlkem_hazmat.h. */
#include <string.h>

#include "mlkem_hazmat.h"
#include "ct.h"
#include "kpke.h"

/* The K-PKE functions of one compiled set (kpke.h). */
typedef struct {
  void (*keygen)(const mlkem_backend *, const mlkem_params *, uint8_t *,
                 uint8_t *, const uint8_t *);
  void (*encrypt)(const mlkem_backend *, const mlkem_params *, uint8_t *,
                  const uint8_t *, const uint8_t *, const uint8_t *);
  void (*decrypt)(const mlkem_backend *, const mlkem_params *, uint8_t *,
                  const uint8_t *, const uint8_t *);
} kpke_level;

#define KPKE_LEVEL(K)                                    \
  {                                                      \
    mlkem_k##K##_kpke_keygen, mlkem_k##K##_kpke_encrypt, \
        mlkem_k##K##_kpke_decrypt                        \
  }
static const kpke_level level_k2 = KPKE_LEVEL(2);
static const kpke_level level_k3 = KPKE_LEVEL(3);
static const kpke_level level_k4 = KPKE_LEVEL(4);

static int kpke_keygen(const mlkem_params *p, const kpke_level *lv, uint8_t *ek,
                       uint8_t *dk_pke, const uint8_t *d) {
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
  lv->keygen(be, p, ek, dk_pke, d);
  return MLKEM_OK;
}

static int kpke_encrypt(const mlkem_params *p, const kpke_level *lv,
                        uint8_t *ct, const uint8_t *ek, const uint8_t *m,
                        const uint8_t *r) {
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
  lv->encrypt(be, p, ct, ek, m, r);
  return MLKEM_OK;
}

static int kpke_decrypt(const mlkem_params *p, const kpke_level *lv, uint8_t *m,
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
  lv->decrypt(be, p, m, dk_pke, ct);
  return MLKEM_OK;
}

#define MLKEM_DEFINE_KPKE(P, K)                                               \
  _Static_assert(MLKEM##P##_KPKE_DK_BYTES == MLKEM##P##_EK_BYTES - 32,        \
                 "dk_PKE size");                                              \
  int mlkem##P##_kpke_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                 \
                             uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES],        \
                             const uint8_t d[MLKEM_KPKE_SEED_BYTES]) {        \
    return kpke_keygen(&mlkem_params_##P, &level_k##K, ek, dk_pke, d);        \
  }                                                                           \
  int mlkem##P##_kpke_encrypt(uint8_t ct[MLKEM##P##_CT_BYTES],                \
                              const uint8_t ek[MLKEM##P##_EK_BYTES],          \
                              const uint8_t m[MLKEM_KPKE_MSG_BYTES],          \
                              const uint8_t r[MLKEM_KPKE_COINS_BYTES]) {      \
    return kpke_encrypt(&mlkem_params_##P, &level_k##K, ct, ek, m, r);        \
  }                                                                           \
  int mlkem##P##_kpke_decrypt(uint8_t m[MLKEM_KPKE_MSG_BYTES],                \
                              const uint8_t dk_pke[MLKEM##P##_KPKE_DK_BYTES], \
                              const uint8_t ct[MLKEM##P##_CT_BYTES]) {        \
    return kpke_decrypt(&mlkem_params_##P, &level_k##K, m, dk_pke, ct);       \
  }

MLKEM_DEFINE_KPKE(512, 2)
MLKEM_DEFINE_KPKE(768, 3)
MLKEM_DEFINE_KPKE(1024, 4)
