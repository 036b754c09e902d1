/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - the constants of FIPS 203 and its three parameter sets
 * (@spec{FIPS203, sec. 8, Table 2}), and the sizes that follow from them.
 *
 * The table is written here and nowhere else. The FIPS 203 algorithms are
 * compiled once per set, with that set's row as compile-time constants
 * (level.h); the public wrappers and descriptors are generated from the
 * table, and the public size macros of mlkem.h and mlkem_hazmat.h are
 * checked against the sizes computed here at compile time (mlkem.c,
 * hazmat.c).
 */
#ifndef MLKEM_PARAMS_H
#define MLKEM_PARAMS_H

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_SYMBYTES 32   /* size of d, z, m, rho, sigma, r, K, H(ek) */
#define MLKEM_POLYBYTES 384 /* ByteEncode_12 of one polynomial */

/* @spec{FIPS203, Table 2}, one row per parameter set, keyed by the rank k:
 * MLKEM_SET_K<k>(X) expands to X(set, k, eta1, eta2, du, dv), where set
 * is the number in the set's name. MLKEM_PARAMETER_SETS(X) expands to
 * every row, from the smallest set to the largest. */
#define MLKEM_SET_K2(X) X(512, 2, 3, 2, 10, 4)
#define MLKEM_SET_K3(X) X(768, 3, 2, 2, 10, 4)
#define MLKEM_SET_K4(X) X(1024, 4, 2, 2, 11, 5)
#define MLKEM_PARAMETER_SETS(X) MLKEM_SET_K2(X) MLKEM_SET_K3(X) MLKEM_SET_K4(X)
#define MLKEM_K_MAX 4 /* the largest rank in the table */

/* Sizes in bytes (@spec{FIPS203, sec. 8, Table 3};
 * @spec{FIPS203, Alg. 13, 14, 16}). */
#define MLKEM_DKPKE_BYTES_OF(k) (MLKEM_POLYBYTES * (k))
#define MLKEM_EK_BYTES_OF(k) (MLKEM_POLYBYTES * (k) + MLKEM_SYMBYTES)
/* dk_PKE || ek || H(ek) || z */
#define MLKEM_DK_BYTES_OF(k) \
  (MLKEM_DKPKE_BYTES_OF(k) + MLKEM_EK_BYTES_OF(k) + 2 * MLKEM_SYMBYTES)
/* c1, the first part of a ciphertext: k polynomials of du bits each */
#define MLKEM_U_BYTES_OF(k, du) (32 * (du) * (k))
#define MLKEM_CT_BYTES_OF(k, du, dv) (MLKEM_U_BYTES_OF(k, du) + 32 * (dv))

/* Expanded keys (kem.c; include/mlkem.h): a 64-byte header (with H(ek)),
 * then t-hat and A-hat transposed as polynomials of 256 16-bit
 * coefficients; the decapsulation key adds s-hat and 64 bytes with z. */
#define MLKEM_EXPANDED_POLY_BYTES (2 * MLKEM_N)
#define MLKEM_EXPANDED_EK_BYTES_OF(k) \
  (64 + ((k) + (k) * (k)) * MLKEM_EXPANDED_POLY_BYTES)
#define MLKEM_EXPANDED_DK_BYTES_OF(k) \
  (MLKEM_EXPANDED_EK_BYTES_OF(k) + (k)*MLKEM_EXPANDED_POLY_BYTES + 64)

/* Bytes of PRF output for one noise polynomial of parameter eta
 * (SamplePolyCBD_eta, @spec{FIPS203, Alg. 8}). */
#define MLKEM_PRF_BYTES_OF(eta) (64 * (eta))

#endif
