/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct_check.c - the constant-time check of make ct (docs/SECURITY.md).
 *
 * Run under valgrind's memcheck (or built with -fsanitize=memory) with the
 * library compiled with MLKEM_CT_TESTING. Every secret input is marked
 * undefined ("poisoned") and every public input defined; the checker then
 * reports any conditional branch, memory address or system-call argument
 * that depends on a secret, anywhere in the library. The library itself
 * declassifies only values FIPS 203 makes public (grep MLKEM_CT_UNPOISON).
 *
 * Secret: the seed d || z, the encapsulation randomness m, and the secret
 * parts of dk (dk_PKE and z). Public: ek, ct, and the ek and H(ek) stored
 * inside dk.
 *
 * X25519: the private keys are secret; mlkem_x25519_base (the fixed-base
 * comb and its table selection), mlkem_x25519 (the ladder) on a peer's
 * key, on u = 9 and on a point of small order (the all-zero check); and
 * the MULX/ADX implementation called directly under valgrind, whose CPU
 * model hides ADX (run_x25519_impls).
 *
 * For every parameter set, and every round-3 variant (mlkem_kyber.h: the
 * same keys, with the 90s variant's portable AES and SHA-2 where the
 * backend is portable): keygen_derand, check_ek, check_dk, encaps_derand,
 * encaps_prepared_derand (prepare_ek first; ML-KEM only), the expanded
 * keys (ML-KEM only: run_expanded below), decaps of the valid ciphertext,
 * decaps of a random ciphertext and of the valid one with a flipped bit
 * (implicit rejection), and the error paths (ek failing the modulus check, dk
 * failing the hash check). After each operation the program checks, without a
 * report, that the secret outputs are still marked secret (so the marking did
 * flow through the library and the check is not vacuous), then declassifies
 * them itself to check the results: the shared secrets agree, and the rejection
 * key is J(z || c) (round 3: KDF(z || H(c)), tests/kem_schemes.c).
 *
 * Then the primitives of Kyber's "90s" variant (src/aes/, src/sha2/), with
 * every implementation usable here (under valgrind: those its CPU model
 * offers, so AES-NI but not the SHA extensions or VAES, which the
 * MemorySanitizer stage covers): AES-256 key expansion with the key
 * secret, AES-256-CTR of several streams with key and counter blocks
 * (nonces) secret, SHA-256 and SHA-512 of secret messages, one-shot and
 * incremental. Their outputs must stay marked; declassified, they must
 * equal the portable implementation's.
 *
 * Then AES-GCM (src/aead/gcm.h), every implementation usable here (under
 * valgrind: portable and AES-NI with PCLMULQDQ; VAES and VPCLMULQDQ in
 * the MemorySanitizer stage), both key sizes, with the key and the
 * plaintext secret (nonce, aad and lengths public): the key setup (AES
 * key expansion, H = E_K(0), the powers of H), sealing (CTR and GHASH;
 * messages of whole and partial blocks, from below one block to more than
 * one 16-block batch), opening (secret key; the ciphertext public) and a
 * refused open (an altered tag; the result of the comparison is what the
 * library declassifies); the key, the ciphertext and tag, and the opened
 * plaintext must stay marked, and equal the portable implementation's.
 * And mlkem_aead_seal / mlkem_aead_open, dispatched, the same way.
 *
 * Then X-Wing (also on its expanded key, xwing_expand_sk) and the
 * X25519MLKEM768 key shares (mlkem_hybrid.h), with their seeds, randomness
 * and coins secret: shared secrets and the client state must stay marked.
 *
 * Then ChaCha20-Poly1305 (src/aead/), with every implementation usable
 * here (under valgrind: portable and AVX2): seal with the key and the
 * plaintext secret, on lengths that take each path (the short one with
 * block 0, the body, the stitched bulk); open of the sent (public)
 * ciphertext, with the key secret, and of the same with its tag altered
 * (refused: the library declassifies only the outcome of the tag
 * comparison); and Poly1305 alone with its key and message secret. The
 * ciphertext and tag, the plaintext opened and the Poly1305 tag must stay
 * marked, and equal the portable implementation's.
 *
 * Then HPKE (mlkem_hpke.h), for every KEM and KDF (the AEADs in turn,
 * PSK mode for every other KDF, DHKEM's Auth modes): the ikm of the
 * recipient's key, its private key, the encapsulation randomness, the PSK
 * and the plaintext are secret; the key schedule, the KEM adapters and the
 * AEADs run on them. Public: the public keys, enc, the ciphertext, info,
 * aad, the return codes. The context's key, base nonce and exporter
 * secret, the opened plaintext and the exported secrets must stay marked;
 * declassified, they must agree between sender and recipient.
 *
 * Then the PEM code of the key files (src/keyfile/pem.c; the `mlkem` tool
 * and the Python binding's load_pem_private_key read private keys with
 * it): DER of several lengths (every padding case, up to the largest
 * PKCS#8 private key), secret, is encoded with mlkem_pem_encode, and the
 * PEM body (the base64 characters and the line ends between the BEGIN and
 * END lines) is marked secret and decoded with mlkem_pem_decode, with LF
 * and CRLF line ends.
 * The lengths and the line structure are public (pem.c declassifies only
 * which characters are white space, padding or the end of the body, and
 * whether the whole is valid); the characters are not. The decoded DER
 * must still be marked secret (valgrind only: MemorySanitizer loses the
 * marking of scalar arithmetic, see docs/SECURITY.md) and equal the input;
 * a secret body with a character base64 forbids, or with non-zero unused
 * bits, is refused without a report.
 *
 * Then the key files themselves (include/mlkem_keyfile.h), for every set:
 * a key made from a secret seed is written in each private form as DER
 * and PEM (the output's secret part must stay marked), and read back with
 * mlkem_keyfile_decode from the DER marked secret whole, and from the PEM
 * with its body marked secret; the raw seed and the raw dk, secret whole,
 * are read too, and a both key whose z disagrees with its seed is refused.
 * The same for X-Wing's key files (its seed form, DER and PEM, and the raw
 * 32-byte seed): the reader expands the seed to its pk (X25519 and ML-KEM
 * key generation), which must leave the seed read marked secret.
 * The reader declassifies only the structure of the file (tags, lengths,
 * the version and the algorithm), the public key inside dk, whether the
 * input is PEM, and whether seed and expanded key agree (src/keyfile/;
 * docs/SECURITY.md); the seed and the secret parts of dk are only copied.
 * The key read must be marked secret still, and equal the key written.
 *
 * Then the hex the `mlkem` tool writes of shared secrets (--hex) and ACVP
 * answers (cli/hex.c, whose digit the OpenSSL provider's text form of
 * private keys shares): every byte value, secret, in lower and upper case.
 * The digits must stay marked (valgrind) and be right.
 *
 * Exit status: 0 if all results are right and every secret output still
 * marked, 1 on a wrong result, 2 if the results are right but a secret
 * output is no longer marked (the checker lost track of it, so it would
 * not report a branch on it either), 77 if the backend forced with
 * MLKEM_BACKEND is not available. Reports of the checker are its own
 * (valgrind --error-exitcode, MSAN_OPTIONS=exitcode).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aead/gcm.h"
#include "aead/chacha20poly1305.h"
#include "aes/aes.h"
#include "kem_schemes.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "platform/ct_testing.h"
#include "sha2/sha2.h"
#include "keyfile/pem.h"
#include "mlkem_hpke.h"
#include "mlkem_keyfile.h"
#include "sha3/sha3.h"
#include "hex.h"
#include "x25519/x25519.h"

#ifndef MLKEM_CT_TESTING
#error "ct_check needs the library and itself built with MLKEM_CT_TESTING"
#endif

#if defined(MLKEM_CT_USE_MSAN)
#define RUNNING_UNDER_MSAN 1
#define CHECKER_NAME "MemorySanitizer"
static int checker_running(void) {
  return 1;
}
/* 1 if every byte of p[0..len) is at least partly poisoned. */
static int all_secret(const void *p, size_t len) {
  const unsigned char *b = p;
  size_t i;
  for (i = 0; i < len; i++)
    if (__msan_test_shadow(b + i, 1) != 0) return 0;
  return 1;
}
#else
#define RUNNING_UNDER_MSAN 0
#define CHECKER_NAME "valgrind memcheck"
static int checker_running(void) {
  return RUNNING_ON_VALGRIND != 0;
}
static int all_secret(const void *p, size_t len) {
  static unsigned char vbits[4096];
  size_t i;
  if (len > sizeof vbits) return 0;
  /* Reads the V bits without reporting anything: a set bit is undefined. */
  if (VALGRIND_GET_VBITS(p, vbits, len) != 1) return 0;
  for (i = 0; i < len; i++)
    if (vbits[i] == 0) return 0;
  return 1;
}
#endif

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES
/* The header of an expanded key, public (fips203/kem.c). */
#define XK_PUBLIC_HEADER 8

static unsigned failures, checks, lost;

static void check(int ok, const char *set, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    printf("FAIL %s: %s\n", set, what);
  }
}

/* A secret output that must still be marked secret. */
static void tracked(int marked, const char *set, const char *what) {
  checks++;
  if (!marked) {
    lost++;
    printf("NOT MARKED %s: %s\n", set, what);
  }
}

/* splitmix64: deterministic public test inputs. */
static uint64_t rng_state = 0x6d6c6b656d2d6374ull;
static void rng_bytes(uint8_t *out, size_t len) {
  size_t i;
  for (i = 0; i < len; i++) {
    uint64_t z;
    if (i % 8 == 0) rng_state += 0x9e3779b97f4a7c15ull;
    z = rng_state + (uint64_t)(i % 8);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    out[i] = (uint8_t)((z ^ (z >> 31)) >> (8 * (i % 8)));
  }
}

/* Layout of dk: dk_PKE (384k) || ek || H(ek) (32) || z (32). */
static void mark_dk(const mlkem_kem *kem, uint8_t *dk) {
  size_t dkpke = 384u * kem->rank;
  MLKEM_CT_POISON(dk, dkpke);
  MLKEM_CT_UNPOISON(dk + dkpke, kem->ek_bytes + 32);
  MLKEM_CT_POISON(dk + kem->dk_bytes - 32, 32);
}

static int all_zero(const uint8_t *p, size_t len) {
  uint8_t acc = 0;
  size_t i;
  for (i = 0; i < len; i++) acc |= p[i];
  return acc == 0;
}

/* The expanded keys (ML-KEM): expand_dk from dk marked as mark_dk says,
 * expand_dk_from_seed from the secret seed, expand_ek from the public ek;
 * then decaps_expanded with the whole expanded dk secret but its 8-byte
 * header (the only part it may branch on; fips203/kem.c, the layout), of the
 * valid ciphertext ct and of an altered one (implicit rejection), and
 * encaps_expanded_derand with a secret m; and the refusal of a header
 * from another backend. s-hat (after t-hat and A-hat, at
 * expanded_ek_bytes) and z (64 bytes before the end) must come out
 * secret. */
static void run_expanded(const mlkem_kem *kem, const uint8_t *seed,
                         const uint8_t *ek, const uint8_t *dk,
                         const uint8_t *ct, int tracking) {
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t xdk2[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t xek[MLKEM1024_EXPANDED_EK_BYTES];
  const char *set = kem->name;
  const size_t s_hat = kem->expanded_ek_bytes, s_len = 512u * kem->rank;
  const size_t z = kem->expanded_dk_bytes - 64;
  uint8_t m[MLKEM_MSG_BYTES], c[MAX_CT], c2[MAX_CT];
  uint8_t ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  uint8_t zc[32];
  int r;

  r = kem->expand_dk(xdk, dk);
  check(r == MLKEM_OK, set, "expand_dk accepts a fresh dk");
  r = kem->expand_dk_from_seed(xdk2, seed);
  check(r == MLKEM_OK, set, "expand_dk_from_seed returns 0");
  if (tracking) {
    tracked(all_secret(xdk + s_hat, s_len), set, "expand_dk's s-hat is secret");
    tracked(all_secret(xdk + z, 32), set, "expand_dk's z is secret");
    tracked(all_secret(xdk2 + s_hat, s_len), set,
            "expand_dk_from_seed's s-hat is secret");
  }
  MLKEM_CT_UNPOISON(xdk2, kem->expanded_dk_bytes); /* the test's own look */
  MLKEM_CT_UNPOISON(xdk, kem->expanded_dk_bytes);
  check(memcmp(xdk, xdk2, kem->expanded_dk_bytes) == 0, set,
        "expand_dk_from_seed(seed) equals expand_dk(dk)");
  MLKEM_CT_POISON(xdk + XK_PUBLIC_HEADER,
                  kem->expanded_dk_bytes - XK_PUBLIC_HEADER);

  r = kem->expand_ek(xek, ek);
  check(r == MLKEM_OK, set, "expand_ek accepts a fresh ek");
  rng_bytes(m, sizeof m);
  MLKEM_CT_POISON(m, sizeof m);
  r = kem->encaps_expanded_derand(c, ss, xek, m);
  check(r == MLKEM_OK, set, "encaps_expanded_derand returns 0");
  if (tracking)
    tracked(all_secret(ss, sizeof ss), set, "encaps_expanded ss is secret");
  MLKEM_CT_UNPOISON(c, kem->ct_bytes);

  r = kem->decaps_expanded(ss2, c, xdk);
  check(r == MLKEM_OK, set, "decaps_expanded returns 0");
  if (tracking)
    tracked(all_secret(ss2, sizeof ss2), set, "decaps_expanded ss is secret");
  MLKEM_CT_UNPOISON(ss, sizeof ss);
  MLKEM_CT_UNPOISON(ss2, sizeof ss2);
  check(memcmp(ss, ss2, sizeof ss) == 0, set,
        "decaps_expanded gives encaps_expanded's shared secret");
  /* The plain encaps of the same m gives the same ciphertext. */
  MLKEM_CT_POISON(m, sizeof m);
  r = kem->encaps_derand(c2, ss2, ek, m);
  MLKEM_CT_UNPOISON(c2, kem->ct_bytes);
  check(r == MLKEM_OK && memcmp(c, c2, kem->ct_bytes) == 0, set,
        "encaps_expanded gives encaps' ciphertext");

  memcpy(c2, ct, kem->ct_bytes);
  c2[kem->ct_bytes - 1] ^= 0x01;
  memcpy(zc, dk + kem->dk_bytes - 32, 32);
  MLKEM_CT_UNPOISON(zc, 32);
  test_scheme_rejection_key(SCHEME_FIPS203, want, zc, c2, kem->ct_bytes);
  r = kem->decaps_expanded(ss2, c2, xdk);
  check(r == MLKEM_OK, set, "decaps_expanded of an altered ciphertext");
  if (tracking)
    tracked(all_secret(ss2, sizeof ss2), set,
            "decaps_expanded's rejection ss is secret");
  MLKEM_CT_UNPOISON(ss2, sizeof ss2);
  check(memcmp(ss2, want, sizeof want) == 0, set,
        "decaps_expanded's implicit rejection gives the rejection key");

  xdk[6] ^= 0x40; /* header byte 6, the backend's id: another's key */
  r = kem->decaps_expanded(ss2, ct, xdk);
  check(r == MLKEM_ERR_EXPANDED_KEY, set,
        "decaps_expanded refuses another backend's key");
  MLKEM_CT_UNPOISON(ss2, sizeof ss2);
  check(all_zero(ss2, sizeof ss2), set, "ss zeroed on a refused key");
  kem->expanded_dk_wipe(xdk);
  kem->expanded_dk_wipe(xdk2);
}

static void run_set(const mlkem_kem *kem, int tracking) {
  const char *set = kem->name;
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ct_bad[MAX_CT];
  uint8_t ss_enc[MLKEM_SS_BYTES], ss_dec[MLKEM_SS_BYTES];
  uint8_t ss_rej[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  uint8_t zc[32], bad[MAX_DK];
  size_t dkpke = 384u * kem->rank;
  int r, round;

  for (round = 0; round < 2; round++) {
    /* KeyGen from a secret seed. */
    rng_bytes(seed, sizeof seed);
    MLKEM_CT_POISON(seed, sizeof seed);
    r = kem->keygen_derand(ek, dk, seed);
    check(r == MLKEM_OK, set, "keygen_derand returns 0");
    if (tracking) {
      tracked(all_secret(dk, dkpke), set, "dk_PKE from keygen is secret");
      tracked(all_secret(dk + kem->dk_bytes - 32, 32), set,
              "z from keygen is secret");
      tracked(all_secret(ek, kem->ek_bytes - 32), set,
              "t-hat in ek is computed from secrets");
    }
    /* ek, and the copy of ek and H(ek) in dk, are public outputs. */
    MLKEM_CT_UNPOISON(ek, kem->ek_bytes);
    mark_dk(kem, dk);

    r = kem->check_ek(ek);
    check(r == MLKEM_OK, set, "check_ek accepts a fresh ek");
    r = kem->check_dk(dk);
    check(r == MLKEM_OK, set, "check_dk accepts a fresh dk");

    /* Encaps with secret randomness m. */
    rng_bytes(m, sizeof m);
    MLKEM_CT_POISON(m, sizeof m);
    r = kem->encaps_derand(ct, ss_enc, ek, m);
    check(r == MLKEM_OK, set, "encaps_derand returns 0");
    if (tracking) {
      tracked(all_secret(ss_enc, sizeof ss_enc), set, "encaps ss is secret");
      tracked(all_secret(ct, kem->ct_bytes), set,
              "ct is computed from secrets");
    }
    MLKEM_CT_UNPOISON(ct, kem->ct_bytes); /* the ciphertext is sent */

    /* Encaps to a prepared key (public: ek || H(ek)), the same secret m:
     * the same ciphertext and shared secret. */
    if (kem->prepare_ek != NULL) {
      uint8_t prep[MAX_EK + 32], ct2[MAX_CT], ss2[sizeof ss_enc];
      r = kem->prepare_ek(prep, ek);
      check(r == MLKEM_OK, set, "prepare_ek accepts a fresh ek");
      r = kem->encaps_prepared_derand(ct2, ss2, prep, m);
      check(r == MLKEM_OK, set, "encaps_prepared_derand returns 0");
      if (tracking)
        tracked(all_secret(ss2, sizeof ss2), set,
                "encaps_prepared ss is secret");
      MLKEM_CT_UNPOISON(ct2, kem->ct_bytes);
      MLKEM_CT_UNPOISON(ss2, sizeof ss2); /* the test's own look */
      check(memcmp(ct2, ct, kem->ct_bytes) == 0, set,
            "encaps_prepared gives encaps' ciphertext");
      MLKEM_CT_UNPOISON(ss_enc, sizeof ss_enc);
      check(memcmp(ss2, ss_enc, sizeof ss2) == 0, set,
            "encaps_prepared gives encaps' shared secret");
      MLKEM_CT_POISON(ss_enc, sizeof ss_enc);
    }

    /* Decaps of the valid ciphertext. */
    r = kem->decaps(ss_dec, ct, dk);
    check(r == MLKEM_OK, set, "decaps returns 0");
    if (tracking)
      tracked(all_secret(ss_dec, sizeof ss_dec), set, "decaps ss is secret");
    MLKEM_CT_UNPOISON(ss_enc, sizeof ss_enc); /* the test's own look */
    MLKEM_CT_UNPOISON(ss_dec, sizeof ss_dec);
    check(memcmp(ss_enc, ss_dec, sizeof ss_enc) == 0, set,
          "decaps gives the encaps shared secret");

    /* Implicit rejection: a random ciphertext, then the valid one with one
     * flipped bit. The result must be the rejection key, computed here
     * from a declassified copy of z. */
    memcpy(zc, dk + kem->dk_bytes - 32, 32);
    MLKEM_CT_UNPOISON(zc, 32);
    for (r = 0; r < 2; r++) {
      if (r == 0) {
        rng_bytes(ct_bad, kem->ct_bytes);
      } else {
        memcpy(ct_bad, ct, kem->ct_bytes);
        ct_bad[(size_t)round * 97 % kem->ct_bytes] ^= 0x10;
      }
      test_scheme_rejection_key(test_scheme_of(kem), want, zc, ct_bad,
                                kem->ct_bytes);
      check(kem->decaps(ss_rej, ct_bad, dk) == MLKEM_OK, set,
            "decaps of an invalid ciphertext returns 0");
      if (tracking)
        tracked(all_secret(ss_rej, sizeof ss_rej), set,
                "rejection ss is secret");
      MLKEM_CT_UNPOISON(ss_rej, sizeof ss_rej);
      check(memcmp(ss_rej, want, sizeof want) == 0, set,
            "implicit rejection gives the rejection key");
    }

    if (kem->expand_dk != NULL) run_expanded(kem, seed, ek, dk, ct, tracking);

    /* Error paths: ek failing the modulus check (public), dk failing the
     * hash check (its public part changed, secret parts still secret). */
    memcpy(bad, ek, kem->ek_bytes);
    bad[0] = 0xFF;
    bad[1] |= 0x0F; /* first coefficient 0xFFF >= q */
    r = kem->encaps_derand(ct_bad, ss_rej, bad, m);
    check(r == MLKEM_ERR_INVALID_EK, set, "encaps refuses a bad ek");
    check(all_zero(ct_bad, kem->ct_bytes), set, "ct zeroed on error");
    MLKEM_CT_UNPOISON(ss_rej, sizeof ss_rej);
    check(all_zero(ss_rej, sizeof ss_rej), set, "ss zeroed on error");

    memcpy(bad, dk, kem->dk_bytes);
    bad[kem->dk_bytes - 64] ^= 1; /* a byte of H(ek) */
    mark_dk(kem, bad);
    r = kem->decaps(ss_rej, ct, bad);
    check(r == MLKEM_ERR_INVALID_DK, set, "decaps refuses a bad dk");
    MLKEM_CT_UNPOISON(ss_rej, sizeof ss_rej);
    check(all_zero(ss_rej, sizeof ss_rej), set, "ss zeroed on bad dk");
    r = kem->check_dk(bad);
    check(r == MLKEM_ERR_INVALID_DK, set, "check_dk refuses a bad dk");
  }
}

/* ---- Kyber-90s primitives ------------------------------------------- */

#define SYM_STREAMS 9
#define SYM_LEN 504 /* one Kyber-768 matrix entry's stream */

static void run_aes(const mlkem_aes_impl *impl, int tracking) {
  static uint8_t got[SYM_STREAMS][SYM_LEN], want[SYM_STREAMS][SYM_LEN];
  uint8_t key[32], nonces[SYM_STREAMS][12];
  uint8_t *gp[SYM_STREAMS], *wp[SYM_STREAMS];
  mlkem_aes_key ks;
  size_t s;
  int round;
  for (round = 0; round < 2; round++) {
    /* Lengths that use both the runs and the groups, and partial blocks. */
    size_t len = round == 0 ? SYM_LEN : 37;
    rng_bytes(key, sizeof key);
    rng_bytes(&nonces[0][0], sizeof nonces);
    for (s = 0; s < SYM_STREAMS; s++) {
      gp[s] = got[s];
      wp[s] = want[s];
    }
    mlkem_aes_expand_impl(&ks, key, 32, &mlkem_aes_portable);
    mlkem_aesctr_streams(&ks, (const uint8_t(*)[12])nonces, SYM_STREAMS, 0, wp,
                         len);

    MLKEM_CT_POISON(key, sizeof key);
    MLKEM_CT_POISON(nonces, sizeof nonces);
    mlkem_aes_expand_impl(&ks, key, 32, impl);
    if (tracking)
      tracked(all_secret(&ks.u, impl == &mlkem_aes_portable ? sizeof ks.u.bs
                                                            : sizeof ks.u.rk),
              impl->name, "the expanded AES key is secret");
    mlkem_aesctr_streams(&ks, (const uint8_t(*)[12])nonces, SYM_STREAMS, 0, gp,
                         len);
    mlkem_aes_key_wipe(&ks);
    for (s = 0; s < SYM_STREAMS; s++) {
      if (tracking)
        tracked(all_secret(got[s], len), impl->name,
                "AES-256-CTR keystream is secret");
      MLKEM_CT_UNPOISON(got[s], len);
      check(memcmp(got[s], want[s], len) == 0, impl->name,
            "AES-256-CTR equals the portable implementation");
    }
  }
}

static void run_sha2(const mlkem_sha2_impl *impl, int tracking) {
  static const size_t lens[] = {32, 64, 111, 112, 1184};
  uint8_t msg[1184], want256[32], want512[64], d256[32], d512[64];
  size_t i;
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    mlkem_sha256_ctx c256;
    mlkem_sha512_ctx c512;
    rng_bytes(msg, len);
    mlkem_sha256_init_impl(&c256, &mlkem_sha2_portable);
    mlkem_sha256_update(&c256, msg, len);
    mlkem_sha256_final(&c256, want256);
    mlkem_sha512_init_impl(&c512, &mlkem_sha2_portable);
    mlkem_sha512_update(&c512, msg, len);
    mlkem_sha512_final(&c512, want512);

    MLKEM_CT_POISON(msg, len);
    /* Incremental, split at a public point inside the first block. */
    mlkem_sha256_init_impl(&c256, impl);
    mlkem_sha256_update(&c256, msg, len / 3);
    mlkem_sha256_update(&c256, msg + len / 3, len - len / 3);
    mlkem_sha256_final(&c256, d256);
    mlkem_sha512_init_impl(&c512, impl);
    mlkem_sha512_update(&c512, msg, len / 3);
    mlkem_sha512_update(&c512, msg + len / 3, len - len / 3);
    mlkem_sha512_final(&c512, d512);
    if (tracking) {
      tracked(all_secret(d256, 32), impl->name, "SHA-256 digest is secret");
      tracked(all_secret(d512, 64), impl->name, "SHA-512 digest is secret");
    }
    MLKEM_CT_UNPOISON(d256, 32);
    MLKEM_CT_UNPOISON(d512, 64);
    check(memcmp(d256, want256, 32) == 0, impl->name,
          "SHA-256 equals the portable implementation");
    check(memcmp(d512, want512, 64) == 0, impl->name,
          "SHA-512 equals the portable implementation");
  }
  /* The dispatched one-shot functions, for the backend in use. */
  rng_bytes(msg, 64);
  MLKEM_CT_POISON(msg, 64);
  mlkem_sha256(d256, msg, 64);
  mlkem_sha512(d512, msg, 64);
  if (tracking) {
    tracked(all_secret(d256, 32), "dispatched", "SHA-256 digest is secret");
    tracked(all_secret(d512, 64), "dispatched", "SHA-512 digest is secret");
  }
}

static void run_symmetric(int tracking) {
  const mlkem_aes_impl *aes[8];
  const mlkem_sha2_impl *sha[8];
  size_t naes = mlkem_aes_impls(aes, 8), nsha = mlkem_sha2_impls(sha, 8), i;
  printf("ct_check: AES:");
  for (i = 0; i < naes; i++) printf(" %s", aes[i]->name);
  printf("; SHA-2:");
  for (i = 0; i < nsha; i++) printf(" %s", sha[i]->name);
  printf("\n");
  for (i = 0; i < naes; i++) run_aes(aes[i], tracking);
  for (i = 0; i < nsha; i++) run_sha2(sha[i], tracking);
}

/* ---- AES-GCM ----------------------------------------------------------- */

#define GCM_MAX 700
static const size_t gcm_lens[] = {0, 15, 64, 300, GCM_MAX};

static void run_gcm_impl(const mlkem_gcm_impl *impl, size_t key_len,
                         int tracking) {
  static uint8_t pt[GCM_MAX], ct[GCM_MAX + 16], want[GCM_MAX + 16],
      back[GCM_MAX];
  uint8_t key[32], nonce[12], aad[21];
  mlkem_aes_gcm_key k, ref;
  size_t i;
  rng_bytes(key, sizeof key);
  rng_bytes(nonce, sizeof nonce);
  rng_bytes(aad, sizeof aad);
  check(mlkem_aes_gcm_init_impl(&ref, key, key_len, &mlkem_gcm_portable) ==
            MLKEM_OK,
        impl->name, "portable key setup");
  memset(&k, 0, sizeof k); /* bytes an implementation leaves are public */
  MLKEM_CT_POISON(key, sizeof key);
  check(mlkem_aes_gcm_init_impl(&k, key, key_len, impl) == MLKEM_OK, impl->name,
        "key setup");
  /* The GHASH key: Hs's halves and their bit reversals (portable: six
   * words), or the powers (the other implementations: all of k.h). */
  if (tracking)
    tracked(all_secret(&k.h, impl == &mlkem_gcm_portable ? 48 : sizeof k.h),
            impl->name, "the GHASH key (H and its powers) is secret");
  for (i = 0; i < sizeof gcm_lens / sizeof gcm_lens[0]; i++) {
    const size_t len = gcm_lens[i];
    int r;
    rng_bytes(pt, len);
    check(mlkem_aes_gcm_seal_key(&ref, want, nonce, aad, sizeof aad, pt, len) ==
              MLKEM_OK,
          impl->name, "portable seal");
    MLKEM_CT_POISON(pt, len);
    r = mlkem_aes_gcm_seal_key(&k, ct, nonce, aad, sizeof aad, pt, len);
    if (tracking)
      tracked(all_secret(ct, len + 16), impl->name,
              "the ciphertext and tag are secret");
    MLKEM_CT_UNPOISON(ct, len + 16); /* a ciphertext is sent */
    check(r == MLKEM_OK && memcmp(ct, want, len + 16) == 0, impl->name,
          "AES-GCM seal equals the portable implementation");
    r = mlkem_aes_gcm_open_key(&k, back, nonce, aad, sizeof aad, ct, len + 16);
    if (tracking && len != 0)
      tracked(all_secret(back, len), impl->name,
              "the opened plaintext is secret");
    MLKEM_CT_UNPOISON(back, len);
    MLKEM_CT_UNPOISON(pt, len);
    check(r == MLKEM_OK && memcmp(back, pt, len) == 0, impl->name,
          "AES-GCM open gives the plaintext");
    ct[len + 15] ^= 0x80; /* a tag bit */
    r = mlkem_aes_gcm_open_key(&k, back, nonce, aad, sizeof aad, ct, len + 16);
    MLKEM_CT_UNPOISON(back, len);
    check(r == MLKEM_ERR_AEAD_TAG && all_zero(back, len), impl->name,
          "AES-GCM open refuses an altered tag, zeroed");
  }
  mlkem_aes_gcm_wipe(&k);
  mlkem_aes_gcm_wipe(&ref);
}

/* The public one-shot functions, dispatched. */
static void run_aead(int tracking) {
  static const char set[] = "mlkem_aead";
  uint8_t key[32], nonce[12], pt[100], ct[116], back[100];
  int r;
  rng_bytes(key, sizeof key);
  rng_bytes(nonce, sizeof nonce);
  rng_bytes(pt, sizeof pt);
  MLKEM_CT_POISON(key, sizeof key);
  MLKEM_CT_POISON(pt, sizeof pt);
  r = mlkem_aead_seal(MLKEM_AEAD_AES_256_GCM, ct, key, 32, nonce, NULL, 0, pt,
                      sizeof pt);
  check(r == MLKEM_OK, set, "seal returns 0");
  if (tracking) tracked(all_secret(ct, sizeof ct), set, "ct is secret");
  MLKEM_CT_UNPOISON(ct, sizeof ct);
  r = mlkem_aead_open(MLKEM_AEAD_AES_256_GCM, back, key, 32, nonce, NULL, 0, ct,
                      sizeof ct);
  if (tracking) tracked(all_secret(back, sizeof back), set, "pt is secret");
  MLKEM_CT_UNPOISON(back, sizeof back);
  MLKEM_CT_UNPOISON(pt, sizeof pt);
  check(r == MLKEM_OK && memcmp(back, pt, sizeof pt) == 0, set,
        "open gives the plaintext");
}

static void run_gcm(int tracking) {
  const mlkem_gcm_impl *impls[8];
  size_t n = mlkem_gcm_impls(impls, 8), i;
  printf("ct_check: AES-GCM:");
  for (i = 0; i < n; i++) printf(" %s", impls[i]->name);
  printf(" (mlkem_aead_* dispatch to %s)\n", mlkem_gcm_impl_get()->name);
  for (i = 0; i < n; i++) {
    run_gcm_impl(impls[i], 16, tracking);
    run_gcm_impl(impls[i], 32, tracking);
  }
  run_aead(tracking);
}

/* ---- ChaCha20-Poly1305 ------------------------------------------------ */

#define AEAD_MAX 1300
#define AEAD_AAD 21

/* One implementation: the key and the plaintext secret; the nonce, the
 * AAD, the lengths and the sent ciphertext public. 0: the short path
 * (block 0 and the message in one step); 100: the same with a partial
 * block; 700: the body (AVX2: open's bulk); 1300: seal's bulk too. */
static void run_chacha20poly1305_impl(const mlkem_chacha20poly1305_impl *impl,
                                      int tracking) {
  static const size_t lens[] = {0, 100, 700, AEAD_MAX};
  static uint8_t pt[AEAD_MAX], want[AEAD_MAX + 16], ct[AEAD_MAX + 16],
      back[AEAD_MAX + 16];
  uint8_t key[32], nonce[12], aad[AEAD_AAD], tag[16], want_tag[16];
  const char *name = impl->name;
  size_t i;
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    mlkem_chacha20poly1305_key ck;
    mlkem_poly1305 mac;
    int r;
    rng_bytes(key, sizeof key);
    rng_bytes(nonce, sizeof nonce);
    rng_bytes(aad, sizeof aad);
    rng_bytes(pt, len);
    mlkem_chacha20poly1305_key_init_impl(&ck, key,
                                         &mlkem_chacha20poly1305_portable);
    mlkem_chacha20poly1305_key_seal(&ck, want, nonce, aad, AEAD_AAD, pt, len);
    mlkem_poly1305_init(&mac, key);
    mlkem_poly1305_blocks_portable(&mac, pt, len / 16);
    mlkem_poly1305_final(&mac, want_tag, pt + len / 16 * 16, len % 16);

    MLKEM_CT_POISON(key, sizeof key);
    MLKEM_CT_POISON(pt, len);
    mlkem_chacha20poly1305_key_init_impl(&ck, key, impl);
    r = mlkem_chacha20poly1305_key_seal(&ck, ct, nonce, aad, AEAD_AAD, pt, len);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    if (tracking)
      tracked(all_secret(ct, len + 16), name,
              "ChaCha20-Poly1305 ciphertext and tag are secret");
    MLKEM_CT_UNPOISON(ct, len + 16); /* sent */
    check(r == MLKEM_OK && memcmp(ct, want, len + 16) == 0, name,
          "ChaCha20-Poly1305 seal equals the portable implementation");

    r = mlkem_chacha20poly1305_key_open(&ck, back, nonce, aad, AEAD_AAD, ct,
                                        len + 16);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    if (tracking && len > 0)
      tracked(all_secret(back, len), name,
              "ChaCha20-Poly1305 opened plaintext is secret");
    MLKEM_CT_UNPOISON(back, len); /* the test's own look */
    MLKEM_CT_UNPOISON(pt, len);
    check(r == MLKEM_OK && memcmp(back, pt, len) == 0, name,
          "ChaCha20-Poly1305 open gives the plaintext");
    ct[len + 5] ^= 0x10;
    r = mlkem_chacha20poly1305_key_open(&ck, back, nonce, aad, AEAD_AAD, ct,
                                        len + 16);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    MLKEM_CT_UNPOISON(back, len);
    check(r == MLKEM_ERR_AEAD_TAG && all_zero(back, len), name,
          "ChaCha20-Poly1305 open refuses an altered tag, output zeroed");
    mlkem_chacha20poly1305_key_wipe(&ck);

    /* Poly1305 alone, key and message secret. */
    MLKEM_CT_POISON(pt, len);
    mlkem_poly1305_init(&mac, key);
    impl->poly1305_blocks(&mac, pt, len / 16);
    mlkem_poly1305_final(&mac, tag, pt + len / 16 * 16, len % 16);
    if (tracking) tracked(all_secret(tag, 16), name, "Poly1305 tag is secret");
    MLKEM_CT_UNPOISON(tag, 16);
    MLKEM_CT_UNPOISON(key, sizeof key);
    MLKEM_CT_UNPOISON(pt, len);
    check(memcmp(tag, want_tag, 16) == 0, name,
          "Poly1305 equals the portable implementation");
  }
}

static void run_chacha20poly1305(int tracking) {
  const mlkem_chacha20poly1305_impl *impls[8];
  size_t n = mlkem_chacha20poly1305_impls(impls, 8), i;
  printf("ct_check: ChaCha20-Poly1305:");
  for (i = 0; i < n; i++) printf(" %s", impls[i]->name);
  printf("\n");
  for (i = 0; i < n; i++) run_chacha20poly1305_impl(impls[i], tracking);
}

/* X25519 (mlkem_hazmat.h): the private keys are secret; public keys,
 * peer points and the return codes are public (a code tells only whether
 * the peer's point had small order, which the point alone decides). */
static void run_x25519(int tracking) {
  static const char set[] = "X25519";
  uint8_t a[32], b[32], apub[32], bpub[32], s1[32], s2[32];
  uint8_t nine[32] = {9}, low[32] = {1}; /* u = 1 has order 4 */
  int r, round;
  for (round = 0; round < 2; round++) {
    rng_bytes(a, sizeof a);
    rng_bytes(b, sizeof b);
    MLKEM_CT_POISON(a, sizeof a);
    MLKEM_CT_POISON(b, sizeof b);

    r = mlkem_x25519_base(apub, a);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, set, "x25519_base returns 0");
    if (tracking)
      tracked(all_secret(apub, sizeof apub), set,
              "the public key is computed from the secret");
    MLKEM_CT_UNPOISON(apub, sizeof apub); /* a public key is sent */
    r = mlkem_x25519_base(bpub, b);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, set, "x25519_base returns 0");
    MLKEM_CT_UNPOISON(bpub, sizeof bpub);

    r = mlkem_x25519(s1, a, bpub);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, set, "x25519 returns 0");
    if (tracking)
      tracked(all_secret(s1, sizeof s1), set, "the shared secret is secret");
    r = mlkem_x25519(s2, b, apub);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, set, "x25519 returns 0");
    MLKEM_CT_UNPOISON(s1, sizeof s1); /* the test's own look */
    MLKEM_CT_UNPOISON(s2, sizeof s2);
    check(memcmp(s1, s2, sizeof s1) == 0, set, "both sides agree");

    /* The ladder on u = 9 gives the fixed base's public key. */
    r = mlkem_x25519(s1, a, nine);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    MLKEM_CT_UNPOISON(s1, sizeof s1);
    check(r == MLKEM_OK && memcmp(s1, apub, sizeof s1) == 0, set,
          "x25519(a, 9) = x25519_base(a)");

    /* A point of small order: refused, output zeroed, in the same time. */
    r = mlkem_x25519(s1, a, low);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    MLKEM_CT_UNPOISON(s1, sizeof s1);
    check(r == MLKEM_ERR_X25519_ZERO && all_zero(s1, sizeof s1), set,
          "x25519 refuses a point of small order");
  }
}

