/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - the constants of FIPS 203 and the three parameter sets
 * (FIPS 203 section 8, Table 2).
 *
 * The rank k and the sizes that follow from it are fields of mlkem_params;
 * the FIPS 203 algorithms are compiled once per set with buffers sized by
 * its rank (level.h, docs/ARCHITECTURE.md).
 */
#ifndef MLKEM_PARAMS_H
#define MLKEM_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_K_MAX 4       /* the largest rank (ML-KEM-1024) */
#define MLKEM_SYMBYTES 32   /* size of d, z, m, rho, sigma, r, K, H(ek) */
#define MLKEM_POLYBYTES 384 /* ByteEncode_12 of one polynomial */

typedef struct {
  const char *name;
  unsigned k;
  unsigned eta1;
  unsigned eta2;
  unsigned du;
  unsigned dv;
  size_t ek_bytes;    /* 384k + 32 */
  size_t dk_bytes;    /* 768k + 96 */
  size_t ct_bytes;    /* 32(du k + dv) */
  size_t dkpke_bytes; /* 384k */
  size_t u_bytes;     /* 32 du k: the first part of a ciphertext */
} mlkem_params;

extern const mlkem_params mlkem_params_512;
extern const mlkem_params mlkem_params_768;
extern const mlkem_params mlkem_params_1024;

#endif
