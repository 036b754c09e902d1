/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * xwing.c - X-Wing, ML-KEM-768 + X25519 with a SHA3-256 combiner
 * (@spec{XWING, sec. 5}).
 *
 * The private key is a 32-byte seed; SHAKE256(seed, 96) gives the ML-KEM
 * seed d || z and the X25519 private key (expandDecapsulationKey, 5.2).
 * Decapsulation expands it on every call, as the draft defines it; an
 * expanded key (xwing_expand_sk, at the end) keeps the expansion.
 */
#include <string.h>

#include "backend/backend.h"
#include "platform/ct.h"
#include "platform/ct_testing.h"
#include "hybrid/hybrid.h"
#include "fips203/kem.h"
#include "hybrid/xwing.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "platform/randombytes.h"
#include "sha3/sha3.h"

/* XWingLabel, the ASCII "\./" "/^\" (@spec{XWING, sec. 5.3}). */
static const uint8_t xwing_label[6] = {0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c};

enum {
  MK_EK = MLKEM768_EK_BYTES,
  MK_DK = MLKEM768_DK_BYTES,
  MK_CT = MLKEM768_CT_BYTES,
  X_LEN = 32
};

/* expandDecapsulationKey's hash (5.2): d || z || sk_X. */
void mlkem_xwing_expand(uint8_t expanded[96], const uint8_t sk[32]) {
  mlkem_shake256(expanded, 96, sk, XWING_SK_BYTES);
}

/* Combiner (5.3): SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel). */
static void xwing_combiner(uint8_t ss[XWING_SS_BYTES], const uint8_t ss_m[32],
                           const uint8_t ss_x[32], const uint8_t ct_x[32],
                           const uint8_t pk_x[32])
    __contract__(
      requires(fresh(ss, XWING_SS_BYTES) && readable(ss_m, 32) &&
               readable(ss_x, 32) && readable(ct_x, 32) && readable(pk_x, 32))
      assigns(bytes(ss, XWING_SS_BYTES))
    ) {
  uint8_t in[4 * 32 + sizeof xwing_label];
  memcpy(in, ss_m, 32);
  memcpy(in + 32, ss_x, 32);
  memcpy(in + 64, ct_x, 32);
  memcpy(in + 96, pk_x, 32);
  memcpy(in + 128, xwing_label, sizeof xwing_label);
  mlkem_sha3_256(ss, in, sizeof in);
  mlkem_zeroize(in, sizeof in);
}

/* GenerateKeyPairDerand (5.2): pk = ML-KEM ek || X25519(sk_X, 9). With dk
 * not NULL, also the ML-KEM dk (decapsulation needs it). */
static void xwing_expand_keys(const mlkem_x25519_impl *x,
                              uint8_t pk[XWING_PK_BYTES], uint8_t *dk,
                              const uint8_t sk[XWING_SK_BYTES],
                              uint8_t sk_x[32])
    __contract__(
      requires(MLKEM_X25519_IMPL_OK(x) && fresh(pk, XWING_PK_BYTES) &&
               (dk == NULL || fresh(dk, MK_DK)) &&
               readable(sk, XWING_SK_BYTES) &&
               (sk_x == NULL || fresh(sk_x, 32)))
      assigns(bytes(pk, XWING_PK_BYTES); dk != NULL : bytes(dk, MK_DK);
              sk_x != NULL : bytes(sk_x, 32))
    ) {
  uint8_t expanded[96], dk_buf[MK_DK];
  mlkem_xwing_expand(expanded, sk);
  /* Cannot fail: valid pointers, and a backend (x came from it). */
  (void)mlkem_k3_kem_keygen_derand(pk, dk != NULL ? dk : dk_buf, expanded);
  x->scalarmult_base(pk + MK_EK, expanded + 64);
  /* Declassified for the constant-time check (ct_testing.h): pk is the
   * public key, and ML-KEM's decapsulation checks the copy of ek and
   * H(ek) inside dk. */
  MLKEM_CT_UNPOISON(pk, XWING_PK_BYTES);
  if (dk != NULL) MLKEM_CT_UNPOISON(dk + MLKEM768_KPKE_DK_BYTES, MK_EK + 32);
  if (sk_x != NULL) memcpy(sk_x, expanded + 64, 32);
  mlkem_zeroize(expanded, sizeof expanded);
  mlkem_zeroize(dk_buf, sizeof dk_buf);
}

