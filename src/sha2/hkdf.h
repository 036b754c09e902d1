/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2/hkdf.h - HKDF (@spec{RFC5869}) over SHA-256, SHA-384 and SHA-512: the
 * two-stage KDFs of HPKE (@spec{RFC9180, sec. 7.2}). Internal to the library.
 *
 * The inputs are given as lists of byte strings (mlkem_span), concatenated:
 * HPKE's labeled inputs are a prefix, a label and the caller's data, which
 * so need no buffer of their own.
 */
#ifndef MLKEM_SHA2_HKDF_H
#define MLKEM_SHA2_HKDF_H

#include <stddef.h>
#include <stdint.h>

#include "platform/cbmc.h"
#include "sha2/hmac.h"
#include "sha2/sha2.h"

/* A byte string: len bytes at p (p may be NULL when len is 0). */
typedef struct {
  const uint8_t *p;
  size_t len;
} mlkem_span;

/* HKDF-Extract (@spec{RFC5869, sec. 2.2}): prk = HMAC-Hash(salt, IKM), IKM the
 * concatenation of ikm[0..nikm). An empty salt is HashLen zero bytes (the
 * same HMAC key). Writes mlkem_sha2_digest_bytes(alg) bytes. */
void mlkem_hkdf_extract(mlkem_sha2_alg alg, uint8_t *prk, const uint8_t *salt,
                        size_t salt_len, const mlkem_span *ikm, size_t nikm);

/* HKDF-Expand (@spec{RFC5869, sec. 2.3}): out = the first len bytes of T(1) ||
 * T(2) || ..., T(i) = HMAC-Hash(prk, T(i-1) || info || i), info the
 * concatenation of info[0..ninfo). len must be at most 255 HashLen (the caller
 * checks: the function then writes nothing). Returns 0, or -1 for a len too
 * long.
 */
int mlkem_hkdf_expand(mlkem_sha2_alg alg, uint8_t *out, size_t len,
                      const uint8_t *prk, size_t prk_len,
                      const mlkem_span *info, size_t ninfo);

/* HKDF-Expand from prk's keyed HMAC state (mlkem_hmac_init(keyed, alg,
 * prk, prk_len)): the output of mlkem_hkdf_expand without hashing the
 * key's two padded blocks again, for several expansions of one prk
 * (HPKE's key schedule expands its secret three times). keyed is left as
 * it was; the caller wipes it. Returns 0, or -1 for a len too long. */
int mlkem_hkdf_expand_keyed(uint8_t *out, size_t len,
                            const mlkem_hmac_ctx *keyed, const mlkem_span *info,
                            size_t ninfo);

/* The longest span the proofs take (2^40 bytes: a few of them stay within
 * the hashes' counts). Each info or ikm span is readable within its length:
 * the proofs' harnesses build the lists so (a CBMC quantifier cannot hold
 * that predicate). */
#define MLKEM_HKDF_PROOF_MAX_SPAN ((uint64_t)1 << 40)

#endif
