/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * expanded_checks.h - the expanded keys of mlkem.h checked on a published
 * vector, for the conformance tests (test_acvp, test_cctv, test_nistkat,
 * test_pqckat): wherever a vector checks encaps, decaps or an input check
 * on the plain key, the same vector checks the expanded form. Each
 * function expands the key through the descriptor and records its checks
 * with CHECK_MSG, naming `what` (the vector); the round-3 descriptors,
 * which have no expanded keys, are skipped.
 */
#ifndef MLKEM_TEST_EXPANDED_CHECKS_H
#define MLKEM_TEST_EXPANDED_CHECKS_H

#include <stdint.h>

#include "mlkem.h"

/* expand_ek(ek) succeeds and encaps_expanded_derand(m) gives c and k. */
void xcheck_encaps(const mlkem_kem *kem, const uint8_t *ek, const uint8_t *m,
                   const uint8_t *c, const uint8_t *k, const char *what);

/* expand_dk(dk) succeeds and decaps_expanded(c) gives k (a valid or an
 * altered ciphertext alike: implicit rejection is no error). */
void xcheck_decaps(const mlkem_kem *kem, const uint8_t *dk, const uint8_t *c,
                   const uint8_t *k, const char *what);

/* expand_dk_from_seed(seed) equals expand_dk(dk) byte for byte: the seed's
 * key pair is dk (the vector says so). */
void xcheck_from_seed(const mlkem_kem *kem, const uint8_t *seed,
                      const uint8_t *dk, const char *what);

/* ek fails the modulus check: expand_ek refuses it with
 * MLKEM_ERR_INVALID_EK and a zeroed output. */
void xcheck_bad_ek(const mlkem_kem *kem, const uint8_t *ek, const char *what);

/* dk fails a check of section 7: expand_dk refuses it with
 * MLKEM_ERR_INVALID_DK and a zeroed output. */
void xcheck_bad_dk(const mlkem_kem *kem, const uint8_t *dk, const char *what);

#endif
