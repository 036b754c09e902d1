/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_by_name.c - mlkem_kem_by_name (mlkem.h): the descriptors of ML-KEM
 * (mlkem.c) and of round 3 (kyber.c) by name.
 */
#include <ctype.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_kyber.h"

static int name_equal(const char *a, const char *b) {
  for (; *a != '\0' && *b != '\0'; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
  return *a == *b;
}

const mlkem_kem *mlkem_kem_by_name(const char *name) {
  unsigned i;
  if (name == NULL) return NULL;
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    const char *full = mlkem_kems[i]->name;
    if (name_equal(name, full) || name_equal(name, full + strlen("ML-KEM-")))
      return mlkem_kems[i];
  }
  /* Round 3 (mlkem_kyber.h): full names only. */
  for (i = 0; mlkem_kyber_kems[i] != NULL; i++)
    if (name_equal(name, mlkem_kyber_kems[i]->name)) return mlkem_kyber_kems[i];
  return NULL;
}
