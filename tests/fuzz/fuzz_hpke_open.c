/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_hpke_open.c - libFuzzer target: HPKE's single-shot open
 * (mlkem_hpke.h) of an arbitrary enc and ciphertext, for every suite.
 *
 * Input: kem (byte mod 5), kdf (mod 7), aead (mod 4), the recipient's
 * DeriveKeyPair ikm (64), enc (the KEM's Nenc), an info length byte and
 * the info, an aad length byte and the aad, then the ciphertext (the
 * rest). The seed corpus (scripts/fuzz_corpus.py) is the published
 * vectors' first message of each suite in this layout (with ikmR padded
 * to 64 bytes: the vectors whose ikmR has 64 bytes open). Invariants:
 *  - open returns 0 or one of the documented errors of an arbitrary
 *    message: MLKEM_ERR_AEAD_TAG, MLKEM_HPKE_ERR_LENGTH (a ciphertext
 *    shorter than the tag), MLKEM_HPKE_ERR_EXPORT_ONLY,
 *    MLKEM_ERR_X25519_ZERO (DHKEM, an enc of small order); on an error
 *    the plaintext buffer is all zeros; open is deterministic;
 *  - a message sealed to the key from the input's bytes (its encapsulation
 *    randomness the first bytes of enc) opens to its plaintext, and fails
 *    with MLKEM_ERR_AEAD_TAG and a zeroed plaintext once a byte of it, in
 *    enc or ciphertext, chosen by the input, is flipped (except where the
 *    flip does not change the DHKEM secret: none does; ML-KEM's implicit
 *    rejection gives another secret).
 */
#include "fuzz_common.h"
#include "mlkem_hpke.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint16_t kems[5] = {0x0020, 0x0040, 0x0041, 0x0042, 0x647A};
static const uint16_t kdfs[7] = {0x0001, 0x0002, 0x0003, 0x0010,
                                 0x0011, 0x0012, 0x0013};
static const uint16_t aeads[4] = {0x0001, 0x0002, 0x0003, 0xFFFF};

static mlkem_hpke_private_key sk;
static mlkem_hpke_public_key pk;
static uint8_t enc[MLKEM_HPKE_MAX_ENC_BYTES], enc2[MLKEM_HPKE_MAX_ENC_BYTES];
static uint8_t pt[1 << 16], pt2[1 << 16], ct2[1 << 16];

