/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_kem.c - behaviour of the public API (mlkem.h, mlkem_hazmat.h,
 * mlkem_kyber.h) for every parameter set in mlkem_kems[] and every round-3
 * variant in mlkem_kyber_kems[]:
 *
 *  - 1,000 random keygen / encaps / decaps rounds that agree, with the
 *    structure of every dk checked (100 under MLKEM_TEST_QUICK:
 *    test_trials);
 *  - keygen_derand is deterministic and builds dk = dk_PKE || ek || H(ek)
 *    || z from the K-PKE key of the hazmat API (H recomputed here with
 *    SHA3-256); encaps_derand is K-PKE.Encrypt with (K, r) = G(m || H(ek))
 *    recomputed here (Algorithm 17);
 *  - round 3 (Kyber, Kyber-90s): keygen_derand is deterministic and builds
 *    sk = dk_PKE || pk || H(pk) || z; encaps_derand is m = H(coins),
 *    (K-bar, r) = G(m || H(pk)), ss = KDF(K-bar || H(c)) with the
 *    variant's H, G and KDF computed here, c decrypts to m with the hazmat
 *    K-PKE.Decrypt and, for Kyber, is the hazmat K-PKE.Encrypt(pk, m, r)
 *    (the same K-PKE as FIPS 203's);
 *  - implicit rejection: every single-bit change of a ciphertext (all bit
 *    positions; every seventh under MLKEM_TEST_QUICK) gives exactly
 *    J(z || c') = SHAKE256(z || c', 32), or round 3's KDF(z || H(c')),
 *    computed here, and never the real key;
 *  - the section 7.3 hash check (round 3: with its H): a dk with any byte
 *    of H(ek) or of its
 *    embedded ek changed is refused with MLKEM_ERR_INVALID_DK and a zeroed
 *    ss; changes to dk_PKE or z are not detected by it (as specified), and
 *    a changed z leaves valid decapsulation intact;
 *  - the section 7.2 modulus check: an ek with q or 4095 in the first or
 *    last coefficient (or other edge positions) is refused by check_ek,
 *    encaps and encaps_derand (outputs zeroed); q - 1 is accepted;
 *  - unaligned inputs and outputs (offsets 1..7) give identical results;
 *  - every NULL argument of every function gives MLKEM_ERR_NULL_ARGUMENT
 *    with the non-NULL outputs zeroed;
 *  - mlkem_strerror, mlkem_kem_by_name, mlkem_kems, mlkem_version,
 *    mlkem_backend_name;
 *  - K-PKE round trips for random messages.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kem_schemes.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_kyber.h"
#include "sha3/sha3.h"
#include "test_util.h"

#define Q 3329
#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

typedef struct {
  int (*keygen)(uint8_t *ek, uint8_t *dk_pke, const uint8_t *d);
  int (*encrypt)(uint8_t *ct, const uint8_t *ek, const uint8_t *m,
                 const uint8_t *r);
  int (*decrypt)(uint8_t *m, const uint8_t *dk_pke, const uint8_t *ct);
  size_t dkpke_bytes;
} kpke_fns;

static const kpke_fns kpke_by_rank[5] = {
    {NULL, NULL, NULL, 0},
    {NULL, NULL, NULL, 0},
    {mlkem512_kpke_keygen, mlkem512_kpke_encrypt, mlkem512_kpke_decrypt,
     MLKEM512_KPKE_DK_BYTES},
    {mlkem768_kpke_keygen, mlkem768_kpke_encrypt, mlkem768_kpke_decrypt,
     MLKEM768_KPKE_DK_BYTES},
    {mlkem1024_kpke_keygen, mlkem1024_kpke_encrypt, mlkem1024_kpke_decrypt,
     MLKEM1024_KPKE_DK_BYTES},
};

/* H and the rejection key of a descriptor's scheme (kem_schemes.h). */
static void h_hash(const mlkem_kem *kem, uint8_t out[32], const uint8_t *in,
                   size_t len) {
  test_scheme_h(test_scheme_of(kem), out, in, len);
}

static void rejection_key(const mlkem_kem *kem, uint8_t out[32],
                          const uint8_t z[32], const uint8_t *c, size_t clen) {
  test_scheme_rejection_key(test_scheme_of(kem), out, z, c, clen);
}

/* Sets the 12-bit value of coefficient i of the ByteEncode_12 part. */
static void set12(uint8_t *ek, unsigned i, unsigned v) {
  uint8_t *p = ek + 3 * (i / 2);
  if (i % 2 == 0) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)((p[1] & 0xF0) | (v >> 8));
  } else {
    p[1] = (uint8_t)((p[1] & 0x0F) | ((v & 0xF) << 4));
    p[2] = (uint8_t)(v >> 4);
  }
}

static unsigned get12(const uint8_t *ek, unsigned i) {
  const uint8_t *p = ek + 3 * (i / 2);
  return i % 2 == 0 ? (unsigned)(p[0] | (p[1] & 0xF) << 8)
                    : (unsigned)(p[1] >> 4 | p[2] << 4);
}

/* ---- global functions --------------------------------------------------- */

