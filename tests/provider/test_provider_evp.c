/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_provider_evp.c - every algorithm of the provider module through
 * OpenSSL's EVP API, in a library context of its own that loads the module
 * (argv[1] is its directory) and the default provider.
 *
 *  - ML-KEM: NIST's ACVP vectors (tests/vectors/nist-acvp-server): key
 *    generation from the seed d || z (the "seed" parameter), encapsulation
 *    with m ("ikme") to an ek imported as "pub", decapsulation with a dk
 *    imported as "priv"; the key-check cases refused on import with an
 *    error on the queue exactly when testPassed is false.
 *  - X-Wing: the draft's vectors (tests/vectors/xwing-draft).
 *  - The TLS hybrids: the shares and secrets against the layouts of
 *    draft-ietf-tls-ecdhe-mlkem put together here from their parts (the
 *    library's ML-KEM and X25519, OpenSSL's own ECDH from the default
 *    provider), in both directions.
 *  - Every algorithm: generation, round trips, parameters, equality,
 *    duplication, validation, and the refusals (wrong lengths, invalid
 *    keys, small-order and off-curve shares, keys lacking a part), each
 *    leaving an error with the provider's reason on the error queue.
 *  - The key management's dup with a public-only selection, called
 *    through the module's dispatch table (OSSL_PROVIDER_query_operation):
 *    the copy of a SecP256r1MLKEM768 or SecP384r1MLKEM1024 private key
 *    holds the EC public key only, not the key pair (white box: the key
 *    object of provider/prov.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "json.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "prov.h"
#include "provider_test.h"
#include "test_util.h"

/* OpenSSL 3.5's parameter names (EVP_PKEY-ML-KEM(7), EVP_KEM-ML-KEM(7)),
 * absent from older headers. */
#ifndef OSSL_PKEY_PARAM_ML_KEM_SEED
#define OSSL_PKEY_PARAM_ML_KEM_SEED "seed"
#endif
#ifndef OSSL_KEM_PARAM_IKME
#define OSSL_KEM_PARAM_IKME "ikme"
#endif

static OSSL_LIB_CTX *libctx;

#define MAX_PUB 2048
#define MAX_PRIV 4096
#define MAX_CT 2048
#define MAX_SS 128

/* The algorithms, with their sizes as the drafts and FIPS 203 give them. */
typedef struct {
  const char *name;
  size_t pub, ct, ss, seed, coins;
  int storable; /* has a private key that can be imported and exported */
} alg_info;

/* clang-format off */
static const alg_info algs[] = {
    {"ML-KEM-512",         800,  768,  32, 64, 32, 1},
    {"ML-KEM-768",         1184, 1088, 32, 64, 32, 1},
    {"ML-KEM-1024",        1568, 1568, 32, 64, 32, 1},
    {"X-Wing",             1216, 1120, 32, 32, 64, 1},
    {"X25519MLKEM768",     1216, 1120, 64, 96, 64, 0},
    {"SecP256r1MLKEM768",  1249, 1153, 64, 0,  0,  0},
    {"SecP384r1MLKEM1024", 1665, 1665, 80, 0,  0,  0},
};
/* clang-format on */
#define NALGS (sizeof algs / sizeof algs[0])

/* EVP helpers ---------------------------------------------------------- */

static EVP_PKEY *keygen(const char *alg, const uint8_t *seed, size_t len) {
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, alg, NULL);
  OSSL_PARAM p[2];
  int ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0;
  if (ok && seed != NULL) {
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED,
                                             (void *)(uintptr_t)seed, len);
    p[1] = OSSL_PARAM_construct_end();
    ok = EVP_PKEY_CTX_set_params(ctx, p) > 0;
  }
  if (ok) ok = EVP_PKEY_keygen(ctx, &pkey) > 0;
  EVP_PKEY_CTX_free(ctx);
  return ok ? pkey : NULL;
}

/* A key from up to two octet-string parameters (name2 may be NULL). */
static EVP_PKEY *fromdata(const char *alg, int selection, const char *name1,
                          const uint8_t *v1, size_t l1, const char *name2,
                          const uint8_t *v2, size_t l2) {
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, alg, NULL);
  OSSL_PARAM p[3];
  size_t n = 0;
  p[n++] = OSSL_PARAM_construct_octet_string(name1, (void *)(uintptr_t)v1, l1);
  if (name2 != NULL)
    p[n++] =
        OSSL_PARAM_construct_octet_string(name2, (void *)(uintptr_t)v2, l2);
  p[n] = OSSL_PARAM_construct_end();
  if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0 ||
      EVP_PKEY_fromdata(ctx, &pkey, selection, p) <= 0)
    pkey = NULL;
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

static EVP_PKEY *public_key(const char *alg, const uint8_t *pub, size_t len) {
  return fromdata(alg, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY, pub, len,
                  NULL, NULL, 0);
}

/* libssl's way to the server's key: an empty key ("parameters") with the
 * client's share set as its encoded public key. */
static EVP_PKEY *share_key(const char *alg, const uint8_t *share, size_t len) {
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, alg, NULL);
  int ok = ctx != NULL && EVP_PKEY_paramgen_init(ctx) > 0 &&
           EVP_PKEY_paramgen(ctx, &pkey) > 0;
  EVP_PKEY_CTX_free(ctx);
  if (ok && EVP_PKEY_set1_encoded_public_key(pkey, share, len) > 0) return pkey;
  EVP_PKEY_free(pkey);
  return NULL;
}

static int get_octets(const EVP_PKEY *pkey, const char *name, uint8_t *out,
                      size_t cap, size_t *len) {
  return EVP_PKEY_get_octet_string_param(pkey, name, out, cap, len) > 0;
}