/* The X25519 implementations besides the one the backend chose, called
 * directly (x25519/x25519.h): MULX/ADX under valgrind, which decodes MULX,
 * ADCX and ADOX but hides ADX from CPUID, so that mlkem_x25519 runs the
 * portable code there (natively, where the CPU has them; not under
 * MemorySanitizer, which does not see into its inline assembly, nor IFMA,
 * which valgrind cannot run and the MemorySanitizer stage checks through
 * the avx512 backend). The keys are secret; each result must stay marked
 * and equal the portable implementation's. */
static void run_x25519_impl(const mlkem_x25519_impl *impl, int tracking) {
  uint8_t k[32], u[32], got[32], want[32], got2[32], want2[32];
  int round;
  for (round = 0; round < 2; round++) {
    rng_bytes(k, sizeof k);
    rng_bytes(u, sizeof u);
    MLKEM_CT_POISON(k, sizeof k);
    impl->scalarmult_base(got, k);
    if (tracking)
      tracked(all_secret(got, sizeof got), impl->name,
              "the fixed base's result is secret");
    mlkem_x25519_portable.scalarmult_base(want, k);
    MLKEM_CT_UNPOISON(got, sizeof got); /* the test's own look */
    MLKEM_CT_UNPOISON(want, sizeof want);
    check(memcmp(got, want, sizeof got) == 0, impl->name,
          "the fixed base equals portable's");
    impl->scalarmult(got, k, u);
    if (tracking)
      tracked(all_secret(got, sizeof got), impl->name,
              "the ladder's result is secret");
    mlkem_x25519_portable.scalarmult(want, k, u);
    MLKEM_CT_UNPOISON(got, sizeof got);
    MLKEM_CT_UNPOISON(want, sizeof want);
    check(memcmp(got, want, sizeof got) == 0, impl->name,
          "the ladder equals portable's");
    impl->keypair_dh(got, got2, k, u);
    if (tracking)
      tracked(all_secret(got, sizeof got) && all_secret(got2, sizeof got2),
              impl->name, "keypair_dh's results are secret");
    mlkem_x25519_portable.scalarmult_base(want2, k);
    MLKEM_CT_UNPOISON(got, sizeof got);
    MLKEM_CT_UNPOISON(got2, sizeof got2);
    MLKEM_CT_UNPOISON(want2, sizeof want2);
    check(memcmp(got, want2, sizeof got) == 0 &&
              memcmp(got2, want, sizeof got2) == 0,
          impl->name, "keypair_dh equals portable's comb and ladder");
  }
}

