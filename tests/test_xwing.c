/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_xwing.c - X-Wing (mlkem_hybrid.h) against the draft's test vectors
 * (draft-connolly-cfrg-xwing-kem, spec/test-vectors.json: keys, ciphertexts
 * and shared secrets), and against X-Wing put together here from its
 * parts, each tested on its own: SHAKE256 and SHA3-256 (test_sha3),
 * ML-KEM-768 (the conformance tests) and X25519 (test_x25519), following
 * the draft's section 5 step by step. Then behaviour: the ML-KEM check of
 * the public key, X25519 points of small order (not an error in X-Wing),
 * every changed byte of a ciphertext, NULL arguments, zeroed outputs.
 * Wherever xwing_decaps runs, the expanded key (xwing_expand_sk,
 * xwing_decaps_expanded) runs too and must give the same secret; and the
 * expanded key's own checks: any byte of its header or of its ML-KEM
 * part's header altered, and a wiped key, refused with zeroed outputs;
 * copies at any alignment; NULL arguments. (Keys expanded by other
 * backends, in child processes: test_expanded.)
 * Interoperability with Go and pyca/cryptography: tests/hybrid/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "sha3/sha3.h"
#include "test_util.h"

static const uint8_t label[6] = {0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c};

/* The draft's X-Wing from its parts: keygen (5.2). */
static void ref_keygen(uint8_t pk[XWING_PK_BYTES],
                       uint8_t dk[MLKEM768_DK_BYTES], uint8_t sk_x[32],
                       const uint8_t seed[32]) {
  uint8_t expanded[96];
  mlkem_shake256(expanded, sizeof expanded, seed, 32);
  CHECK(mlkem768_keygen_derand(pk, dk, expanded) == MLKEM_OK);
  memcpy(sk_x, expanded + 64, 32);
  CHECK(mlkem_x25519_base(pk + MLKEM768_EK_BYTES, sk_x) == MLKEM_OK);
}

/* X25519 as X-Wing uses it: the all-zero result is a value, not an error. */
static void ref_x25519(uint8_t out[32], const uint8_t k[32],
                       const uint8_t u[32]) {
  int r = mlkem_x25519(out, k, u);
  CHECK(r == MLKEM_OK || r == MLKEM_ERR_X25519_ZERO);
}

static void ref_combiner(uint8_t ss[32], const uint8_t ss_m[32],
                         const uint8_t ss_x[32], const uint8_t ct_x[32],
                         const uint8_t pk_x[32]) {
  uint8_t in[134];
  memcpy(in, ss_m, 32);
  memcpy(in + 32, ss_x, 32);
  memcpy(in + 64, ct_x, 32);
  memcpy(in + 96, pk_x, 32);
  memcpy(in + 128, label, 6);
  mlkem_sha3_256(ss, in, sizeof in);
}

/* Encapsulate (5.4) from its parts. */
static void ref_encaps(uint8_t ct[XWING_CT_BYTES], uint8_t ss[32],
                       const uint8_t pk[XWING_PK_BYTES],
                       const uint8_t eseed[64]) {
  uint8_t ss_m[32], ss_x[32];
  CHECK(mlkem768_encaps_derand(ct, ss_m, pk, eseed) == MLKEM_OK);
  CHECK(mlkem_x25519_base(ct + MLKEM768_CT_BYTES, eseed + 32) == MLKEM_OK);
  ref_x25519(ss_x, eseed + 32, pk + MLKEM768_EK_BYTES);
  ref_combiner(ss, ss_m, ss_x, ct + MLKEM768_CT_BYTES, pk + MLKEM768_EK_BYTES);
}

/* Decapsulate (5.5) from its parts. */
static void ref_decaps(uint8_t ss[32], const uint8_t ct[XWING_CT_BYTES],
                       const uint8_t sk[32]) {
  uint8_t pk[XWING_PK_BYTES], dk[MLKEM768_DK_BYTES], sk_x[32], ss_m[32];
  uint8_t ss_x[32];
  ref_keygen(pk, dk, sk_x, sk);
  CHECK(mlkem768_decaps(ss_m, ct, dk) == MLKEM_OK);
  ref_x25519(ss_x, sk_x, ct + MLKEM768_CT_BYTES);
  ref_combiner(ss, ss_m, ss_x, ct + MLKEM768_CT_BYTES, pk + MLKEM768_EK_BYTES);
}