static void test_misc(void) {
  static const int codes[10] = {MLKEM_OK,
                                MLKEM_ERR_RANDOM,
                                MLKEM_ERR_INVALID_EK,
                                MLKEM_ERR_INVALID_DK,
                                MLKEM_ERR_NULL_ARGUMENT,
                                MLKEM_ERR_BACKEND,
                                MLKEM_ERR_SELFTEST,
                                MLKEM_ERR_PAIRWISE,
                                MLKEM_ERR_X25519_ZERO,
                                MLKEM_ERR_EXPANDED_KEY};
  static const int others[7] = {1, -10, -11, 100, -100, INT_MAX, INT_MIN};
  unsigned i, j;
  for (i = 0; i < 10; i++) {
    const char *s = mlkem_strerror(codes[i]);
    CHECKF(s != NULL && s[0] != '\0' && strcmp(s, "unknown error") != 0,
           "mlkem_strerror(%d) = \"%s\"", codes[i], s ? s : "(null)");
    for (j = 0; j < i; j++)
      CHECKF(s == NULL || strcmp(s, mlkem_strerror(codes[j])) != 0,
             "mlkem_strerror(%d) and (%d) are both \"%s\"", codes[i], codes[j],
             s);
  }
  for (i = 0; i < 7; i++) {
    const char *s = mlkem_strerror(others[i]);
    CHECKF(s != NULL && strcmp(s, "unknown error") == 0,
           "mlkem_strerror(%d) = \"%s\", want \"unknown error\"", others[i],
           s ? s : "(null)");
  }
  CHECK(MLKEM_OK == 0 && MLKEM_ERR_RANDOM < 0 && MLKEM_ERR_INVALID_EK < 0 &&
        MLKEM_ERR_INVALID_DK < 0 && MLKEM_ERR_NULL_ARGUMENT < 0);

  /* Descriptors in order, NULL-terminated. */
  CHECK(mlkem_kems[0] != NULL &&
        strcmp(mlkem_kems[0]->name, "ML-KEM-512") == 0);
  CHECK(mlkem_kems[1] != NULL &&
        strcmp(mlkem_kems[1]->name, "ML-KEM-768") == 0);
  CHECK(mlkem_kems[2] != NULL &&
        strcmp(mlkem_kems[2]->name, "ML-KEM-1024") == 0);
  CHECK(mlkem_kems[3] == NULL);
  {
    static const char *const r3[6] = {"Kyber512",     "Kyber768",
                                      "Kyber1024",    "Kyber512-90s",
                                      "Kyber768-90s", "Kyber1024-90s"};
    for (i = 0; i < 6; i++) {
      const mlkem_kem *k = mlkem_kyber_kems[i];
      CHECKF(k != NULL && strcmp(k->name, r3[i]) == 0,
             "mlkem_kyber_kems[%u] is %s, want %s", i, k ? k->name : "NULL",
             r3[i]);
      CHECKF(mlkem_kem_by_name(r3[i]) == k, "mlkem_kem_by_name(\"%s\")", r3[i]);
    }
    CHECK(mlkem_kyber_kems[6] == NULL);
    CHECK(mlkem_kem_by_name("kyber768-90S") == mlkem_kyber_kems[4]);
    CHECK(mlkem_kem_by_name("KYBER1024") == mlkem_kyber_kems[2]);
    CHECK(mlkem_kem_by_name("Kyber768 90s") == NULL);
    CHECK(mlkem_kem_by_name("Kyber-768") == NULL);
    CHECK(mlkem_kem_by_name("Kyber768-90") == NULL);
    CHECK(mlkem_kem_by_name("Kyber") == NULL);
    CHECK(mlkem_kem_by_name("768-90s") == NULL);
  }

  /* Names. */
  {
    static const char *const good[][2] = {
        {"ML-KEM-768", "ML-KEM-768"}, {"ml-kem-768", "ML-KEM-768"},
        {"768", "ML-KEM-768"},        {"Ml-Kem-768", "ML-KEM-768"},
        {"ML-KEM-512", "ML-KEM-512"}, {"512", "ML-KEM-512"},
        {"ml-kem-512", "ML-KEM-512"}, {"ML-KEM-1024", "ML-KEM-1024"},
        {"1024", "ML-KEM-1024"},      {"mL-kEm-1024", "ML-KEM-1024"},
    };
    static const char *const bad[] = {
        "ML-KEM-769",  "",           "ML-KEM-",     "ML-KEM",   "ML-KEM-76",
        "ML-KEM-7680", "769",        "76",          "mlkem768", "ML-KEM-768 ",
        " 768",        "ML_KEM_768", "ML-KEM-0512", "kem-768"};
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
      const mlkem_kem *k = mlkem_kem_by_name(good[i][0]);
      CHECKF(k != NULL && strcmp(k->name, good[i][1]) == 0,
             "mlkem_kem_by_name(\"%s\") gave %s", good[i][0],
             k ? k->name : "NULL");
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
      CHECKF(mlkem_kem_by_name(bad[i]) == NULL,
             "mlkem_kem_by_name(\"%s\") accepted", bad[i]);
    CHECK(mlkem_kem_by_name(NULL) == NULL);
    CHECK(mlkem_kem_by_name("768") == mlkem_kems[1]);
  }

  {
    /* The name is one of the built-in backends, and the forced one when
     * MLKEM_BACKEND is set (unavailable ones never reach this point). */
    const char *name = mlkem_backend_name();
    const char *forced = getenv("MLKEM_BACKEND");
    CHECKF(strcmp(name, "portable") == 0 || strcmp(name, "avx2") == 0 ||
               strcmp(name, "avx512") == 0 || strcmp(name, "neon") == 0 ||
               strcmp(name, "neon-sha3") == 0,
           "mlkem_backend_name() = \"%s\"", name);
    if (forced != NULL && forced[0] != '\0')
      CHECKF(strcmp(name, forced) == 0, "backend %s, forced %s", name, forced);
  }
  printf("  strerror, kem_by_name, kems[], version, backend name\n");
}