static void run_x25519_impls(int tracking) {
#if defined(MLKEM_HAVE_X25519_MULX) && !RUNNING_UNDER_MSAN
  if (checker_running() || mlkem_x25519_impl_supported(&mlkem_x25519_mulx)) {
    printf("X25519 implementations called directly: %s\n",
           mlkem_x25519_mulx.name);
    run_x25519_impl(&mlkem_x25519_mulx, tracking);
  }
#else
  (void)tracking;
  (void)run_x25519_impl;
#endif
}

/* ---- PEM (src/keyfile/pem.c) ----------------------------------------------
 */

#define PEM_MAX_DER 3300 /* the largest PKCS#8 ML-KEM key is 3266 bytes */
#define PEM_MAX_TEXT (2 * PEM_MAX_DER + 200)
static const char pem_label[] = "PRIVATE KEY";

/* Converts the LF line ends of a PEM text from mlkem_pem_encode (public
 * layout: lines of 64 characters) to CRLF, at positions known from the
 * layout, not from the (secret) characters. Returns the new length. */
static size_t pem_to_crlf(char *out, const char *in, size_t n) {
  size_t i, j = 0;
  size_t begin = strlen("-----BEGIN -----") + strlen(pem_label);
  size_t end = n - (strlen("-----END -----\n") + strlen(pem_label));
  for (i = 0; i < n; i++) {
    int eol = i == begin || i == end - 1 || i == n - 1 ||
              (i > begin && i < end && (i - begin) % 65 == 0);
    if (eol) out[j++] = '\r';
    out[j++] = in[i];
  }
  return j;
}