/* Encapsulation with the randomness ikme (NULL: the provider's own). */
static int encaps(EVP_PKEY *pkey, const uint8_t *ikme, size_t ikme_len,
                  uint8_t *ct, size_t *ctlen, uint8_t *ss, size_t *sslen) {
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(libctx, pkey, NULL);
  OSSL_PARAM p[2];
  int ok;
  p[0] = OSSL_PARAM_construct_octet_string(OSSL_KEM_PARAM_IKME,
                                           (void *)(uintptr_t)ikme, ikme_len);
  p[1] = OSSL_PARAM_construct_end();
  *ctlen = MAX_CT;
  *sslen = MAX_SS;
  ok = ctx != NULL &&
       EVP_PKEY_encapsulate_init(ctx, ikme != NULL ? p : NULL) > 0 &&
       EVP_PKEY_encapsulate(ctx, ct, ctlen, ss, sslen) > 0;
  EVP_PKEY_CTX_free(ctx);
  return ok;
}

static int decaps(EVP_PKEY *pkey, const uint8_t *ct, size_t ctlen, uint8_t *ss,
                  size_t *sslen) {
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(libctx, pkey, NULL);
  int ok;
  *sslen = MAX_SS;
  ok = ctx != NULL && EVP_PKEY_decapsulate_init(ctx, NULL) > 0 &&
       EVP_PKEY_decapsulate(ctx, ss, sslen, ct, ctlen) > 0;
  EVP_PKEY_CTX_free(ctx);
  return ok;
}

/* Vectors -------------------------------------------------------------- */

