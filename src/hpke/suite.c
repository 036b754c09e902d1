/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * suite.c - HPKE's algorithm tables: the AEADs (@spec{RFC9180, sec. 7.3})
 * and the KEMs (entries in kem_*.c), the lookups by identifier and name
 * of every algorithm (the KDFs' table is kdf.c's), and the suite check.
 */
#include <string.h>

#include "hpke/hpke.h"
#include "mlkem_hazmat.h"

/* clang-format off */
/* Nk and Nn; @spec{RFC9180} 7.3 names ChaCha20-Poly1305 "ChaCha20Poly1305". */
static const mlkem_hpke_aead aeads[] = {
    {MLKEM_HPKE_AEAD_AES_128_GCM, "AES-128-GCM", 16, 12},
    {MLKEM_HPKE_AEAD_AES_256_GCM, "AES-256-GCM", 32, 12},
    {MLKEM_HPKE_AEAD_CHACHA20_POLY1305, "ChaCha20Poly1305", 32, 12},
    {MLKEM_HPKE_AEAD_EXPORT_ONLY, "Export-only", 0, 0},
};
/* clang-format on */

static const mlkem_hpke_kem *const kems[] = {
    &mlkem_hpke_kem_dhkem_x25519, &mlkem_hpke_kem_mlkem512,
    &mlkem_hpke_kem_mlkem768, &mlkem_hpke_kem_mlkem1024, &mlkem_hpke_kem_xwing};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const mlkem_hpke_aead *mlkem_hpke_aead_get(uint16_t id) {
  size_t i;
  for (i = 0; i < COUNT(aeads); i++)
    if (aeads[i].id == id) return &aeads[i];
  return NULL;
}

const mlkem_hpke_kem *mlkem_hpke_kem_get(uint16_t id) {
  size_t i;
  for (i = 0; i < COUNT(kems); i++)
    if (kems[i]->id == id) return kems[i];
  return NULL;
}

/* ---- the public lookups ---- */

int mlkem_hpke_kem_sizes(uint16_t kem, size_t *pk_bytes, size_t *sk_bytes,
                         size_t *enc_bytes) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(kem);
  if (pk_bytes != NULL) *pk_bytes = k != NULL ? k->npk : 0;
  if (sk_bytes != NULL) *sk_bytes = k != NULL ? k->nsk : 0;
  if (enc_bytes != NULL) *enc_bytes = k != NULL ? k->nenc : 0;
  return k != NULL ? MLKEM_OK : MLKEM_HPKE_ERR_SUITE;
}

const char *mlkem_hpke_kem_name(uint16_t kem) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(kem);
  return k != NULL ? k->name : NULL;
}

const char *mlkem_hpke_kdf_name(uint16_t kdf) {
  const mlkem_hpke_kdf *k = mlkem_hpke_kdf_get(kdf);
  return k != NULL ? k->name : NULL;
}

const char *mlkem_hpke_aead_name(uint16_t aead) {
  const mlkem_hpke_aead *a = mlkem_hpke_aead_get(aead);
  return a != NULL ? a->name : NULL;
}

/* ASCII case-insensitive equality. */
static int same_name(const char *a, const char *b) {
  for (; *a != '\0' && *b != '\0'; a++, b++) {
    char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
    char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
    if (x != y) return 0;
  }
  return *a == *b;
}

/* One more name for some: the ones the drafts and tools also use. */
static const struct {
  const char *name;
  uint16_t id;
  char kind; /* 'k' KEM, 'a' AEAD */
} aliases[] = {
    {"X-Wing", MLKEM_HPKE_KEM_MLKEM768_X25519, 'k'},
    {"ChaCha20-Poly1305", MLKEM_HPKE_AEAD_CHACHA20_POLY1305, 'a'},
};

static int alias(const char *name, char kind, uint16_t *id) {
  size_t i;
  for (i = 0; i < COUNT(aliases); i++)
    if (aliases[i].kind == kind && same_name(name, aliases[i].name)) {
      *id = aliases[i].id;
      return MLKEM_OK;
    }
  return MLKEM_HPKE_ERR_SUITE;
}

int mlkem_hpke_kem_by_name(const char *name, uint16_t *kem) {
  size_t i;
  if (name == NULL || kem == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  for (i = 0; i < COUNT(kems); i++)
    if (same_name(name, kems[i]->name)) {
      *kem = kems[i]->id;
      return MLKEM_OK;
    }
  return alias(name, 'k', kem);
}

int mlkem_hpke_kdf_by_name(const char *name, uint16_t *kdf) {
  const mlkem_hpke_kdf *k;
  size_t i;
  if (name == NULL || kdf == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  for (i = 0; (k = mlkem_hpke_kdf_at(i)) != NULL; i++)
    if (same_name(name, k->name)) {
      *kdf = k->id;
      return MLKEM_OK;
    }
  return MLKEM_HPKE_ERR_SUITE;
}

int mlkem_hpke_aead_by_name(const char *name, uint16_t *aead) {
  size_t i;
  if (name == NULL || aead == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  for (i = 0; i < COUNT(aeads); i++)
    if (same_name(name, aeads[i].name)) {
      *aead = aeads[i].id;
      return MLKEM_OK;
    }
  return alias(name, 'a', aead);
}

int mlkem_hpke_suite_check(mlkem_hpke_suite suite) {
  static const uint8_t key[32] = {0}, nonce[MLKEM_AEAD_NONCE_BYTES] = {0};
  const mlkem_hpke_aead *a = mlkem_hpke_aead_get(suite.aead);
  uint8_t tag[MLKEM_AEAD_TAG_BYTES];
  if (mlkem_hpke_kem_get(suite.kem) == NULL ||
      mlkem_hpke_kdf_get(suite.kdf) == NULL || a == NULL)
    return MLKEM_HPKE_ERR_SUITE;
  if (a->nk == 0) return MLKEM_OK;
  /* Whether this build has the AEAD: it says so on an empty message. */
  return mlkem_aead_seal(a->id, tag, key, a->nk, nonce, NULL, 0, NULL, 0) ==
                 MLKEM_ERR_UNSUPPORTED
             ? MLKEM_ERR_UNSUPPORTED
             : MLKEM_OK;
}