/* A round-3 descriptor (mlkem_kyber.h, "Descriptors"). */
typedef struct {
  int (*keygen)(uint8_t *, uint8_t *);
  int (*keygen_derand)(uint8_t *, uint8_t *, const uint8_t *);
  int (*encaps)(uint8_t *, uint8_t *, const uint8_t *);
  int (*encaps_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
  int (*decaps)(uint8_t *, const uint8_t *, const uint8_t *);
  int (*check_ek)(const uint8_t *);
  size_t pk, sk, ct;
} round3_fns;

static void test_round3_descriptor(const mlkem_kem *kem) {
#define R3(P, F, ML)                                                          \
  {                                                                           \
    F##_keygen, F##_keygen_derand, F##_encaps, F##_encaps_derand, F##_decaps, \
        ML##_check_ek, KYBER##P##_PK_BYTES, KYBER##P##_SK_BYTES,              \
        KYBER##P##_CT_BYTES                                                   \
  }
  static const round3_fns fns[2][5] = {{{0},
                                        {0},
                                        R3(512, kyber512, mlkem512),
                                        R3(768, kyber768, mlkem768),
                                        R3(1024, kyber1024, mlkem1024)},
                                       {{0},
                                        {0},
                                        R3(512, kyber512_90s, mlkem512),
                                        R3(768, kyber768_90s, mlkem768),
                                        R3(1024, kyber1024_90s, mlkem1024)}};
#undef R3
  static int (*const mlkem_check_dk[5])(const uint8_t *) = {
      NULL, NULL, mlkem512_check_dk, mlkem768_check_dk, mlkem1024_check_dk};
  const round3_fns *f =
      &fns[test_scheme_of(kem) == SCHEME_ROUND3_90S][kem->rank];
  CHECK(kem->ek_bytes == f->pk && kem->dk_bytes == f->sk &&
        kem->ct_bytes == f->ct);
  CHECK(kem->ss_bytes == KYBER_SS_BYTES &&
        kem->seed_bytes == KYBER_KEYGEN_COINS_BYTES &&
        kem->msg_bytes == KYBER_ENCAPS_COINS_BYTES);
  CHECK(kem->keygen == f->keygen && kem->keygen_derand == f->keygen_derand &&
        kem->encaps == f->encaps && kem->encaps_derand == f->encaps_derand &&
        kem->decaps == f->decaps && kem->check_ek == f->check_ek);
  /* Kyber's hash check is ML-KEM's (SHA3-256); Kyber-90s' its own. */
  CHECK((kem->check_dk == mlkem_check_dk[kem->rank]) ==
        (test_scheme_of(kem) == SCHEME_ROUND3));
  CHECK(kem->check_dk != NULL);
  CHECK(kem->prepared_ek_bytes == 0 && kem->prepare_ek == NULL &&
        kem->encaps_prepared == NULL && kem->encaps_prepared_derand == NULL);
  CHECK(kem->expanded_dk_bytes == 0 && kem->expanded_ek_bytes == 0 &&
        kem->expand_dk == NULL && kem->expand_dk_from_seed == NULL &&
        kem->decaps_expanded == NULL && kem->expanded_dk_wipe == NULL &&
        kem->expand_ek == NULL && kem->encaps_expanded == NULL &&
        kem->encaps_expanded_derand == NULL);
}

static void test_descriptor(const mlkem_kem *kem) {
  unsigned k = kem->rank;
  CHECK(k >= 2 && k <= 4);
  CHECK(kem->ek_bytes == 384 * k + 32);
  CHECK(kem->dk_bytes == 768 * k + 96);
  CHECK(kem->ct_bytes == (k == 4 ? 1568u : 32u * (10 * k + 4)));
  CHECK(kem->ss_bytes == 32 && kem->seed_bytes == 64 && kem->msg_bytes == 32);
  if (test_scheme_of(kem) != SCHEME_FIPS203) {
    test_round3_descriptor(kem);
    return;
  }
  CHECK(kem->prepared_ek_bytes == kem->ek_bytes + 32);
  /* Expanded keys: a 64-byte header, t-hat and A-hat as k + k^2
   * polynomials of 512 bytes; dk adds s-hat and 64 bytes with z
   * (mlkem.h, src/fips203/kem.c). */
  CHECK(kem->expanded_ek_bytes == 64 + 512 * (k + k * k));
  CHECK(kem->expanded_dk_bytes == kem->expanded_ek_bytes + 512 * k + 64);
  if (k == 2) {
    CHECK(kem->ek_bytes == MLKEM512_EK_BYTES &&
          kem->dk_bytes == MLKEM512_DK_BYTES &&
          kem->ct_bytes == MLKEM512_CT_BYTES);
    CHECK(kem->keygen == mlkem512_keygen &&
          kem->keygen_derand == mlkem512_keygen_derand &&
          kem->encaps == mlkem512_encaps &&
          kem->encaps_derand == mlkem512_encaps_derand &&
          kem->decaps == mlkem512_decaps &&
          kem->check_ek == mlkem512_check_ek &&
          kem->check_dk == mlkem512_check_dk);
    CHECK(kem->prepared_ek_bytes == MLKEM512_PREPARED_EK_BYTES &&
          kem->prepare_ek == mlkem512_prepare_ek &&
          kem->encaps_prepared == mlkem512_encaps_prepared &&
          kem->encaps_prepared_derand == mlkem512_encaps_prepared_derand);
    CHECK(kem->expanded_dk_bytes == MLKEM512_EXPANDED_DK_BYTES &&
          kem->expanded_ek_bytes == MLKEM512_EXPANDED_EK_BYTES &&
          kem->expand_dk == mlkem512_expand_dk &&
          kem->expand_dk_from_seed == mlkem512_expand_dk_from_seed &&
          kem->decaps_expanded == mlkem512_decaps_expanded &&
          kem->expanded_dk_wipe == mlkem512_expanded_dk_wipe &&
          kem->expand_ek == mlkem512_expand_ek &&
          kem->encaps_expanded == mlkem512_encaps_expanded &&
          kem->encaps_expanded_derand == mlkem512_encaps_expanded_derand);
  } else if (k == 3) {
    CHECK(kem->ek_bytes == MLKEM768_EK_BYTES &&
          kem->dk_bytes == MLKEM768_DK_BYTES &&
          kem->ct_bytes == MLKEM768_CT_BYTES);
    CHECK(kem->keygen == mlkem768_keygen &&
          kem->keygen_derand == mlkem768_keygen_derand &&
          kem->encaps == mlkem768_encaps &&
          kem->encaps_derand == mlkem768_encaps_derand &&
          kem->decaps == mlkem768_decaps &&
          kem->check_ek == mlkem768_check_ek &&
          kem->check_dk == mlkem768_check_dk);
    CHECK(kem->prepared_ek_bytes == MLKEM768_PREPARED_EK_BYTES &&
          kem->prepare_ek == mlkem768_prepare_ek &&
          kem->encaps_prepared == mlkem768_encaps_prepared &&
          kem->encaps_prepared_derand == mlkem768_encaps_prepared_derand);
    CHECK(kem->expanded_dk_bytes == MLKEM768_EXPANDED_DK_BYTES &&
          kem->expanded_ek_bytes == MLKEM768_EXPANDED_EK_BYTES &&
          kem->expand_dk == mlkem768_expand_dk &&
          kem->expand_dk_from_seed == mlkem768_expand_dk_from_seed &&
          kem->decaps_expanded == mlkem768_decaps_expanded &&
          kem->expanded_dk_wipe == mlkem768_expanded_dk_wipe &&
          kem->expand_ek == mlkem768_expand_ek &&
          kem->encaps_expanded == mlkem768_encaps_expanded &&
          kem->encaps_expanded_derand == mlkem768_encaps_expanded_derand);
  } else {
    CHECK(kem->ek_bytes == MLKEM1024_EK_BYTES &&
          kem->dk_bytes == MLKEM1024_DK_BYTES &&
          kem->ct_bytes == MLKEM1024_CT_BYTES);
    CHECK(kem->keygen == mlkem1024_keygen &&
          kem->keygen_derand == mlkem1024_keygen_derand &&
          kem->encaps == mlkem1024_encaps &&
          kem->encaps_derand == mlkem1024_encaps_derand &&
          kem->decaps == mlkem1024_decaps &&
          kem->check_ek == mlkem1024_check_ek &&
          kem->check_dk == mlkem1024_check_dk);
    CHECK(kem->prepared_ek_bytes == MLKEM1024_PREPARED_EK_BYTES &&
          kem->prepare_ek == mlkem1024_prepare_ek &&
          kem->encaps_prepared == mlkem1024_encaps_prepared &&
          kem->encaps_prepared_derand == mlkem1024_encaps_prepared_derand);
    CHECK(kem->expanded_dk_bytes == MLKEM1024_EXPANDED_DK_BYTES &&
          kem->expanded_ek_bytes == MLKEM1024_EXPANDED_EK_BYTES &&
          kem->expand_dk == mlkem1024_expand_dk &&
          kem->expand_dk_from_seed == mlkem1024_expand_dk_from_seed &&
          kem->decaps_expanded == mlkem1024_decaps_expanded &&
          kem->expanded_dk_wipe == mlkem1024_expanded_dk_wipe &&
          kem->expand_ek == mlkem1024_expand_ek &&
          kem->encaps_expanded == mlkem1024_encaps_expanded &&
          kem->encaps_expanded_derand == mlkem1024_encaps_expanded_derand);
  }
}

/* ---- per parameter set -------------------------------------------------- */

/* dk = dk_PKE || ek || H(ek) || z, with dk_PKE the first 384k bytes. */
static int dk_structure_ok(const mlkem_kem *kem, const uint8_t *ek,
                           const uint8_t *dk) {
  const size_t pke = 384 * kem->rank;
  uint8_t h[32];
  h_hash(kem, h, ek, kem->ek_bytes);
  return memcmp(dk + pke, ek, kem->ek_bytes) == 0 &&
         memcmp(dk + pke + kem->ek_bytes, h, 32) == 0;
}

static void test_rounds(const mlkem_kem *kem, unsigned rounds) {
  uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss1[32], ss2[32];
  uint8_t prev_ek[MAX_EK], prev_ss[32];
  unsigned t;
  unsigned long bad_rc = 0, bad_ss = 0, bad_dk = 0, repeats = 0;
  for (t = 0; t < rounds; t++) {
    int rc1 = kem->keygen(ek, dk);
    int rc2 = kem->encaps(ct, ss1, ek);
    int rc3 = kem->decaps(ss2, ct, dk);
    int rc4 = kem->check_ek(ek);
    int rc5 = kem->check_dk(dk);
    if (rc1 | rc2 | rc3 | rc4 | rc5) {
      if (bad_rc++ == 0)
        CHECKF(0,
               "%s round %u: keygen %d, encaps %d, decaps %d, check_ek "
               "%d, check_dk %d",
               kem->name, t, rc1, rc2, rc3, rc4, rc5);
      continue;
    }
    if (memcmp(ss1, ss2, 32) != 0 && bad_ss++ == 0)
      CHECKF(0, "%s round %u: decaps key differs from encaps key", kem->name,
             t);
    if (!dk_structure_ok(kem, ek, dk) && bad_dk++ == 0)
      CHECKF(0, "%s round %u: dk is not dk_PKE || ek || H(ek) || z", kem->name,
             t);
    if (t > 0 && (memcmp(prev_ek, ek, kem->ek_bytes) == 0 ||
                  memcmp(prev_ss, ss1, 32) == 0))
      repeats++;
    memcpy(prev_ek, ek, kem->ek_bytes);
    memcpy(prev_ss, ss1, 32);
  }
  CHECKF(bad_rc == 0, "%s: %lu of %u rounds returned an error", kem->name,
         bad_rc, rounds);
  CHECKF(bad_ss == 0, "%s: %lu of %u rounds disagree", kem->name, bad_ss,
         rounds);
  CHECKF(bad_dk == 0, "%s: %lu of %u dk malformed", kem->name, bad_dk, rounds);
  CHECKF(repeats == 0, "%s: %lu rounds repeated the previous ek or key",
         kem->name, repeats);
  printf("  %s: %u random keygen/encaps/decaps rounds\n", kem->name, rounds);
}

static void test_derand(const mlkem_kem *kem, test_rng *rng) {
  const kpke_fns *pke = &kpke_by_rank[kem->rank];
  const size_t pkeb = pke->dkpke_bytes;
  uint8_t seed[64], ek[MAX_EK], dk[MAX_DK], ek2[MAX_EK], dk2[MAX_DK];
  uint8_t pek[MAX_EK], pdk[MAX_EK], h[32], ct[MAX_CT], ct2[MAX_CT], ss[32],
      ss2[32], m[32], gin[64], kr[64];
  unsigned t;
  CHECK(pkeb == 384 * kem->rank);
  for (t = 0; t < 20; t++) {
    test_rng_bytes(rng, seed, 64);
    CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
    CHECK(kem->keygen_derand(ek2, dk2, seed) == MLKEM_OK);
    CHECKF(memcmp(ek, ek2, kem->ek_bytes) == 0 &&
               memcmp(dk, dk2, kem->dk_bytes) == 0,
           "%s keygen_derand: two calls with one seed differ", kem->name);
    /* dk = dk_PKE || ek || H(ek) || z with (ek, dk_PKE) = K-PKE.KeyGen(d). */
    CHECK(pke->keygen(pek, pdk, seed) == MLKEM_OK);
    CHECKF(memcmp(ek, pek, kem->ek_bytes) == 0,
           "%s: ek differs from K-PKE.KeyGen(d)", kem->name);
    CHECKF(memcmp(dk, pdk, pkeb) == 0,
           "%s: dk[0 : 384k] differs from K-PKE dk_PKE", kem->name);
    CHECKF(memcmp(dk + pkeb, ek, kem->ek_bytes) == 0,
           "%s: dk[384k : 768k + 32] is not ek", kem->name);
    mlkem_sha3_256(h, ek, kem->ek_bytes);
    CHECKF(memcmp(dk + pkeb + kem->ek_bytes, h, 32) == 0,
           "%s: dk[768k + 32 : 768k + 64] is not SHA3-256(ek)", kem->name);
    CHECKF(memcmp(dk + pkeb + kem->ek_bytes + 32, seed + 32, 32) == 0,
           "%s: dk[768k + 64 :] is not z = seed[32 : 64]", kem->name);
    CHECK(pkeb + kem->ek_bytes + 64 == kem->dk_bytes);
    /* z does not influence ek or dk_PKE; d does. */
    seed[40] ^= 1;
    CHECK(kem->keygen_derand(ek2, dk2, seed) == MLKEM_OK);
    CHECK(memcmp(ek, ek2, kem->ek_bytes) == 0 &&
          memcmp(dk, dk2, kem->dk_bytes - 32) == 0 &&
          memcmp(dk + kem->dk_bytes - 32, dk2 + kem->dk_bytes - 32, 32) != 0);
    seed[5] ^= 1;
    CHECK(kem->keygen_derand(ek2, dk2, seed) == MLKEM_OK);
    CHECK(memcmp(ek, ek2, kem->ek_bytes) != 0);

    /* encaps_derand is Algorithm 17: (K, r) = G(m || H(ek)),
     * c = K-PKE.Encrypt(ek, m, r). */
    test_rng_bytes(rng, m, 32);
    CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
    CHECK(kem->encaps_derand(ct2, ss2, ek, m) == MLKEM_OK);
    CHECK(memcmp(ct, ct2, kem->ct_bytes) == 0 && memcmp(ss, ss2, 32) == 0);
    memcpy(gin, m, 32);
    memcpy(gin + 32, h, 32);
    mlkem_sha3_512(kr, gin, 64);
    CHECKF(memcmp(ss, kr, 32) == 0,
           "%s encaps_derand: K is not G(m || "
           "H(ek))[0:32]",
           kem->name);
    CHECK(pke->encrypt(ct2, ek, m, kr + 32) == MLKEM_OK);
    CHECKF(memcmp(ct, ct2, kem->ct_bytes) == 0,
           "%s encaps_derand: c is not K-PKE.Encrypt(ek, m, r)", kem->name);
    CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK);
    CHECK(memcmp(ss, ss2, 32) == 0);
    /* K-PKE.Decrypt recovers m. */
    CHECK(pke->decrypt(gin, dk, ct) == MLKEM_OK);
    CHECK(memcmp(gin, m, 32) == 0);
  }
  printf(
      "  %s: keygen_derand/encaps_derand structure against K-PKE, "
      "SHA3-256 and SHA3-512 (20 seeds)\n",
      kem->name);
}

