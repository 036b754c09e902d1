/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_by_name.c - mlkem_kem_by_name (mlkem.h): the descriptors of ML-KEM
 * (mlkem.c) and of round 3 (kyber.c) by name, without case (ASCII
 * letters only: no locale).
 */
#include "mlkem.h"
#include "mlkem_kyber.h"
#include "platform/str.h"

const mlkem_kem *mlkem_kem_by_name(const char *name) {
  unsigned i;
  if (name == NULL) return NULL;
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    const char *full = mlkem_kems[i]->name;
    if (mlkem_str_equal_nocase(name, full) ||
        mlkem_str_equal_nocase(name, full + sizeof "ML-KEM-" - 1))
      return mlkem_kems[i];
  }
  /* Round 3 (mlkem_kyber.h): full names only. */
  for (i = 0; mlkem_kyber_kems[i] != NULL; i++)
    if (mlkem_str_equal_nocase(name, mlkem_kyber_kems[i]->name))
      return mlkem_kyber_kems[i];
  return NULL;
}
