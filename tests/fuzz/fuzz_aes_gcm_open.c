/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_aes_gcm_open.c - libFuzzer target: AES-GCM decryption on arbitrary
 * keys, nonces, aad and ciphertexts, every implementation against the
 * portable one.
 *
 * Input: a control byte c, then key (32 bytes), nonce (12), then the aad
 * (c & 63 bytes), then the rest, zeros where the input is shorter. Bit 6
 * of c chooses AES-128-GCM (the first 16 key bytes) or AES-256-GCM. If
 * bit 7 of c is clear the rest is the message to open (ciphertext ||
 * tag). If it is set, the rest is a plaintext sealed with the portable
 * implementation first and then opened, with one bit flipped if the
 * plaintext's first byte is odd (at a place its second byte chooses), so
 * that both the accepting and the refusing paths are reached.
 *
 * Invariants: every implementation the CPU runs (gcm.h) returns what the
 * portable one returns, with the same output bytes; a refusal is
 * MLKEM_ERR_AEAD_TAG (or MLKEM_ERR_AEAD_LENGTH for fewer than 16 bytes)
 * with every output byte zero and nothing written past it; an accepted
 * message seals back, under the same key, nonce and aad, to itself; a
 * sealed message with no flipped bit opens to its plaintext and one with
 * a flipped bit does not; mlkem_aead_open (dispatched) agrees; opening
 * in place gives the same.
 */
#include "aead/gcm.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_MSG 4096

static uint8_t msg[MAX_MSG + 16], want[MAX_MSG + 16], got[MAX_MSG + 16],
    inplace[MAX_MSG + 16], again[MAX_MSG + 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const mlkem_gcm_impl *impls[8];
  const size_t nimpls = mlkem_gcm_impls(impls, 8);
  uint8_t c = 0, key[32], nonce[12], aad[63];
  size_t key_len, aad_len, len, i;
  mlkem_aes_gcm_key k;
  int want_rc, r;
  if (size > 0) {
    c = data[0];
    data++;
    size--;
  }
  key_len = (c & 0x40) ? 16 : 32;
  aad_len = c & 63;
  fuzz_take(key, 32, &data, &size);
  fuzz_take(nonce, 12, &data, &size);
  fuzz_take(aad, aad_len, &data, &size);
  len = size < MAX_MSG ? size : MAX_MSG;
  if (c & 0x80) {
    /* Sealed by portable, maybe with a bit flipped. */
    const int flip = len > 0 && (data[0] & 1);
    const size_t at = len > 1 ? data[1] % (len + 16) : 0;
    FUZZ_REQUIRE(mlkem_aes_gcm_init_impl(&k, key, key_len,
                                         &mlkem_gcm_portable) == MLKEM_OK,
                 "key setup");
    FUZZ_REQUIRE(mlkem_aes_gcm_seal_key(&k, msg, nonce, aad, aad_len, data,
                                        len) == MLKEM_OK,
                 "portable seal");
    if (flip) msg[at] ^= (uint8_t)(1u << (data[0] >> 5));
    len += 16;
    memset(want, FUZZ_FILL, sizeof want);
    want_rc = mlkem_aes_gcm_open_key(&k, want, nonce, aad, aad_len, msg, len);
    FUZZ_REQUIRE(want_rc == (flip ? MLKEM_ERR_AEAD_TAG : MLKEM_OK),
                 "a sealed message opens exactly when no bit was flipped");
    if (!flip)
      FUZZ_REQUIRE(memcmp(want, data, len - 16) == 0,
                   "it opens to its plaintext");
  } else {
    memcpy(msg, data, len);
    FUZZ_REQUIRE(mlkem_aes_gcm_init_impl(&k, key, key_len,
                                         &mlkem_gcm_portable) == MLKEM_OK,
                 "key setup");
    memset(want, FUZZ_FILL, sizeof want);
    want_rc = mlkem_aes_gcm_open_key(&k, want, nonce, aad, aad_len, msg, len);
  }
  mlkem_aes_gcm_wipe(&k);
  if (len < 16)
    FUZZ_REQUIRE(want_rc == MLKEM_ERR_AEAD_LENGTH,
                 "fewer than 16 bytes: a length error");
  else if (want_rc != MLKEM_OK)
    FUZZ_REQUIRE(
        want_rc == MLKEM_ERR_AEAD_TAG && fuzz_all(want, len - 16, 0) &&
            fuzz_all(want + len - 16, sizeof want - (len - 16), FUZZ_FILL),
        "a refusal is MLKEM_ERR_AEAD_TAG with the output zeroed");

  for (i = 0; i < nimpls; i++) {
    FUZZ_REQUIRE(
        mlkem_aes_gcm_init_impl(&k, key, key_len, impls[i]) == MLKEM_OK,
        "key setup");
    memset(got, FUZZ_FILL, sizeof got);
    r = mlkem_aes_gcm_open_key(&k, got, nonce, aad, aad_len, msg, len);
    FUZZ_REQUIRE(r == want_rc && memcmp(got, want, sizeof got) == 0,
                 "every implementation opens as portable does");
    memcpy(inplace, msg, len);
    r = mlkem_aes_gcm_open_key(&k, inplace, nonce, aad, aad_len, inplace, len);
    FUZZ_REQUIRE(
        r == want_rc && (len < 16 || memcmp(inplace, want, len - 16) == 0),
        "in place, the same");
    if (want_rc == MLKEM_OK) {
      FUZZ_REQUIRE(mlkem_aes_gcm_seal_key(&k, again, nonce, aad, aad_len, got,
                                          len - 16) == MLKEM_OK &&
                       memcmp(again, msg, len) == 0,
                   "an accepted message seals back to itself");
    }
    mlkem_aes_gcm_wipe(&k);
  }
  memset(got, FUZZ_FILL, sizeof got);
  r = mlkem_aead_open(
      key_len == 16 ? MLKEM_AEAD_AES_128_GCM : MLKEM_AEAD_AES_256_GCM, got, key,
      key_len, nonce, aad, aad_len, msg, len);
  FUZZ_REQUIRE(r == want_rc && memcmp(got, want, sizeof got) == 0,
               "mlkem_aead_open agrees");
  return 0;
}
