/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_accumulated.c - the C2SP/CCTV "accumulated" ML-KEM test.
 *
 * A deterministic RNG (SHAKE-128 of the empty string, read as one stream)
 * supplies, per iteration, d, z, m (32 bytes each) and a random ciphertext
 * ct_rand. Each iteration runs keygen_derand(d || z), encaps_derand(ek, m),
 * checks decaps(dk, ct) == K, and computes K_rand = decaps(dk, ct_rand)
 * (implicit rejection). ek || dk || ct || K || K_rand is absorbed into one
 * SHAKE-128 accumulator; after N iterations 32 bytes are squeezed and
 * compared with the published value.
 *
 * Usage: test_accumulated [--long] [512|768|1024 ...]
 *   default: N = 10 000 for all three parameter sets;
 *   --long (or MLKEM_ACCUMULATED_ITERATIONS=1000000): N = 1 000 000.
 * The long run takes minutes and is not part of the default ctest suite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "sha3/sha3.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* Expected digests for FINAL FIPS 203, from the README of C2SP/CCTV pull
 * request #13 (head fa0aba29aa957a6fb40b02a3ff6da0352c0b278d), reproduced
 * with the pq-crystals reference (standard branch, commit d5b791c0); see
 * tests/vectors/c2sp-cctv/README.md. The main-branch README's values are
 * for FIPS 203 ipd key generation and do not apply. */
typedef struct {
  const char *set;
  unsigned long n;
  const char *hex;
} expected_hash;

static const expected_hash expected[] = {
    {"ML-KEM-512", 10000UL,
     "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13"},
    {"ML-KEM-768", 10000UL,
     "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1"},
    {"ML-KEM-1024", 10000UL,
     "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5"},
    {"ML-KEM-512", 1000000UL,
     "21dd330d4355f2ae2876b9fa2b9de62ecaf76aca1d598de8db2b467d36e36a6a"},
    {"ML-KEM-768", 1000000UL,
     "3b108396a277f2952ff3243a985c9709bcb95788c39b7b36a2c4e19d1a41e51e"},
    {"ML-KEM-1024", 1000000UL,
     "6377c4f0ecfdb32e63f7b58227960828784fe0b3e0e5e5e9f77be300f003512a"},
};

static const char *find_expected(const char *set, unsigned long n) {
  size_t i;
  for (i = 0; i < sizeof expected / sizeof expected[0]; i++) {
    if (expected[i].n == n && strcmp(expected[i].set, set) == 0) {
      return expected[i].hex;
    }
  }
  return NULL;
}

static void run(const mlkem_kem *kem, unsigned long n) {
  static uint8_t ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ct_rand[MAX_CT];
  uint8_t seed[64], m[32], k[32], k2[32], k_rand[32];
  uint8_t digest[32], want[32];
  mlkem_keccak_ctx rng, acc;
  unsigned long i, bad_rc = 0, bad_k = 0, first_bad = 0;
  const char *want_hex = find_expected(kem->name, n);
  char what[160];

  CHECK_MSG(want_hex != NULL, "an expected hash exists for this N");
  if (want_hex == NULL) return;
  CHECK(test_hex_decode(want, 32, want_hex, 64) == 32);

  mlkem_shake128_init(&rng);
  mlkem_keccak_finalize(&rng); /* absorbs the empty string */
  mlkem_shake128_init(&acc);

  for (i = 0; i < n; i++) {
    int rc = 0;
    mlkem_keccak_squeeze(&rng, seed, 32);      /* d */
    mlkem_keccak_squeeze(&rng, seed + 32, 32); /* z */
    mlkem_keccak_squeeze(&rng, m, 32);
    mlkem_keccak_squeeze(&rng, ct_rand, kem->ct_bytes);

    rc |= kem->keygen_derand(ek, dk, seed);
    rc |= kem->encaps_derand(ct, k, ek, m);
    rc |= kem->decaps(k2, ct, dk);
    rc |= kem->decaps(k_rand, ct_rand, dk);
    if (rc != 0 || memcmp(k, k2, 32) != 0) {
      if (bad_rc == 0 && bad_k == 0) first_bad = i;
      if (rc != 0) bad_rc++;
      if (memcmp(k, k2, 32) != 0) bad_k++;
    }

    mlkem_keccak_absorb(&acc, ek, kem->ek_bytes);
    mlkem_keccak_absorb(&acc, dk, kem->dk_bytes);
    mlkem_keccak_absorb(&acc, ct, kem->ct_bytes);
    mlkem_keccak_absorb(&acc, k, 32);
    mlkem_keccak_absorb(&acc, k_rand, 32);
  }
  mlkem_keccak_finalize(&acc);
  mlkem_keccak_squeeze(&acc, digest, 32);

  if (bad_rc != 0 || bad_k != 0) {
    fprintf(stderr,
            "%s: %lu iterations with a non-zero return, %lu with "
            "decaps(dk, ct) != K; first at iteration %lu\n",
            kem->name, bad_rc, bad_k, first_bad);
  }
  snprintf(what, sizeof what, "%s: every call returns 0", kem->name);
  CHECK_MSG(bad_rc == 0, what);
  snprintf(what, sizeof what, "%s: decaps(dk, ct) == K in every iteration",
           kem->name);
  CHECK_MSG(bad_k == 0, what);
  snprintf(what, sizeof what, "%s accumulated digest after %lu iterations",
           kem->name, n);
  CHECK_MEM(digest, want, 32, what);
  printf("accumulated %s: %lu vectors checked (digest ", kem->name, n);
  for (i = 0; i < 32; i++) printf("%02x", digest[i]);
  printf(")\n");
}

static void usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [--long] [512|768|1024 ...]\n"
          "  or set MLKEM_ACCUMULATED_ITERATIONS to 10000 or 1000000\n",
          prog);
  exit(2);
}

int main(int argc, char **argv) {
  unsigned long n = 10000UL;
  const mlkem_kem *selected[3];
  size_t nsel = 0, i;
  const char *env = getenv("MLKEM_ACCUMULATED_ITERATIONS");
  int a;
  test_backend_banner();

  if (env != NULL && *env != '\0') {
    char *end;
    n = strtoul(env, &end, 10);
    if (*end != '\0' || (n != 10000UL && n != 1000000UL)) {
      fprintf(stderr,
              "MLKEM_ACCUMULATED_ITERATIONS must be 10000 or "
              "1000000 (the values with published hashes)\n");
      usage(argv[0]);
    }
  }
  for (a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--long") == 0) {
      n = 1000000UL;
    } else {
      const mlkem_kem *kem = mlkem_kem_by_name(argv[a]);
      if (kem == NULL || nsel == 3) usage(argv[0]);
      selected[nsel++] = kem;
    }
  }
  if (nsel == 0) {
    for (i = 0; i < 3 && mlkem_kems[i] != NULL; i++) {
      selected[nsel++] = mlkem_kems[i];
    }
    CHECK_MSG(nsel == 3, "three parameter sets are registered");
  }
  if (nsel < 3)
    printf(
        "only %u of the 3 parameter sets, as named on the command line "
        "(make test-aarch64 names ML-KEM-768 alone under emulation)\n",
        (unsigned)nsel);
  for (i = 0; i < nsel; i++) run(selected[i], n);
  return test_summary("test_accumulated");
}