int xwing_keygen_derand(uint8_t pk[XWING_PK_BYTES], uint8_t sk[XWING_SK_BYTES],
                        const uint8_t seed[XWING_SEED_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{pk, XWING_PK_BYTES}, {sk, XWING_SK_BYTES}};
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      pk == NULL || sk == NULL || seed == NULL, outs, 2, &err);
  if (x == NULL) return err;
  xwing_expand_keys(x, pk, NULL, seed, NULL);
  memcpy(sk, seed, XWING_SK_BYTES);
  return mlkem_hybrid_leave(MLKEM_OK, outs, 2);
}

int xwing_keygen(uint8_t pk[XWING_PK_BYTES], uint8_t sk[XWING_SK_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{pk, XWING_PK_BYTES}, {sk, XWING_SK_BYTES}};
  uint8_t seed[XWING_SEED_BYTES];
  int err;
  const mlkem_x25519_impl *x =
      mlkem_hybrid_enter(pk == NULL || sk == NULL, outs, 2, &err);
  if (x == NULL) return err;
  if (mlkem_randombytes(seed, sizeof seed) != 0) {
    err = MLKEM_ERR_RANDOM;
  } else {
    xwing_expand_keys(x, pk, NULL, seed, NULL);
    memcpy(sk, seed, XWING_SK_BYTES);
  }
  mlkem_zeroize(seed, sizeof seed);
  return mlkem_hybrid_leave(err, outs, 2);
}

/* The X25519 half of EncapsulateDerand (5.4) and the combiner, once
 * ML-KEM's secret ss_m is there: ct_X = X25519(ek_X, 9), ss_X =
 * X25519(ek_X, pk_X). */
void mlkem_xwing_encaps_x25519(const mlkem_x25519_impl *x, uint8_t ct_x[32],
                               uint8_t ss[XWING_SS_BYTES],
                               const uint8_t ss_m[32], const uint8_t pk_x[32],
                               const uint8_t ek_x[32]) {
  uint8_t ss_x[32];
  x->keypair_dh(ct_x, ss_x, ek_x, pk_x);
  xwing_combiner(ss, ss_m, ss_x, ct_x, pk_x);
  mlkem_zeroize(ss_x, sizeof ss_x);
}

/* Decapsulate's (5.5) X25519 half and the combiner. A point of small
 * order gives ss_X = 0: the draft's result, no error (ML-KEM's secret
 * still carries the combiner). */
void mlkem_xwing_decaps_x25519(const mlkem_x25519_impl *x,
                               uint8_t ss[XWING_SS_BYTES],
                               const uint8_t ss_m[32], const uint8_t ct_x[32],
                               const uint8_t sk_x[32], const uint8_t pk_x[32])
    __contract__(
      requires(MLKEM_X25519_IMPL_OK(x) && fresh(ss, XWING_SS_BYTES) &&
               readable(ss_m, 32) && readable(ct_x, 32) &&
               readable(sk_x, 32) && readable(pk_x, 32))
      assigns(bytes(ss, XWING_SS_BYTES))
    ) {
  uint8_t ss_x[32];
  x->scalarmult(ss_x, sk_x, ct_x);
  xwing_combiner(ss, ss_m, ss_x, ct_x, pk_x);
  mlkem_zeroize(ss_x, sizeof ss_x);
}

/* EncapsulateDerand (5.4), pointers checked. */
static int xwing_encaps_inner(const mlkem_x25519_impl *x,
                              uint8_t ct[XWING_CT_BYTES],
                              uint8_t ss[XWING_SS_BYTES],
                              const uint8_t pk[XWING_PK_BYTES],
                              const uint8_t eseed[XWING_ESEED_BYTES]) {
  uint8_t ss_m[32];
  /* ML-KEM-768.Encaps with the @spec{FIPS203, sec. 7.2} check the draft
   * requires. */
  int err = mlkem_k3_kem_encaps_derand(ct, ss_m, pk, eseed);
  if (err == MLKEM_OK)
    mlkem_xwing_encaps_x25519(x, ct + MK_CT, ss, ss_m, pk + MK_EK, eseed + 32);
  mlkem_zeroize(ss_m, sizeof ss_m);
  return err;
}

