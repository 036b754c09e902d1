/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_kyber_vectors.c - the round-3 reference's test_vectors output for
 * Kyber512/768/1024 and their 90s variants, checked against the SHA-256
 * sums the reference publishes (tests/vectors/pq-crystals-kyber/round3/
 * SHA256SUMS, files tvecs512, tvecs512-90s, ...).
 *
 * The transcript and the generator are in kyber_tvecs.c (shared with the
 * C++ API's test); this program runs it on the round-3 descriptors.
 *
 * Usage: test_kyber_vectors [NAME ...], NAME a round-3 descriptor name
 * ("Kyber768-90s"); default all six. make test-aarch64 names two, to keep
 * the emulated run short; the output says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "kyber_tvecs.h"
#include "mlkem_kyber.h"
#include "test_util.h"

/* The descriptor's functions as kyber_tvecs_kem's callbacks. */
static int keygen(void *ctx, uint8_t *pk, uint8_t *sk,
                  const uint8_t coins[64]) {
  return ((const mlkem_kem *)ctx)->keygen_derand(pk, sk, coins);
}

static int encaps(void *ctx, uint8_t *ct, uint8_t ss[32], const uint8_t *pk,
                  const uint8_t coins[32]) {
  return ((const mlkem_kem *)ctx)->encaps_derand(ct, ss, pk, coins);
}

static int decaps(void *ctx, uint8_t ss[32], const uint8_t *ct,
                  const uint8_t *sk) {
  return ((const mlkem_kem *)ctx)->decaps(ss, ct, sk);
}

static void run(const mlkem_kem *kem) {
  kyber_tvecs_kem k;
  k.name = kem->name;
  k.pk_bytes = kem->ek_bytes;
  k.sk_bytes = kem->dk_bytes;
  k.ct_bytes = kem->ct_bytes;
  k.ctx = (void *)(uintptr_t)kem;
  k.keygen = keygen;
  k.encaps = encaps;
  k.decaps = decaps;
  kyber_tvecs_run(&k);
}

int main(int argc, char **argv) {
  int a;
  unsigned i;
  test_backend_banner();
  if (argc > 1) {
    printf(
        "only the variants named on the command line (make test-aarch64 "
        "names two under emulation):");
    for (a = 1; a < argc; a++) printf(" %s", argv[a]);
    printf("\n");
    for (a = 1; a < argc; a++) {
      const mlkem_kem *kem = mlkem_kem_by_name(argv[a]);
      CHECKF(kem != NULL && strncmp(kem->name, "Kyber", 5) == 0,
             "%s is not a round-3 variant", argv[a]);
      if (kem != NULL) run(kem);
    }
  } else {
    for (i = 0; mlkem_kyber_kems[i] != NULL; i++) run(mlkem_kyber_kems[i]);
    CHECK_MSG(i == 6, "six round-3 variants");
  }
  return test_summary("test_kyber_vectors");
}