/* Round 3's keygen_derand and encaps_derand (Algorithms 7 and 8) against
 * hashes computed here. */
static void test_derand_round3(const mlkem_kem *kem, test_rng *rng) {
  const kpke_fns *pke = &kpke_by_rank[kem->rank];
  const size_t pkeb = 384 * kem->rank;
  uint8_t coins[64], pk[MAX_EK], sk[MAX_DK], pk2[MAX_EK], sk2[MAX_DK];
  uint8_t ct[MAX_CT], ct2[MAX_CT], ss[32], ss2[32], c32[32], gin[64], kr[64],
      hc[32], want[32], m[32];
  unsigned t;
  for (t = 0; t < 20; t++) {
    test_rng_bytes(rng, coins, 64);
    CHECK(kem->keygen_derand(pk, sk, coins) == MLKEM_OK);
    CHECK(kem->keygen_derand(pk2, sk2, coins) == MLKEM_OK);
    CHECKF(memcmp(pk, pk2, kem->ek_bytes) == 0 &&
               memcmp(sk, sk2, kem->dk_bytes) == 0,
           "%s keygen_derand: two calls with one seed differ", kem->name);
    CHECKF(dk_structure_ok(kem, pk, sk),
           "%s: sk is not dk_PKE || pk || H(pk) || z", kem->name);
    CHECKF(memcmp(sk + pkeb + kem->ek_bytes + 32, coins + 32, 32) == 0,
           "%s: sk ends with z = coins[32 : 64]", kem->name);
    /* z does not influence pk or dk_PKE; d does. */
    coins[40] ^= 1;
    CHECK(kem->keygen_derand(pk2, sk2, coins) == MLKEM_OK);
    CHECK(memcmp(pk, pk2, kem->ek_bytes) == 0 &&
          memcmp(sk, sk2, kem->dk_bytes - 32) == 0);
    coins[5] ^= 1;
    CHECK(kem->keygen_derand(pk2, sk2, coins) == MLKEM_OK);
    CHECK(memcmp(pk, pk2, kem->ek_bytes) != 0);

    /* m = H(coins), (K-bar, r) = G(m || H(pk)), ss = KDF(K-bar || H(c)). */
    test_rng_bytes(rng, c32, 32);
    CHECK(kem->encaps_derand(ct, ss, pk, c32) == MLKEM_OK);
    CHECK(kem->encaps_derand(ct2, ss2, pk, c32) == MLKEM_OK);
    CHECK(memcmp(ct, ct2, kem->ct_bytes) == 0 && memcmp(ss, ss2, 32) == 0);
    h_hash(kem, m, c32, 32);
    memcpy(gin, m, 32);
    h_hash(kem, gin + 32, pk, kem->ek_bytes);
    test_scheme_g(test_scheme_of(kem), kr, gin, 64);
    h_hash(kem, hc, ct, kem->ct_bytes);
    test_scheme_kdf(test_scheme_of(kem), want, kr, hc);
    CHECKF(memcmp(ss, want, 32) == 0,
           "%s encaps_derand: ss is not KDF(K-bar || H(c))", kem->name);
    if (test_scheme_of(kem) == SCHEME_ROUND3) {
      CHECK(pke->encrypt(ct2, pk, m, kr + 32) == MLKEM_OK);
      CHECKF(memcmp(ct, ct2, kem->ct_bytes) == 0,
             "%s encaps_derand: c is not K-PKE.Encrypt(pk, H(coins), r)",
             kem->name);
    }
    CHECK(pke->decrypt(gin, sk, ct) == MLKEM_OK);
    CHECKF(memcmp(gin, m, 32) == 0,
           "%s: K-PKE.Decrypt(dk_PKE, c) is not H(coins)", kem->name);
    CHECK(kem->decaps(ss2, ct, sk) == MLKEM_OK && memcmp(ss, ss2, 32) == 0);
  }
  printf(
      "  %s: keygen_derand/encaps_derand structure against K-PKE and "
      "the variant's H, G, KDF (20 seeds)\n",
      kem->name);
}

