/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_xwing_decaps.c - libFuzzer target: X-Wing decapsulation
 * (mlkem_hybrid.h) of an arbitrary ciphertext under an arbitrary private
 * key.
 *
 * Input: ct (1120) || sk (32). Invariants:
 *  - xwing_decaps never fails (implicit rejection) and is deterministic;
 *  - xwing_decaps_expanded on xwing_expand_sk(sk) gives the same secret;
 *  - its secret is the draft's Decapsulate (section 5.5) restated here
 *    from ML-KEM-768, X25519 and SHA-3: expanded = SHAKE256(sk, 96),
 *    (ek, dk) = ML-KEM-768.KeyGen_internal(expanded[0:64]),
 *    ss_M = ML-KEM-768.Decaps(dk, ct_M), ss_X = X25519(expanded[64:],
 *    ct_X) (zero for a point of small order), and
 *    SHA3-256(ss_M || ss_X || ct_X || pk_X || "\.//^\").
 */
#include "fuzz_common.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint8_t label[6] = {0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c};
  static uint8_t ct[XWING_CT_BYTES], ek[MLKEM768_EK_BYTES];
  static uint8_t dk[MLKEM768_DK_BYTES], xsk[XWING_EXPANDED_SK_BYTES];
  uint8_t sk[XWING_SK_BYTES], expanded[96], in[134], want[32];
  uint8_t ss1[32], ss2[32];
  int rx;

  fuzz_take(ct, sizeof ct, &data, &size);
  fuzz_take(sk, sizeof sk, &data, &size);
  memset(ss1, FUZZ_FILL, sizeof ss1);
  memset(ss2, FUZZ_FILL, sizeof ss2);
  FUZZ_REQUIRE(xwing_decaps(ss1, ct, sk) == MLKEM_OK, "decaps never fails");
  FUZZ_REQUIRE(xwing_decaps(ss2, ct, sk) == MLKEM_OK &&
                   memcmp(ss1, ss2, sizeof ss1) == 0,
               "decaps is deterministic");
  FUZZ_REQUIRE(xwing_expand_sk(xsk, sk) == MLKEM_OK &&
                   xwing_decaps_expanded(ss2, ct, xsk) == MLKEM_OK &&
                   memcmp(ss1, ss2, sizeof ss1) == 0,
               "the expanded key gives decaps' secret");

  /* Decapsulate, restated. */
  mlkem_shake256(expanded, sizeof expanded, sk, sizeof sk);
  FUZZ_REQUIRE(mlkem768_keygen_derand(ek, dk, expanded) == MLKEM_OK,
               "ML-KEM-768 keygen");
  FUZZ_REQUIRE(mlkem768_decaps(in, ct, dk) == MLKEM_OK, "ML-KEM-768 decaps");
  rx = mlkem_x25519(in + 32, expanded + 64, ct + MLKEM768_CT_BYTES);
  FUZZ_REQUIRE(rx == MLKEM_OK || rx == MLKEM_ERR_X25519_ZERO, "X25519");
  memcpy(in + 64, ct + MLKEM768_CT_BYTES, 32);
  FUZZ_REQUIRE(mlkem_x25519_base(in + 96, expanded + 64) == MLKEM_OK,
               "X25519 base");
  memcpy(in + 128, label, sizeof label);
  mlkem_sha3_256(want, in, sizeof in);
  FUZZ_REQUIRE(memcmp(ss1, want, sizeof want) == 0,
               "the secret is the draft's Decapsulate");
  return 0;
}
