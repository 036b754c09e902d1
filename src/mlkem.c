/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem.c - the public functions of mlkem.h: one set of wrappers per
 * parameter set, the descriptors, error strings and version.
 */
#include <ctype.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_kyber.h"
#include "backend/backend.h"
#include "kem.h"
#include "params.h"

/* The public sizes (mlkem.h) are those computed from Table 2 (params.h). */
#define MLKEM_ASSERT_SIZES(P, K, ETA1, ETA2, DU, DV)                         \
  _Static_assert(K <= MLKEM_K_MAX, "rank above MLKEM_K_MAX");                \
  _Static_assert(MLKEM##P##_EK_BYTES == MLKEM_EK_BYTES_OF(K), "ek size");    \
  _Static_assert(MLKEM##P##_DK_BYTES == MLKEM_DK_BYTES_OF(K), "dk size");    \
  _Static_assert(MLKEM##P##_CT_BYTES == MLKEM_CT_BYTES_OF(K, DU, DV),        \
                 "ct size");                                                 \
  _Static_assert(                                                            \
      MLKEM##P##_PREPARED_EK_BYTES == MLKEM_EK_BYTES_OF(K) + MLKEM_SYMBYTES, \
      "prepared ek size");                                                   \
  _Static_assert(                                                            \
      MLKEM##P##_EXPANDED_EK_BYTES == MLKEM_EXPANDED_EK_BYTES_OF(K),         \
      "expanded ek size");                                                   \
  _Static_assert(                                                            \
      MLKEM##P##_EXPANDED_DK_BYTES == MLKEM_EXPANDED_DK_BYTES_OF(K),         \
      "expanded dk size");
MLKEM_PARAMETER_SETS(MLKEM_ASSERT_SIZES)
_Static_assert(MLKEM_SS_BYTES == MLKEM_SYMBYTES, "shared secret size");
_Static_assert(MLKEM_SEED_BYTES == 2 * MLKEM_SYMBYTES, "seed size");
_Static_assert(MLKEM_MSG_BYTES == MLKEM_SYMBYTES, "m size");

/* The functions of the expanded keys for one row of Table 2 (part of
 * MLKEM_DEFINE_SET). */
#define MLKEM_DEFINE_EXPANDED(P, K)                                           \
  int mlkem##P##_expand_dk(uint8_t x[MLKEM##P##_EXPANDED_DK_BYTES],           \
                           const uint8_t dk[MLKEM##P##_DK_BYTES]) {           \
    return mlkem_k##K##_kem_expand_dk(x, dk);                                 \
  }                                                                           \
  int mlkem##P##_expand_dk_from_seed(uint8_t x[MLKEM##P##_EXPANDED_DK_BYTES], \
                                     const uint8_t seed[MLKEM_SEED_BYTES]) {  \
    return mlkem_k##K##_kem_expand_dk_from_seed(x, seed);                     \
  }                                                                           \
  int mlkem##P##_decaps_expanded(                                             \
      uint8_t ss[MLKEM_SS_BYTES], const uint8_t ct[MLKEM##P##_CT_BYTES],      \
      const uint8_t x[MLKEM##P##_EXPANDED_DK_BYTES]) {                        \
    return mlkem_k##K##_kem_decaps_expanded(ss, ct, x);                       \
  }                                                                           \
  void mlkem##P##_expanded_dk_wipe(uint8_t x[MLKEM##P##_EXPANDED_DK_BYTES]) { \
    mlkem_k##K##_kem_expanded_dk_wipe(x);                                     \
  }                                                                           \
  int mlkem##P##_expand_ek(uint8_t x[MLKEM##P##_EXPANDED_EK_BYTES],           \
                           const uint8_t ek[MLKEM##P##_EK_BYTES]) {           \
    return mlkem_k##K##_kem_expand_ek(x, ek);                                 \
  }                                                                           \
  int mlkem##P##_encaps_expanded(                                             \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],            \
      const uint8_t x[MLKEM##P##_EXPANDED_EK_BYTES]) {                        \
    return mlkem_k##K##_kem_encaps_expanded(ct, ss, x);                       \
  }                                                                           \
  int mlkem##P##_encaps_expanded_derand(                                      \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],            \
      const uint8_t x[MLKEM##P##_EXPANDED_EK_BYTES],                          \
      const uint8_t m[MLKEM_MSG_BYTES]) {                                     \
    return mlkem_k##K##_kem_encaps_expanded_derand(ct, ss, x, m);             \
  }

/* The functions of mlkem.h for one row of Table 2, calling the copy of
 * the FIPS 203 algorithms compiled for its rank (kem.h), and its
 * descriptor. */
#define MLKEM_DEFINE_SET(P, K, ETA1, ETA2, DU, DV)                      \
  int mlkem##P##_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                \
                        uint8_t dk[MLKEM##P##_DK_BYTES]) {              \
    return mlkem_k##K##_kem_keygen(ek, dk);                             \
  }                                                                     \
  int mlkem##P##_keygen_derand(uint8_t ek[MLKEM##P##_EK_BYTES],         \
                               uint8_t dk[MLKEM##P##_DK_BYTES],         \
                               const uint8_t seed[MLKEM_SEED_BYTES]) {  \
    return mlkem_k##K##_kem_keygen_derand(ek, dk, seed);                \
  }                                                                     \
  int mlkem##P##_encaps(uint8_t ct[MLKEM##P##_CT_BYTES],                \
                        uint8_t ss[MLKEM_SS_BYTES],                     \
                        const uint8_t ek[MLKEM##P##_EK_BYTES]) {        \
    return mlkem_k##K##_kem_encaps(ct, ss, ek);                         \
  }                                                                     \
  int mlkem##P##_encaps_derand(uint8_t ct[MLKEM##P##_CT_BYTES],         \
                               uint8_t ss[MLKEM_SS_BYTES],              \
                               const uint8_t ek[MLKEM##P##_EK_BYTES],   \
                               const uint8_t m[MLKEM_MSG_BYTES]) {      \
    return mlkem_k##K##_kem_encaps_derand(ct, ss, ek, m);               \
  }                                                                     \
  int mlkem##P##_decaps(uint8_t ss[MLKEM_SS_BYTES],                     \
                        const uint8_t ct[MLKEM##P##_CT_BYTES],          \
                        const uint8_t dk[MLKEM##P##_DK_BYTES]) {        \
    return mlkem_k##K##_kem_decaps(ss, ct, dk);                         \
  }                                                                     \
  int mlkem##P##_check_ek(const uint8_t ek[MLKEM##P##_EK_BYTES]) {      \
    return mlkem_k##K##_kem_check_ek(ek);                               \
  }                                                                     \
  int mlkem##P##_check_dk(const uint8_t dk[MLKEM##P##_DK_BYTES]) {      \
    return mlkem_k##K##_kem_check_dk(dk);                               \
  }                                                                     \
  int mlkem##P##_prepare_ek(uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES], \
                            const uint8_t ek[MLKEM##P##_EK_BYTES]) {    \
    return mlkem_k##K##_kem_prepare_ek(prep, ek);                       \
  }                                                                     \
  int mlkem##P##_encaps_prepared(                                       \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],      \
      const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES]) {               \
    return mlkem_k##K##_kem_encaps_prepared(ct, ss, prep);              \
  }                                                                     \
  int mlkem##P##_encaps_prepared_derand(                                \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],      \
      const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES],                 \
      const uint8_t m[MLKEM_MSG_BYTES]) {                               \
    return mlkem_k##K##_kem_encaps_prepared_derand(ct, ss, prep, m);    \
  }                                                                     \
  MLKEM_DEFINE_EXPANDED(P, K)                                           \
  static const mlkem_kem mlkem_kem_##P = {                              \
      .name = "ML-KEM-" #P,                                             \
      .rank = K,                                                        \
      .ek_bytes = MLKEM##P##_EK_BYTES,                                  \
      .dk_bytes = MLKEM##P##_DK_BYTES,                                  \
      .ct_bytes = MLKEM##P##_CT_BYTES,                                  \
      .ss_bytes = MLKEM_SS_BYTES,                                       \
      .seed_bytes = MLKEM_SEED_BYTES,                                   \
      .msg_bytes = MLKEM_MSG_BYTES,                                     \
      .keygen = mlkem##P##_keygen,                                      \
      .keygen_derand = mlkem##P##_keygen_derand,                        \
      .encaps = mlkem##P##_encaps,                                      \
      .encaps_derand = mlkem##P##_encaps_derand,                        \
      .decaps = mlkem##P##_decaps,                                      \
      .check_ek = mlkem##P##_check_ek,                                  \
      .check_dk = mlkem##P##_check_dk,                                  \
      .prepared_ek_bytes = MLKEM##P##_PREPARED_EK_BYTES,                \
      .prepare_ek = mlkem##P##_prepare_ek,                              \
      .encaps_prepared = mlkem##P##_encaps_prepared,                    \
      .encaps_prepared_derand = mlkem##P##_encaps_prepared_derand,      \
      .expanded_dk_bytes = MLKEM##P##_EXPANDED_DK_BYTES,                \
      .expanded_ek_bytes = MLKEM##P##_EXPANDED_EK_BYTES,                \
      .expand_dk = mlkem##P##_expand_dk,                                \
      .expand_dk_from_seed = mlkem##P##_expand_dk_from_seed,            \
      .decaps_expanded = mlkem##P##_decaps_expanded,                    \
      .expanded_dk_wipe = mlkem##P##_expanded_dk_wipe,                  \
      .expand_ek = mlkem##P##_expand_ek,                                \
      .encaps_expanded = mlkem##P##_encaps_expanded,                    \
      .encaps_expanded_derand = mlkem##P##_encaps_expanded_derand,      \
  };