static void pem_case(size_t len, int crlf) {
  static uint8_t der[PEM_MAX_DER], back[PEM_MAX_DER];
  static char text[PEM_MAX_TEXT], text2[PEM_MAX_TEXT + 200];
  char label[MLKEM_PEM_MAX_LABEL], what[64];
  size_t tl, bl = 0, head, tail;
  const char *t;
  int r;

  snprintf(what, sizeof what, "PEM %zu bytes%s", len, crlf ? ", CRLF" : "");
  rng_bytes(der, len);
  MLKEM_CT_POISON(der, len);
  r = mlkem_pem_encode(pem_label, der, len, text, sizeof text, &tl);
  check(r == MLKEM_PEM_OK, what, "mlkem_pem_encode");
  head = strlen("-----BEGIN -----\n") + strlen(pem_label);
  if (checker_running() && !RUNNING_UNDER_MSAN)
    tracked(all_secret(text + head, len < 48 ? (4 * len + 2) / 3 : 64), what,
            "base64 written by mlkem_pem_encode is secret");
  t = text;
  if (crlf) {
    MLKEM_CT_UNPOISON(text, tl); /* the layout only: rewritten below */
    tl = pem_to_crlf(text2, text, tl);
    t = text2;
  }
  head = strlen("-----BEGIN -----\n") + strlen(pem_label) + (crlf ? 1 : 0);
  tail = strlen("-----END -----\n") + strlen(pem_label) + (crlf ? 1 : 0);
  /* The armour is public; the body, line ends included, secret. */
  MLKEM_CT_UNPOISON(t, tl);
  MLKEM_CT_POISON(t + head, tl - head - tail);
  r = mlkem_pem_decode((const uint8_t *)t, tl, label, back, sizeof back, &bl);
  check(r == MLKEM_PEM_OK && bl == len && strcmp(label, pem_label) == 0, what,
        "mlkem_pem_decode accepts the PEM");
  if (checker_running() && !RUNNING_UNDER_MSAN)
    tracked(all_secret(back, len), what, "decoded DER is secret");
  MLKEM_CT_UNPOISON(back, len);
  MLKEM_CT_UNPOISON(der, len);
  check(memcmp(back, der, len) == 0, what, "decoded DER equals the input");

  /* Refusals of a secret body: a character base64 forbids ('*', the
   * second character), and non-zero unused bits before the padding. */
  MLKEM_CT_UNPOISON(t, tl);
  memcpy(text2, t, tl);
  text2[head + 1] = '*';
  MLKEM_CT_POISON(text2 + head, tl - head - tail);
  r = mlkem_pem_decode((const uint8_t *)text2, tl, label, back, sizeof back,
                       &bl);
  check(r == MLKEM_PEM_ERR_BASE64 && bl == 0, what, "a forbidden character");
  if (len % 3 != 0) {
    /* The last data character before the padding, made odd: for one
     * padding character its two low bits are unused, for two its four. */
    size_t last = tl - tail - (crlf ? 2 : 1) - (len % 3 == 1 ? 3 : 2);
    MLKEM_CT_UNPOISON(text2, tl);
    memcpy(text2, t, tl);
    text2[last] = 'B';
    MLKEM_CT_POISON(text2 + head, tl - head - tail);
    r = mlkem_pem_decode((const uint8_t *)text2, tl, label, back, sizeof back,
                         &bl);
    check(r == MLKEM_PEM_ERR_BASE64 && bl == 0, what, "non-zero unused bits");
  }
}

