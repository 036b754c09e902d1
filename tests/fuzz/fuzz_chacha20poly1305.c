/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_chacha20poly1305.c - libFuzzer target: ChaCha20-Poly1305 open
 * (src/aead/) on arbitrary inputs, every implementation against the
 * portable one.
 *
 * Input: key (32 bytes) || nonce (12) || n (1 byte) || aad (n mod 64
 * bytes) || the rest: the sealed message (ciphertext || tag), zeros where
 * the input is shorter. Invariants, for each implementation the CPU runs:
 * open returns what the portable open returns and writes the same
 * output; a message shorter than a tag is refused with
 * MLKEM_ERR_AEAD_LENGTH and nothing written; a refused tag
 * (MLKEM_ERR_AEAD_TAG) leaves an all-zero output; an accepted message
 * seals back, under the same key, nonce and aad, to itself. The rest
 * sealed as a plaintext gives the portable ciphertext too, and the same
 * in place.
 */
#include "aead/chacha20poly1305.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_MSG 8192

static uint8_t want[MAX_MSG + 16], got[MAX_MSG + 16], resealed[MAX_MSG + 16];
static uint8_t want_seal[MAX_MSG + 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const mlkem_chacha20poly1305_impl *impls[8];
  size_t nimpls = mlkem_chacha20poly1305_impls(impls, 8), k;
  uint8_t key[32], nonce[12], nb, aad[63];
  size_t aad_len, len;
  int want_rc;
  fuzz_take(key, 32, &data, &size);
  fuzz_take(nonce, 12, &data, &size);
  fuzz_take(&nb, 1, &data, &size);
  aad_len = nb % 64u;
  fuzz_take(aad, aad_len, &data, &size);
  len = size < MAX_MSG ? size : MAX_MSG;

  for (k = 0; k < nimpls; k++) {
    mlkem_chacha20poly1305_key ck;
    size_t n = len >= 16 ? len - 16 : 0;
    int rc;
    mlkem_chacha20poly1305_key_init_impl(&ck, key, impls[k]);
    memset(got, FUZZ_FILL, sizeof got);
    rc = mlkem_chacha20poly1305_key_open(&ck, got, nonce, aad, aad_len, data,
                                         len);
    if (k == 0) {
      want_rc = rc;
      memcpy(want, got, sizeof want);
    }
    FUZZ_REQUIRE(rc == want_rc && memcmp(got, want, sizeof got) == 0,
                 "open agrees with portable");
    if (len < 16) {
      FUZZ_REQUIRE(
          rc == MLKEM_ERR_AEAD_LENGTH && fuzz_all(got, sizeof got, FUZZ_FILL),
          "a message shorter than a tag is refused untouched");
    } else if (rc == MLKEM_ERR_AEAD_TAG) {
      FUZZ_REQUIRE(fuzz_all(got, n, 0), "a refused message leaves zeros");
    } else {
      FUZZ_REQUIRE(rc == MLKEM_OK, "open returns 0, TAG or LENGTH");
      FUZZ_REQUIRE(
          mlkem_chacha20poly1305_key_seal(&ck, resealed, nonce, aad, aad_len,
                                          got, n) == MLKEM_OK &&
              memcmp(resealed, data, len) == 0,
          "an accepted message seals back to itself");
    }
    /* The input as a plaintext: sealed like portable, in place too. */
    FUZZ_REQUIRE(mlkem_chacha20poly1305_key_seal(&ck, got, nonce, aad, aad_len,
                                                 data, len) == MLKEM_OK,
                 "seal");
    if (k == 0) memcpy(want_seal, got, len + 16);
    FUZZ_REQUIRE(memcmp(got, want_seal, len + 16) == 0,
                 "seal agrees with portable");
    memcpy(got, data, len);
    FUZZ_REQUIRE(mlkem_chacha20poly1305_key_seal(&ck, got, nonce, aad, aad_len,
                                                 got, len) == MLKEM_OK &&
                     memcmp(got, want_seal, len + 16) == 0,
                 "seal in place agrees with portable");
    mlkem_chacha20poly1305_key_wipe(&ck);
  }
  return 0;
}