/* The header of an expanded X-Wing key, and where its ML-KEM part (with
 * mlkem.h's header) starts: src/hybrid/xwing.c, the layout. */
#define XX_HEADER_BYTES 8
#define XX_MLKEM 96

static uint8_t xsk[XWING_EXPANDED_SK_BYTES];

/* xwing_decaps_expanded on sk expanded gives xwing_decaps's secret (want),
 * counted in *n. */
static void decaps_expanded_is(const uint8_t ct[XWING_CT_BYTES],
                               const uint8_t sk[32], const uint8_t want[32],
                               const char *what, unsigned *n) {
  uint8_t got[32];
  CHECK(xwing_expand_sk(xsk, sk) == MLKEM_OK);
  CHECK(xwing_decaps_expanded(got, ct, xsk) == MLKEM_OK);
  CHECK_MEM(got, want, 32, what);
  *n += memcmp(got, want, 32) == 0;
}

static int get_hex(const json_value *v, const char *name, uint8_t *out,
                   size_t len) {
  const char *s = json_get_string(v, name);
  return s != NULL && strlen(s) == 2 * len &&
         test_hex_decode(out, len, s, 2 * len) == len;
}

static void test_draft_vectors(void) {
  size_t len, i;
  unsigned expanded_ok = 0;
  char err[128];
  char *text =
      test_read_file(test_vector_path("xwing-draft/test-vectors.json"), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  CHECKF(root != NULL && root->type == JSON_ARRAY && root->count == 3,
         "xwing-draft/test-vectors.json: %s", root ? "not 3 vectors" : err);
  for (i = 0; root != NULL && i < root->count; i++) {
    const json_value *v = root->items[i];
    uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], eseed[64];
    uint8_t ct[XWING_CT_BYTES], ss[32];
    uint8_t got_pk[XWING_PK_BYTES], got_sk[32], got_ct[XWING_CT_BYTES];
    uint8_t got_ss[32], got_ss2[32];
    CHECKF(get_hex(v, "seed", seed, 32) && get_hex(v, "sk", sk, 32) &&
               get_hex(v, "pk", pk, sizeof pk) &&
               get_hex(v, "eseed", eseed, 64) &&
               get_hex(v, "ct", ct, sizeof ct) && get_hex(v, "ss", ss, 32),
           "vector %zu: a field is missing or of the wrong length", i);
    CHECK(xwing_keygen_derand(got_pk, got_sk, seed) == MLKEM_OK);
    CHECK_MEM(got_pk, pk, sizeof pk, "GenerateKeyPairDerand: pk");
    CHECK_MEM(got_sk, sk, sizeof sk, "GenerateKeyPairDerand: sk");
    CHECK(xwing_encaps_derand(got_ct, got_ss, pk, eseed) == MLKEM_OK);
    CHECK_MEM(got_ct, ct, sizeof ct, "EncapsulateDerand: ct");
    CHECK_MEM(got_ss, ss, sizeof ss, "EncapsulateDerand: ss");
    CHECK(xwing_decaps(got_ss2, ct, sk) == MLKEM_OK);
    CHECK_MEM(got_ss2, ss, sizeof ss, "Decapsulate: ss");
    decaps_expanded_is(ct, sk, ss, "Decapsulate, expanded key: ss",
                       &expanded_ok);
    /* An altered ciphertext: the expanded key's implicit rejection is
     * xwing_decaps's. */
    ct[i * 97 % XWING_CT_BYTES] ^= 0x10;
    CHECK(xwing_decaps(got_ss2, ct, sk) == MLKEM_OK);
    decaps_expanded_is(ct, sk, got_ss2, "altered ct, expanded key",
                       &expanded_ok);
  }
  printf(
      "  draft vectors: %zu (keygen, encaps, decaps; %u expanded-key "
      "decapsulations agree)\n",
      root != NULL ? root->count : (size_t)0, expanded_ok);
  json_free(root);
  free(text);
}

