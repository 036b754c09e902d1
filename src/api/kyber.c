/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber.c - the public functions of mlkem_kyber.h: for every parameter set,
 * wrappers of the round-3 KEM compiled for its rank (kyber_kem.h) in the
 * SHAKE and the 90s variant, and the descriptors.
 */
#include "mlkem_kyber.h"
#include "mlkem.h"
#include "kyber/kyber_kem.h"
#include "fips203/params.h"

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

/* The five functions of one set and variant: F is kyberP or kyberP_90s,
 * SYM its symmetric functions (kyber/kyber_suite.h). */
#define KYBER_DEFINE_FUNCTIONS(P, K, F, SYM)                                  \
  int F##_keygen(uint8_t pk[KYBER##P##_PK_BYTES],                             \
                 uint8_t sk[KYBER##P##_SK_BYTES]) {                           \
    return mlkem_k##K##_kyber_keygen(pk, sk, SYM);                            \
  }                                                                           \
  int F##_keygen_derand(uint8_t pk[KYBER##P##_PK_BYTES],                      \
                        uint8_t sk[KYBER##P##_SK_BYTES],                      \
                        const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]) {      \
    return mlkem_k##K##_kyber_keygen_derand(pk, sk, coins, SYM);              \
  }                                                                           \
  int F##_encaps(uint8_t ct[KYBER##P##_CT_BYTES], uint8_t ss[KYBER_SS_BYTES], \
                 const uint8_t pk[KYBER##P##_PK_BYTES]) {                     \
    return mlkem_k##K##_kyber_encaps(ct, ss, pk, SYM);                        \
  }                                                                           \
  int F##_encaps_derand(uint8_t ct[KYBER##P##_CT_BYTES],                      \
                        uint8_t ss[KYBER_SS_BYTES],                           \
                        const uint8_t pk[KYBER##P##_PK_BYTES],                \
                        const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]) {      \
    return mlkem_k##K##_kyber_encaps_derand(ct, ss, pk, coins, SYM);          \
  }                                                                           \
  int F##_decaps(uint8_t ss[KYBER_SS_BYTES],                                  \
                 const uint8_t ct[KYBER##P##_CT_BYTES],                       \
                 const uint8_t sk[KYBER##P##_SK_BYTES]) {                     \
    return mlkem_k##K##_kyber_decaps(ss, ct, sk, SYM);                        \
  }

/* A descriptor (mlkem_kyber.h, "Descriptors"). */
#define KYBER_DESCRIPTOR(P, K, F, NAME, CHECK_EK, CHECK_DK) \
  static const mlkem_kem F##_kem = {                        \
      .name = NAME,                                         \
      .rank = K,                                            \
      .ek_bytes = KYBER##P##_PK_BYTES,                      \
      .dk_bytes = KYBER##P##_SK_BYTES,                      \
      .ct_bytes = KYBER##P##_CT_BYTES,                      \
      .ss_bytes = KYBER_SS_BYTES,                           \
      .seed_bytes = KYBER_KEYGEN_COINS_BYTES,               \
      .msg_bytes = KYBER_ENCAPS_COINS_BYTES,                \
      .keygen = F##_keygen,                                 \
      .keygen_derand = F##_keygen_derand,                   \
      .encaps = F##_encaps,                                 \
      .encaps_derand = F##_encaps_derand,                   \
      .decaps = F##_decaps,                                 \
      .check_ek = CHECK_EK,                                 \
      .check_dk = CHECK_DK,                                 \
      .prepared_ek_bytes = 0,                               \
      .prepare_ek = NULL,                                   \
      .encaps_prepared = NULL,                              \
      .encaps_prepared_derand = NULL,                       \
      .expanded_dk_bytes = 0,                               \
      .expanded_ek_bytes = 0,                               \
      .expand_dk = NULL,                                    \
      .expand_dk_from_seed = NULL,                          \
      .decaps_expanded = NULL,                              \
      .expanded_dk_wipe = NULL,                             \
      .expand_ek = NULL,                                    \
      .encaps_expanded = NULL,                              \
      .encaps_expanded_derand = NULL,                       \
  };

/* Both variants of one row of Table 2. Kyber's input checks are ML-KEM's
 * functions (the same layout and the same H); Kyber-90s' hash check uses
 * SHA-256. */
#define KYBER_DEFINE_SET(P, K, ETA1, ETA2, DU, DV)                      \
  KYBER_DEFINE_FUNCTIONS(P, K, kyber##P, &mlkem_k##K##_kyber_shake)     \
  KYBER_DEFINE_FUNCTIONS(P, K, kyber##P##_90s, &mlkem_k##K##_kyber_90s) \
  static int kyber##P##_90s_check_sk(const uint8_t *sk) {               \
    return mlkem_k##K##_kyber_check_sk(sk, &mlkem_k##K##_kyber_90s);    \
  }                                                                     \
  KYBER_DESCRIPTOR(P, K, kyber##P, "Kyber" #P, mlkem##P##_check_ek,     \
                   mlkem##P##_check_dk)                                 \
  KYBER_DESCRIPTOR(P, K, kyber##P##_90s, "Kyber" #P "-90s",             \
                   mlkem##P##_check_ek, kyber##P##_90s_check_sk)
MLKEM_PARAMETER_SETS(KYBER_DEFINE_SET)

#define KYBER_KEM(P, K, ETA1, ETA2, DU, DV) &kyber##P##_kem,
#define KYBER_90S_KEM(P, K, ETA1, ETA2, DU, DV) &kyber##P##_90s_kem,
const mlkem_kem *const mlkem_kyber_kems[] = {
    MLKEM_PARAMETER_SETS(KYBER_KEM) MLKEM_PARAMETER_SETS(KYBER_90S_KEM) NULL};
