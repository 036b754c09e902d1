/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid_stubs.h - ML-KEM-768 and X25519 for the harnesses of the
 * hybrids' public functions: stubs
 * that check what they read and write and write any bytes (ML-KEM's
 * frontend and X25519 are proven or tested elsewhere: proofs/fips203/,
 * proofs/x25519/, the vectors), and the portable X25519 table made of
 * them (MLKEM_X25519_IMPL_OK).
 */
#ifndef MLKEM_PROOFS_HYBRID_STUBS_H
#define MLKEM_PROOFS_HYBRID_STUBS_H

int mlkem_k3_kem_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) {
  int r;
  __CPROVER_assert(__CPROVER_r_ok(ct, MK_CT), "decaps reads ct");
  __CPROVER_assert(__CPROVER_r_ok(dk, MK_DK), "decaps reads dk");
  __CPROVER_assert(__CPROVER_w_ok(ss, 32), "decaps writes K");
  __CPROVER_havoc_slice(ss, 32);
  return r;
}

int mlkem_k3_kem_keygen_derand(uint8_t *ek, uint8_t *dk, const uint8_t *d) {
  int r;
  __CPROVER_assert(__CPROVER_r_ok(d, 64), "keygen reads d || z");
  __CPROVER_assert(__CPROVER_w_ok(ek, MK_EK), "keygen writes ek");
  __CPROVER_assert(__CPROVER_w_ok(dk, MK_DK), "keygen writes dk");
  __CPROVER_havoc_slice(ek, MK_EK);
  __CPROVER_havoc_slice(dk, MK_DK);
  return r;
}

void mlkem_shake256(uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen) {
  __CPROVER_assert(__CPROVER_r_ok(in, inlen), "SHAKE256 reads its input");
  __CPROVER_assert(__CPROVER_w_ok(out, outlen), "SHAKE256 writes outlen");
  __CPROVER_havoc_slice(out, outlen);
}

static void stub_scalarmult(uint8_t out[32], const uint8_t scalar[32],
                            const uint8_t u[32]) {
  __CPROVER_assert(__CPROVER_r_ok(scalar, 32), "X25519 reads the scalar");
  __CPROVER_assert(__CPROVER_r_ok(u, 32), "X25519 reads u");
  __CPROVER_assert(__CPROVER_w_ok(out, 32), "X25519 writes 32 bytes");
  __CPROVER_havoc_slice(out, 32);
}

static void stub_scalarmult_base(uint8_t out[32], const uint8_t scalar[32]) {
  __CPROVER_assert(__CPROVER_r_ok(scalar, 32), "X25519 reads the scalar");
  __CPROVER_assert(__CPROVER_w_ok(out, 32), "X25519 writes 32 bytes");
  __CPROVER_havoc_slice(out, 32);
}

int mlkem_x25519_zero_check(const uint8_t out[32]) {
  int r;
  __CPROVER_assert(__CPROVER_r_ok(out, 32), "the check reads 32 bytes");
  __CPROVER_assume(r == 0 || r == MLKEM_ERR_X25519_ZERO);
  return r;
}

const mlkem_x25519_impl mlkem_x25519_portable = {"stub", stub_scalarmult,
                                                 stub_scalarmult_base, NULL};

#endif
