/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_common.h - shared by the libFuzzer targets of the library
 * (tests/fuzz/fuzz_*.c, make fuzz, docs/SECURITY.md).
 *
 * Input layout of every target: the first byte chooses the parameter set
 * (its value mod 3: ML-KEM-512, -768, -1024); the bytes after it are the
 * target's fixed-size arguments, one after another, cut off or padded with
 * zeros to their sizes. The seed corpora (scripts/fuzz_corpus.py) use the
 * same layout.
 *
 * The independent checks below restate FIPS 203 section 7 without the
 * library's code: the modulus check decodes every 12-bit value of ek one
 * by one, and the hash check hashes with the library's SHA3-256 (tested
 * against FIPS 202 known answers by test_sha3) and compares with memcmp.
 */
#ifndef MLKEM_FUZZ_COMMON_H
#define MLKEM_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "sha3/sha3.h"

#define FUZZ_Q 3329
#define FUZZ_MAX_EK MLKEM1024_EK_BYTES
#define FUZZ_MAX_DK MLKEM1024_DK_BYTES
#define FUZZ_MAX_CT MLKEM1024_CT_BYTES
/* Output buffers are filled with this before each call, so that a zeroed
 * output can be told from an untouched one. */
#define FUZZ_FILL 0xA5

/* Stops the fuzzer with a finding (libFuzzer saves the input). */
#define FUZZ_REQUIRE(cond, what)                                       \
  do {                                                                 \
    if (!(cond)) {                                                     \
      fprintf(stderr, "fuzz invariant violated: %s (%s:%d)\n", (what), \
              __FILE__, __LINE__);                                     \
      abort();                                                         \
    }                                                                  \
  } while (0)

/* The parameter set chosen by the input, and the input after the byte
 * that chose it. */
static inline const mlkem_kem *fuzz_kem(const uint8_t **data, size_t *size) {
  unsigned i = 0;
  if (*size > 0) {
    i = (*data)[0] % 3u;
    (*data)++;
    (*size)--;
  }
  return mlkem_kems[i];
}

/* Takes the next len bytes of the input into out, zero-padded. */
static inline void fuzz_take(uint8_t *out, size_t len, const uint8_t **data,
                             size_t *size) {
  size_t n = *size < len ? *size : len;
  if (n > 0) memcpy(out, *data, n);
  memset(out + n, 0, len - n);
  *data += n;
  *size -= n;
}

static inline int fuzz_all(const uint8_t *p, size_t len, uint8_t v) {
  size_t i;
  for (i = 0; i < len; i++)
    if (p[i] != v) return 0;
  return 1;
}

/* FIPS 203 section 7.2, restated: every 12-bit value of the 384k bytes of
 * t-hat in ek is below q. */
static inline int fuzz_ek_modulus_ok(const mlkem_kem *kem, const uint8_t *ek) {
  size_t nvals = 256u * kem->rank, i;
  for (i = 0; i < nvals; i++) {
    size_t bit = 12 * i, byte = bit / 8;
    unsigned v = (unsigned)ek[byte] | (unsigned)ek[byte + 1] << 8;
    v = (v >> (bit % 8)) & 0xFFF;
    if (v >= FUZZ_Q) return 0;
  }
  return 1;
}

/* FIPS 203 section 7.3, restated: H(dk[384k : 768k + 32]) equals
 * dk[768k + 32 : 768k + 64]. */
static inline int fuzz_dk_hash_ok(const mlkem_kem *kem, const uint8_t *dk) {
  uint8_t h[32];
  const uint8_t *ek = dk + 384u * kem->rank;
  mlkem_sha3_256(h, ek, kem->ek_bytes);
  return memcmp(h, ek + kem->ek_bytes, 32) == 0;
}

/* The hazmat K-PKE of a set, for the independent restatements of
 * Algorithms 17 and 18. */
typedef struct {
  int (*encrypt)(uint8_t *ct, const uint8_t *ek, const uint8_t *m,
                 const uint8_t *r);
  int (*decrypt)(uint8_t *m, const uint8_t *dk_pke, const uint8_t *ct);
} fuzz_kpke;