int xwing_encaps_derand(uint8_t ct[XWING_CT_BYTES], uint8_t ss[XWING_SS_BYTES],
                        const uint8_t pk[XWING_PK_BYTES],
                        const uint8_t eseed[XWING_ESEED_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{ct, XWING_CT_BYTES}, {ss, XWING_SS_BYTES}};
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      ct == NULL || ss == NULL || pk == NULL || eseed == NULL, outs, 2, &err);
  if (x == NULL) return err;
  return mlkem_hybrid_leave(xwing_encaps_inner(x, ct, ss, pk, eseed), outs, 2);
}

int xwing_encaps(uint8_t ct[XWING_CT_BYTES], uint8_t ss[XWING_SS_BYTES],
                 const uint8_t pk[XWING_PK_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{ct, XWING_CT_BYTES}, {ss, XWING_SS_BYTES}};
  uint8_t eseed[XWING_ESEED_BYTES];
  int err;
  const mlkem_x25519_impl *x =
      mlkem_hybrid_enter(ct == NULL || ss == NULL || pk == NULL, outs, 2, &err);
  if (x == NULL) return err;
  if (mlkem_randombytes(eseed, sizeof eseed) != 0)
    err = MLKEM_ERR_RANDOM;
  else
    err = xwing_encaps_inner(x, ct, ss, pk, eseed);
  mlkem_zeroize(eseed, sizeof eseed);
  return mlkem_hybrid_leave(err, outs, 2);
}

/* Decapsulate (5.5). */
int xwing_decaps(uint8_t ss[XWING_SS_BYTES], const uint8_t ct[XWING_CT_BYTES],
                 const uint8_t sk[XWING_SK_BYTES])
    __contract__(
      requires((ss == NULL || fresh(ss, XWING_SS_BYTES)) &&
               (ct == NULL || readable(ct, XWING_CT_BYTES)) &&
               (sk == NULL || readable(sk, XWING_SK_BYTES)))
      assigns(ss != NULL : bytes(ss, XWING_SS_BYTES))
      ensures((ss != NULL && ct != NULL && sk != NULL) ||
              return_value == MLKEM_ERR_NULL_ARGUMENT)
      ensures(return_value == MLKEM_OK || ss == NULL ||
              all_zero(ss, XWING_SS_BYTES))
    ) {
  const mlkem_hybrid_out outs[1] = {{ss, XWING_SS_BYTES}};
  uint8_t pk[XWING_PK_BYTES], dk[MK_DK], sk_x[32], ss_m[32];
  uint8_t ct_x[32];
  int err;
  const mlkem_x25519_impl *x =
      mlkem_hybrid_enter(ss == NULL || ct == NULL || sk == NULL, outs, 1, &err);
  if (x == NULL) return err;
  /* ct_X read once: the combiner hashes what X25519 used. */
  memcpy(ct_x, ct + MK_CT, sizeof ct_x);
  xwing_expand_keys(x, pk, dk, sk, sk_x);
  /* Implicit rejection inside; dk was just made, so its check passes. */
  err = mlkem_k3_kem_decaps(ss_m, ct, dk);
  if (err == MLKEM_OK)
    mlkem_xwing_decaps_x25519(x, ss, ss_m, ct_x, sk_x, pk + MK_EK);
  mlkem_zeroize(dk, sizeof dk);
  mlkem_zeroize(sk_x, sizeof sk_x);
  mlkem_zeroize(ss_m, sizeof ss_m);
  return mlkem_hybrid_leave(err, outs, 1);
}

/* ---- Expanded decapsulation keys (mlkem_hybrid.h) ----------------------
 *
 * Layout, offsets in bytes:
 *   0     the header (xx_header): "xwg", 'K', the layout version, 0, the
 *         backend's id (mlkem_backend_id), the byte order of the host
 *   8     zero
 *   32    sk_X, the X25519 private key
 *   64    pk_X = X25519(sk_X, 9)
 *   96    the ML-KEM-768 decapsulation key in mlkem.h's expanded form,
 *         with its own header (checked by mlkem_k3_kem_decaps_expanded)
 * The ML-KEM part's layout is the backend's, so the backend is named in
 * both headers; the X-Wing part's bytes are the same on every backend,
 * and its version names this layout. */
