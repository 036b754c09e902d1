/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem.c - the public functions of mlkem.h: one set of wrappers per
 * parameter set, the descriptors, error strings and version (the
 * descriptors by name are kem_by_name.c's).
 */
#include <string.h>

#include "mlkem.h"
#include "backend/backend.h"
#include "fips203/kem.h"
#include "fips203/params.h"

/* The public sizes (mlkem.h) are those computed from @spec{FIPS203, Table 2}
 * (params.h). */
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

/* The functions of mlkem.h, for every row of @spec{FIPS203, Table 2} and every
 * operation of the list (fips203/kem.h), calling the copy of the FIPS 203
 * algorithms compiled for its rank, and the descriptors mlkem_kem_512,
 * mlkem_kem_768 and mlkem_kem_1024. The functions defined:
 * mlkem512_keygen, mlkem512_keygen_derand, mlkem512_encaps,
 * mlkem512_encaps_derand, mlkem512_decaps, mlkem512_check_ek,
 * mlkem512_check_dk, mlkem512_prepare_ek, mlkem512_encaps_prepared,
 * mlkem512_encaps_prepared_derand, mlkem512_expand_dk,
 * mlkem512_expand_dk_from_seed, mlkem512_decaps_expanded,
 * mlkem512_expanded_dk_wipe, mlkem512_expand_ek, mlkem512_encaps_expanded,
 * mlkem512_encaps_expanded_derand, mlkem768_keygen, mlkem768_keygen_derand,
 * mlkem768_encaps, mlkem768_encaps_derand, mlkem768_decaps,
 * mlkem768_check_ek, mlkem768_check_dk, mlkem768_prepare_ek,
 * mlkem768_encaps_prepared, mlkem768_encaps_prepared_derand,
 * mlkem768_expand_dk, mlkem768_expand_dk_from_seed,
 * mlkem768_decaps_expanded, mlkem768_expanded_dk_wipe, mlkem768_expand_ek,
 * mlkem768_encaps_expanded, mlkem768_encaps_expanded_derand,
 * mlkem1024_keygen, mlkem1024_keygen_derand, mlkem1024_encaps,
 * mlkem1024_encaps_derand, mlkem1024_decaps, mlkem1024_check_ek,
 * mlkem1024_check_dk, mlkem1024_prepare_ek, mlkem1024_encaps_prepared,
 * mlkem1024_encaps_prepared_derand, mlkem1024_expand_dk,
 * mlkem1024_expand_dk_from_seed, mlkem1024_decaps_expanded,
 * mlkem1024_expanded_dk_wipe, mlkem1024_expand_ek,
 * mlkem1024_encaps_expanded, mlkem1024_encaps_expanded_derand.
 */
#define MLKEM_DEFINE_OP_(P, K, type, name, params, args, r3) \
  type mlkem##P##_##name params {                            \
    MLKEM_RETURN_##type mlkem_k##K##_kem_##name args;        \
  }
#define MLKEM_MEMBER_(P, K, type, name, params, args, r3) \
  .name = mlkem##P##_##name,
#define MLKEM_DEFINE_SET(P, K, ETA1, ETA2, DU, DV)       \
  MLKEM_KEM_API(MLKEM_DEFINE_OP_, P, K)                  \
  static const mlkem_kem mlkem_kem_##P = {               \
      .name = "ML-KEM-" #P,                              \
      .rank = K,                                         \
      .ek_bytes = MLKEM##P##_EK_BYTES,                   \
      .dk_bytes = MLKEM##P##_DK_BYTES,                   \
      .ct_bytes = MLKEM##P##_CT_BYTES,                   \
      .ss_bytes = MLKEM_SS_BYTES,                        \
      .seed_bytes = MLKEM_SEED_BYTES,                    \
      .msg_bytes = MLKEM_MSG_BYTES,                      \
      .prepared_ek_bytes = MLKEM##P##_PREPARED_EK_BYTES, \
      .expanded_dk_bytes = MLKEM##P##_EXPANDED_DK_BYTES, \
      .expanded_ek_bytes = MLKEM##P##_EXPANDED_EK_BYTES, \
      MLKEM_KEM_API(MLKEM_MEMBER_, P, K)};
MLKEM_PARAMETER_SETS(MLKEM_DEFINE_SET)

#define MLKEM_DESCRIPTOR(P, K, ETA1, ETA2, DU, DV) &mlkem_kem_##P,
const mlkem_kem *const mlkem_kems[] = {MLKEM_PARAMETER_SETS(MLKEM_DESCRIPTOR)
                                           NULL};

const char *mlkem_strerror(int err) {
  switch (err) {
    case MLKEM_OK:
      return "success";
    case MLKEM_ERR_RANDOM:
      return "the random source failed";
    case MLKEM_ERR_INVALID_EK:
      return "invalid encapsulation key (@spec{FIPS203, sec. 7.2} modulus "
             "check failed)";
    case MLKEM_ERR_INVALID_DK:
      return "invalid decapsulation key (@spec{FIPS203, sec. 7.3} hash check "
             "failed)";
    case MLKEM_ERR_NULL_ARGUMENT:
      return "a required pointer argument was NULL";
    case MLKEM_ERR_BACKEND:
      return "the backend forced by MLKEM_BACKEND is not available";
    case MLKEM_ERR_SELFTEST:
      return "the known-answer self-test failed";
    case MLKEM_ERR_PAIRWISE:
      return "the new key pair failed the pairwise consistency test";
    case MLKEM_ERR_X25519_ZERO:
      return "X25519 gave the all-zero value (@spec{RFC7748, sec. 6.1}: a "
             "point of small "
             "order)";
    case MLKEM_ERR_EXPANDED_KEY:
      return "the expanded key was made by another backend, library version "
             "or parameter set, or is not an expanded key of this kind";
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
