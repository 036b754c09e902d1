/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* expanded_checks.c - see expanded_checks.h. */
#include "expanded_checks.h"

#include <stdio.h>
#include <string.h>

#include "test_util.h"

#define MAX_XDK MLKEM1024_EXPANDED_DK_BYTES
#define MAX_XEK MLKEM1024_EXPANDED_EK_BYTES

static uint8_t xdk[MAX_XDK], xdk2[MAX_XDK], xek[MAX_XEK];

static const char *label(const char *what, const char *detail) {
  static char buf[300];
  snprintf(buf, sizeof buf, "%s: expanded: %s", what, detail);
  return buf;
}

void xcheck_encaps(const mlkem_kem *kem, const uint8_t *ek, const uint8_t *m,
                   const uint8_t *c, const uint8_t *k, const char *what) {
  uint8_t c2[MLKEM1024_CT_BYTES], k2[MLKEM_SS_BYTES];
  if (kem->expand_ek == NULL) return;
  CHECK_MSG(kem->expand_ek(xek, ek) == MLKEM_OK,
            label(what, "expand_ek accepts the ek"));
  CHECK_MSG(kem->encaps_expanded_derand(c2, k2, xek, m) == MLKEM_OK,
            label(what, "encaps_expanded_derand returns 0"));
  CHECK_MEM(c2, c, kem->ct_bytes, label(what, "encaps_expanded_derand's c"));
  CHECK_MEM(k2, k, MLKEM_SS_BYTES, label(what, "encaps_expanded_derand's k"));
}

void xcheck_decaps(const mlkem_kem *kem, const uint8_t *dk, const uint8_t *c,
                   const uint8_t *k, const char *what) {
  uint8_t k2[MLKEM_SS_BYTES];
  if (kem->expand_dk == NULL) return;
  CHECK_MSG(kem->expand_dk(xdk, dk) == MLKEM_OK,
            label(what, "expand_dk accepts the dk"));
  CHECK_MSG(kem->decaps_expanded(k2, c, xdk) == MLKEM_OK,
            label(what, "decaps_expanded returns 0"));
  CHECK_MEM(k2, k, MLKEM_SS_BYTES, label(what, "decaps_expanded's k"));
}

void xcheck_from_seed(const mlkem_kem *kem, const uint8_t *seed,
                      const uint8_t *dk, const char *what) {
  if (kem->expand_dk == NULL) return;
  CHECK_MSG(kem->expand_dk_from_seed(xdk2, seed) == MLKEM_OK,
            label(what, "expand_dk_from_seed returns 0"));
  CHECK_MSG(kem->expand_dk(xdk, dk) == MLKEM_OK,
            label(what, "expand_dk accepts the dk"));
  CHECK_MEM(xdk2, xdk, kem->expanded_dk_bytes,
            label(what, "expand_dk_from_seed(seed) = expand_dk(dk)"));
}

void xcheck_bad_ek(const mlkem_kem *kem, const uint8_t *ek, const char *what) {
  if (kem->expand_ek == NULL) return;
  memset(xek, TEST_FILL, sizeof xek);
  CHECK_MSG(kem->expand_ek(xek, ek) == MLKEM_ERR_INVALID_EK,
            label(what, "expand_ek fails with MLKEM_ERR_INVALID_EK"));
  CHECK_MSG(test_all_bytes(xek, kem->expanded_ek_bytes, 0),
            label(what, "expand_ek zeroes its output on an invalid ek"));
}

void xcheck_bad_dk(const mlkem_kem *kem, const uint8_t *dk, const char *what) {
  if (kem->expand_dk == NULL) return;
  memset(xdk, TEST_FILL, sizeof xdk);
  CHECK_MSG(kem->expand_dk(xdk, dk) == MLKEM_ERR_INVALID_DK,
            label(what, "expand_dk fails with MLKEM_ERR_INVALID_DK"));
  CHECK_MSG(test_all_bytes(xdk, kem->expanded_dk_bytes, 0),
            label(what, "expand_dk zeroes its output on an invalid dk"));
}