#define XX_VERSION 1
#define XX_HEADER_BYTES 8
#define XX_SK_X 32
#define XX_PK_X 64
#define XX_MLKEM 96
_Static_assert(XX_MLKEM + MLKEM768_EXPANDED_DK_BYTES == XWING_EXPANDED_SK_BYTES,
               "the expanded X-Wing key's layout");

static void xx_header(uint8_t h[XX_HEADER_BYTES], const mlkem_backend *be) {
  const uint16_t one = 1;
  h[0] = 'x';
  h[1] = 'w';
  h[2] = 'g';
  h[3] = 'K';
  h[4] = XX_VERSION;
  h[5] = 0;
  h[6] = (uint8_t)mlkem_backend_id(be);
  h[7] = *(const uint8_t *)&one ? 'L' : 'B';
}

/* expandDecapsulationKey (5.2) once: the ML-KEM key pair straight into its
 * expanded form, the X25519 key pair beside it. */
int xwing_expand_sk(uint8_t out[XWING_EXPANDED_SK_BYTES],
                    const uint8_t sk[XWING_SK_BYTES]) {
  const mlkem_hybrid_out outs[1] = {{out, XWING_EXPANDED_SK_BYTES}};
  uint8_t expanded[96];
  int err;
  const mlkem_x25519_impl *x =
      mlkem_hybrid_enter(out == NULL || sk == NULL, outs, 1, &err);
  if (x == NULL) return err;
  mlkem_xwing_expand(expanded, sk);
  /* Cannot fail: valid pointers, and a backend (x came from it). */
  err = mlkem_k3_kem_expand_dk_from_seed(out + XX_MLKEM, expanded);
  if (err == MLKEM_OK) {
    xx_header(out, mlkem_backend_get());
    memset(out + XX_HEADER_BYTES, 0, XX_SK_X - XX_HEADER_BYTES);
    memcpy(out + XX_SK_X, expanded + 64, 32);
    x->scalarmult_base(out + XX_PK_X, expanded + 64);
    /* The public key, declassified for the constant-time check
     * (ct_testing.h) as xwing_expand_keys does. */
    MLKEM_CT_UNPOISON(out + XX_PK_X, 32);
  }
  mlkem_zeroize(expanded, sizeof expanded);
  return mlkem_hybrid_leave(err, outs, 1);
}

/* Decapsulate (5.5) on an expanded key. */
int xwing_decaps_expanded(uint8_t ss[XWING_SS_BYTES],
                          const uint8_t ct[XWING_CT_BYTES],
                          const uint8_t expanded[XWING_EXPANDED_SK_BYTES]) {
  const mlkem_hybrid_out outs[1] = {{ss, XWING_SS_BYTES}};
  uint8_t want[XX_HEADER_BYTES], ss_m[32], ct_x[32];
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      ss == NULL || ct == NULL || expanded == NULL, outs, 1, &err);
  if (x == NULL) return err;
  /* The header is public: a key of another kind, layout or backend is
   * refused before anything is read from it. */
  xx_header(want, mlkem_backend_get());
  if (mlkem_ct_memneq(expanded, want, XX_HEADER_BYTES) != 0)
    return mlkem_hybrid_leave(MLKEM_ERR_EXPANDED_KEY, outs, 1);
  memcpy(ct_x, ct + MK_CT, sizeof ct_x);
  /* Implicit rejection inside; MLKEM_ERR_EXPANDED_KEY if the ML-KEM
   * part's own header is not this process's. */
  err = mlkem_k3_kem_decaps_expanded(ss_m, ct, expanded + XX_MLKEM);
  if (err == MLKEM_OK)
    mlkem_xwing_decaps_x25519(x, ss, ss_m, ct_x, expanded + XX_SK_X,
                              expanded + XX_PK_X);
  mlkem_zeroize(ss_m, sizeof ss_m);
  return mlkem_hybrid_leave(err, outs, 1);
}

void xwing_expanded_sk_wipe(uint8_t expanded[XWING_EXPANDED_SK_BYTES]) {
  if (expanded != NULL) mlkem_zeroize(expanded, XWING_EXPANDED_SK_BYTES);
}