static json_value *load_json(const char *rel) {
  char err[200];
  size_t len;
  char *text = test_read_file(test_vector_path(rel), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  free(text);
  if (root == NULL) fprintf(stderr, "%s: %s\n", rel, err);
  CHECKF(root != NULL, "%s is valid JSON", rel);
  return root;
}

/* The hex member key of t, exactly len bytes. */
static int hex(const json_value *t, const char *key, uint8_t *out, size_t len) {
  const char *s = json_get_string(t, key);
  int ok = s != NULL && strlen(s) == 2 * len &&
           test_hex_decode(out, len, s, 2 * len) == len;
  CHECKF(ok, "vector field %s: %zu bytes of hex", key, len);
  return ok;
}

static const mlkem_kem *group_kem(const json_value *g) {
  const char *ps = json_get_string(g, "parameterSet");
  const mlkem_kem *kem = ps != NULL ? mlkem_kem_by_name(ps) : NULL;
  CHECKF(kem != NULL, "parameterSet %s is known", ps ? ps : "(none)");
  return kem;
}

/* ACVP keyGen: the seed through key generation gives ek and dk. */
static void test_acvp_keygen(void) {
  json_value *root = load_json(
      "nist-acvp-server/ML-KEM-keyGen-FIPS203/internalProjection.json");
  const json_value *groups = root ? json_get(root, "testGroups") : NULL;
  size_t gi, ti, n = 0;
  for (gi = 0; groups != NULL && gi < groups->count; gi++) {
    const json_value *tests = json_get(groups->items[gi], "tests");
    const mlkem_kem *kem = group_kem(groups->items[gi]);
    for (ti = 0; kem != NULL && tests != NULL && ti < tests->count; ti++) {
      const json_value *t = tests->items[ti];
      uint8_t seed[64], ek[MAX_PUB], dk[MAX_PRIV], got[MAX_PRIV], s2[64];
      size_t len = 0;
      EVP_PKEY *pkey;
      if (!hex(t, "d", seed, 32) || !hex(t, "z", seed + 32, 32) ||
          !hex(t, "ek", ek, kem->ek_bytes) || !hex(t, "dk", dk, kem->dk_bytes))
        continue;
      pkey = keygen(kem->name, seed, 64);
      CHECKF(pkey != NULL, "%s keyGen: key from the seed", kem->name);
      if (pkey == NULL) continue;
      CHECK(get_octets(pkey, OSSL_PKEY_PARAM_PUB_KEY, got, sizeof got, &len) &&
            len == kem->ek_bytes);
      CHECK_MEM(got, ek, kem->ek_bytes, "ACVP keyGen ek (\"pub\")");
      CHECK(get_octets(pkey, OSSL_PKEY_PARAM_PRIV_KEY, got, sizeof got, &len) &&
            len == kem->dk_bytes);
      CHECK_MEM(got, dk, kem->dk_bytes, "ACVP keyGen dk (\"priv\")");
      CHECK(
          get_octets(pkey, OSSL_PKEY_PARAM_ML_KEM_SEED, s2, sizeof s2, &len) &&
          len == 64);
      CHECK_MEM(s2, seed, 64, "the key keeps its seed");
      CHECK(get_octets(pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, got,
                       sizeof got, &len) &&
            len == kem->ek_bytes);
      CHECK_MEM(got, ek, kem->ek_bytes, "encoded-pub-key is ek");
      EVP_PKEY_free(pkey);
      n++;
    }
  }
  printf("ACVP keyGen through EVP: %zu vectors\n", n);
  CHECK(n >= 75);
  json_free(root);
  ptest_no_error("ACVP keyGen");
}

static void acvp_encaps(const mlkem_kem *kem, const json_value *t) {
  uint8_t ek[MAX_PUB], m[32], c[MAX_CT], k[32], ct[MAX_CT], ss[MAX_SS];
  size_t ctlen = 0, sslen = 0;
  EVP_PKEY *pkey;
  if (!hex(t, "ek", ek, kem->ek_bytes) || !hex(t, "m", m, 32) ||
      !hex(t, "c", c, kem->ct_bytes) || !hex(t, "k", k, 32))
    return;
  pkey = public_key(kem->name, ek, kem->ek_bytes);
  CHECKF(pkey != NULL, "%s: ek imported as pub", kem->name);
  CHECK(pkey != NULL && encaps(pkey, m, 32, ct, &ctlen, ss, &sslen));
  CHECK(ctlen == kem->ct_bytes && sslen == 32);
  CHECK_MEM(ct, c, kem->ct_bytes, "ACVP encapsulation c");
  CHECK_MEM(ss, k, 32, "ACVP encapsulation k");
  EVP_PKEY_free(pkey);
}

static void acvp_decaps(const mlkem_kem *kem, const json_value *t) {
  uint8_t dk[MAX_PRIV], c[MAX_CT], k[32], ss[MAX_SS];
  size_t sslen = 0;
  EVP_PKEY *pkey;
  if (!hex(t, "dk", dk, kem->dk_bytes) || !hex(t, "c", c, kem->ct_bytes) ||
      !hex(t, "k", k, 32))
    return;
  pkey = fromdata(kem->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, dk,
                  kem->dk_bytes, NULL, NULL, 0);
  CHECKF(pkey != NULL, "%s: dk imported as priv", kem->name);
  CHECK(pkey != NULL && decaps(pkey, c, kem->ct_bytes, ss, &sslen));
  CHECK(sslen == 32);
  CHECK_MEM(ss, k, 32, "ACVP decapsulation k");
  EVP_PKEY_free(pkey);
}

/* A key that fails the check is refused on import, with the provider's
 * "invalid key" on the error queue. */
static void acvp_key_check(const mlkem_kem *kem, const json_value *t,
                           int private_key) {
  uint8_t key[MAX_PRIV];
  size_t len = private_key ? kem->dk_bytes : kem->ek_bytes;
  int passed = 0;
  EVP_PKEY *pkey;
  CHECK(json_get_bool(t, "testPassed", &passed));
  if (!hex(t, private_key ? "dk" : "ek", key, len)) return;
  pkey = private_key
             ? fromdata(kem->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY,
                        key, len, NULL, NULL, 0)
             : public_key(kem->name, key, len);
  if (passed) {
    CHECKF(pkey != NULL, "%s: a valid %s is imported", kem->name,
           private_key ? "dk" : "ek");
    ptest_no_error("valid key import");
  } else {
    CHECKF(pkey == NULL, "%s: an invalid %s is refused", kem->name,
           private_key ? "dk" : "ek");
    CHECK(ptest_error_is("invalid key"));
  }
  EVP_PKEY_free(pkey);
}

static void test_acvp_encap_decap(void) {
  json_value *root = load_json(
      "nist-acvp-server/ML-KEM-encapDecap-FIPS203/internalProjection.json");
  const json_value *groups = root ? json_get(root, "testGroups") : NULL;
  size_t gi, ti, n = 0;
  for (gi = 0; groups != NULL && gi < groups->count; gi++) {
    const json_value *g = groups->items[gi];
    const json_value *tests = json_get(g, "tests");
    const mlkem_kem *kem = group_kem(g);
    const char *fn = json_get_string(g, "function");
    for (ti = 0;
         kem != NULL && fn != NULL && tests != NULL && ti < tests->count;
         ti++, n++) {
      const json_value *t = tests->items[ti];
      if (strcmp(fn, "encapsulation") == 0) {
        acvp_encaps(kem, t);
      } else if (strcmp(fn, "decapsulation") == 0) {
        acvp_decaps(kem, t);
      } else if (strcmp(fn, "encapsulationKeyCheck") == 0) {
        acvp_key_check(kem, t, 0);
      } else if (strcmp(fn, "decapsulationKeyCheck") == 0) {
        acvp_key_check(kem, t, 1);
      } else {
        CHECKF(0, "unknown ACVP function %s", fn);
      }
    }
  }
  printf("ACVP encapDecap through EVP: %zu vectors\n", n);
  CHECK(n >= 165);
  json_free(root);
}

/* The X-Wing draft's vectors: seed -> pk, eseed -> ct and ss, ct -> ss. */
static void test_xwing_vectors(void) {
  json_value *root = load_json("xwing-draft/test-vectors.json");
  size_t i;
  for (i = 0; root != NULL && i < root->count; i++) {
    const json_value *t = root->items[i];
    uint8_t seed[32], pk[1216], eseed[64], ct[1120], ss[32];
    uint8_t got[MAX_CT], gss[MAX_SS];
    size_t len = 0, sslen;
    EVP_PKEY *key, *pub, *imported;
    if (!hex(t, "seed", seed, 32) || !hex(t, "pk", pk, 1216) ||
        !hex(t, "eseed", eseed, 64) || !hex(t, "ct", ct, 1120) ||
        !hex(t, "ss", ss, 32))
      continue;
    key = keygen("X-Wing", seed, 32);
    CHECK(key != NULL &&
          get_octets(key, OSSL_PKEY_PARAM_PUB_KEY, got, sizeof got, &len) &&
          len == 1216);
    CHECK_MEM(got, pk, 1216, "X-Wing vector: pk from the seed");
    pub = public_key("X-Wing", pk, 1216);
    CHECK(pub != NULL && encaps(pub, eseed, 64, got, &len, gss, &sslen) &&
          len == 1120 && sslen == 32);
    CHECK_MEM(got, ct, 1120, "X-Wing vector: ct from eseed");
    CHECK_MEM(gss, ss, 32, "X-Wing vector: ss of the encapsulation");
    CHECK(key != NULL && decaps(key, ct, 1120, gss, &sslen) && sslen == 32);
    CHECK_MEM(gss, ss, 32, "X-Wing vector: ss of the decapsulation");
    /* The 32-byte private key imports as "priv" too. */
    imported = fromdata("X-Wing", EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY,
                        seed, 32, NULL, NULL, 0);
    CHECK(imported != NULL && EVP_PKEY_eq(imported, key) == 1);
    EVP_PKEY_free(imported);
    EVP_PKEY_free(key);
    EVP_PKEY_free(pub);
  }
  CHECK(root != NULL && root->count == 3);
  json_free(root);
  ptest_no_error("X-Wing vectors");
}

/* The TLS hybrids against their layouts ---------------------------------- */

/* X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem section 4.1, ML-KEM first):
 * client share = ek || X25519(x, 9), server share = ct || X25519(y, 9),
 * secret = K || X25519(y, client's point), from the library's ML-KEM-768
 * and X25519 and the same coins. */
static void test_x25519mlkem768_layout(void) {
  uint8_t coins[96], scoins[64], ek[1184], dk[2400], xpub[32], ypub[32];
  uint8_t ct[1088], k[32], xs[32], share[MAX_PUB], sshare[MAX_CT];
  uint8_t ss[MAX_SS], ss2[MAX_SS];
  size_t len = 0, ctlen, sslen;
  EVP_PKEY *client, *server;
  test_rng rng;
  test_rng_init(&rng, "provider X25519MLKEM768 layout");
  test_rng_bytes(&rng, coins, sizeof coins);
  test_rng_bytes(&rng, scoins, sizeof scoins);
  CHECK(mlkem768_keygen_derand(ek, dk, coins) == MLKEM_OK);
  CHECK(mlkem_x25519_base(xpub, coins + 64) == MLKEM_OK);
  client = keygen("X25519MLKEM768", coins, 96);
  CHECK(client != NULL &&
        get_octets(client, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, share,
                   sizeof share, &len) &&
        len == 1216);
  CHECK_MEM(share, ek, 1184, "X25519MLKEM768 client share: ek first");
  CHECK_MEM(share + 1184, xpub, 32, "X25519MLKEM768 client share: X25519");
  server = share_key("X25519MLKEM768", share, 1216);
  CHECK(server != NULL &&
        encaps(server, scoins, 64, sshare, &ctlen, ss, &sslen) &&
        ctlen == 1120 && sslen == 64);
  CHECK(mlkem768_encaps_derand(ct, k, ek, scoins) == MLKEM_OK);
  CHECK(mlkem_x25519_base(ypub, scoins + 32) == MLKEM_OK);
  CHECK(mlkem_x25519(xs, scoins + 32, xpub) == MLKEM_OK);
  CHECK_MEM(sshare, ct, 1088, "X25519MLKEM768 server share: ct first");
  CHECK_MEM(sshare + 1088, ypub, 32, "X25519MLKEM768 server share: X25519");
  CHECK_MEM(ss, k, 32, "X25519MLKEM768 secret: ML-KEM first");
  CHECK_MEM(ss + 32, xs, 32, "X25519MLKEM768 secret: X25519 second");
  CHECK(client != NULL && decaps(client, sshare, 1120, ss2, &sslen) &&
        sslen == 64);
  CHECK_MEM(ss2, ss, 64, "X25519MLKEM768: the client's secret");
  EVP_PKEY_free(client);
  EVP_PKEY_free(server);
  ptest_no_error("X25519MLKEM768 layout");
}

/* An EC key pair of OpenSSL's default provider and its uncompressed
 * point. */
static EVP_PKEY *ec_key(const char *group, uint8_t *point, size_t plen) {
  size_t len = 0;
  EVP_PKEY *k = EVP_PKEY_Q_keygen(libctx, "provider=default", "EC", group);
  CHECK(k != NULL &&
        EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                        point, plen, &len) > 0 &&
        len == plen && point[0] == 0x04);
  return k;
}

