/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kdf.c - HPKE's KDFs (@spec{RFC9180, sec. 7.2}, @spec{HPKE-PQ, sec. 5}):
 * their table and its lookup. Apart from suite.c, whose KEM table points
 * into kem_*.c: the KEMs use these descriptors, so the two tables in one
 * file would make the files call each other in a circle (src_call_graph).
 */
#include <stddef.h>

#include "hpke/hpke.h"
#include "mlkem_hazmat.h"
#include "sha3/sha3.h"

/* Nh: HKDF's hash length; for a one-stage KDF its security strength
 * (@spec{HPKE-PQ}, table "Single-Stage KDF IDs"). */
/* clang-format off */
const mlkem_hpke_kdf mlkem_hpke_kdf_hkdf_sha256 =
    {MLKEM_HPKE_KDF_HKDF_SHA256, "HKDF-SHA256", 32, 1, MLKEM_SHA2_256, 0, 0};
static const mlkem_hpke_kdf kdf_hkdf_sha384 =
    {MLKEM_HPKE_KDF_HKDF_SHA384, "HKDF-SHA384", 48, 1, MLKEM_SHA2_384, 0, 0};
static const mlkem_hpke_kdf kdf_hkdf_sha512 =
    {MLKEM_HPKE_KDF_HKDF_SHA512, "HKDF-SHA512", 64, 1, MLKEM_SHA2_512, 0, 0};
static const mlkem_hpke_kdf kdf_shake128 =
    {MLKEM_HPKE_KDF_SHAKE128, "SHAKE128", 32, 0, MLKEM_SHA2_256, MLKEM_SHAKE128_RATE, 0};
const mlkem_hpke_kdf mlkem_hpke_kdf_shake256 =
    {MLKEM_HPKE_KDF_SHAKE256, "SHAKE256", 64, 0, MLKEM_SHA2_256, MLKEM_SHAKE256_RATE, 0};
static const mlkem_hpke_kdf kdf_turboshake128 =
    {MLKEM_HPKE_KDF_TURBOSHAKE128, "TurboSHAKE128", 32, 0, MLKEM_SHA2_256, MLKEM_SHAKE128_RATE, 1};
static const mlkem_hpke_kdf kdf_turboshake256 =
    {MLKEM_HPKE_KDF_TURBOSHAKE256, "TurboSHAKE256", 64, 0, MLKEM_SHA2_256, MLKEM_SHAKE256_RATE, 1};

static const mlkem_hpke_kdf *const kdfs[] = {
    &mlkem_hpke_kdf_hkdf_sha256, &kdf_hkdf_sha384, &kdf_hkdf_sha512,
    &kdf_shake128, &mlkem_hpke_kdf_shake256, &kdf_turboshake128,
    &kdf_turboshake256};

/* clang-format on */

const mlkem_hpke_kdf *mlkem_hpke_kdf_get(uint16_t id) {
  size_t i;
  for (i = 0; i < sizeof kdfs / sizeof kdfs[0]; i++)
    if (kdfs[i]->id == id) return kdfs[i];
  return NULL;
}

const mlkem_hpke_kdf *mlkem_hpke_kdf_at(size_t i) {
  return i < sizeof kdfs / sizeof kdfs[0] ? kdfs[i] : NULL;
}