/* The hybrids (mlkem_hybrid.h): the X-Wing seed, the encapsulation
 * randomness and the TLS coins are secret; public keys, ciphertexts,
 * shares and the return codes are public (a code says only whether a
 * key or point from outside was valid, which it alone decides). */
static void run_hybrids(int tracking) {
  static const char xw[] = "X-Wing", tls[] = "X25519MLKEM768";
  static uint8_t pk[XWING_PK_BYTES], ct[XWING_CT_BYTES];
  static uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES];
  static uint8_t xsk[XWING_EXPANDED_SK_BYTES];
  uint8_t seed[96], sk[XWING_SK_BYTES], ss[64], ss2[64];
  int r, round;
  for (round = 0; round < 2; round++) {
    rng_bytes(seed, sizeof seed);
    MLKEM_CT_POISON(seed, sizeof seed);
    r = xwing_keygen_derand(pk, sk, seed);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "keygen_derand returns 0");
    if (tracking) tracked(all_secret(sk, sizeof sk), xw, "sk is secret");
    MLKEM_CT_UNPOISON(pk, sizeof pk); /* published */
    rng_bytes(seed, 64);
    MLKEM_CT_POISON(seed, 64);
    r = xwing_encaps_derand(ct, ss, pk, seed);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "encaps_derand returns 0");
    if (tracking) tracked(all_secret(ss, 32), xw, "encaps ss is secret");
    MLKEM_CT_UNPOISON(ct, sizeof ct); /* sent */
    r = xwing_decaps(ss2, ct, sk);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "decaps returns 0");
    if (tracking) tracked(all_secret(ss2, 32), xw, "decaps ss is secret");
    MLKEM_CT_UNPOISON(ss, 32); /* the test's own look */
    MLKEM_CT_UNPOISON(ss2, 32);
    check(memcmp(ss, ss2, 32) == 0, xw, "decaps gives encaps' secret");
    /* The expanded key: secret, but for its headers (constants, which
     * decaps_expanded compares). */
    r = xwing_expand_sk(xsk, sk);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "expand_sk returns 0");
    r = xwing_decaps_expanded(ss2, ct, xsk);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "decaps_expanded returns 0");
    if (tracking)
      tracked(all_secret(ss2, 32), xw, "decaps_expanded ss is secret");
    MLKEM_CT_UNPOISON(ss2, 32);
    check(memcmp(ss, ss2, 32) == 0, xw, "decaps_expanded gives encaps' ss");
    ct[round * 333] ^= 4; /* implicit rejection, in the same time */
    r = xwing_decaps(ss2, ct, sk);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "decaps of a changed ct returns 0");
    MLKEM_CT_UNPOISON(ss2, 32);
    check(memcmp(ss, ss2, 32) != 0, xw, "a changed ct gives another ss");
    r = xwing_decaps_expanded(ss2, ct, xsk);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, xw, "decaps_expanded of a changed ct returns 0");
    MLKEM_CT_UNPOISON(ss2, 32);
    check(memcmp(ss, ss2, 32) != 0, xw, "... another ss, expanded key");

    rng_bytes(seed, sizeof seed);
    MLKEM_CT_POISON(seed, sizeof seed);
    r = x25519mlkem768_client_share_derand(pk, state, seed);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, tls, "client_share_derand returns 0");
    if (tracking)
      tracked(all_secret(state, MLKEM768_KPKE_DK_BYTES), tls,
              "the client state is secret");
    MLKEM_CT_UNPOISON(pk, X25519MLKEM768_CLIENT_SHARE_BYTES); /* sent */
    /* ek and H(ek) in the state's dk are public, as in mark_dk. */
    MLKEM_CT_UNPOISON(state + MLKEM768_KPKE_DK_BYTES, MLKEM768_EK_BYTES + 32);
    rng_bytes(seed, 64);
    MLKEM_CT_POISON(seed, 64);
    r = x25519mlkem768_server_share_derand(ct, ss, pk, seed);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, tls, "server_share_derand returns 0");
    if (tracking) tracked(all_secret(ss, 64), tls, "server secret is secret");
    MLKEM_CT_UNPOISON(ct, X25519MLKEM768_SERVER_SHARE_BYTES); /* sent */
    r = x25519mlkem768_client_finish(ss2, ct, state);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, tls, "client_finish returns 0");
    if (tracking) tracked(all_secret(ss2, 64), tls, "client secret is secret");
    MLKEM_CT_UNPOISON(ss, 64);
    MLKEM_CT_UNPOISON(ss2, 64);
    check(memcmp(ss, ss2, 64) == 0, tls, "both sides have one secret");
  }
}

