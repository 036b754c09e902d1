/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber.c - the public functions of mlkem_kyber.h: for every parameter set,
 * wrappers of the round-3 KEM compiled for its rank (kyber_kem.h) in the
 * SHAKE and the 90s variant, and the descriptors.
 */
#include "mlkem_kyber.h"
#include "mlkem.h"
#include "fips203/kem.h"
#include "fips203/params.h"
#include "kyber/kyber_kem.h"

/* Round 3's sizes are ML-KEM's (the same K-PKE and key layout). */
#define KYBER_ASSERT_SIZES(P, K, ETA1, ETA2, DU, DV)                      \
  _Static_assert(KYBER##P##_PK_BYTES == MLKEM_EK_BYTES_OF(K), "pk size"); \
  _Static_assert(KYBER##P##_SK_BYTES == MLKEM_DK_BYTES_OF(K), "sk size"); \
  _Static_assert(KYBER##P##_CT_BYTES == MLKEM_CT_BYTES_OF(K, DU, DV),     \
                 "ct size");
MLKEM_PARAMETER_SETS(KYBER_ASSERT_SIZES)
_Static_assert(KYBER_SS_BYTES == MLKEM_SYMBYTES, "shared secret size");
_Static_assert(KYBER_KEYGEN_COINS_BYTES == 2 * MLKEM_SYMBYTES &&
                   KYBER_ENCAPS_COINS_BYTES == MLKEM_SYMBYTES,
               "coins sizes");

/* The functions of mlkem_kyber.h: for every row of @spec{FIPS203, Table 2},
 * both variants and every operation of ML-KEM's list (fips203/kem.h) that
 * round 3 has (KYBER), the round-3 KEM compiled for its rank
 * (kyber/kyber_kem.h) on the variant's suite; and the descriptors, whose
 * input checks (CHECK) are ML-KEM's functions (the same layout and the
 * same H) but for Kyber-90s' hash check, with SHA-256. The functions
 * defined:
 * kyber512_keygen, kyber512_keygen_derand, kyber512_encaps,
 * kyber512_encaps_derand, kyber512_decaps, kyber512_90s_keygen,
 * kyber512_90s_keygen_derand, kyber512_90s_encaps,
 * kyber512_90s_encaps_derand, kyber512_90s_decaps, kyber768_keygen,
 * kyber768_keygen_derand, kyber768_encaps, kyber768_encaps_derand,
 * kyber768_decaps, kyber768_90s_keygen, kyber768_90s_keygen_derand,
 * kyber768_90s_encaps, kyber768_90s_encaps_derand, kyber768_90s_decaps,
 * kyber1024_keygen, kyber1024_keygen_derand, kyber1024_encaps,
 * kyber1024_encaps_derand, kyber1024_decaps, kyber1024_90s_keygen,
 * kyber1024_90s_keygen_derand, kyber1024_90s_encaps,
 * kyber1024_90s_encaps_derand, kyber1024_90s_decaps.
 */
#define KYBER_FUNCTION_KYBER_(F, K, SUITE, type, name, params, args)          \
  type F##_##name params {                                                    \
    MLKEM_RETURN_##type mlkem_k##K##_kyber_##name(MLKEM_UNPAREN args, SUITE); \
  }
#define KYBER_FUNCTION_CHECK_(F, K, SUITE, type, name, params, args)
#define KYBER_FUNCTION_NONE_(F, K, SUITE, type, name, params, args)
#define KYBER_MEMBER_KYBER_(F, name) .name = F##_##name,
#define KYBER_MEMBER_CHECK_(F, name)
#define KYBER_MEMBER_NONE_(F, name) .name = NULL,

#define KYBER_SHAKE_FUNCTION_(P, K, type, name, params, args, r3)            \
  KYBER_FUNCTION_##r3##_(kyber##P, K, &mlkem_k##K##_kyber_shake, type, name, \
                         params, args)
#define KYBER_90S_FUNCTION_(P, K, type, name, params, args, r3)            \
  KYBER_FUNCTION_##r3##_(kyber##P##_90s, K, &mlkem_k##K##_kyber_90s, type, \
                         name, params, args)
#define KYBER_SHAKE_MEMBER_(P, K, type, name, params, args, r3) \
  KYBER_MEMBER_##r3##_(kyber##P, name)
#define KYBER_90S_MEMBER_(P, K, type, name, params, args, r3) \
  KYBER_MEMBER_##r3##_(kyber##P##_90s, name)

/* A descriptor (mlkem_kyber.h, "Descriptors"): F is kyberP or kyberP_90s,
 * MEMBER its variant's member generator above. */
#define KYBER_DESCRIPTOR(P, K, F, NAME, MEMBER, CHECK_EK, CHECK_DK)         \
  static const mlkem_kem F##_kem = {.name = NAME,                           \
                                    .rank = K,                              \
                                    .ek_bytes = KYBER##P##_PK_BYTES,        \
                                    .dk_bytes = KYBER##P##_SK_BYTES,        \
                                    .ct_bytes = KYBER##P##_CT_BYTES,        \
                                    .ss_bytes = KYBER_SS_BYTES,             \
                                    .seed_bytes = KYBER_KEYGEN_COINS_BYTES, \
                                    .msg_bytes = KYBER_ENCAPS_COINS_BYTES,  \
                                    .prepared_ek_bytes = 0,                 \
                                    .expanded_dk_bytes = 0,                 \
                                    .expanded_ek_bytes = 0,                 \
                                    .check_ek = CHECK_EK,                   \
                                    .check_dk = CHECK_DK,                   \
                                    MLKEM_KEM_API(MEMBER, P, K)};

#define KYBER_DEFINE_SET(P, K, ETA1, ETA2, DU, DV)                             \
  MLKEM_KEM_API(KYBER_SHAKE_FUNCTION_, P, K)                                   \
  MLKEM_KEM_API(KYBER_90S_FUNCTION_, P, K)                                     \
  static int kyber##P##_90s_check_sk(const uint8_t *sk) {                      \
    return mlkem_k##K##_kyber_check_sk(sk, &mlkem_k##K##_kyber_90s);           \
  }                                                                            \
  KYBER_DESCRIPTOR(P, K, kyber##P, "Kyber" #P, KYBER_SHAKE_MEMBER_,            \
                   mlkem##P##_check_ek, mlkem##P##_check_dk)                   \
  KYBER_DESCRIPTOR(P, K, kyber##P##_90s, "Kyber" #P "-90s", KYBER_90S_MEMBER_, \
                   mlkem##P##_check_ek, kyber##P##_90s_check_sk)
MLKEM_PARAMETER_SETS(KYBER_DEFINE_SET)

#define KYBER_KEM(P, K, ETA1, ETA2, DU, DV) &kyber##P##_kem,
#define KYBER_90S_KEM(P, K, ETA1, ETA2, DU, DV) &kyber##P##_90s_kem,
const mlkem_kem *const mlkem_kyber_kems[] = {
    MLKEM_PARAMETER_SETS(KYBER_KEM) MLKEM_PARAMETER_SETS(KYBER_90S_KEM) NULL};