static int ec_derive(EVP_PKEY *priv, const char *group, const uint8_t *point,
                     size_t plen, uint8_t *secret, size_t slen) {
  EVP_PKEY *peer = NULL;
  EVP_PKEY_CTX *ctx =
      EVP_PKEY_CTX_new_from_name(libctx, "EC", "provider=default");
  OSSL_PARAM p[3];
  size_t len = slen;
  int ok;
  p[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
                                          (char *)(uintptr_t)group, 0);
  p[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                           (void *)(uintptr_t)point, plen);
  p[2] = OSSL_PARAM_construct_end();
  ok = ctx != NULL && EVP_PKEY_fromdata_init(ctx) > 0 &&
       EVP_PKEY_fromdata(ctx, &peer, EVP_PKEY_PUBLIC_KEY, p) > 0;
  EVP_PKEY_CTX_free(ctx);
  ctx =
      ok ? EVP_PKEY_CTX_new_from_pkey(libctx, priv, "provider=default") : NULL;
  ok = ctx != NULL && EVP_PKEY_derive_init(ctx) > 0 &&
       EVP_PKEY_derive_set_peer(ctx, peer) > 0 &&
       EVP_PKEY_derive(ctx, secret, &len) > 0 && len == slen;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(peer);
  return ok;
}

/* SecP256r1MLKEM768 / SecP384r1MLKEM1024 (section 4.1, EC first): the
 * provider's server against a client put together here, and the
 * provider's client against a server put together here. */