static inline fuzz_kpke fuzz_kpke_of(const mlkem_kem *kem) {
  fuzz_kpke f;
  switch (kem->rank) {
    case 2:
      f.encrypt = mlkem512_kpke_encrypt;
      f.decrypt = mlkem512_kpke_decrypt;
      break;
    case 3:
      f.encrypt = mlkem768_kpke_encrypt;
      f.decrypt = mlkem768_kpke_decrypt;
      break;
    default:
      f.encrypt = mlkem1024_kpke_encrypt;
      f.decrypt = mlkem1024_kpke_decrypt;
      break;
  }
  return f;
}

/* An encapsulation entry point on one key (ek, or a prepared key): its
 * _derand form is run twice and its randomized form once, every output
 * prefilled with FUZZ_FILL. Each must return want_rc, the _derand form
 * must be deterministic, and on an error every output must be all zeros.
 * The first result is left in ct and ss. */
typedef int (*fuzz_encaps_derand_fn)(uint8_t *ct, uint8_t *ss,
                                     const uint8_t *key, const uint8_t *m);
typedef int (*fuzz_encaps_fn)(uint8_t *ct, uint8_t *ss, const uint8_t *key);

static inline void fuzz_encaps_runs(const mlkem_kem *kem,
                                    fuzz_encaps_derand_fn derand,
                                    fuzz_encaps_fn randomized,
                                    const uint8_t *key, const uint8_t *m,
                                    int want_rc, uint8_t *ct, uint8_t *ss) {
  static uint8_t ct2[FUZZ_MAX_CT], ct3[FUZZ_MAX_CT];
  uint8_t ss2[MLKEM_SS_BYTES], ss3[MLKEM_SS_BYTES];
  int r1, r2, r3;
  memset(ct, FUZZ_FILL, kem->ct_bytes);
  memset(ct2, FUZZ_FILL, kem->ct_bytes);
  memset(ct3, FUZZ_FILL, kem->ct_bytes);
  memset(ss, FUZZ_FILL, MLKEM_SS_BYTES);
  memset(ss2, FUZZ_FILL, sizeof ss2);
  memset(ss3, FUZZ_FILL, sizeof ss3);
  r1 = derand(ct, ss, key, m);
  r2 = derand(ct2, ss2, key, m);
  r3 = randomized(ct3, ss3, key);
  FUZZ_REQUIRE(r1 == want_rc,
               "the _derand form fails exactly when the modulus check fails");
  FUZZ_REQUIRE(r3 == want_rc,
               "the randomized form fails exactly when the modulus check "
               "fails");
  FUZZ_REQUIRE(r2 == r1 && memcmp(ct, ct2, kem->ct_bytes) == 0 &&
                   memcmp(ss, ss2, sizeof ss2) == 0,
               "the _derand form is deterministic");
  if (want_rc != MLKEM_OK)
    FUZZ_REQUIRE(
        fuzz_all(ct, kem->ct_bytes, 0) && fuzz_all(ss, MLKEM_SS_BYTES, 0) &&
            fuzz_all(ct3, kem->ct_bytes, 0) && fuzz_all(ss3, sizeof ss3, 0),
        "ct and ss zeroed on error");
}

/* Algorithm 17 (ML-KEM.Encaps_internal), restated from the hazmat K-PKE
 * and SHA-3 with h standing for H(ek): (K, r) = G(m || h) and
 * c = K-PKE.Encrypt(ek, m, r) must be ct and ss. */
static inline void fuzz_require_alg17(const mlkem_kem *kem, const uint8_t *ek,
                                      const uint8_t h[32], const uint8_t *m,
                                      const uint8_t *ct, const uint8_t *ss) {
  static uint8_t want_ct[FUZZ_MAX_CT];
  uint8_t mh[64], kr[64];
  memcpy(mh, m, 32);
  memcpy(mh + 32, h, 32);
  mlkem_sha3_512(kr, mh, sizeof mh);
  FUZZ_REQUIRE(fuzz_kpke_of(kem).encrypt(want_ct, ek, m, kr + 32) == MLKEM_OK,
               "K-PKE.Encrypt");
  FUZZ_REQUIRE(memcmp(ct, want_ct, kem->ct_bytes) == 0,
               "ct = K-PKE.Encrypt(ek, m, r), (K, r) = G(m || h)");
  FUZZ_REQUIRE(memcmp(ss, kr, 32) == 0, "ss = K of G(m || h)");
}

#endif /* MLKEM_FUZZ_COMMON_H */
