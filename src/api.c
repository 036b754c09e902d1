/*
 * api.c - the public functions of mlkem.h: one set of wrappers per
 * parameter set, the descriptors, error strings and version.
 */
#include <ctype.h>
#include <string.h>

#include "mlkem.h"
#include "backend/api.h"
#include "kem.h"
#include "params.h"

/* The public sizes must match the ones derived from the parameters. */
#define MLKEM_ASSERT_SIZES(P, K, DU, DV)                                    \
  _Static_assert(MLKEM##P##_EK_BYTES == 384 * (K) + 32, "ek size");         \
  _Static_assert(MLKEM##P##_DK_BYTES == 768 * (K) + 96, "dk size");         \
  _Static_assert(MLKEM##P##_CT_BYTES == 32 * ((DU) * (K) + (DV)), "ct size")
MLKEM_ASSERT_SIZES(512, 2, 10, 4);
MLKEM_ASSERT_SIZES(768, 3, 10, 4);
MLKEM_ASSERT_SIZES(1024, 4, 11, 5);

#define MLKEM_DEFINE_SET(P, K)                                                \
  int mlkem##P##_keygen(uint8_t ek[MLKEM##P##_EK_BYTES],                     \
                        uint8_t dk[MLKEM##P##_DK_BYTES]) {                   \
    return mlkem_k##K##_kem_keygen(&mlkem_params_##P, ek, dk);                      \
  }                                                                          \
  int mlkem##P##_keygen_derand(uint8_t ek[MLKEM##P##_EK_BYTES],              \
                               uint8_t dk[MLKEM##P##_DK_BYTES],              \
                               const uint8_t seed[MLKEM_SEED_BYTES]) {       \
    return mlkem_k##K##_kem_keygen_derand(&mlkem_params_##P, ek, dk, seed);         \
  }                                                                          \
  int mlkem##P##_encaps(uint8_t ct[MLKEM##P##_CT_BYTES],                     \
                        uint8_t ss[MLKEM_SS_BYTES],                          \
                        const uint8_t ek[MLKEM##P##_EK_BYTES]) {             \
    return mlkem_k##K##_kem_encaps(&mlkem_params_##P, ct, ss, ek);                  \
  }                                                                          \
  int mlkem##P##_encaps_derand(uint8_t ct[MLKEM##P##_CT_BYTES],              \
                               uint8_t ss[MLKEM_SS_BYTES],                   \
                               const uint8_t ek[MLKEM##P##_EK_BYTES],        \
                               const uint8_t m[MLKEM_MSG_BYTES]) {           \
    return mlkem_k##K##_kem_encaps_derand(&mlkem_params_##P, ct, ss, ek, m);        \
  }                                                                          \
  int mlkem##P##_decaps(uint8_t ss[MLKEM_SS_BYTES],                          \
                        const uint8_t ct[MLKEM##P##_CT_BYTES],               \
                        const uint8_t dk[MLKEM##P##_DK_BYTES]) {             \
    return mlkem_k##K##_kem_decaps(&mlkem_params_##P, ss, ct, dk);                  \
  }                                                                          \
  int mlkem##P##_check_ek(const uint8_t ek[MLKEM##P##_EK_BYTES]) {           \
    return mlkem_k##K##_kem_check_ek(&mlkem_params_##P, ek);                        \
  }                                                                          \
  int mlkem##P##_check_dk(const uint8_t dk[MLKEM##P##_DK_BYTES]) {           \
    return mlkem_k##K##_kem_check_dk(&mlkem_params_##P, dk);                        \
  }                                                                          \
  int mlkem##P##_prepare_ek(uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES],      \
                            const uint8_t ek[MLKEM##P##_EK_BYTES]) {         \
    return mlkem_k##K##_kem_prepare_ek(&mlkem_params_##P, prep, ek);         \
  }                                                                          \
  int mlkem##P##_encaps_prepared(                                            \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],           \
      const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES]) {                    \
    return mlkem_k##K##_kem_encaps_prepared(&mlkem_params_##P, ct, ss, prep); \
  }                                                                          \
  int mlkem##P##_encaps_prepared_derand(                                     \
      uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],           \
      const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES],                      \
      const uint8_t m[MLKEM_MSG_BYTES]) {                                    \
    return mlkem_k##K##_kem_encaps_prepared_derand(&mlkem_params_##P, ct, ss, \
                                                   prep, m);                 \
  }                                                                          \
  static const mlkem_kem mlkem_kem_##P = {                                   \
      "ML-KEM-" #P,           MLKEM##P##_EK_BYTES / 384,                     \
      MLKEM##P##_EK_BYTES,    MLKEM##P##_DK_BYTES,                           \
      MLKEM##P##_CT_BYTES,    MLKEM_SS_BYTES,                                \
      MLKEM_SEED_BYTES,       MLKEM_MSG_BYTES,                               \
      mlkem##P##_keygen,      mlkem##P##_keygen_derand,                      \
      mlkem##P##_encaps,      mlkem##P##_encaps_derand,                      \
      mlkem##P##_decaps,      mlkem##P##_check_ek,                           \
      mlkem##P##_check_dk,    MLKEM##P##_PREPARED_EK_BYTES,                  \
      mlkem##P##_prepare_ek,  mlkem##P##_encaps_prepared,                    \
      mlkem##P##_encaps_prepared_derand}

MLKEM_DEFINE_SET(512, 2);
MLKEM_DEFINE_SET(768, 3);
MLKEM_DEFINE_SET(1024, 4);

const mlkem_kem *const mlkem_kems[] = {&mlkem_kem_512, &mlkem_kem_768,
                                       &mlkem_kem_1024, NULL};

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
    default:
      return "unknown error";
  }
}

const char *mlkem_version(void) { return MLKEM_VERSION_STRING; }

const char *mlkem_backend_name(void) {
  const mlkem_backend *be = mlkem_backend_get();
  return be != NULL ? be->name : "unavailable";
}
