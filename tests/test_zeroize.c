/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_zeroize.c - no copy of a secret is left on the stack after keygen,
 * encaps or decaps returns.
 *
 * Each operation runs on a thread whose stack is a region we own, painted
 * with a pattern beforehand (painted_stack.h). After the thread has ended,
 * the region the operation used is searched for pieces of every secret the
 * operation handled, recomputed here with the library's internal SHA-3,
 * the portable backend's CBD and NTT (bit-identical to every other
 * backend's) and K-PKE from the hazmat API:
 *
 *   keygen:  d, z, sigma = G(d || k)[32:], the PRF outputs, the noise
 *            polynomials s and e (as sampled and after the NTT), and
 *            dk_PKE = ByteEncode_12(s-hat);
 *   encaps:  m, K (= the shared secret), r = G(m || H(ek))[32:], the PRF
 *            outputs, y, e1, e2 (as sampled) and y-hat, and mu =
 *            Decompress_1(m);
 *   decaps:  z, s-hat decoded from dk_PKE, m' = Decrypt(dk_PKE, c), K',
 *            r', K-bar = J(z || c), and the re-encryption's PRF outputs,
 *            noise and mu; for a valid ciphertext and for a random one
 *            (implicit rejection);
 *   mlkem_x25519 and mlkem_x25519_base: the private key, as given and
 *            clamped, and (x25519) the shared secret; and what x25519_base
 *            derives from it: the entries of the fixed-base comb's table
 *            that its secret digits select (src/x25519/base.c), as the
 *            table's 64-bit words and as radix-2^51 limbs, each 8 bytes
 *            searched alone (a selected entry on the stack gives away its
 *            digit). And every other value derived from the key (the
 *            comb's and the ladder's field elements, the inversion's
 *            powers): each function is run twice on the same stack
 *            region with two private keys, the same peer point, and the
 *            used stacks must be byte for byte the same (what remains
 *            does not depend on the key);
 *   expand_dk, expand_dk_from_seed: s-hat (and from the seed, keygen's
 *            secrets and dk_PKE); encaps_expanded and decaps_expanded:
 *            those of encaps and decaps;
 *   X-Wing:  the seed, its expansion (the ML-KEM seed and the X25519
 *            private key), the ephemeral eseed, the ML-KEM and X25519
 *            secrets, the decapsulation's ML-KEM dk_PKE;
 *   X25519MLKEM768: the coins of either side and the ML-KEM and X25519
 *            secrets; the client's X25519 private key when it finishes.
 *
 * The same for the round-3 variants (mlkem_kyber.h), with their hashes
 * (kem_schemes.h; the 90s PRF outputs from the tests' own AES-256-CTR):
 * keygen's sigma = G(d); encaps' coins, m = H(coins), K-bar, r and the
 * shared secret KDF(K-bar || H(c)); decaps' K-bar', r' and both KDF
 * outputs, KDF(K-bar' || H(c)) and KDF(z || H(c)).
 *
 * Byte strings are searched 8 bytes at a time at every offset (a spilled
 * 64-bit register); polynomials, whose coefficients are small, 64 bytes
 * (32 coefficients) at a time every 32 bytes. The outputs are written to
 * buffers outside the region, so any hit is a residue inside the library.
 * Run once per backend (MLKEM_BACKEND, tests/CMakeLists.txt).
 *
 * Under AddressSanitizer or MemorySanitizer the test reports itself as
 * skipped (77): their instrumentation copies data through its own stack
 * frames (interceptors of memcpy/memset, redzones) and enlarges every
 * frame, so what is left on the stack is no longer the library's doing.
 * The uninstrumented builds of make test check the property.
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* before any header: pthread_attr_setstack, MAP_ANONYMOUS \
                     */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kem_schemes.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "backend/backend.h"
#include "painted_stack.h"
#include "fips203/params.h"
#include "sha3/sha3.h"
#include "test_util.h"
#include "x25519/x25519.h"

#define REGION (1u << 20)
#define PATTERN 0xE7
#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* ---- the operation under test, with its buffers outside the region ---- */

static const mlkem_kem *g_kem;
static test_scheme g_scheme; /* g_kem's */
static uint8_t g_seed[MLKEM_SEED_BYTES], g_m[MLKEM_MSG_BYTES];
static uint8_t g_ek[MAX_EK], g_dk[MAX_DK], g_ct[MAX_CT];
static uint8_t g_ss[MLKEM_SS_BYTES];
static int g_rc;
static const char *g_label; /* the set, or X25519 */
static uint8_t g_xk[MLKEM_X25519_BYTES], g_xpub[MLKEM_X25519_BYTES];
static uint8_t g_xout[MLKEM_X25519_BYTES];

static void op_keygen(void *a) {
  (void)a;
  g_rc = g_kem->keygen_derand(g_ek, g_dk, g_seed);
}
static void op_encaps(void *a) {
  (void)a;
  g_rc = g_kem->encaps_derand(g_ct, g_ss, g_ek, g_m);
}
static void op_decaps(void *a) {
  (void)a;
  g_rc = g_kem->decaps(g_ss, g_ct, g_dk);
}
/* Expanded keys (ML-KEM only). */
static uint8_t g_xdk[MLKEM1024_EXPANDED_DK_BYTES];
static uint8_t g_xek[MLKEM1024_EXPANDED_EK_BYTES];
static void op_expand_dk(void *a) {
  (void)a;
  g_rc = g_kem->expand_dk(g_xdk, g_dk);
}
static void op_expand_dk_from_seed(void *a) {
  (void)a;
  g_rc = g_kem->expand_dk_from_seed(g_xdk, g_seed);
}
static void op_encaps_expanded(void *a) {
  (void)a;
  g_rc = g_kem->encaps_expanded_derand(g_ct, g_ss, g_xek, g_m);
}
static void op_decaps_expanded(void *a) {
  (void)a;
  g_rc = g_kem->decaps_expanded(g_ss, g_ct, g_xdk);
}
static uint8_t g_hseed[96], g_hpk[XWING_PK_BYTES], g_hct[XWING_CT_BYTES];
static uint8_t g_hsk[32], g_hss[64];
static uint8_t g_hstate[X25519MLKEM768_CLIENT_STATE_BYTES];
static void op_xwing_keygen(void *a) {
  (void)a;
  g_rc = xwing_keygen_derand(g_hpk, g_hsk, g_hseed);
}
static void op_xwing_encaps(void *a) {
  (void)a;
  g_rc = xwing_encaps_derand(g_hct, g_hss, g_hpk, g_hseed);
}
static void op_xwing_decaps(void *a) {
  (void)a;
  g_rc = xwing_decaps(g_hss, g_hct, g_hsk);
}
static void op_tls_client(void *a) {
  (void)a;
  g_rc = x25519mlkem768_client_share_derand(g_hpk, g_hstate, g_hseed);
}
static void op_tls_server(void *a) {
  (void)a;
  g_rc = x25519mlkem768_server_share_derand(g_hct, g_hss, g_hpk, g_hseed);
}
/* client_finish consumes (wipes) its state: each run finishes a copy of
 * g_hstate (outside the painted region, as every buffer here). */
static uint8_t g_hstate_used[X25519MLKEM768_CLIENT_STATE_BYTES];
static void op_tls_finish(void *a) {
  (void)a;
  memcpy(g_hstate_used, g_hstate, sizeof g_hstate);
  g_rc = x25519mlkem768_client_finish(g_hss, g_hct, g_hstate_used);
}
static void op_x25519(void *a) {
  (void)a;
  g_rc = mlkem_x25519(g_xout, g_xk, g_xpub);
}
static void op_x25519_base(void *a) {
  (void)a;
  g_rc = mlkem_x25519_base(g_xout, g_xk);
}

/* ---- the secrets, recomputed ---- */

typedef struct {
  char name[48];
  const uint8_t *p;
  size_t len;
  size_t window; /* bytes per piece searched */
  size_t step;   /* offset between pieces */
} secret;

#define MAX_SECRETS 64
static secret secrets[MAX_SECRETS];
static unsigned nsecrets;
/* Storage for recomputed values. */
static uint8_t store[96 * 1024];
static size_t store_used;

static uint8_t *keep(const void *p, size_t len) {
  uint8_t *dst = store + store_used;
  if (store_used + len > sizeof store) {
    fprintf(stderr, "test_zeroize: store full\n");
    return store; /* the check below then fails loudly */
  }
  memcpy(dst, p, len);
  store_used += len;
  return dst;
}

static void add(const char *name, const void *p, size_t len, int poly) {
  secret *s;
  if (nsecrets == MAX_SECRETS) return;
  s = &secrets[nsecrets++];
  snprintf(s->name, sizeof s->name, "%s", name);
  s->p = keep(p, len);
  s->len = len;
  s->window = poly ? 64 : 8;
  s->step = poly ? 32 : 1;
}

/* A secret searched for 8 bytes at a time, each piece alone: values of
 * 64 bits (or field limbs) that a spill stores one by one. */
static void add_words(const char *name, const void *p, size_t len) {
  add(name, p, len, 0);
  secrets[nsecrets - 1].step = 8;
}

/* What mlkem_x25519_base derives from the private key k: for each of the
 * 64 signed radix-16 digits of the clamped k (k = sum e[i] 16^i, e[i] in
 * [-8, 8], recoded here independently of base.c), the table entry
 * |e[i]| 256^(i/2) B it selects, as the table holds it (twelve 64-bit
 * words: y + x, y - x, 2 d x y) and with y + x and y - x as the five
 * radix-2^51 limbs of the field code. A digit 0 selects the identity
 * (nothing secret to find). */
static void x25519_base_selected(const uint8_t clamped[32]) {
  static uint64_t words[64][12], limbs[64][10];
  unsigned i, n = 0, carry = 0, c;
  for (i = 0; i < 64; i++) {
    int d = (int)((clamped[i / 2] >> (4 * (i % 2))) & 15) + (int)carry;
    carry = i < 63 && d >= 8;
    d -= 16 * (int)carry;
    if (d == 0) continue;
    memcpy(words[n], mlkem_x25519_base_table[i / 2][(d < 0 ? -d : d) - 1],
           sizeof words[n]);
    for (c = 0; c < 2; c++) {
      const uint64_t *w = words[n] + 4 * c;
      uint64_t *l = limbs[n] + 5 * c;
      const uint64_t m51 = ((uint64_t)1 << 51) - 1;
      l[0] = w[0] & m51;
      l[1] = (w[0] >> 51 | w[1] << 13) & m51;
      l[2] = (w[1] >> 38 | w[2] << 26) & m51;
      l[3] = (w[2] >> 25 | w[3] << 39) & m51;
      l[4] = w[3] >> 12;
    }
    n++;
  }
  add_words("selected comb entries (64-bit words)", words, n * sizeof words[0]);
  add_words("selected comb entries (51-bit limbs)", limbs, n * sizeof limbs[0]);
}

static void reset_secrets(void) {
  nsecrets = 0;
  store_used = 0;
}

/* PRF_eta(seed, n) = SHAKE256(seed || n, 64 eta) (or the 90s AES-256-CTR
 * PRF) and its CBD polynomial, as sampled and after the NTT. */
static void add_noise(const char *what, const uint8_t seed[32], unsigned n,
                      unsigned eta, int ntt) {
  uint8_t prf[MLKEM_PRF_BYTES_OF(3)]; /* eta <= 3 */
  mlkem_poly poly;
  char name[48];
  test_scheme_prf(g_scheme, prf, MLKEM_PRF_BYTES_OF(eta), seed, n);
  snprintf(name, sizeof name, "PRF output for %s", what);
  add(name, prf, MLKEM_PRF_BYTES_OF(eta), 0);
  mlkem_backend_portable.cbd(&poly, prf, eta);
  snprintf(name, sizeof name, "noise %s", what);
  add(name, poly.coeffs, sizeof poly.coeffs, 1);
  if (ntt) {
    mlkem_backend_portable.ntt(&poly);
    snprintf(name, sizeof name, "noise %s after NTT", what);
    add(name, poly.coeffs, sizeof poly.coeffs, 1);
  }
}

/* eta1 and eta2 of the set of rank k: the library's Table 2 (params.h). */
#define ETAS_OF_SET(P, K, ETA1, ETA2, DU, DV) [K] = {ETA1, ETA2},
static const struct {
  unsigned eta1, eta2;
} etas[MLKEM_K_MAX + 1] = {MLKEM_PARAMETER_SETS(ETAS_OF_SET)};

/* The secrets of K-PKE.Encrypt(ek, msg, r): noise and mu. */
static void add_encrypt_secrets(unsigned k, const uint8_t msg[32],
                                const uint8_t r[32], const char *tag) {
  mlkem_poly mu;
  char what[32];
  unsigned i;
  for (i = 0; i < k; i++) {
    snprintf(what, sizeof what, "%s y[%u]", tag, i);
    add_noise(what, r, i, etas[k].eta1, 1);
    snprintf(what, sizeof what, "%s e1[%u]", tag, i);
    add_noise(what, r, k + i, etas[k].eta2, 0);
  }
  snprintf(what, sizeof what, "%s e2", tag);
  add_noise(what, r, 2 * k, etas[k].eta2, 0);
  mlkem_backend_portable.decode_decompress_msg(&mu, msg);
  snprintf(what, sizeof what, "%s mu", tag);
  add(what, mu.coeffs, sizeof mu.coeffs, 1);
}

static void keygen_secrets(unsigned k) {
  uint8_t rs[64];
  char what[32];
  unsigned i;
  add("d", g_seed, 32, 0);
  add("z", g_seed + 32, 32, 0);
  test_scheme_rho_sigma(g_scheme, rs, g_seed, k);
  add("sigma", rs + 32, 32, 0);
  for (i = 0; i < k; i++) {
    snprintf(what, sizeof what, "s[%u]", i);
    add_noise(what, rs + 32, i, etas[k].eta1, 1);
    snprintf(what, sizeof what, "e[%u]", i);
    add_noise(what, rs + 32, k + i, etas[k].eta1, 1);
  }
  /* dk_PKE as bytes, 16 at a time. */
  {
    secret *s;
    add("dk_PKE", g_dk, MLKEM_DKPKE_BYTES_OF(k), 0);
    s = &secrets[nsecrets - 1];
    s->window = 16;
    s->step = 16;
  }
}

/* Round 3 hashes the coins g_m into m and derives the shared secret
 * KDF(K-bar || H(c)), c the ciphertext this encapsulation makes. */
static void encaps_secrets(unsigned k) {
  uint8_t in[64], kr[64], ss[32];
  if (g_scheme == SCHEME_FIPS203) {
    memcpy(in, g_m, 32);
  } else {
    add("coins", g_m, 32, 0);
    test_scheme_h(g_scheme, in, g_m, 32);
  }
  test_scheme_h(g_scheme, in + 32, g_ek, g_kem->ek_bytes);
  test_scheme_g(g_scheme, kr, in, sizeof in);
  add("m", in, 32, 0);
  add(g_scheme == SCHEME_FIPS203 ? "K (shared secret)" : "K-bar", kr, 32, 0);
  add("r", kr + 32, 32, 0);
  if (g_scheme != SCHEME_FIPS203) {
    uint8_t ct[MAX_CT], hc[32];
    CHECK(g_kem->encaps_derand(ct, ss, g_ek, g_m) == MLKEM_OK);
    test_scheme_h(g_scheme, hc, ct, g_kem->ct_bytes);
    test_scheme_kdf(g_scheme, ss, kr, hc);
    add("shared secret KDF(K-bar || H(c))", ss, 32, 0);
  }
  add_encrypt_secrets(k, in, kr + 32, "encaps");
}

typedef int (*kpke_decrypt_fn)(uint8_t *m, const uint8_t *dk_pke,
                               const uint8_t *ct);

/* s-hat, decoded from dk_PKE. */
static void s_hat_secrets(unsigned k) {
  char what[32];
  unsigned i;
  for (i = 0; i < k; i++) {
    mlkem_poly s;
    mlkem_backend_portable.decode12(&s, g_dk + MLKEM_POLYBYTES * i);
    snprintf(what, sizeof what, "s-hat[%u] decoded", i);
    add(what, s.coeffs, sizeof s.coeffs, 1);
  }
}

static void decaps_secrets(unsigned k) {
#define DECRYPT_OF_SET(P, K, ETA1, ETA2, DU, DV) [K] = mlkem##P##_kpke_decrypt,
  static const kpke_decrypt_fn dec[MLKEM_K_MAX + 1] = {
      MLKEM_PARAMETER_SETS(DECRYPT_OF_SET)};
  const uint8_t *z = g_dk + g_kem->dk_bytes - 32;
  const uint8_t *h = g_dk + g_kem->dk_bytes - 64;
  uint8_t in[64], kr[64], kbar[32];
  add("z", z, 32, 0);
  s_hat_secrets(k);
  CHECK(dec[k](in, g_dk, g_ct) == MLKEM_OK);
  memcpy(in + 32, h, 32);
  test_scheme_g(g_scheme, kr, in, sizeof in);
  add("m'", in, 32, 0);
  add("K'", kr, 32, 0);
  add("r'", kr + 32, 32, 0);
  test_scheme_rejection_key(g_scheme, kbar, z, g_ct, g_kem->ct_bytes);
  add("rejection key", kbar, 32, 0);
  if (g_scheme != SCHEME_FIPS203) {
    uint8_t hc[32];
    test_scheme_h(g_scheme, hc, g_ct, g_kem->ct_bytes);
    test_scheme_kdf(g_scheme, kbar, kr, hc);
    add("KDF(K-bar' || H(c))", kbar, 32, 0);
  }
  add_encrypt_secrets(k, in, kr + 32, "re-encryption");
}

/* ---- the search ---- */

/* One piece of a secret: window bytes at offset off of secrets[secret].
 * key is its first 8 bytes (little-endian); at, the lowest offset in the
 * stack region holding the piece, or (size_t)-1. */
typedef struct {
  uint64_t key;
  unsigned secret;
  size_t off, at;
} piece;

static uint64_t le64(const uint8_t *p) {
  uint64_t v = 0;
  unsigned k;
  for (k = 0; k < 8; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

static int piece_by_key(const void *a, const void *b) {
  const piece *x = (const piece *)a, *y = (const piece *)b;
  return (x->key > y->key) - (x->key < y->key);
}

static int piece_by_place(const void *a, const void *b) {
  const piece *x = (const piece *)a, *y = (const piece *)b;
  if (x->secret != y->secret) return x->secret < y->secret ? -1 : 1;
  return (x->off > y->off) - (x->off < y->off);
}

/* Sets the at of every piece in p[0 .. n) (sorted by key) that occurs in
 * the region's bytes [from, size): one pass over the region, each 8-byte
 * window looked up among the keys and a hit compared in full. (Searching
 * the region once per piece cost seconds per operation under qemu.) */
PS_NO_SANITIZE static void find_pieces(const ps_stack *st, size_t from,
                                       piece *p, size_t n) {
  const volatile uint8_t *b = st->base;
  uint64_t w = 0;
  size_t i, lo, hi, k, j;
  for (i = from; i + 8 <= st->size; i++) {
    if (i == from) {
      for (k = 0; k < 8; k++) w |= (uint64_t)b[i + k] << (8 * k);
    } else {
      w = (w >> 8) | ((uint64_t)b[i + 7] << 56);
    }
    lo = 0;
    hi = n;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (p[mid].key < w)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (k = lo; k < n && p[k].key == w; k++) {
      const secret *s = &secrets[p[k].secret];
      if (p[k].at != (size_t)-1 || i + s->window > st->size) continue;
      for (j = 8; j < s->window; j++)
        if (b[i + j] != s->p[p[k].off + j]) break;
      if (j == s->window) p[k].at = i;
    }
  }
}

static unsigned residues;

static void search(const char *op, const ps_stack *st) {
  size_t from = ps_lowest(st, PATTERN);
  size_t used = ps_depth(st, PATTERN);
  unsigned i;
  size_t off, n = 0, k;
  piece *p;
  CHECKF(from > 0, "%s %s: the stack region was exhausted", g_label, op);
  for (i = 0; i < nsecrets; i++)
    for (off = 0; off + secrets[i].window <= secrets[i].len;
         off += secrets[i].step)
      n++;
  p = (piece *)malloc((n > 0 ? n : 1) * sizeof *p);
  if (p == NULL) {
    CHECK_MSG(0, "memory for the pieces of the secrets");
    return;
  }
  n = 0;
  for (i = 0; i < nsecrets; i++) {
    const secret *s = &secrets[i];
    for (off = 0; off + s->window <= s->len; off += s->step) {
      p[n].key = le64(s->p + off);
      p[n].secret = i;
      p[n].off = off;
      p[n].at = (size_t)-1;
      n++;
    }
  }
  qsort(p, n, sizeof *p, piece_by_key);
  find_pieces(st, from, p, n);
  qsort(p, n, sizeof *p, piece_by_place);
  for (i = 0, k = 0; i < nsecrets; i++) {
    const secret *s = &secrets[i];
    unsigned found = 0;
    for (; k < n && p[k].secret == i; k++) {
      if (p[k].at == (size_t)-1) continue;
      if (found++ == 0) {
        long depth = (long)(st->sp - ((uintptr_t)st->base + p[k].at));
        printf(
            "  RESIDUE after %s %s (%s): %s bytes %zu..%zu at depth %ld "
            "below the caller's stack pointer\n",
            g_label, op, mlkem_backend_name(), s->name, p[k].off,
            p[k].off + s->window - 1, depth);
      }
    }
    if (found > 0) residues++;
    CHECK_MSG(found == 0,
              "no piece of a secret left on the stack (see "
              "the RESIDUE line above)");
  }
  free(p);
  printf("%s %s: %u secrets searched for in %zu bytes of used stack\n", g_label,
         op, nsecrets, used);
}

static void run(const char *op, void (*fn)(void *)) {
  ps_stack st;
  int ok = ps_run(&st, REGION, PATTERN, fn, NULL) == 0;
  CHECKF(ok, "%s %s: could not run on a painted stack", g_label, op);
  CHECKF(g_rc == MLKEM_OK, "%s %s returned %d", g_label, op, g_rc);
  if (ok) search(op, &st);
  ps_free(&st);
}

/* The X25519 private key run_key_independent changes, and the rng. */
static struct {
  uint8_t *key;
  test_rng *rng;
} g_vary;
static void new_x25519_key(void *ctx) {
  (void)ctx;
  test_rng_bytes(g_vary.rng, g_vary.key, 32);
}

/* Nothing fn leaves on the stack depends on the X25519 private key at key
 * (ps_secret_residue: two keys, every other input the same). */
static void run_key_independent(const char *op, void (*fn)(void *),
                                test_rng *rng, uint8_t *key) {
  long depth;
  size_t noise, differ;
  g_vary.key = key;
  g_vary.rng = rng;
  differ = ps_secret_residue(REGION, PATTERN, fn, new_x25519_key, NULL, &depth,
                             &noise);
  CHECKF(differ != (size_t)-1, "%s %s: could not run on a painted stack",
         g_label, op);
  CHECKF(g_rc == MLKEM_OK, "%s %s returned %d", g_label, op, g_rc);
  if (differ == (size_t)-1) return;
  if (differ > 0)
    printf(
        "  RESIDUE after %s %s (%s): %zu bytes of the used stack differ "
        "between two private keys, the first at depth %ld below the "
        "caller's stack pointer\n",
        g_label, op, mlkem_backend_name(), differ, depth);
  CHECKF(differ == 0,
         "%s %s: nothing left on the stack depends on the private key", g_label,
         op);
  if (differ == 0)
    printf(
        "%s %s: the used stack is the same for two private keys (%zu "
        "bytes differ between two runs with one)\n",
        g_label, op, noise);
}

#if defined(__SANITIZE_ADDRESS__)
#define ZEROIZE_INSTRUMENTED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define ZEROIZE_INSTRUMENTED 1
#endif
#endif

/* X-Wing and the TLS key shares (mlkem_hybrid.h), from the parts. */
static void hybrid_rounds(test_rng *rng) {
  unsigned round;
  for (round = 0; round < 2; round++) {
    uint8_t expanded[96], ct_m[MLKEM768_CT_BYTES], ss_m[32], ss_x[32];
    uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES], client_x[32];
    g_label = "X-Wing";
    test_rng_bytes(rng, g_hseed, 32);
    mlkem_shake256(expanded, sizeof expanded, g_hseed, 32);
    CHECK(mlkem768_keygen_derand(ek, dk, expanded) == MLKEM_OK);
    add("seed", g_hseed, 32, 0);
    add("expanded seed", expanded, sizeof expanded, 0);
    add("ML-KEM dk_PKE", dk, MLKEM768_KPKE_DK_BYTES, 0);
    run("keygen", op_xwing_keygen);
    reset_secrets();

    test_rng_bytes(rng, g_hseed, 64);
    CHECK(mlkem768_encaps_derand(ct_m, ss_m, g_hpk, g_hseed) == MLKEM_OK);
    CHECK(mlkem_x25519(ss_x, g_hseed + 32, g_hpk + MLKEM768_EK_BYTES) ==
          MLKEM_OK);
    add("eseed", g_hseed, 64, 0);
    add("ML-KEM secret", ss_m, 32, 0);
    add("X25519 secret", ss_x, 32, 0);
    run("encaps", op_xwing_encaps);
    reset_secrets();
    add("expanded seed", expanded, sizeof expanded, 0);
    add("ML-KEM dk_PKE", dk, MLKEM768_KPKE_DK_BYTES, 0);
    add("ML-KEM secret", ss_m, 32, 0);
    add("X25519 secret", ss_x, 32, 0);
    run("decaps", op_xwing_decaps);
    reset_secrets();

    g_label = "X25519MLKEM768";
    test_rng_bytes(rng, g_hseed, 96);
    CHECK(mlkem768_keygen_derand(ek, dk, g_hseed) == MLKEM_OK);
    memcpy(client_x, g_hseed + 64, 32);
    add("client coins", g_hseed, 96, 0);
    add("ML-KEM dk_PKE", dk, MLKEM768_KPKE_DK_BYTES, 0);
    run("client_share", op_tls_client);
    reset_secrets();
    test_rng_bytes(rng, g_hseed, 64);
    CHECK(mlkem768_encaps_derand(ct_m, ss_m, g_hpk, g_hseed) == MLKEM_OK);
    CHECK(mlkem_x25519(ss_x, g_hseed + 32, g_hpk + MLKEM768_EK_BYTES) ==
          MLKEM_OK);
    add("server coins", g_hseed, 64, 0);
    add("ML-KEM secret", ss_m, 32, 0);
    add("X25519 secret", ss_x, 32, 0);
    run("server_share", op_tls_server);
    reset_secrets();
    add("client X25519 key", client_x, 32, 0);
    add("ML-KEM dk_PKE", dk, MLKEM768_KPKE_DK_BYTES, 0);
    add("ML-KEM secret", ss_m, 32, 0);
    add("X25519 secret", ss_x, 32, 0);
    run("client_finish", op_tls_finish);
    reset_secrets();
  }
}

int main(void) {
  test_rng rng;
  unsigned s, round;
  test_backend_banner();
#ifdef ZEROIZE_INSTRUMENTED
  printf(
      "test_zeroize: built with AddressSanitizer or MemorySanitizer, whose "
      "instrumentation leaves its own copies on the stack: not run (the "
      "uninstrumented builds run it)\n");
  return TEST_SKIP;
#endif
  test_rng_init(&rng, "test_zeroize");
  for (s = 0; s < 9; s++) {
    unsigned k;
    g_kem = s < 3 ? mlkem_kems[s] : mlkem_kyber_kems[s - 3];
    g_scheme = test_scheme_of(g_kem);
    g_label = g_kem->name;
    k = g_kem->rank;
    if (k > MLKEM_K_MAX) continue;
    for (round = 0; round < 2; round++) {
      test_rng_bytes(&rng, g_seed, sizeof g_seed);
      test_rng_bytes(&rng, g_m, sizeof g_m);

      run("keygen", op_keygen);
      reset_secrets();
      keygen_secrets(k);
      run("keygen", op_keygen); /* the same keys: same secrets */
      reset_secrets();

      encaps_secrets(k);
      run("encaps", op_encaps);
      reset_secrets();

      /* Valid ciphertext, then (round 1) a random one: implicit
       * rejection. */
      if (round == 1) test_rng_bytes(&rng, g_ct, g_kem->ct_bytes);
      decaps_secrets(k);
      run("decaps", op_decaps);
      reset_secrets();

      /* The expanded keys: their expansion (s-hat decoded; from the seed,
       * also key generation's secrets and dk), and the operations, with
       * the secrets of the plain ones. */
      if (g_kem->expand_dk == NULL) continue;
      CHECK(g_kem->expand_ek(g_xek, g_ek) == MLKEM_OK);
      s_hat_secrets(k);
      run("expand_dk", op_expand_dk);
      keygen_secrets(k);
      run("expand_dk_from_seed", op_expand_dk_from_seed);
      reset_secrets();
      encaps_secrets(k);
      run("encaps_expanded", op_encaps_expanded);
      reset_secrets();
      decaps_secrets(k);
      run("decaps_expanded", op_decaps_expanded);
      reset_secrets();
    }
  }
  g_label = "X25519";
  for (round = 0; round < 4; round++) {
    uint8_t clamped[MLKEM_X25519_BYTES], peer[MLKEM_X25519_BYTES];
    test_rng_bytes(&rng, g_xk, sizeof g_xk);
    test_rng_bytes(&rng, peer, sizeof peer);
    CHECK(mlkem_x25519_base(g_xpub, peer) == MLKEM_OK);
    memcpy(clamped, g_xk, sizeof clamped);
    clamped[0] &= 248; /* RFC 7748 section 5 */
    clamped[31] = (uint8_t)((clamped[31] & 127) | 64);
    add("private key", g_xk, sizeof g_xk, 0);
    add("clamped private key", clamped, sizeof clamped, 0);
    x25519_base_selected(clamped);
    run("x25519_base", op_x25519_base);
    nsecrets -= 2; /* the ladder of x25519 selects no entry */
    CHECK(mlkem_x25519(g_xout, g_xk, g_xpub) == MLKEM_OK);
    add("shared secret", g_xout, sizeof g_xout, 0);
    run("x25519", op_x25519);
    reset_secrets();
  }
  run_key_independent("x25519_base", op_x25519_base, &rng, g_xk);
  run_key_independent("x25519", op_x25519, &rng, g_xk);
  hybrid_rounds(&rng);
  /* The hybrids call X25519's implementation directly: the same, with
   * only their X25519 private key changed (the ML-KEM inputs fixed). */
  g_label = "X-Wing";
  test_rng_bytes(&rng, g_hseed, 64);
  run_key_independent("encaps", op_xwing_encaps, &rng, g_hseed + 32);
  g_label = "X25519MLKEM768";
  test_rng_bytes(&rng, g_hseed, 96);
  run_key_independent("client_share", op_tls_client, &rng, g_hseed + 64);
  test_rng_bytes(&rng, g_hseed, 64);
  run_key_independent("server_share", op_tls_server, &rng, g_hseed + 32);
  CHECK(x25519mlkem768_client_share_derand(g_hpk, g_hstate, g_hseed) ==
        MLKEM_OK);
  CHECK(x25519mlkem768_server_share_derand(g_hct, g_hss, g_hpk, g_hseed) ==
        MLKEM_OK);
  run_key_independent("client_finish", op_tls_finish, &rng,
                      g_hstate + MLKEM768_DK_BYTES);
  if (residues > 0)
    printf(
        "test_zeroize: %u secret(s) found on the stack; see RESIDUE "
        "lines\n",
        residues);
  return test_summary("test_zeroize");
}