static void test_ecmlkem_layout(const char *alg, const char *group,
                                const mlkem_kem *kem, size_t field) {
  size_t plen = 1 + 2 * field, len = 0, ctlen = 0, sslen = 0;
  uint8_t seed[64], ek[MAX_PUB], dk[MAX_PRIV], point[100], share[MAX_PUB];
  uint8_t sshare[MAX_CT], ss[MAX_SS], ecss[64], k[32];
  EVP_PKEY *ec, *server, *client;
  test_rng rng;
  test_rng_init(&rng, alg);
  test_rng_bytes(&rng, seed, sizeof seed);
  /* Our client, the provider's server. */
  ec = ec_key(group, point, plen);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  memcpy(share, point, plen);
  memcpy(share + plen, ek, kem->ek_bytes);
  server = share_key(alg, share, plen + kem->ek_bytes);
  CHECKF(server != NULL, "%s: the server takes the client's share", alg);
  CHECK(server != NULL && encaps(server, NULL, 0, sshare, &ctlen, ss, &sslen));
  CHECKF(ctlen == plen + kem->ct_bytes && sslen == field + 32,
         "%s: server share %zu bytes, secret %zu", alg, ctlen, sslen);
  CHECK(ec != NULL && ec_derive(ec, group, sshare, plen, ecss, field));
  CHECK(kem->decaps(k, sshare + plen, dk) == MLKEM_OK);
  CHECK_MEM(ss, ecss, field, "EC hybrid secret: ECDH first (server)");
  CHECK_MEM(ss + field, k, 32, "EC hybrid secret: ML-KEM second (server)");
  EVP_PKEY_free(ec);
  EVP_PKEY_free(server);
  /* The provider's client, our server. */
  client = keygen(alg, NULL, 0);
  CHECK(client != NULL &&
        get_octets(client, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, share,
                   sizeof share, &len) &&
        len == plen + kem->ek_bytes && share[0] == 0x04);
  ec = ec_key(group, point, plen);
  CHECK(ec != NULL && ec_derive(ec, group, share, plen, ecss, field));
  CHECK(kem->encaps(sshare + plen, k, share + plen) == MLKEM_OK);
  memcpy(sshare, point, plen);
  CHECK(client != NULL &&
        decaps(client, sshare, plen + kem->ct_bytes, ss, &sslen) &&
        sslen == field + 32);
  CHECK_MEM(ss, ecss, field, "EC hybrid secret: ECDH first (client)");
  CHECK_MEM(ss + field, k, 32, "EC hybrid secret: ML-KEM second (client)");
  /* An off-curve point (y changed) or a compressed one is refused by the
   * server as it sets the share, and by the client in decapsulation. */
  share[plen - 1] ^= 1;
  server = share_key(alg, share, plen + kem->ek_bytes);
  CHECKF(server == NULL, "%s: a share off the curve is refused", alg);
  CHECK(ptest_error_is("EC operation failed"));
  share[plen - 1] ^= 1;
  share[0] = 0x02;
  server = share_key(alg, share, plen + kem->ek_bytes);
  CHECKF(server == NULL, "%s: a compressed point is refused", alg);
  CHECK(ptest_error_is("EC operation failed"));
  sshare[plen - 1] ^= 1;
  CHECK(client != NULL &&
        !decaps(client, sshare, plen + kem->ct_bytes, ss, &sslen));
  CHECK(ptest_error_is("EC operation failed"));
  EVP_PKEY_free(ec);
  EVP_PKEY_free(client);
  ptest_no_error(alg);
}

/* Every algorithm ---------------------------------------------------------- */

