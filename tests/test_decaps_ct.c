/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_decaps_ct.c - decapsulation reads the ciphertext once:
 * a ct in memory that another party changes during the call (shared
 * memory across a trust boundary) must not make decryption, K-bar =
 * J(z || c) and the re-encryption compare see different ciphertexts.
 *
 * Built against the copy of the library with the test-only fault hooks
 * (mlkem_objects_pairwise, tests/CMakeLists.txt): mlkem_fault_decaps_ct,
 * when set, is called inside decaps (and decaps_expanded) after
 * K-PKE.Decrypt and before the
 * hashes and the re-encryption compare, and changes the caller's ct
 * buffer there. For every set, the result must be that of the ct passed
 * at entry:
 *  - a valid ct altered during the call: the encapsulated key K;
 *  - an invalid ct (one bit flipped) restored during the call: the
 *    implicit-rejection key J(z || c) of the flipped c, computed here
 *    with SHAKE256 from z.
 */
#include <stdio.h>
#include <string.h>

#include "kem_schemes.h"
#include "mlkem.h"
#include "mlkem_kyber.h"
#include "test_util.h"

extern void (*mlkem_fault_decaps_ct)(void);

static uint8_t shared_ct[MLKEM1024_CT_BYTES];
static size_t flip_at;
static unsigned hook_calls;

/* The other party: flips one bit of the ciphertext in shared memory. */
static void change_ct(void) {
  shared_ct[flip_at] ^= 0x01;
  hook_calls++;
}

/* decaps of shared_ct (decaps_expanded when x is not NULL), which the
 * other party changes during the call; returns 1 if the call succeeded
 * and the change was made once. */
static int decaps_while_changed(const mlkem_kem *kem, uint8_t *ss,
                                const uint8_t *dk, const uint8_t *x) {
  int rc;
  hook_calls = 0;
  mlkem_fault_decaps_ct = change_ct;
  rc = x != NULL ? kem->decaps_expanded(ss, shared_ct, x)
                 : kem->decaps(ss, shared_ct, dk);
  mlkem_fault_decaps_ct = NULL;
  return rc == MLKEM_OK && hook_calls == 1;
}

int main(void) {
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES];
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  uint8_t ss[MLKEM_SS_BYTES], got[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  unsigned s, pos;
  test_rng rng;

  test_backend_banner();
  test_rng_init(&rng, "decaps reads ct once");
  for (s = 0; s < 9; s++) {
    /* ML-KEM's sets, then round 3's (mlkem_kyber.h). */
    const mlkem_kem *kem = s < 3 ? mlkem_kems[s] : mlkem_kyber_kems[s - 3];
    test_rng_bytes(&rng, seed, sizeof seed);
    test_rng_bytes(&rng, m, sizeof m);
    CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
    CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
    /* ML-KEM's expanded dk too. */
    if (kem->expand_dk != NULL) CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
    /* A byte of c1 (u) and the last byte, of c2 (v); with the plain dk,
     * then the expanded one. */
    for (pos = 0; pos < 4; pos++) {
      const uint8_t *x = pos >= 2 ? xdk : NULL;
      if (x != NULL && kem->expand_dk == NULL) break;
      flip_at = pos % 2 == 0 ? 0 : kem->ct_bytes - 1;

      /* A valid ciphertext, altered during the call. */
      memcpy(shared_ct, ct, kem->ct_bytes);
      CHECK(decaps_while_changed(kem, got, dk, x));
      CHECK(shared_ct[flip_at] != ct[flip_at]);
      CHECKF(memcmp(got, ss, sizeof ss) == 0,
             "%s: a valid ct altered during decaps (byte %zu) did not give "
             "the encapsulated key",
             kem->name, flip_at);

      /* An invalid ciphertext, restored during the call. */
      memcpy(shared_ct, ct, kem->ct_bytes);
      shared_ct[flip_at] ^= 0x01;
      test_scheme_rejection_key(test_scheme_of(kem), want,
                                dk + kem->dk_bytes - 32, shared_ct,
                                kem->ct_bytes);
      CHECK(decaps_while_changed(kem, got, dk, x));
      CHECK(shared_ct[flip_at] == ct[flip_at]);
      CHECKF(memcmp(got, want, sizeof want) == 0,
             "%s: an invalid ct restored during decaps (byte %zu) did not "
             "give J(z || c) of the ct passed",
             kem->name, flip_at);
    }
  }
  printf(
      "decaps: a ct changed during the call gives the result of the ct "
      "passed, for every set of ML-KEM (and its decaps_expanded) and round 3 "
      "(backend %s)\n",
      mlkem_backend_name());
  return test_summary("test_decaps_ct");
}
