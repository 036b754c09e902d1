/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hkdf.c - HKDF-Extract and HKDF-Expand (@spec{RFC5869, sec. 2}) on HMAC
 * (hmac.h).
 */
#include "sha2/hkdf.h"

#include <string.h>

#include "platform/ct.h"
#include "sha2/hmac.h"

/* For the proofs: every span of the list readable within its length, at
 * most MLKEM_HKDF_PROOF_MAX_SPAN bytes (hkdf.h). */
void mlkem_hkdf_extract(mlkem_sha2_alg alg, uint8_t *prk, const uint8_t *salt,
                        size_t salt_len, const mlkem_span *ikm, size_t nikm)
    __contract__(
      requires(MLKEM_SHA2_ALG_OK(alg) &&
               fresh(prk, MLKEM_SHA2_DIGEST_BYTES(alg)) &&
               salt_len <= MLKEM_SHA2_PROOF_MAX_BYTES &&
               (salt_len == 0 || readable(salt, salt_len)) &&
               readable(ikm, nikm * sizeof(mlkem_span)))
      assigns(bytes(prk, MLKEM_SHA2_DIGEST_BYTES(alg)))
    ) {
  mlkem_hmac_ctx ctx;
  size_t i;
  mlkem_hmac_init(&ctx, alg, salt, salt_len);
  for (i = 0; i < nikm; i++) mlkem_hmac_update(&ctx, ikm[i].p, ikm[i].len);
  mlkem_hmac_final(&ctx, prk);
}

/* No byte written outside out's len, and none at all for a len too long
 * (then -1): the length is checked here alone, before any write. keyed is
 * only copied. The spans of info as for extract. */
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
  while (done < len)
    __loop__(
      assigns(done, counter, i, whole(&ctx), whole(t), bytes(out, len))
      invariant(done <= len)
      decreases(len - done)) {
      size_t take = len - done < n ? len - done : n;
      ctx = *keyed;
      if (done != 0) mlkem_hmac_update(&ctx, t, n);
      for (i = 0; i < ninfo; i++)
        mlkem_hmac_update(&ctx, info[i].p, info[i].len);
      mlkem_hmac_update(&ctx, &counter, 1);
      mlkem_hmac_final(&ctx, t);
      memcpy(out + done, t, take);
      done += take;
      counter++;
    }
  mlkem_zeroize(t, sizeof t);
  return 0;
}

/* The contract of the whole (proofs/sha2/hkdf_expand.c): no byte written
 * outside out's len, none at all for a len too long (then -1); the spans
 * of info as for extract. */
int mlkem_hkdf_expand(mlkem_sha2_alg alg, uint8_t *out, size_t len,
                      const uint8_t *prk, size_t prk_len,
                      const mlkem_span *info, size_t ninfo)
    __contract__(
      requires(MLKEM_SHA2_ALG_OK(alg) &&
               (len <= 255 * MLKEM_SHA2_DIGEST_BYTES(alg) ==> fresh(out, len)) &&
               prk_len <= MLKEM_SHA2_PROOF_MAX_BYTES &&
               (prk_len == 0 || readable(prk, prk_len)) &&
               readable(info, ninfo * sizeof(mlkem_span)))
      assigns(len <= 255 * MLKEM_SHA2_DIGEST_BYTES(alg) : bytes(out, len))
      ensures((return_value == 0 &&
               len <= 255 * MLKEM_SHA2_DIGEST_BYTES(alg)) ||
              (return_value == -1 &&
               len > 255 * MLKEM_SHA2_DIGEST_BYTES(alg)))
    ) {
  mlkem_hmac_ctx keyed;
  int err;
  /* The key's two padded blocks are hashed once, here. */
  mlkem_hmac_init(&keyed, alg, prk, prk_len);
  err = mlkem_hkdf_expand_keyed(out, len, &keyed, info, ninfo);
  mlkem_hmac_wipe(&keyed);
  return err;
}