/* Random keys and seeds: the library against the parts, both ways. */
static void test_against_parts(test_rng *rng) {
  int i;
  unsigned expanded_ok = 0;
  for (i = 0; i < 50; i++) {
    uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], ref_pk[XWING_PK_BYTES];
    uint8_t dk[MLKEM768_DK_BYTES], sk_x[32], eseed[64];
    uint8_t ct[XWING_CT_BYTES], ref_ct[XWING_CT_BYTES], ss[32], ref_ss[32];
    test_rng_bytes(rng, seed, sizeof seed);
    test_rng_bytes(rng, eseed, sizeof eseed);
    CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
    ref_keygen(ref_pk, dk, sk_x, seed);
    CHECK_MEM(pk, ref_pk, sizeof pk, "keygen against its parts");
    CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_OK);
    ref_encaps(ref_ct, ref_ss, pk, eseed);
    CHECK_MEM(ct, ref_ct, sizeof ct, "encaps ct against its parts");
    CHECK_MEM(ss, ref_ss, sizeof ss, "encaps ss against its parts");
    CHECK(xwing_decaps(ss, ct, sk) == MLKEM_OK);
    CHECK_MEM(ss, ref_ss, sizeof ss, "decaps against encaps");
    decaps_expanded_is(ct, sk, ref_ss, "expanded decaps against encaps",
                       &expanded_ok);
    /* A random ciphertext: implicit rejection, as the parts give it. */
    test_rng_bytes(rng, ct, sizeof ct);
    CHECK(xwing_decaps(ss, ct, sk) == MLKEM_OK);
    ref_decaps(ref_ss, ct, sk);
    CHECK_MEM(ss, ref_ss, sizeof ss, "decaps of a random ct against parts");
    decaps_expanded_is(ct, sk, ref_ss, "expanded decaps of a random ct",
                       &expanded_ok);
  }
  /* The randomized functions agree with themselves. */
  for (i = 0; i < 10; i++) {
    uint8_t pk[XWING_PK_BYTES], sk[32], pk2[XWING_PK_BYTES], sk2[32];
    uint8_t ct[XWING_CT_BYTES], ss[32], ss2[32];
    CHECK(xwing_keygen(pk, sk) == MLKEM_OK);
    CHECK(xwing_keygen_derand(pk2, sk2, sk) == MLKEM_OK);
    CHECK_MEM(pk2, pk, sizeof pk, "keygen's pk is keygen_derand(sk)'s");
    CHECK(xwing_encaps(ct, ss, pk) == MLKEM_OK);
    CHECK(xwing_decaps(ss2, ct, sk) == MLKEM_OK);
    CHECK_MEM(ss2, ss, sizeof ss, "encaps / decaps agree");
  }
  printf(
      "  against its parts: 50 derandomized and 10 random exchanges (%u "
      "expanded-key decapsulations agree)\n",
      expanded_ok);
}

/* Every byte of a ciphertext changed: a different secret, as the parts
 * give it (ML-KEM's implicit rejection, or another X25519 point). */
static void test_changed_ciphertexts(test_rng *rng) {
  uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], eseed[64];
  uint8_t ct[XWING_CT_BYTES], ss[32], bad_ss[32], ref_ss[32], x_ss[32];
  size_t i;
  unsigned differ = 0, agree = 0, same_x = 0;
  test_rng_bytes(rng, seed, sizeof seed);
  test_rng_bytes(rng, eseed, sizeof eseed);
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_OK);
  CHECK(xwing_expand_sk(xsk, sk) == MLKEM_OK);
  for (i = 0; i < XWING_CT_BYTES; i++) {
    ct[i] ^= (uint8_t)(1u << (i % 8));
    CHECK(xwing_decaps(bad_ss, ct, sk) == MLKEM_OK);
    differ += memcmp(bad_ss, ss, 32) != 0;
    CHECK(xwing_decaps_expanded(x_ss, ct, xsk) == MLKEM_OK);
    same_x += memcmp(x_ss, bad_ss, 32) == 0;
    /* The parts are slow (a keygen each): every 16th byte, and the whole
     * X25519 part. */
    if (i % 16 == 0 || i >= MLKEM768_CT_BYTES) {
      ref_decaps(ref_ss, ct, sk);
      agree += memcmp(bad_ss, ref_ss, 32) == 0;
      CHECK_MEM(bad_ss, ref_ss, 32, "decaps of a changed ct against parts");
    }
    ct[i] ^= (uint8_t)(1u << (i % 8));
  }
  CHECKF(differ == XWING_CT_BYTES, "%u of %d changed ciphertexts gave ss",
         XWING_CT_BYTES - differ, XWING_CT_BYTES);
  CHECKF(same_x == XWING_CT_BYTES,
         "the expanded key differs from xwing_decaps on %u changed "
         "ciphertexts",
         XWING_CT_BYTES - same_x);
  printf(
      "  every byte of a ciphertext changed: %u other secrets, %u checked "
      "against the parts, %u equal with the expanded key\n",
      differ, agree, same_x);
}