/* One HPKE setup, seal, open and export pair (see the top of the file). */
static void hpke_case(mlkem_hpke_suite s, const mlkem_hpke_public_key *pkR,
                      const mlkem_hpke_private_key *skR,
                      const mlkem_hpke_private_key *skS,
                      const mlkem_hpke_public_key *pkS, int with_psk,
                      int tracking) {
  static uint8_t enc[MLKEM_HPKE_MAX_ENC_BYTES], ct[100 + 16];
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  uint8_t coins[64], pskb[32], pt[100], back[100], e1[40], e2[40];
  mlkem_hpke_psk psk = {pskb, sizeof pskb, (const uint8_t *)"id", 2};
  size_t nenc = 0, ncoins = s.kem == MLKEM_HPKE_KEM_MLKEM768_X25519 ? 64 : 32;
  char what[64];
  int r, sealable = s.aead != MLKEM_HPKE_AEAD_EXPORT_ONLY;
  snprintf(what, sizeof what, "HPKE %04x/%04x/%04x%s%s", s.kem, s.kdf, s.aead,
           with_psk ? " psk" : "", skS != NULL ? " auth" : "");
  r = mlkem_hpke_kem_sizes(s.kem, NULL, NULL, &nenc);
  check(r == MLKEM_OK, what, "sizes");
  rng_bytes(coins, sizeof coins);
  rng_bytes(pskb, sizeof pskb);
  rng_bytes(pt, sizeof pt);
  MLKEM_CT_POISON(coins, sizeof coins);
  MLKEM_CT_POISON(pskb, sizeof pskb);
  MLKEM_CT_POISON(pt, sizeof pt);
  r = mlkem_hpke_setup_sender_derand(&snd, enc, nenc, s, pkR, NULL, 0,
                                     with_psk ? &psk : NULL, skS, coins,
                                     ncoins);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, what, "setup_sender_derand returns 0");
  if (tracking)
    tracked(all_secret(snd.s.exporter_secret, snd.s.nh), what,
            "the exporter secret is secret");
  MLKEM_CT_UNPOISON(enc, nenc); /* sent */
  if (sealable) {
    r = mlkem_hpke_sender_seal(&snd, ct, sizeof ct, NULL, 0, pt, sizeof pt);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, what, "seal returns 0");
    MLKEM_CT_UNPOISON(ct, sizeof ct); /* sent */
  }
  r = mlkem_hpke_setup_recipient(&rcv, s, skR, enc, nenc, NULL, 0,
                                 with_psk ? &psk : NULL, pkS);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, what, "setup_recipient returns 0");
  if (tracking && sealable)
    tracked(all_secret(rcv.s.key, rcv.s.nk), what, "the AEAD key is secret");
  if (sealable) {
    r = mlkem_hpke_recipient_open(&rcv, back, sizeof back, NULL, 0, ct,
                                  sizeof ct);
    MLKEM_CT_UNPOISON(&r, sizeof r);
    check(r == MLKEM_OK, what, "open returns 0");
    if (tracking) tracked(all_secret(back, sizeof back), what, "pt is secret");
    MLKEM_CT_UNPOISON(back, sizeof back); /* the test's own look */
    MLKEM_CT_UNPOISON(pt, sizeof pt);
    check(memcmp(back, pt, sizeof pt) == 0, what, "open gives the message");
  }
  r = mlkem_hpke_sender_export(&snd, e1, sizeof e1, (const uint8_t *)"c", 1);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, what, "sender export");
  r = mlkem_hpke_recipient_export(&rcv, e2, sizeof e2, (const uint8_t *)"c", 1);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, what, "recipient export");
  if (tracking) tracked(all_secret(e2, sizeof e2), what, "export is secret");
  MLKEM_CT_UNPOISON(e1, sizeof e1);
  MLKEM_CT_UNPOISON(e2, sizeof e2);
  check(memcmp(e1, e2, sizeof e1) == 0, what, "exports agree");
  mlkem_hpke_sender_wipe(&snd);
  mlkem_hpke_recipient_wipe(&rcv);
}

