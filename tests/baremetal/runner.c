/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * runner.c - main of the bare-metal test image (tests/baremetal/README.md):
 * the test programs of tests/ that run the published vectors, compiled
 * unchanged for the Cortex-M4 with their main renamed (-Dmain=...), one
 * after the other against the freestanding library; then the figures for
 * embedded users (figures.c). Each program reads its vector files from the
 * host over semihosting and prints what it checked, as it does natively.
 * The image exits 0 only if every program passed; its last line says so.
 */
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "semihost.h"
#include "test_util.h"

int test_acvp_main(void);
int test_pqckat_main(void);
int test_nistkat_main(void);
int test_cctv_main(void);
int test_randfail_main(void);
int test_selftest_main(void);
int test_chacha20poly1305_main(void);
int test_hpke_vectors_main(void);

static const struct {
  const char *name;
  int (*run)(void);
} programs[] = {
    {"test_selftest", test_selftest_main}, /* the known answers of mlkem.h */
    {"test_acvp", test_acvp_main},         /* NIST ACVP, both key checks */
    {"test_pqckat", test_pqckat_main},     /* kat_MLKEM_*.rsp, invalid ct */
    {"test_nistkat", test_nistkat_main},   /* PQCkemKAT_*.rsp (DRBG) */
    {"test_cctv", test_cctv_main},         /* CCTV: modulus, unlucky, ... */
    {"test_randfail", test_randfail_main}, /* a failing random source */
    {"test_chacha20poly1305",
     test_chacha20poly1305_main},                  /* RFC 8439, Wycheproof */
    {"test_hpke_vectors", test_hpke_vectors_main}, /* RFC 9180, HPKE-PQ */
};
#define NPROGRAMS (sizeof programs / sizeof programs[0])

int main(void) {
  unsigned i, failed = 0, n = NPROGRAMS;
  char cmdline[128];
  /* --figures-only: the figures alone (scripts/cortex_m4_run.sh). */
  semihost_cmdline(cmdline, sizeof cmdline);
  if (strstr(cmdline, "--figures-only") != NULL) n = 0;
  printf("cortex-m4: %u test programs on the freestanding library\n", n);
  for (i = 0; i < n; i++) {
    int rc;
    test_passed = 0;
    test_failed = 0;
    printf("== %s\n", programs[i].name);
    fflush(stdout);
    rc = programs[i].run();
    if (rc != 0) {
      printf("cortex-m4: %s FAILED (exit %d)\n", programs[i].name, rc);
      failed++;
    }
  }
  if (figures_run() != 0) failed++;
  if (failed != 0) {
    printf("cortex-m4: %u of %u parts FAILED\n", failed, n + 1);
    return 1;
  }
  printf("cortex-m4: all %u test programs passed, figures measured\n", n);
  return 0;
}