static void test_round_trips(const alg_info *a) {
  uint8_t pub[MAX_PUB], ct[MAX_CT], ct2[MAX_CT], ss[MAX_SS], ss2[MAX_SS];
  uint8_t tmp[MAX_PRIV];
  size_t len = 0, ctlen, sslen, sslen2;
  int i, bits = 0, secbits = 0, maxsize = 0;
  EVP_PKEY *key = keygen(a->name, NULL, 0), *pk, *pk2, *dup, *other;
  EVP_PKEY_CTX *ctx;
  CHECKF(key != NULL, "%s: key generation", a->name);
  if (key == NULL) return;
  CHECK(EVP_PKEY_is_a(key, a->name));
  CHECK(get_octets(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, pub, sizeof pub,
                   &len) &&
        len == a->pub);
  CHECK(EVP_PKEY_get_int_param(key, OSSL_PKEY_PARAM_BITS, &bits) > 0 &&
        bits == EVP_PKEY_get_bits(key) && bits > 0);
  CHECK(EVP_PKEY_get_int_param(key, OSSL_PKEY_PARAM_SECURITY_BITS, &secbits) >
            0 &&
        secbits >= 128);
  CHECK(EVP_PKEY_get_int_param(key, OSSL_PKEY_PARAM_MAX_SIZE, &maxsize) > 0 &&
        (size_t)maxsize == a->ct);
  /* The server's side from the encoded public key, and from "pub". */
  pk = share_key(a->name, pub, len);
  pk2 = public_key(a->name, pub, len);
  CHECKF(pk != NULL && pk2 != NULL, "%s: public key from its share", a->name);
  for (i = 0; i < 3 && pk != NULL; i++) {
    CHECK(encaps(i == 0 ? key : pk, NULL, 0, ct, &ctlen, ss, &sslen));
    CHECK(ctlen == a->ct && sslen == a->ss);
    CHECK(decaps(key, ct, ctlen, ss2, &sslen2) && sslen2 == a->ss);
    CHECKF(memcmp(ss, ss2, a->ss) == 0, "%s: round trip %d", a->name, i);
  }
  /* Sizes asked with NULL buffers. */
  ctx = EVP_PKEY_CTX_new_from_pkey(libctx, key, NULL);
  ctlen = sslen = 0;
  CHECK(ctx != NULL && EVP_PKEY_encapsulate_init(ctx, NULL) > 0 &&
        EVP_PKEY_encapsulate(ctx, NULL, &ctlen, NULL, &sslen) > 0 &&
        ctlen == a->ct && sslen == a->ss);
  /* Buffers too small. */
  ctlen = a->ct - 1;
  sslen = a->ss;
  CHECK(!EVP_PKEY_encapsulate(ctx, ct, &ctlen, ss, &sslen));
  CHECK(ptest_error_is("wrong length"));
  EVP_PKEY_CTX_free(ctx);
  ctx = EVP_PKEY_CTX_new_from_pkey(libctx, key, NULL);
  sslen = 0;
  CHECK(ctx != NULL && EVP_PKEY_decapsulate_init(ctx, NULL) > 0 &&
        EVP_PKEY_decapsulate(ctx, NULL, &sslen, ct, a->ct) > 0 &&
        sslen == a->ss);
  /* A ciphertext one byte short or long. */
  sslen = MAX_SS;
  CHECK(!EVP_PKEY_decapsulate(ctx, ss, &sslen, ct, a->ct - 1));
  CHECK(ptest_error_is("wrong length"));
  sslen = MAX_SS;
  CHECK(!EVP_PKEY_decapsulate(ctx, ss, &sslen, ct, a->ct + 1));
  CHECK(ptest_error_is("wrong length"));
  EVP_PKEY_CTX_free(ctx);
  /* A share of the wrong length is refused when set. */
  CHECK(share_key(a->name, pub, len - 1) == NULL);
  CHECK(ptest_error_is("wrong length"));
  CHECK(share_key(a->name, pub, len + 1) == NULL);
  CHECK(ptest_error_is("wrong length"));
  /* No decapsulation with a public key; no encapsulation to an empty
   * key. */
  ctx = EVP_PKEY_CTX_new_from_pkey(libctx, pk2, NULL);
  CHECK(ctx != NULL && EVP_PKEY_decapsulate_init(ctx, NULL) <= 0);
  CHECK(ptest_error_is("missing key"));
  EVP_PKEY_CTX_free(ctx);
  /* Equality, duplication, validation. */
  other = keygen(a->name, NULL, 0);
  CHECK(EVP_PKEY_eq(key, pk) == 1 && EVP_PKEY_eq(key, pk2) == 1);
  CHECK(other != NULL && EVP_PKEY_eq(key, other) == 0);
  dup = EVP_PKEY_dup(key);
  CHECK(dup != NULL && EVP_PKEY_eq(dup, key) == 1);
  CHECK(dup != NULL && encaps(pk, NULL, 0, ct, &ctlen, ss, &sslen) &&
        decaps(dup, ct, ctlen, ss2, &sslen2) && memcmp(ss, ss2, a->ss) == 0);
  ctx = EVP_PKEY_CTX_new_from_pkey(libctx, key, NULL);
  CHECK(ctx != NULL && EVP_PKEY_check(ctx) > 0 &&
        EVP_PKEY_public_check(ctx) > 0 && EVP_PKEY_private_check(ctx) > 0);
  EVP_PKEY_CTX_free(ctx);
  ctx = EVP_PKEY_CTX_new_from_pkey(libctx, pk, NULL);
  CHECK(ctx != NULL && EVP_PKEY_public_check(ctx) > 0);
  EVP_PKEY_CTX_free(ctx);
  /* The private key's export is its import: same key. */
  if (a->storable) {
    EVP_PKEY *back;
    CHECK(get_octets(key, OSSL_PKEY_PARAM_PRIV_KEY, tmp, sizeof tmp, &len));
    back = fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, tmp,
                    len, NULL, NULL, 0);
    CHECK(back != NULL && EVP_PKEY_eq(back, key) == 1);
    EVP_PKEY_free(back);
  } else {
    CHECKF(!get_octets(key, OSSL_PKEY_PARAM_PRIV_KEY, tmp, sizeof tmp, &len),
           "%s: the private key of a TLS key share is not exported", a->name);
    ERR_clear_error();
  }
  /* Randomness for one encapsulation ("ikme") of the right length only. */
  if (a->coins != 0) {
    memset(tmp, 7, sizeof tmp);
    CHECK(encaps(pk, tmp, a->coins, ct, &ctlen, ss, &sslen));
    CHECK(encaps(pk, tmp, a->coins, ct2, &ctlen, ss2, &sslen));
    CHECKF(memcmp(ct, ct2, a->ct) == 0 && memcmp(ss, ss2, a->ss) == 0,
           "%s: ikme makes the encapsulation deterministic", a->name);
    CHECK(!encaps(pk, tmp, a->coins - 1, ct, &ctlen, ss, &sslen));
    CHECK(ptest_error_is("wrong length"));
  }
  EVP_PKEY_free(key);
  EVP_PKEY_free(pk);
  EVP_PKEY_free(pk2);
  EVP_PKEY_free(dup);
  EVP_PKEY_free(other);
  ptest_no_error(a->name);
}

/* Seeds and private keys on import: the seed of the wrong length, and a
 * seed that does not generate the private key given with it, refused. */
static void test_seed_import(const alg_info *a) {
  uint8_t seed[96], priv[MAX_PRIV], pub[MAX_PUB];
  size_t plen = 0, publen = 0;
  EVP_PKEY *key, *k2;
  memset(seed, 0x42, sizeof seed);
  CHECK(keygen(a->name, seed, a->seed + 1) == NULL);
  CHECK(ptest_error_is("wrong length"));
  key = keygen(a->name, seed, a->seed);
  CHECK(key != NULL &&
        get_octets(key, OSSL_PKEY_PARAM_PRIV_KEY, priv, sizeof priv, &plen) &&
        get_octets(key, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub, &publen));
  k2 = fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_ML_KEM_SEED, seed,
                a->seed, OSSL_PKEY_PARAM_PRIV_KEY, priv, plen);
  CHECK(k2 != NULL && EVP_PKEY_eq(k2, key) == 1);
  EVP_PKEY_free(k2);
  k2 = fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_ML_KEM_SEED, seed,
                a->seed, OSSL_PKEY_PARAM_PUB_KEY, pub, publen);
  CHECK(k2 != NULL && EVP_PKEY_eq(k2, key) == 1);
  EVP_PKEY_free(k2);
  seed[0] ^= 1;
  k2 = fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_ML_KEM_SEED, seed,
                a->seed, OSSL_PKEY_PARAM_PRIV_KEY, priv, plen);
  CHECKF(k2 == NULL, "%s: a seed that is not the private key's", a->name);
  CHECK(ptest_error_is("key parts do not match"));
  k2 = fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_ML_KEM_SEED, seed,
                a->seed, OSSL_PKEY_PARAM_PUB_KEY, pub, publen);
  CHECKF(k2 == NULL, "%s: a public key that is not the seed's", a->name);
  CHECK(ptest_error_is("key parts do not match"));
  CHECK(fromdata(a->name, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, priv,
                 plen - 1, NULL, NULL, 0) == NULL);
  CHECK(ptest_error_is("wrong length"));
  EVP_PKEY_free(key);
  ptest_no_error("seed import");
}