/* X25519 points of small order: X-Wing defines the result (the X25519
 * secret is then zero) and does not refuse it (draft section 5). */
static void test_small_order(test_rng *rng) {
  uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], eseed[64];
  uint8_t ct[XWING_CT_BYTES], ss[32], ss2[32], ref_ss[32];
  uint8_t zero[32] = {0}, ct_x[32];
  test_rng_bytes(rng, seed, sizeof seed);
  test_rng_bytes(rng, eseed, sizeof eseed);
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  /* A public key whose X25519 part is the point u = 1 (order 4). */
  memset(pk + MLKEM768_EK_BYTES, 0, 32);
  pk[MLKEM768_EK_BYTES] = 1;
  CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_OK);
  {
    uint8_t ct_m[MLKEM768_CT_BYTES], ss_m[32];
    CHECK(mlkem768_encaps_derand(ct_m, ss_m, pk, eseed) == MLKEM_OK);
    CHECK(mlkem_x25519_base(ct_x, eseed + 32) == MLKEM_OK);
    ref_combiner(ref_ss, ss_m, zero, ct_x, pk + MLKEM768_EK_BYTES);
  }
  CHECK_MEM(ss, ref_ss, 32, "encaps to a small-order X25519 key");
  /* A ciphertext whose X25519 part is of small order. */
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_OK);
  memset(ct + MLKEM768_CT_BYTES, 0, 32);
  CHECK(xwing_decaps(ss2, ct, sk) == MLKEM_OK);
  ref_decaps(ref_ss, ct, sk);
  CHECK_MEM(ss2, ref_ss, 32, "decaps of a small-order X25519 ciphertext");
  {
    unsigned n = 0;
    decaps_expanded_is(ct, sk, ref_ss, "expanded decaps, small-order ct", &n);
  }
  printf("  X25519 points of small order: results as the draft defines\n");
}