/* A length byte, then that many bytes (as many as there are). */
static size_t take_var(const uint8_t **p, const uint8_t **data, size_t *size) {
  size_t n = 0;
  if (*size > 0) {
    n = **data;
    (*data)++;
    (*size)--;
  }
  if (n > *size) n = *size;
  *p = *data;
  *data += n;
  *size -= n;
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t sel[3], ikm[64], pkb[MLKEM_HPKE_MAX_PK_BYTES];
  uint8_t skb[MLKEM_HPKE_MAX_SK_BYTES];
  const uint8_t *info, *aad;
  size_t npk, nsk, nenc, ninfo, naad, nct, i;
  mlkem_hpke_suite s;
  int err;

  fuzz_take(sel, sizeof sel, &data, &size);
  s.kem = kems[sel[0] % 5];
  s.kdf = kdfs[sel[1] % 7];
  s.aead = aeads[sel[2] % 4];
  FUZZ_REQUIRE(mlkem_hpke_kem_sizes(s.kem, &npk, &nsk, &nenc) == MLKEM_OK,
               "sizes");
  fuzz_take(ikm, sizeof ikm, &data, &size);
  fuzz_take(enc, nenc, &data, &size);
  ninfo = take_var(&info, &data, &size);
  naad = take_var(&aad, &data, &size);
  nct = size > sizeof pt ? sizeof pt : size;
  FUZZ_REQUIRE(
      mlkem_hpke_derive_keypair(s.kem, pkb, npk, skb, nsk, ikm, sizeof ikm) ==
              MLKEM_OK &&
          mlkem_hpke_private_key_import(&sk, s.kem, skb, nsk) == MLKEM_OK &&
          mlkem_hpke_public_key_import(&pk, s.kem, pkb, npk) == MLKEM_OK,
      "the key pair of ikm");

  /* The arbitrary message. */
  memset(pt, FUZZ_FILL, sizeof pt);
  err = mlkem_hpke_open(s, pt, nct >= 16 ? nct - 16 : 0, &sk, enc, nenc, info,
                        ninfo, aad, naad, data, nct, NULL, NULL);
  FUZZ_REQUIRE(err == MLKEM_OK || err == MLKEM_ERR_AEAD_TAG ||
                   err == MLKEM_HPKE_ERR_LENGTH ||
                   err == MLKEM_HPKE_ERR_EXPORT_ONLY ||
                   (err == MLKEM_ERR_X25519_ZERO && s.kem == 0x0020),
               "open gives a documented result");
  if (err != MLKEM_OK && nct >= 16)
    for (i = 0; i < nct - 16; i++)
      FUZZ_REQUIRE(pt[i] == 0, "a failed open releases nothing");
  memset(pt2, FUZZ_FILL, sizeof pt2);
  FUZZ_REQUIRE(
      mlkem_hpke_open(s, pt2, nct >= 16 ? nct - 16 : 0, &sk, enc, nenc, info,
                      ninfo, aad, naad, data, nct, NULL, NULL) == err &&
          memcmp(pt, pt2, nct >= 16 ? nct - 16 : 0) == 0,
      "open is deterministic");
  if (s.aead == MLKEM_HPKE_AEAD_EXPORT_ONLY || nct > sizeof ct2 - 16) return 0;

  /* A message sealed to the key: the ciphertext's bytes as plaintext. */
  {
    mlkem_hpke_sender snd;
    mlkem_hpke_recipient rcv;
    size_t ncoins = s.kem == 0x647A ? 64 : 32, flip;
    FUZZ_REQUIRE(
        mlkem_hpke_setup_sender_derand(&snd, enc2, nenc, s, &pk, info, ninfo,
                                       NULL, NULL, enc, ncoins) == MLKEM_OK,
        "setup with the input's randomness");
    err = mlkem_hpke_sender_seal(&snd, ct2, nct + 16, aad, naad, data, nct);
    FUZZ_REQUIRE(err == MLKEM_OK, "seal");
    FUZZ_REQUIRE(mlkem_hpke_setup_recipient(&rcv, s, &sk, enc2, nenc, info,
                                            ninfo, NULL, NULL) == MLKEM_OK &&
                     mlkem_hpke_recipient_open(&rcv, pt2, nct, aad, naad, ct2,
                                               nct + 16) == MLKEM_OK &&
                     memcmp(pt2, data, nct) == 0,
                 "a sealed message opens");
    /* One flipped bit, in enc or the ciphertext. */
    flip = (size_t)(ikm[0] | ikm[1] << 8) % (nenc + nct + 16);
    if (flip < nenc)
      enc2[flip] ^= (uint8_t)(1u << (ikm[2] & 7));
    else
      ct2[flip - nenc] ^= (uint8_t)(1u << (ikm[2] & 7));
    memset(pt2, FUZZ_FILL, nct);
    err = mlkem_hpke_open(s, pt2, nct, &sk, enc2, nenc, info, ninfo, aad, naad,
                          ct2, nct + 16, NULL, NULL);
    FUZZ_REQUIRE(err == MLKEM_ERR_AEAD_TAG ||
                     (err == MLKEM_ERR_X25519_ZERO && s.kem == 0x0020),
                 "an altered message does not open");
    for (i = 0; i < nct; i++)
      FUZZ_REQUIRE(pt2[i] == 0, "an altered message releases nothing");
    mlkem_hpke_sender_wipe(&snd);
    mlkem_hpke_recipient_wipe(&rcv);
  }
  return 0;
}