static void test_kpke_roundtrip(const mlkem_kem *kem, test_rng *rng) {
  const kpke_fns *pke = &kpke_by_rank[kem->rank];
  uint8_t d[32], ek[MAX_EK], dkp[MAX_EK], m[32], r[32], ct[MAX_CT], m2[32];
  unsigned t, j;
  unsigned long bad = 0, n = 0;
  for (t = 0; t < 20; t++) {
    test_rng_bytes(rng, d, 32);
    CHECK(pke->keygen(ek, dkp, d) == MLKEM_OK);
    for (j = 0; j < 10; j++) {
      test_rng_bytes(rng, m, 32);
      if (j == 0) memset(m, 0, 32);
      if (j == 1) memset(m, 0xFF, 32);
      test_rng_bytes(rng, r, 32);
      if (pke->encrypt(ct, ek, m, r) != MLKEM_OK ||
          pke->decrypt(m2, dkp, ct) != MLKEM_OK || memcmp(m, m2, 32) != 0)
        bad++;
      n++;
    }
  }
  CHECKF(bad == 0, "%s K-PKE: %lu of %lu messages not recovered", kem->name,
         bad, n);
  printf("  %s: K-PKE encrypt/decrypt round trip, %lu messages\n", kem->name,
         n);
}

static void test_bitflips(const mlkem_kem *kem, test_rng *rng) {
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss[32], key[32],
      want[32];
  const uint8_t *z;
  size_t b, step;
  unsigned t;
  unsigned long bad_j = 0, bad_rc = 0, real = 0, n = 0;
  test_rng_bytes(rng, seed, 64);
  test_rng_bytes(rng, m, 32);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  z = dk + kem->dk_bytes - 32;
  CHECK(memcmp(z, seed + 32, 32) == 0);
  CHECK(kem->encaps_derand(ct, key, ek, m) == MLKEM_OK);
  CHECK(kem->decaps(ss, ct, dk) == MLKEM_OK && memcmp(ss, key, 32) == 0);
  /* Every bit; every 7th under MLKEM_TEST_QUICK (still every bit position
   * of a byte, and both ends of ct). */
  step = test_quick() ? 7 : 1;
  for (b = 0; b < 8 * kem->ct_bytes; b += step) {
    int rc;
    ct[b / 8] ^= (uint8_t)(1u << (b % 8));
    memset(ss, TEST_FILL, 32);
    rc = kem->decaps(ss, ct, dk);
    rejection_key(kem, want, z, ct, kem->ct_bytes);
    if (rc != MLKEM_OK && bad_rc++ == 0)
      CHECKF(0, "%s: decaps with bit %zu flipped returned %d", kem->name, b,
             rc);
    if (memcmp(ss, want, 32) != 0 && bad_j++ == 0)
      CHECKF(0, "%s: decaps with bit %zu flipped is not the rejection key",
             kem->name, b);
    if (memcmp(ss, key, 32) == 0) real++;
    ct[b / 8] ^= (uint8_t)(1u << (b % 8));
    n++;
  }
  /* Random ciphertexts, and all-zero / all-ones ones. */
  for (t = 0; t < 50; t++) {
    uint8_t c[MAX_CT];
    test_rng_bytes(rng, c, kem->ct_bytes);
    if (t == 0) memset(c, 0, kem->ct_bytes);
    if (t == 1) memset(c, 0xFF, kem->ct_bytes);
    CHECK(kem->decaps(ss, c, dk) == MLKEM_OK);
    rejection_key(kem, want, z, c, kem->ct_bytes);
    if (memcmp(ss, want, 32) != 0) bad_j++;
    n++;
  }
  CHECKF(bad_rc == 0, "%s: %lu modified ciphertexts gave an error", kem->name,
         bad_rc);
  CHECKF(bad_j == 0,
         "%s: %lu of %lu modified ciphertexts did not give "
         "the rejection key",
         kem->name, bad_j, n);
  CHECKF(real == 0, "%s: %lu modified ciphertexts gave the real key", kem->name,
         real);
  CHECK(kem->decaps(ss, ct, dk) == MLKEM_OK && memcmp(ss, key, 32) == 0);
  printf(
      "  %s: implicit rejection on %s %zu single-bit changes of a "
      "ciphertext and 50 others\n",
      kem->name, step == 1 ? "all" : "every seventh of the", 8 * kem->ct_bytes);
}