MLKEM_PARAMETER_SETS(MLKEM_DEFINE_SET)

#define MLKEM_DESCRIPTOR(P, K, ETA1, ETA2, DU, DV) &mlkem_kem_##P,
const mlkem_kem *const mlkem_kems[] = {MLKEM_PARAMETER_SETS(MLKEM_DESCRIPTOR)
                                           NULL};

static int name_equal(const char *a, const char *b) {
  for (; *a != '\0' && *b != '\0'; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
  return *a == *b;
}

const mlkem_kem *mlkem_kem_by_name(const char *name) {
  unsigned i;
  if (name == NULL) return NULL;
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    const char *full = mlkem_kems[i]->name;
    if (name_equal(name, full) || name_equal(name, full + strlen("ML-KEM-")))
      return mlkem_kems[i];
  }
  /* Round 3 (mlkem_kyber.h): full names only. */
  for (i = 0; mlkem_kyber_kems[i] != NULL; i++)
    if (name_equal(name, mlkem_kyber_kems[i]->name)) return mlkem_kyber_kems[i];
  return NULL;
}

const char *mlkem_strerror(int err) {
  switch (err) {
    case MLKEM_OK:
      return "success";
    case MLKEM_ERR_RANDOM:
      return "the random source failed";
    case MLKEM_ERR_INVALID_EK:
      return "invalid encapsulation key (FIPS 203 7.2 modulus check failed)";
    case MLKEM_ERR_INVALID_DK:
      return "invalid decapsulation key (FIPS 203 7.3 hash check failed)";
    case MLKEM_ERR_NULL_ARGUMENT:
      return "a required pointer argument was NULL";
    case MLKEM_ERR_BACKEND:
      return "the backend forced by MLKEM_BACKEND is not available";
    case MLKEM_ERR_SELFTEST:
      return "the known-answer self-test failed";
    case MLKEM_ERR_PAIRWISE:
      return "the new key pair failed the pairwise consistency test";
    case MLKEM_ERR_X25519_ZERO:
      return "X25519 gave the all-zero value (RFC 7748 6.1: a point of small "
             "order)";
    case MLKEM_ERR_EXPANDED_KEY:
      return "the expanded key was made by another backend, library version "
             "or parameter set, or is not an expanded key of this kind";
    case MLKEM_ERR_AEAD_TAG:
      return "the AEAD tag does not match: the message, aad, nonce or key "
             "differs from those it was sealed with";
    case MLKEM_ERR_AEAD_LENGTH:
      return "a length the AEAD does not take (key length, ciphertext "
             "shorter than the tag, or beyond the AEAD's limits)";
    case MLKEM_ERR_UNSUPPORTED:
      return "an algorithm identifier this library does not implement";
    default:
      return "unknown error";
  }
}

const char *mlkem_version(void) {
  return MLKEM_VERSION_STRING;
}

const char *mlkem_backend_name(void) {
  const mlkem_backend *be = mlkem_backend_get();
  return be != NULL ? be->name : "unavailable";
}
