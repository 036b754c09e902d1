/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hkdf.c - HKDF-Extract and HKDF-Expand (@spec{RFC5869, sec. 2}) on HMAC
 * (hmac.h).
 */
#include "sha2/hkdf.h"

#include <string.h>

#include "platform/ct.h"
#include "sha2/hmac.h"

void mlkem_hkdf_extract(mlkem_sha2_alg alg, uint8_t *prk, const uint8_t *salt,
                        size_t salt_len, const mlkem_span *ikm, size_t nikm) {
  mlkem_hmac_ctx ctx;
  size_t i;
  mlkem_hmac_init(&ctx, alg, salt, salt_len);
  for (i = 0; i < nikm; i++) mlkem_hmac_update(&ctx, ikm[i].p, ikm[i].len);
  mlkem_hmac_final(&ctx, prk);
}

int mlkem_hkdf_expand_keyed(uint8_t *out, size_t len,
                            const mlkem_hmac_ctx *keyed, const mlkem_span *info,
                            size_t ninfo) {
  const size_t n = mlkem_sha2_digest_bytes(keyed->inner.alg);
  mlkem_hmac_ctx ctx;
  uint8_t t[MLKEM_HMAC_MAX_BYTES];
  uint8_t counter = 1;
  size_t done = 0, i;

  if (len > 255 * n) return -1;
  /* Each T(i) starts from a copy of the keyed state. */
  while (done < len) {
    size_t take = len - done < n ? len - done : n;
    ctx = *keyed;
    if (done != 0) mlkem_hmac_update(&ctx, t, n);
    for (i = 0; i < ninfo; i++) mlkem_hmac_update(&ctx, info[i].p, info[i].len);
    mlkem_hmac_update(&ctx, &counter, 1);
    mlkem_hmac_final(&ctx, t);
    memcpy(out + done, t, take);
    done += take;
    counter++;
  }
  mlkem_zeroize(t, sizeof t);
  return 0;
}

int mlkem_hkdf_expand(mlkem_sha2_alg alg, uint8_t *out, size_t len,
                      const uint8_t *prk, size_t prk_len,
                      const mlkem_span *info, size_t ninfo) {
  mlkem_hmac_ctx keyed;
  int err;
  if (len > 255 * mlkem_sha2_digest_bytes(alg)) return -1;
  /* The key's two padded blocks are hashed once, here. */
  mlkem_hmac_init(&keyed, alg, prk, prk_len);
  err = mlkem_hkdf_expand_keyed(out, len, &keyed, info, ninfo);
  mlkem_hmac_wipe(&keyed);
  return err;
}