/* An HPKE key pair from a secret ikm: the private key object secret, the
 * public key declassified (published). */
static void hpke_keys(uint16_t kem, mlkem_hpke_private_key *sk,
                      mlkem_hpke_public_key *pk, int tracking) {
  static uint8_t pkb[MLKEM_HPKE_MAX_PK_BYTES];
  uint8_t ikm[64], skb[MLKEM_HPKE_MAX_SK_BYTES];
  size_t npk = 0, nsk = 0;
  int r = mlkem_hpke_kem_sizes(kem, &npk, &nsk, NULL);
  check(r == MLKEM_OK, "HPKE", "sizes");
  rng_bytes(ikm, sizeof ikm);
  MLKEM_CT_POISON(ikm, sizeof ikm);
  r = mlkem_hpke_derive_keypair(kem, pkb, npk, skb, nsk, ikm, sizeof ikm);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, "HPKE", "derive_keypair returns 0");
  if (tracking) tracked(all_secret(skb, nsk), "HPKE", "sk is secret");
  MLKEM_CT_UNPOISON(pkb, npk); /* published */
  r = mlkem_hpke_private_key_import(sk, kem, skb, nsk);
  MLKEM_CT_UNPOISON(&r, sizeof r);
  check(r == MLKEM_OK, "HPKE", "private_key_import returns 0");
  r = mlkem_hpke_public_key_import(pk, kem, pkb, npk);
  check(r == MLKEM_OK, "HPKE", "public_key_import returns 0");
}

static void run_hpke(int tracking) {
  static const uint16_t kems[5] = {0x0020, 0x0040, 0x0041, 0x0042, 0x647A};
  static const uint16_t kdfs[7] = {1, 2, 3, 0x10, 0x11, 0x12, 0x13};
  static const uint16_t aeads[4] = {1, 2, 3, 0xFFFF};
  static mlkem_hpke_private_key skR, skS;
  static mlkem_hpke_public_key pkR, pkS;
  unsigned k, d;
  for (k = 0; k < 5; k++) {
    hpke_keys(kems[k], &skR, &pkR, tracking);
    for (d = 0; d < 7; d++) {
      mlkem_hpke_suite s = {kems[k], kdfs[d], aeads[(k + d) % 4]};
      hpke_case(s, &pkR, &skR, NULL, NULL, d % 2, tracking);
    }
  }
  /* DHKEM's Auth and AuthPSK modes: the sender's private key secret. */
  hpke_keys(0x0020, &skR, &pkR, tracking);
  hpke_keys(0x0020, &skS, &pkS, tracking);
  for (d = 0; d < 2; d++) {
    mlkem_hpke_suite s = {0x0020, kdfs[d], 1};
    hpke_case(s, &pkR, &skR, &skS, &pkS, (int)d, tracking);
  }
  mlkem_hpke_private_key_wipe(&skR);
  mlkem_hpke_private_key_wipe(&skS);
}

static void run_pem(void) {
  /* 86: a seed PKCS#8; 1730, 2498, 3266: the "both" form of each set. */
  static const size_t lens[] = {1, 2, 3, 48, 49, 50, 86, 1730, 2498, 3266};
  size_t i;
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    pem_case(lens[i], 0);
    pem_case(lens[i], 1);
  }
}

/* ---- the tool's hex (cli/hex.c) ------------------------------------------ */

