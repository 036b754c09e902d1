/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sym_90s.c - the symmetric functions of Kyber round 3's "90s" variant,
 * the suite mlkem_kyber_90s (kyber_suite.h): H = KDF = SHA-256, G =
 * SHA-512, and K-PKE's XOF and PRF on AES-256-CTR, keyed with rho for the
 * matrix and with sigma (key generation) or r (encryption) for the noise,
 * in place of SHAKE128 and SHAKE256 (kpke_schedule.c). Compiled per
 * parameter set, like kpke.c (level.h).
 *
 * AES-256-CTR makes a whole matrix row or all the noise of an operation in
 * one call of several streams (sample_aes.c), which keeps the AES unit's
 * pipeline full; there is no sponge to share between jobs, so key
 * generation samples first and then runs the steps of kpke.c over whole
 * polynomials.
 */
#include "fips203/level.h"

#include "aes/aes.h"
#include "fips203/kpke_internal.h"
#include "kyber/kyber_suite.h"
#include "kyber/sample_aes.h"
#include "sha2/sha2.h"

#define K MLKEM_K

/* K-PKE.KeyGen step 1: (rho, sigma) = G(d) = SHA-512(d). */
static void sha2_g(const mlkem_backend *be,
                   uint8_t rho_sigma[2 * MLKEM_SYMBYTES],
                   const uint8_t d[MLKEM_SYMBYTES]) {
  (void)be;
  mlkem_sha512(rho_sigma, d, MLKEM_SYMBYTES);
}

/* @spec{FIPS203, Alg. 13, l. 3-19} on the 90s XOF and PRF. No H(ek)
 * here: the variant's H is SHA-256 (h is NULL). */
static void aes_keygen_schedule(const mlkem_backend *be,
                                mlkem_kpke_keygen_vars *v,
                                const mlkem_kpke_keygen_steps *steps,
                                const uint8_t rho[MLKEM_SYMBYTES],
                                const uint8_t sigma[MLKEM_SYMBYTES],
                                uint8_t *h) {
  mlkem_poly a_hat[K * K];
  mlkem_aes_key key;
  uint8_t *outs[2 * K];
  unsigned i;
  (void)h;
  /* Steps 3-7: A-hat[i][j] from XOF(rho, j, i). */
  mlkem_matrix_aes(be, a_hat, K, rho, 0, &key);
  /* Steps 9 and 13: PRF_eta1(sigma, N), s for N < k, then e. */
  for (i = 0; i < 2 * K; i++) outs[i] = v->prf[i];
  mlkem_aes_expand(&key, sigma, MLKEM_AES256_KEYBYTES);
  mlkem_prf_aes(&key, 0, 2 * K, outs, MLKEM_ETA1_BYTES);
  mlkem_aes_key_wipe(&key);
  /* Steps 8-19. */
  steps->s_hat(be, v);
  for (i = 0; i < K; i++) {
    steps->e_hat(be, v, i);
    steps->t_hat(be, v, &a_hat[i * K], i, 0, MLKEM_N);
  }
}

/* @spec{FIPS203, Alg. 14, l. 3-17} on the 90s XOF and PRF. */
static void aes_sample_encrypt(const mlkem_backend *be,
                               mlkem_kpke_encrypt_samples *es,
                               const uint8_t *ek,
                               const uint8_t r[MLKEM_SYMBYTES]) {
  mlkem_aes_key key;
  uint8_t *outs[K + 1];
  unsigned i;
  /* Steps 3-8: rho = ek[384k :], A-hat transposed. */
  mlkem_matrix_aes(be, es->at, K, ek + MLKEM_DKPKE_BYTES_K, 1, &key);
  /* Steps 9-17: y from PRF_eta1(r, 0 .. k-1), e1 from PRF_eta2(r, k ..
   * 2k-1), e2 from PRF_eta2(r, 2k). */
  mlkem_aes_expand(&key, r, MLKEM_AES256_KEYBYTES);
  for (i = 0; i < K; i++) outs[i] = es->noise.y[i];
  mlkem_prf_aes(&key, 0, K, outs, MLKEM_ETA1_BYTES);
  for (i = 0; i < K; i++) outs[i] = es->noise.e1[i];
  outs[K] = es->noise.e2;
  mlkem_prf_aes(&key, K, K + 1, outs, MLKEM_ETA2_BYTES);
  mlkem_aes_key_wipe(&key);
}

static const mlkem_kpke_suite aes_kpke = {
    sha2_g,
    aes_keygen_schedule,
    aes_sample_encrypt,
    /* No row-at-a-time encryption on AES-256-CTR (kpke_internal.h): round
     * 3's KEM runs on encrypt_samples. */
    NULL,
    NULL,
};

static void sha2_keygen(const mlkem_backend *be, uint8_t *pk, uint8_t *dkpke,
                        const uint8_t d[MLKEM_SYMBYTES],
                        uint8_t h[MLKEM_SYMBYTES]) {
  mlkem_kpke_keygen_h(be, pk, dkpke, d, NULL, NULL, &aes_kpke);
  mlkem_sha256(h, pk, MLKEM_EK_BYTES_K);
}

static void sha2_h(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
                   const uint8_t *in, size_t len) {
  (void)be;
  mlkem_sha256(out, in, len);
}

static void sha2_kdf(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
                     const uint8_t in[2 * MLKEM_SYMBYTES]) {
  (void)be;
  mlkem_sha256(out, in, 2 * MLKEM_SYMBYTES);
}

static void sha2_encaps_hashes(const mlkem_backend *be,
                               mlkem_kpke_encrypt_samples *es,
                               const uint8_t *pk,
                               uint8_t in[2 * MLKEM_SYMBYTES],
                               uint8_t kr[2 * MLKEM_SYMBYTES]) {
  mlkem_sha256(in + MLKEM_SYMBYTES, pk, MLKEM_EK_BYTES_K);
  mlkem_sha512(kr, in, 2 * MLKEM_SYMBYTES);
  aes_sample_encrypt(be, es, pk, kr + MLKEM_SYMBYTES);
}

static void sha2_decaps_hashes(const mlkem_backend *be,
                               mlkem_kpke_encrypt_samples *es,
                               const uint8_t *pk, const uint8_t *c,
                               const uint8_t in[2 * MLKEM_SYMBYTES],
                               uint8_t kr[2 * MLKEM_SYMBYTES],
                               uint8_t h[MLKEM_SYMBYTES],
                               uint8_t hc[MLKEM_SYMBYTES]) {
  mlkem_sha256(h, pk, MLKEM_EK_BYTES_K);
  mlkem_sha256(hc, c, MLKEM_CT_BYTES_K);
  mlkem_sha512(kr, in, 2 * MLKEM_SYMBYTES);
  aes_sample_encrypt(be, es, pk, kr + MLKEM_SYMBYTES);
}

const mlkem_kyber_suite mlkem_kyber_90s = {
    sha2_keygen, sha2_h, sha2_kdf, sha2_encaps_hashes, sha2_decaps_hashes,
};