/* The ML-KEM check of the public key, NULL pointers, zeroed outputs. */
static void test_errors(test_rng *rng) {
  uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], eseed[64];
  uint8_t ct[XWING_CT_BYTES], ss[32];
  test_rng_bytes(rng, seed, sizeof seed);
  test_rng_bytes(rng, eseed, sizeof eseed);
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  /* A 12-bit coefficient of the ML-KEM ek set to 0xFFF >= q. */
  pk[0] = 0xFF;
  pk[1] |= 0x0F;
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_ERR_INVALID_EK);
  CHECK(test_all_bytes(ct, sizeof ct, 0) && test_all_bytes(ss, 32, 0));
  memset(ct, TEST_FILL, sizeof ct);
  CHECK(xwing_encaps(ct, ss, pk) == MLKEM_ERR_INVALID_EK);
  CHECK(test_all_bytes(ct, sizeof ct, 0) && test_all_bytes(ss, 32, 0));

  memset(pk, TEST_FILL, sizeof pk);
  memset(sk, TEST_FILL, sizeof sk);
  CHECK(xwing_keygen_derand(pk, sk, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(pk, sizeof pk, 0) && test_all_bytes(sk, 32, 0));
  CHECK(xwing_keygen(NULL, sk) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(sk, 32, 0));
  CHECK(xwing_encaps_derand(ct, ss, NULL, eseed) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(xwing_encaps_derand(ct, ss, pk, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(xwing_encaps(ct, NULL, pk) == MLKEM_ERR_NULL_ARGUMENT);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(xwing_decaps(ss, NULL, sk) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ss, 32, 0));
  CHECK(xwing_decaps(NULL, ct, sk) == MLKEM_ERR_NULL_ARGUMENT);
  printf("  errors: the ML-KEM check of pk, NULL arguments, zeroed outputs\n");
}

/* The expanded key's own checks: its header and its ML-KEM part's
 * decide (any byte altered is refused whole, MLKEM_ERR_EXPANDED_KEY and a
 * zeroed secret), as does a wiped key; copies work at any alignment; the
 * expansion is deterministic; NULL arguments. */
static void test_expanded_key(test_rng *rng) {
  static uint8_t bad[XWING_EXPANDED_SK_BYTES],
      moved[XWING_EXPANDED_SK_BYTES + 64];
  uint8_t seed[32], sk[32], pk[XWING_PK_BYTES], eseed[64];
  uint8_t ct[XWING_CT_BYTES], ss[32], got[32];
  unsigned i, refused = 0, total = 0;
  int rc;
  test_rng_bytes(rng, seed, sizeof seed);
  test_rng_bytes(rng, eseed, sizeof eseed);
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  CHECK(xwing_encaps_derand(ct, ss, pk, eseed) == MLKEM_OK);
  CHECK(xwing_expand_sk(xsk, sk) == MLKEM_OK);
  CHECK(xwing_expand_sk(bad, sk) == MLKEM_OK);
  CHECK_MEM(bad, xsk, sizeof xsk, "xwing_expand_sk is deterministic");
  for (i = 0; i < 2 * XX_HEADER_BYTES; i++) {
    /* Bytes 0-7: the X-Wing header; then the ML-KEM part's. */
    unsigned at = i < XX_HEADER_BYTES ? i : XX_MLKEM + i - XX_HEADER_BYTES;
    memcpy(bad, xsk, sizeof xsk);
    bad[at] ^= 0x01;
    memset(got, TEST_FILL, sizeof got);
    rc = xwing_decaps_expanded(got, ct, bad);
    CHECKF(rc == MLKEM_ERR_EXPANDED_KEY && test_all_bytes(got, 32, 0),
           "header byte %u altered: rc %d", at, rc);
    refused += rc == MLKEM_ERR_EXPANDED_KEY;
    total++;
  }
  /* A wiped key. */
  memcpy(bad, xsk, sizeof xsk);
  xwing_expanded_sk_wipe(bad);
  CHECK(test_all_bytes(bad, sizeof bad, 0));
  memset(got, TEST_FILL, sizeof got);
  rc = xwing_decaps_expanded(got, ct, bad);
  CHECKF(rc == MLKEM_ERR_EXPANDED_KEY && test_all_bytes(got, 32, 0),
         "a wiped key: rc %d", rc);
  refused += rc == MLKEM_ERR_EXPANDED_KEY;
  total++;
  xwing_expanded_sk_wipe(NULL);
  /* Any alignment. */
  for (i = 1; i < 64; i += 7) {
    memcpy(moved + i, xsk, sizeof xsk);
    CHECK(xwing_decaps_expanded(got, ct, moved + i) == MLKEM_OK);
    CHECK_MEM(got, ss, 32, "an expanded key copied to another alignment");
  }
  /* NULL arguments. */
  memset(bad, TEST_FILL, sizeof bad);
  CHECK(xwing_expand_sk(bad, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(bad, sizeof bad, 0));
  CHECK(xwing_expand_sk(NULL, sk) == MLKEM_ERR_NULL_ARGUMENT);
  memset(got, TEST_FILL, sizeof got);
  CHECK(xwing_decaps_expanded(got, NULL, xsk) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(got, 32, 0));
  memset(got, TEST_FILL, sizeof got);
  CHECK(xwing_decaps_expanded(got, ct, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(got, 32, 0));
  CHECK(xwing_decaps_expanded(NULL, ct, xsk) == MLKEM_ERR_NULL_ARGUMENT);
  CHECKF(refused == total, "%u of %u altered expanded keys accepted",
         total - refused, total);
  printf(
      "  expanded key: %u altered headers and a wiped key refused, copies "
      "at 9 alignments, NULL arguments\n",
      refused - 1);
}

int main(void) {
  test_rng rng;
  test_backend_banner();
  test_rng_init(&rng, "test_xwing");
  test_draft_vectors();
  test_against_parts(&rng);
  test_changed_ciphertexts(&rng);
  test_small_order(&rng);
  test_errors(&rng);
  test_expanded_key(&rng);
  return test_summary("test_xwing");
}