static void test_dk_check(const mlkem_kem *kem, test_rng *rng) {
  const size_t pkeb = 384 * kem->rank, hoff = pkeb + kem->ek_bytes;
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], bad[MAX_DK], ct[MAX_CT],
      ss[32], key[32], want[32];
  size_t i;
  unsigned long refused = 0, zeroed = 0, n = 0, fails = 0;
  test_rng_bytes(rng, seed, 64);
  test_rng_bytes(rng, m, 32);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->encaps_derand(ct, key, ek, m) == MLKEM_OK);
  CHECK(kem->check_dk(dk) == MLKEM_OK);

  /* Every byte of H(ek), and every byte of the embedded ek. */
  for (i = pkeb; i < hoff + 32; i++) {
    int rc1, rc2;
    memcpy(bad, dk, kem->dk_bytes);
    bad[i] ^= (uint8_t)(1u << (i % 8));
    memset(ss, TEST_FILL, 32);
    rc1 = kem->check_dk(bad);
    rc2 = kem->decaps(ss, ct, bad);
    if (rc1 == MLKEM_ERR_INVALID_DK && rc2 == MLKEM_ERR_INVALID_DK)
      refused++;
    else if (fails++ == 0)
      CHECKF(0, "%s: dk with byte %zu (%s) changed: check_dk %d, decaps %d",
             kem->name, i, i >= hoff ? "H(ek)" : "ek", rc1, rc2);
    if (test_all_bytes(ss, 32, 0)) zeroed++;
    n++;
  }
  CHECKF(refused == n, "%s: %lu of %lu corrupted dk (H(ek) or ek) accepted",
         kem->name, n - refused, n);
  CHECKF(zeroed == n, "%s: %lu of %lu refused decaps left ss not zeroed",
         kem->name, n - zeroed, n);

  /* dk_PKE and z are outside the hash check. A changed z keeps valid
   * decapsulation and changes the rejection key to J(z' || c). */
  memcpy(bad, dk, kem->dk_bytes);
  bad[0] ^= 1;
  bad[pkeb - 1] ^= 0x80;
  CHECK(kem->check_dk(bad) == MLKEM_OK);
  memcpy(bad, dk, kem->dk_bytes);
  bad[kem->dk_bytes - 1] ^= 1;
  CHECK(kem->check_dk(bad) == MLKEM_OK);
  CHECK(kem->decaps(ss, ct, bad) == MLKEM_OK && memcmp(ss, key, 32) == 0);
  ct[0] ^= 1;
  CHECK(kem->decaps(ss, ct, bad) == MLKEM_OK);
  rejection_key(kem, want, bad + kem->dk_bytes - 32, ct, kem->ct_bytes);
  CHECK(memcmp(ss, want, 32) == 0);
  ct[0] ^= 1;
  printf(
      "  %s: hash check refuses all %lu single-byte changes of ek or "
      "H(ek) in dk, ss zeroed\n",
      kem->name, n);
}

static void test_ek_check(const mlkem_kem *kem, test_rng *rng) {
  const unsigned ncoef = 256 * kem->rank;
  const unsigned pos[8] = {0,   1,           2,         255,
                           256, ncoef - 256, ncoef - 2, ncoef - 1};
  static const unsigned badv[4] = {Q, Q + 1, 4000, 4095};
  uint8_t seed[64], m[32], ek[MAX_EK], bad[MAX_EK], ct[MAX_CT], ss[32];
  unsigned i, v;
  unsigned long n = 0;
  test_rng_bytes(rng, seed, 64);
  test_rng_bytes(rng, m, 32);
  {
    uint8_t dk[MAX_DK];
    CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  }
  CHECK(kem->check_ek(ek) == MLKEM_OK);
  for (i = 0; i < 8; i++) {
    for (v = 0; v < 4; v++) {
      int rc1, rc2, rc3;
      const unsigned val = badv[v];
      memcpy(bad, ek, kem->ek_bytes);
      set12(bad, pos[i], val);
      CHECK(get12(bad, pos[i]) == val);
      rc1 = kem->check_ek(bad);
      memset(ct, TEST_FILL, sizeof ct);
      memset(ss, TEST_FILL, sizeof ss);
      rc2 = kem->encaps(ct, ss, bad);
      CHECKF(rc2 == MLKEM_ERR_INVALID_EK &&
                 test_all_bytes(ct, kem->ct_bytes, 0) &&
                 test_all_bytes(ss, 32, 0),
             "%s encaps: coefficient %u = %u: rc %d, outputs %s", kem->name,
             pos[i], val, rc2,
             test_all_bytes(ct, kem->ct_bytes, 0) && test_all_bytes(ss, 32, 0)
                 ? "zeroed"
                 : "NOT zeroed");
      memset(ct, TEST_FILL, sizeof ct);
      memset(ss, TEST_FILL, sizeof ss);
      rc3 = kem->encaps_derand(ct, ss, bad, m);
      CHECKF(rc3 == MLKEM_ERR_INVALID_EK &&
                 test_all_bytes(ct, kem->ct_bytes, 0) &&
                 test_all_bytes(ss, 32, 0),
             "%s encaps_derand: coefficient %u = %u: rc %d", kem->name, pos[i],
             val, rc3);
      CHECKF(rc1 == MLKEM_ERR_INVALID_EK,
             "%s check_ek: coefficient %u = %u: rc %d", kem->name, pos[i], val,
             rc1);
      n++;
    }
    /* q - 1 and 0 are valid. */
    memcpy(bad, ek, kem->ek_bytes);
    set12(bad, pos[i], Q - 1);
    CHECK(kem->check_ek(bad) == MLKEM_OK);
    CHECK(kem->encaps_derand(ct, ss, bad, m) == MLKEM_OK);
    set12(bad, pos[i], 0);
    CHECK(kem->check_ek(bad) == MLKEM_OK);
  }
  /* Every coefficient position once with q (check_ek only). */
  {
    unsigned long refused = 0;
    for (i = 0; i < ncoef; i++) {
      memcpy(bad, ek, kem->ek_bytes);
      set12(bad, i, i & 1 ? Q : 4095);
      if (kem->check_ek(bad) == MLKEM_ERR_INVALID_EK) refused++;
    }
    CHECKF(refused == ncoef,
           "%s check_ek: %lu of %u positions with a value "
           ">= q accepted",
           kem->name, ncoef - refused, ncoef);
  }
  /* rho is not checked: any 32 bytes are fine. */
  memcpy(bad, ek, kem->ek_bytes);
  memset(bad + kem->ek_bytes - 32, 0xFF, 32);
  CHECK(kem->check_ek(bad) == MLKEM_OK);
  /* All coefficients q - 1. */
  for (i = 0; i < ncoef; i++) set12(bad, i, Q - 1);
  CHECK(kem->check_ek(bad) == MLKEM_OK);
  printf(
      "  %s: modulus check: %lu bad-coefficient keys refused by check_ek, "
      "encaps and encaps_derand with zeroed outputs; every position "
      "refused by check_ek\n",
      kem->name, n);
}

/* Prepared encapsulation keys: prepare_ek writes ek || H(ek) (H computed
 * here by the one-shot SHA3-256) and refuses exactly what check_ek
 * refuses, zeroing its output; encaps_prepared_derand gives the bytes of
 * encaps_derand for every m; encaps_prepared gives a ciphertext that
 * decapsulates to its shared secret; errors zero the outputs. */