/* ML-KEM keys that fail FIPS 203's checks, refused wherever they enter: a
 * coefficient of ek equal to q (section 7.2), as a public key, as the
 * server's peer share and inside a hybrid's share; H(ek) altered in dk
 * (section 7.3). */
static void test_invalid_keys(void) {
  uint8_t ek[MAX_PUB], dk[MAX_PRIV], share[MAX_PUB], seed[64];
  size_t len = 0;
  EVP_PKEY *key;
  memset(seed, 1, sizeof seed);
  CHECK(mlkem768_keygen_derand(ek, dk, seed) == MLKEM_OK);
  /* The first coefficient := 3329 = 0xD01 (12 bits, little-endian). */
  ek[0] = 0x01;
  ek[1] = (uint8_t)((ek[1] & 0xF0) | 0x0D);
  CHECK(public_key("ML-KEM-768", ek, 1184) == NULL);
  CHECK(ptest_error_is("invalid key"));
  CHECK(share_key("MLKEM768", ek, 1184) == NULL);
  CHECK(ptest_error_is("invalid key"));
  memcpy(share, ek, 1184);
  memset(share + 1184, 9, 32);
  CHECK(share_key("X25519MLKEM768", share, 1216) == NULL);
  CHECK(ptest_error_is("invalid key"));
  CHECK(share_key("X-Wing", share, 1216) == NULL);
  CHECK(ptest_error_is("invalid key"));
  key = keygen("SecP256r1MLKEM768", NULL, 0);
  CHECK(key != NULL && get_octets(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                  share, sizeof share, &len));
  memcpy(share + 65, ek, 1184);
  CHECK(share_key("SecP256r1MLKEM768", share, len) == NULL);
  CHECK(ptest_error_is("invalid key"));
  EVP_PKEY_free(key);
  /* s_0 altered: the section 7.3 checks pass (H(ek) covers ek only), the
   * key imports, and the pairwise test of a full check refuses it (RFC
   * 9935's bad-ML-KEM-512-2 example is such a key). */
  CHECK(mlkem768_keygen_derand(share, dk, seed) == MLKEM_OK);
  dk[0] ^= 1;
  key = fromdata("ML-KEM-768", EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, dk,
                 2400, NULL, NULL, 0);
  CHECK(key != NULL);
  if (key != NULL) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(libctx, key, NULL);
    CHECK(ctx != NULL && EVP_PKEY_public_check(ctx) > 0);
    CHECK(ctx != NULL && EVP_PKEY_check(ctx) <= 0);
    CHECK(ptest_error_is("key parts do not match"));
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(key);
  }
  dk[0] ^= 1;
  dk[2400 - 64] ^= 1; /* H(ek) */
  CHECK(fromdata("ML-KEM-768", EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, dk,
                 2400, NULL, NULL, 0) == NULL);
  CHECK(ptest_error_is("invalid key"));
  ptest_no_error("invalid keys");
}

/* X25519MLKEM768 with an X25519 share of small order (u = 0, RFC 7748
 * section 6.1): the server refuses the client's, the client the
 * server's. */
static void test_small_order(void) {
  uint8_t share[MAX_PUB], sshare[MAX_CT], ss[MAX_SS];
  size_t len = 0, ctlen, sslen;
  EVP_PKEY *client = keygen("X25519MLKEM768", NULL, 0), *server;
  CHECK(client != NULL && get_octets(client, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                     share, sizeof share, &len));
  server = share_key("X25519MLKEM768", share, len);
  CHECK(server != NULL && encaps(server, NULL, 0, sshare, &ctlen, ss, &sslen));
  EVP_PKEY_free(server);
  memset(sshare + 1088, 0, 32);
  CHECK(client != NULL && !decaps(client, sshare, ctlen, ss, &sslen));
  CHECK(ptest_error_is("peer share of small order"));
  memset(share + 1184, 0, 32);
  server = share_key("X25519MLKEM768", share, len);
  CHECK(server != NULL && !encaps(server, NULL, 0, sshare, &ctlen, ss, &sslen));
  CHECK(ptest_error_is("peer share of small order"));
  EVP_PKEY_free(server);
  EVP_PKEY_free(client);
}

/* Names: OpenSSL 3.5's aliases and OIDs find the same key type. */
static void test_names(void) {
  static const char *const names[] = {"MLKEM768", "id-alg-ml-kem-768",
                                      "2.16.840.1.101.3.4.4.2",
                                      "1.3.6.1.4.1.62253.25722", "XWING"};
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    EVP_PKEY *k = keygen(names[i], NULL, 0);
    CHECKF(k != NULL, "key type by the name %s", names[i]);
    EVP_PKEY_free(k);
  }
  ptest_no_error("names");
}

/* The dispatch entry of key management function `id` of algorithm `alg`
 * in the module, for OpenSSL's OSSL_FUNC_keymgmt_* accessors. */
static const OSSL_DISPATCH *km_fn(OSSL_PROVIDER *prov, const char *alg,
                                  int id) {
  int no_cache = 0;
  const OSSL_ALGORITHM *a =
      OSSL_PROVIDER_query_operation(prov, OSSL_OP_KEYMGMT, &no_cache);
  const OSSL_DISPATCH *d;
  size_t n = strlen(alg);
  for (; a != NULL && a->algorithm_names != NULL; a++) {
    if (strncmp(a->algorithm_names, alg, n) != 0 ||
        (a->algorithm_names[n] != '\0' && a->algorithm_names[n] != ':'))
      continue;
    for (d = a->implementation; d->function_id != 0; d++)
      if (d->function_id == id) return d;
  }
  return NULL;
}