static void run_hex(int tracking) {
  static const char lower[] = "0123456789abcdef", upper[] = "0123456789ABCDEF";
  uint8_t in[256];
  char out[2 * sizeof in + 1], up[2 * sizeof in + 1];
  size_t i;
  int right = 1;
  for (i = 0; i < sizeof in; i++) in[i] = (uint8_t)i;
  MLKEM_CT_POISON(in, sizeof in);
  cli_hex(in, sizeof in, out);
  cli_hex_upper(in, sizeof in, up);
  if (tracking && !RUNNING_UNDER_MSAN) {
    tracked(all_secret(out, 2 * sizeof in), "hex", "cli_hex's digits secret");
    tracked(all_secret(up, 2 * sizeof in), "hex",
            "cli_hex_upper's digits secret");
  }
  MLKEM_CT_UNPOISON(out, sizeof out);
  MLKEM_CT_UNPOISON(up, sizeof up);
  for (i = 0; i < sizeof in; i++)
    right &= out[2 * i] == lower[i >> 4] && out[2 * i + 1] == lower[i & 15] &&
             up[2 * i] == upper[i >> 4] && up[2 * i + 1] == upper[i & 15];
  check(right && out[2 * sizeof in] == '\n' && up[2 * sizeof in] == '\0', "hex",
        "every byte's two digits, lower and upper case");
}

/* ---- key files (src/keyfile/) ---------------------------------------------
 */

#define KF_HEAD 28 /* "-----BEGIN PRIVATE KEY-----\n" */
#define KF_TAIL 26 /* "-----END PRIVATE KEY-----\n" */

/* Reads `in` (len bytes, marked as the caller chose) and checks the key
 * read against `want`, in type `type`. want->kem is NULL for X-Wing, whose
 * private key is its seed alone (no dk). */
static void keyfile_read(const char *what, const uint8_t *in, size_t len,
                         const mlkem_keyfile_alg *seed_alg,
                         const mlkem_keyfile_key *want,
                         mlkem_keyfile_type type) {
  static mlkem_keyfile_key back;
  const mlkem_kem *kem = want->kem;
  const mlkem_keyfile_alg *alg = want->alg;
  int r = mlkem_keyfile_decode(&back, in, len, seed_alg, NULL);
  check(r == MLKEM_KEYFILE_OK && back.type == type && back.alg == alg, what,
        "the key is read");
  if (checker_running() && !RUNNING_UNDER_MSAN) {
    if (kem != NULL)
      tracked(all_secret(back.dk, 384u * kem->rank), what,
              "dk_PKE read is secret");
    if (type != MLKEM_KEYFILE_EXPANDED)
      tracked(all_secret(back.seed, alg->seed_bytes), what,
              "the seed read is secret");
  }
  MLKEM_CT_UNPOISON(&back, sizeof back);
  check((kem == NULL || memcmp(back.dk, want->dk, kem->dk_bytes) == 0) &&
            memcmp(back.ek, want->ek, alg->ek_bytes) == 0 &&
            (type == MLKEM_KEYFILE_EXPANDED ||
             memcmp(back.seed, want->seed, alg->seed_bytes) == 0),
        what, "the key read is the key written");
  mlkem_keyfile_wipe(&back);
}

/* The key files of one key type: ML-KEM in its three private forms, X-Wing
 * in the seed form (the only one its draft defines). */
static void run_keyfile(const mlkem_keyfile_alg *alg) {
  static mlkem_keyfile_key key, plain, refused;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM], copy[MLKEM_KEYFILE_MAX_PEM];
  static const mlkem_keyfile_type forms[3] = {
      MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_EXPANDED, MLKEM_KEYFILE_BOTH};
  static const char *const form_names[3] = {"seed", "expanded", "both"};
  uint8_t seed[MLKEM_KEYFILE_MAX_SEED_BYTES];
  char what[80];
  size_t len, f, nforms;
  int r, pem;

  rng_bytes(seed, alg->seed_bytes);
  MLKEM_CT_POISON(seed, alg->seed_bytes);
  r = mlkem_keyfile_from_raw(&key, alg, MLKEM_KEYFILE_SEED, seed,
                             alg->seed_bytes, NULL);
  check(r == MLKEM_KEYFILE_OK, alg->name, "a key from a secret seed");
  /* The same key, declassified: what every read must give. */
  plain = key;
  MLKEM_CT_UNPOISON(&plain, sizeof plain);
  nforms = key.kem != NULL ? 3 : 1;

  for (f = 0; f < nforms; f++)
    for (pem = 0; pem < 2; pem++) {
      snprintf(what, sizeof what, "%s key file, %s form, %s", alg->name,
               form_names[f], pem ? "PEM" : "DER");
      r = mlkem_keyfile_encode(&key, forms[f],
                               pem ? MLKEM_KEYFILE_PEM : MLKEM_KEYFILE_DER, out,
                               sizeof out, &len, NULL);
      check(r == MLKEM_KEYFILE_OK, what, "written");
      /* The end of the DER is z or the seed; the second line of the PEM
       * body encodes DER bytes 48 to 95: seed or dk_PKE (X-Wing: bytes 48
       * to 51 of its 52-byte DER, the end of the seed). */
      if (checker_running() && !RUNNING_UNDER_MSAN)
        tracked(pem ? all_secret(out + KF_HEAD + 65, key.kem != NULL ? 48 : 4)
                    : all_secret(out + len - 32, 32),
                what, "the private key written is secret");
      memcpy(copy, out, len);
      MLKEM_CT_UNPOISON(copy, len);
      if (pem)
        MLKEM_CT_POISON(copy + KF_HEAD, len - KF_HEAD - KF_TAIL);
      else
        MLKEM_CT_POISON(copy, len);
      keyfile_read(what, copy, len, NULL, &plain, forms[f]);

      /* both, with z changed: refused, without a report. */
      if (forms[f] == MLKEM_KEYFILE_BOTH && !pem) {
        MLKEM_CT_UNPOISON(copy, len);
        copy[len - 1] ^= 1;
        MLKEM_CT_POISON(copy, len);
        r = mlkem_keyfile_decode_der(&refused, copy, len, NULL);
        check(r == MLKEM_KEYFILE_ERR_MISMATCH, what,
              "a both key with another z is refused");
      }
    }
  /* Raw: the seed, and an ML-KEM dk, secret whole. */
  memcpy(copy, plain.seed, alg->seed_bytes);
  MLKEM_CT_POISON(copy, alg->seed_bytes);
  snprintf(what, sizeof what, "%s raw seed", alg->name);
  keyfile_read(what, copy, alg->seed_bytes, alg, &plain, MLKEM_KEYFILE_SEED);
  if (key.kem != NULL) {
    memcpy(copy, plain.dk, alg->dk_bytes);
    MLKEM_CT_POISON(copy, alg->dk_bytes);
    snprintf(what, sizeof what, "%s raw dk", alg->name);
    keyfile_read(what, copy, alg->dk_bytes, NULL, &plain,
                 MLKEM_KEYFILE_EXPANDED);
  }
  mlkem_keyfile_wipe(&key);
  mlkem_keyfile_wipe(&plain);
}

int main(void) {
  int tracking = checker_running();
  const char *backend = mlkem_backend_name();
  unsigned i;
  if (strcmp(backend, "unavailable") == 0) {
    printf(
        "ct_check: the backend forced with MLKEM_BACKEND is not available "
        "here (under valgrind: not offered by its CPU model); skipped\n");
    return 77;
  }
  printf("ct_check: backend %s, checker %s%s\n", backend, CHECKER_NAME,
         tracking ? "" : " NOT running: functional checks only");
  for (i = 0; mlkem_kems[i] != NULL; i++) run_set(mlkem_kems[i], tracking);
  for (i = 0; mlkem_kyber_kems[i] != NULL; i++)
    run_set(mlkem_kyber_kems[i], tracking);
  run_symmetric(tracking);
  run_gcm(tracking);
  run_chacha20poly1305(tracking);
  run_x25519(tracking);
  run_x25519_impls(tracking);
  run_hybrids(tracking);
  run_hpke(tracking);
  run_pem();
  run_hex(tracking);
  for (i = 0; mlkem_kems[i] != NULL; i++)
    run_keyfile(mlkem_keyfile_alg_by_name(mlkem_kems[i]->name));
  run_keyfile(mlkem_keyfile_alg_by_name("X-Wing"));
  printf("ct_check: %u passed, %u failed, %u secret outputs not marked\n",
         checks - failures - lost, failures, lost);
  return failures != 0 ? 1 : lost != 0 ? 2 : 0;
}
