/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke_schedule_90s.c - K-PKE's XOF and PRF in Kyber round 3's "90s"
 * variant: AES-256-CTR, keyed with rho for the matrix and with sigma (key
 * generation) or r (encryption) for the noise, in place of SHAKE128 and
 * SHAKE256 (kpke_schedule.c). Compiled per parameter set, like kpke.c
 * (level.h).
 *
 * AES-256-CTR makes a whole matrix row or all the noise of an operation in
 * one call of several streams (sample_aes.c), which keeps the AES unit's
 * pipeline full; there is no sponge to share between jobs, so key
 * generation samples first and then runs the steps of kpke.c over whole
 * polynomials.
 */
#include "level.h"

#include "aes/aes.h"
#include "kpke_internal.h"
#include "sample_aes.h"

#define K MLKEM_K

/* FIPS 203 Algorithm 13 steps 3-19 on the 90s XOF and PRF. */
void mlkem_kpke_keygen_schedule_90s(const mlkem_backend *be,
                                    mlkem_kpke_keygen_vars *v,
                                    const uint8_t rho[MLKEM_SYMBYTES],
                                    const uint8_t sigma[MLKEM_SYMBYTES]) {
  mlkem_aes_key key;
  uint8_t *outs[2 * K];
  unsigned i;
  /* Steps 3-7: A-hat[i][j] from XOF(rho, j, i). */
  mlkem_matrix_aes(be, v->a_hat, K, rho, 0, &key);
  /* Steps 9 and 13: PRF_eta1(sigma, N), s for N < k, then e. */
  for (i = 0; i < 2 * K; i++) outs[i] = v->prf[i];
  mlkem_aes_expand(&key, sigma, MLKEM_AES256_KEYBYTES);
  mlkem_prf_aes(&key, 0, 2 * K, outs, MLKEM_ETA1_BYTES);
  mlkem_aes_key_wipe(&key);
  /* Steps 8-19. */
  mlkem_kpke_keygen_s_hat(be, v);
  for (i = 0; i < K; i++) {
    mlkem_kpke_keygen_e_hat(be, v, i);
    mlkem_kpke_keygen_t_hat(be, v, i, 0, MLKEM_N);
  }
}

/* FIPS 203 Algorithm 14 steps 3-17 on the 90s XOF and PRF. */
void mlkem_kpke_encrypt_samples_90s(const mlkem_backend *be,
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