/* 1 if the EVP key holds an EC private key. */
static int has_ec_private(EVP_PKEY *ec) {
  BIGNUM *priv = NULL;
  int has = EVP_PKEY_get_bn_param(ec, OSSL_PKEY_PARAM_PRIV_KEY, &priv) == 1;
  BN_clear_free(priv);
  ERR_clear_error();
  return has;
}

/* km_dup with OSSL_KEYMGMT_SELECT_PUBLIC_KEY of a key pair: the copy has
 * the public key, and of the EC half only the point (the EVP key of the
 * key pair was shared with it, private key included); with the whole
 * selection, the key pair. */
static void test_dup_public_only(OSSL_PROVIDER *prov, const char *alg) {
  const OSSL_DISPATCH *f[6];
  OSSL_FUNC_keymgmt_gen_init_fn *gen_init = NULL;
  OSSL_FUNC_keymgmt_gen_fn *gen = NULL;
  OSSL_FUNC_keymgmt_gen_cleanup_fn *gen_cleanup = NULL;
  OSSL_FUNC_keymgmt_dup_fn *dup = NULL;
  OSSL_FUNC_keymgmt_has_fn *has = NULL;
  OSSL_FUNC_keymgmt_free_fn *km_free = NULL;
  f[0] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_GEN_INIT);
  f[1] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_GEN);
  f[2] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_GEN_CLEANUP);
  f[3] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_DUP);
  f[4] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_HAS);
  f[5] = km_fn(prov, alg, OSSL_FUNC_KEYMGMT_FREE);
  if (f[0] && f[1] && f[2] && f[3] && f[4] && f[5]) {
    gen_init = OSSL_FUNC_keymgmt_gen_init(f[0]);
    gen = OSSL_FUNC_keymgmt_gen(f[1]);
    gen_cleanup = OSSL_FUNC_keymgmt_gen_cleanup(f[2]);
    dup = OSSL_FUNC_keymgmt_dup(f[3]);
    has = OSSL_FUNC_keymgmt_has(f[4]);
    km_free = OSSL_FUNC_keymgmt_free(f[5]);
  }
  void *gctx, *key = NULL, *pub = NULL, *all = NULL;
  const mlkp_key *k, *p, *a;
  CHECKF(gen_init != NULL && gen != NULL && gen_cleanup != NULL &&
             dup != NULL && has != NULL && km_free != NULL,
         "%s: the module's key management functions", alg);
  if (gen_init == NULL || gen == NULL || gen_cleanup == NULL || dup == NULL ||
      has == NULL || km_free == NULL)
    return;
  gctx = gen_init(OSSL_PROVIDER_get0_provider_ctx(prov),
                  OSSL_KEYMGMT_SELECT_KEYPAIR, NULL);
  if (gctx != NULL) key = gen(gctx, NULL, NULL);
  gen_cleanup(gctx);
  CHECKF(key != NULL, "%s: key generation", alg);
  if (key == NULL) return;
  pub = dup(key, OSSL_KEYMGMT_SELECT_PUBLIC_KEY);
  all = dup(key, OSSL_KEYMGMT_SELECT_ALL);
  CHECKF(pub != NULL && all != NULL, "%s: dup", alg);
  k = key;
  p = pub;
  a = all;
  CHECK(has_ec_private(k->ec));
  if (pub != NULL) {
    CHECKF(has(pub, OSSL_KEYMGMT_SELECT_PUBLIC_KEY) &&
               !has(pub, OSSL_KEYMGMT_SELECT_PRIVATE_KEY),
           "%s: the public dup has the public key only", alg);
    CHECKF(p->ec != NULL && p->ec != k->ec && !has_ec_private(p->ec),
           "%s: the public dup holds no EC private key (it shared the key "
           "pair's EVP key)",
           alg);
    CHECKF(p->ec != NULL && EVP_PKEY_eq(p->ec, k->ec) == 1,
           "%s: the public dup's EC point is the key pair's", alg);
    CHECK(memcmp(p->pub, k->pub, k->alg->pub_bytes) == 0);
  }
  if (all != NULL)
    CHECKF(has(all, OSSL_KEYMGMT_SELECT_KEYPAIR) && a->ec != NULL &&
               has_ec_private(a->ec),
           "%s: the full dup keeps the key pair", alg);
  ptest_no_error(alg);
  km_free(pub);
  km_free(all);
  km_free(key);
}

int main(int argc, char **argv) {
  OSSL_PROVIDER *mlkem, *dflt;
  size_t i;
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
    return 2;
  }
  test_backend_banner();
  libctx = ptest_load(argv[1], &mlkem, &dflt);
  if (libctx == NULL) return test_summary("test_provider_evp");
  CHECK(OSSL_PROVIDER_self_test(mlkem) == 1);
  test_acvp_keygen();
  test_acvp_encap_decap();
  test_xwing_vectors();
  test_x25519mlkem768_layout();
  test_ecmlkem_layout("SecP256r1MLKEM768", "P-256", mlkem_kems[1], 32);
  test_ecmlkem_layout("SecP384r1MLKEM1024", "P-384", mlkem_kems[2], 48);
  for (i = 0; i < NALGS; i++) test_round_trips(&algs[i]);
  for (i = 0; i < NALGS; i++)
    if (algs[i].storable) test_seed_import(&algs[i]);
  test_invalid_keys();
  test_small_order();
  test_names();
  test_dup_public_only(mlkem, "SecP256r1MLKEM768");
  test_dup_public_only(mlkem, "SecP384r1MLKEM1024");
  ptest_unload(libctx, mlkem, dflt);
  return test_summary("test_provider_evp");
}