static void test_prepared(const mlkem_kem *kem, test_rng *rng) {
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], prep[MAX_EK + 32 + 1];
  uint8_t ct1[MAX_CT], ct2[MAX_CT], ss1[32], ss2[32], h[32];
  unsigned i;
  test_rng_bytes(rng, seed, 64);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  memset(prep, TEST_FILL, sizeof prep);
  CHECK(kem->prepare_ek(prep, ek) == MLKEM_OK);
  mlkem_sha3_256(h, ek, kem->ek_bytes);
  CHECK(memcmp(prep, ek, kem->ek_bytes) == 0);
  CHECK(memcmp(prep + kem->ek_bytes, h, 32) == 0);
  CHECK(prep[kem->ek_bytes + 32] == TEST_FILL); /* nothing written past */
  for (i = 0; i < 50; i++) {
    test_rng_bytes(rng, m, 32);
    CHECK(kem->encaps_derand(ct1, ss1, ek, m) == MLKEM_OK);
    memset(ct2, TEST_FILL, sizeof ct2);
    CHECK(kem->encaps_prepared_derand(ct2, ss2, prep, m) == MLKEM_OK);
    CHECKF(memcmp(ct1, ct2, kem->ct_bytes) == 0 && memcmp(ss1, ss2, 32) == 0,
           "%s encaps_prepared_derand differs from encaps_derand (m %u)",
           kem->name, i);
    CHECK(kem->encaps_prepared(ct2, ss2, prep) == MLKEM_OK);
    CHECK(kem->decaps(ss1, ct2, dk) == MLKEM_OK);
    CHECK(memcmp(ss1, ss2, 32) == 0);
  }
  /* A key that fails the modulus check is refused, prep zeroed. */
  for (i = 0; i < 2; i++) {
    uint8_t bad[MAX_EK];
    memcpy(bad, ek, kem->ek_bytes);
    set12(bad, i == 0 ? 0 : 256 * kem->rank - 1, i == 0 ? Q : 4095);
    memset(prep, TEST_FILL, sizeof prep);
    CHECK(kem->prepare_ek(prep, bad) == MLKEM_ERR_INVALID_EK);
    CHECK(test_all_bytes(prep, kem->prepared_ek_bytes, 0));
    set12(bad, i == 0 ? 0 : 256 * kem->rank - 1, Q - 1);
    CHECK(kem->prepare_ek(prep, bad) == MLKEM_OK);
  }
  /* A prepared key altered after prepare_ek (stored or sent, then
   * changed): a coefficient of its ek set to 0xFFF, the first and the
   * last, is refused by encaps_prepared and its _derand form with
   * MLKEM_ERR_INVALID_EK and zeroed outputs, as encaps refuses
   * the same ek. */
  for (i = 0; i < 2; i++) {
    unsigned pos = i == 0 ? 0 : 256 * kem->rank - 1;
    CHECK(kem->prepare_ek(prep, ek) == MLKEM_OK);
    set12(prep, pos, 0xFFF);
    memset(ct2, TEST_FILL, sizeof ct2);
    memset(ss2, TEST_FILL, sizeof ss2);
    CHECKF(
        kem->encaps_prepared_derand(ct2, ss2, prep, m) == MLKEM_ERR_INVALID_EK,
        "%s: encaps_prepared_derand accepted a prepared key whose "
        "coefficient %u is 0xFFF",
        kem->name, pos);
    CHECK(test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0));
    memset(ct2, TEST_FILL, sizeof ct2);
    memset(ss2, TEST_FILL, sizeof ss2);
    CHECKF(kem->encaps_prepared(ct2, ss2, prep) == MLKEM_ERR_INVALID_EK,
           "%s: encaps_prepared accepted a prepared key whose coefficient "
           "%u is 0xFFF",
           kem->name, pos);
    CHECK(test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0));
  }
  /* An altered H(ek) is not detected (documented: a prepared key is not
   * authenticated): encapsulation succeeds, with G(m || h') instead of
   * G(m || H(ek)), so the receiver's key differs. */
  CHECK(kem->prepare_ek(prep, ek) == MLKEM_OK);
  prep[kem->ek_bytes] ^= 1;
  CHECK(kem->encaps_prepared_derand(ct2, ss2, prep, m) == MLKEM_OK);
  CHECK(kem->decaps(ss1, ct2, dk) == MLKEM_OK);
  CHECK(memcmp(ss1, ss2, 32) != 0);
  /* prep may be written over ek's own buffer (ek first, H after it). */
  memcpy(prep, ek, kem->ek_bytes);
  CHECK(kem->prepare_ek(prep, prep) == MLKEM_OK);
  CHECK(memcmp(prep + kem->ek_bytes, h, 32) == 0);
  /* NULL arguments. */
  memset(prep, TEST_FILL, sizeof prep);
  CHECK(kem->prepare_ek(prep, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(prep, kem->prepared_ek_bytes, 0));
  CHECK(kem->prepare_ek(NULL, ek) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(kem->prepare_ek(prep, ek) == MLKEM_OK);
  memset(ct2, TEST_FILL, sizeof ct2);
  memset(ss2, TEST_FILL, sizeof ss2);
  CHECK(kem->encaps_prepared_derand(ct2, ss2, prep, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0));
  memset(ct2, TEST_FILL, sizeof ct2);
  memset(ss2, TEST_FILL, sizeof ss2);
  CHECK(kem->encaps_prepared(ct2, ss2, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0));
  CHECK(kem->encaps_prepared(NULL, ss2, prep) == MLKEM_ERR_NULL_ARGUMENT);
  printf(
      "  %s: prepared keys: 50 encapsulations equal to encaps_derand's, "
      "refusals and NULL arguments\n",
      kem->name);
}

static void test_unaligned(const mlkem_kem *kem, test_rng *rng) {
  const kpke_fns *pke = &kpke_by_rank[kem->rank];
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss[32], ssd[32],
      pct[MAX_CT], pm[32];
  static uint8_t big[8][MAX_DK + 16]; /* one buffer per argument */
  unsigned off;
  test_rng_bytes(rng, seed, 64);
  test_rng_bytes(rng, m, 32);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
  CHECK(kem->decaps(ssd, ct, dk) == MLKEM_OK);
  CHECK(pke->encrypt(pct, ek, m, seed) == MLKEM_OK);
  CHECK(pke->decrypt(pm, dk, pct) == MLKEM_OK);
  /* The K-PKE part below is the hazmat API's, the same for every scheme:
   * tested with the ML-KEM sets. */
  for (off = 1; off <= 7; off++) {
    uint8_t *a0 = big[0] + off, *a1 = big[1] + off, *a2 = big[2] + off,
            *a3 = big[3] + off, *a4 = big[4] + off;
    uint8_t ss2[40];
    /* keygen_derand: seed in, ek and dk out. */
    memcpy(a0, seed, 64);
    CHECK(kem->keygen_derand(a1, a2, a0) == MLKEM_OK);
    CHECKF(memcmp(a1, ek, kem->ek_bytes) == 0 &&
               memcmp(a2, dk, kem->dk_bytes) == 0,
           "%s keygen_derand at offset %u differs", kem->name, off);
    /* encaps_derand: ek, m in; ct, ss out. */
    memcpy(a3, m, 32);
    CHECK(kem->encaps_derand(a4, ss2 + off, a1, a3) == MLKEM_OK);
    CHECKF(memcmp(a4, ct, kem->ct_bytes) == 0 && memcmp(ss2 + off, ss, 32) == 0,
           "%s encaps_derand at offset %u differs", kem->name, off);
    /* decaps: ct, dk in; ss out. */
    memset(ss2, 0, sizeof ss2);
    CHECK(kem->decaps(ss2 + off, a4, a2) == MLKEM_OK);
    CHECKF(memcmp(ss2 + off, ssd, 32) == 0, "%s decaps at offset %u differs",
           kem->name, off);
    CHECK(kem->check_ek(a1) == MLKEM_OK && kem->check_dk(a2) == MLKEM_OK);
    /* Randomized functions at offsets still agree. */
    CHECK(kem->keygen(a1, a2) == MLKEM_OK);
    CHECK(kem->encaps(a4, ss2 + off, a1) == MLKEM_OK);
    {
      uint8_t ss3[40];
      CHECK(kem->decaps(ss3 + (8 - off), a4, a2) == MLKEM_OK);
      CHECK(memcmp(ss3 + (8 - off), ss2 + off, 32) == 0);
    }
    /* K-PKE at offsets. */
    if (test_scheme_of(kem) != SCHEME_FIPS203) continue;
    memcpy(a1, ek, kem->ek_bytes);
    memcpy(a2, dk, pke->dkpke_bytes);
    memcpy(a0, seed, 32);
    CHECK(pke->encrypt(a4, a1, a3, a0) == MLKEM_OK);
    CHECK(memcmp(a4, pct, kem->ct_bytes) == 0);
    CHECK(pke->decrypt(ss2 + off, a2, a4) == MLKEM_OK);
    CHECK(memcmp(ss2 + off, pm, 32) == 0);
    CHECK(pke->keygen(a1, a2, a0 + 1) == MLKEM_OK);
  }
  printf(
      "  %s: inputs and outputs at offsets 1..7 give identical "
      "results\n",
      kem->name);
}

/* Calls with one NULL pointer at a time; every non-NULL output must be
 * zeroed and the result MLKEM_ERR_NULL_ARGUMENT. */
static void test_null(const mlkem_kem *kem) {
  const kpke_fns *pke = &kpke_by_rank[kem->rank];
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss[32];
  uint8_t o1[MAX_DK], o2[MAX_DK];
  unsigned long n = 0;
  memset(seed, 7, sizeof seed);
  memset(m, 9, sizeof m);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);

#define PREFILL() \
  (memset(o1, TEST_FILL, sizeof o1), memset(o2, TEST_FILL, sizeof o2))
#define EXPECT_NULL(call, z1, len1, z2, len2)                               \
  do {                                                                      \
    int rc_;                                                                \
    PREFILL();                                                              \
    rc_ = (call);                                                           \
    CHECKF(rc_ == MLKEM_ERR_NULL_ARGUMENT, "%s: %s returned %d", kem->name, \
           #call, rc_);                                                     \
    CHECKF(!(z1) || test_all_bytes(o1, (len1), 0),                          \
           "%s: %s left its first output not zeroed", kem->name, #call);    \
    CHECKF(!(z2) || test_all_bytes(o2, (len2), 0),                          \
           "%s: %s left its second output not zeroed", kem->name, #call);   \
    n++;                                                                    \
  } while (0)

  EXPECT_NULL(kem->keygen(NULL, o2), 0, 0, 1, kem->dk_bytes);
  EXPECT_NULL(kem->keygen(o1, NULL), 1, kem->ek_bytes, 0, 0);
  EXPECT_NULL(kem->keygen(NULL, NULL), 0, 0, 0, 0);
  EXPECT_NULL(kem->keygen_derand(NULL, o2, seed), 0, 0, 1, kem->dk_bytes);
  EXPECT_NULL(kem->keygen_derand(o1, NULL, seed), 1, kem->ek_bytes, 0, 0);
  EXPECT_NULL(kem->keygen_derand(o1, o2, NULL), 1, kem->ek_bytes, 1,
              kem->dk_bytes);
  EXPECT_NULL(kem->encaps(NULL, o2, ek), 0, 0, 1, 32);
  EXPECT_NULL(kem->encaps(o1, NULL, ek), 1, kem->ct_bytes, 0, 0);
  EXPECT_NULL(kem->encaps(o1, o2, NULL), 1, kem->ct_bytes, 1, 32);
  EXPECT_NULL(kem->encaps_derand(NULL, o2, ek, m), 0, 0, 1, 32);
  EXPECT_NULL(kem->encaps_derand(o1, NULL, ek, m), 1, kem->ct_bytes, 0, 0);
  EXPECT_NULL(kem->encaps_derand(o1, o2, NULL, m), 1, kem->ct_bytes, 1, 32);
  EXPECT_NULL(kem->encaps_derand(o1, o2, ek, NULL), 1, kem->ct_bytes, 1, 32);
  EXPECT_NULL(kem->decaps(NULL, ct, dk), 0, 0, 0, 0);
  EXPECT_NULL(kem->decaps(o1, NULL, dk), 1, 32, 0, 0);
  EXPECT_NULL(kem->decaps(o1, ct, NULL), 1, 32, 0, 0);
  EXPECT_NULL(kem->check_ek(NULL), 0, 0, 0, 0);
  EXPECT_NULL(kem->check_dk(NULL), 0, 0, 0, 0);
  if (test_scheme_of(kem) != SCHEME_FIPS203)
    goto done; /* K-PKE: as for ML-KEM */
  EXPECT_NULL(pke->keygen(NULL, o2, seed), 0, 0, 1, pke->dkpke_bytes);
  EXPECT_NULL(pke->keygen(o1, NULL, seed), 1, kem->ek_bytes, 0, 0);
  EXPECT_NULL(pke->keygen(o1, o2, NULL), 1, kem->ek_bytes, 1, pke->dkpke_bytes);
  EXPECT_NULL(pke->encrypt(NULL, ek, m, seed), 0, 0, 0, 0);
  EXPECT_NULL(pke->encrypt(o1, NULL, m, seed), 1, kem->ct_bytes, 0, 0);
  EXPECT_NULL(pke->encrypt(o1, ek, NULL, seed), 1, kem->ct_bytes, 0, 0);
  EXPECT_NULL(pke->encrypt(o1, ek, m, NULL), 1, kem->ct_bytes, 0, 0);
  EXPECT_NULL(pke->decrypt(NULL, dk, ct), 0, 0, 0, 0);
  EXPECT_NULL(pke->decrypt(o1, NULL, ct), 1, 32, 0, 0);
  EXPECT_NULL(pke->decrypt(o1, dk, NULL), 1, 32, 0, 0);
done:
#undef EXPECT_NULL
#undef PREFILL
  printf("  %s: %lu calls with a NULL argument\n", kem->name, n);
}

static void test_set(const mlkem_kem *kem) {
  test_rng rng;
  char label[64];
  snprintf(label, sizeof label, "test_kem %s", kem->name);
  test_rng_init(&rng, label);
  test_descriptor(kem);
  test_rounds(kem, (unsigned)test_trials(1000));
  if (test_scheme_of(kem) == SCHEME_FIPS203) {
    test_derand(kem, &rng);
    test_kpke_roundtrip(kem, &rng);
  } else {
    test_derand_round3(kem, &rng);
  }
  test_bitflips(kem, &rng);
  test_dk_check(kem, &rng);
  test_ek_check(kem, &rng);
  if (kem->prepare_ek != NULL) test_prepared(kem, &rng);
  test_unaligned(kem, &rng);
  test_null(kem);
}

int main(void) {
  unsigned s, r;
  test_backend_banner();
  printf("test_kem: behaviour of the public API\n");
  test_misc();
  for (s = 0; mlkem_kems[s] != NULL; s++) test_set(mlkem_kems[s]);
  CHECK(s == 3);
  for (r = 0; mlkem_kyber_kems[r] != NULL; r++) test_set(mlkem_kyber_kems[r]);
  CHECK(r == 6);
  return test_summary("test_kem");
}
