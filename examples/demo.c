/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * demo.c - a complete ML-KEM key exchange between two parties, for each
 * parameter set, as `make demo` shows it.
 *
 * Alice generates a key pair and publishes ek. Bob encapsulates against ek
 * and sends the ciphertext. Alice decapsulates. Both now hold the same
 * 32-byte secret, which they would feed to a key schedule for authenticated
 * encryption.
 *
 * The program is mlkem_demo_run (bench/programs.h), so that mlkem_demo
 * (bench/demo_main.c) and `mlkem demo` (cli/) run the same code.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mlkem.h"
#include "programs.h"

#define RUNS 200

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void print_hex(const char *label, const uint8_t *b, size_t n) {
  size_t i;
  printf("  %-22s", label);
  for (i = 0; i < n; i++) printf("%02x", b[i]);
  printf("\n");
}

static int exchange(const mlkem_kem *kem) {
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES];
  uint8_t ss_alice[MLKEM_SS_BYTES], ss_bob[MLKEM_SS_BYTES];
  double t0, t_keygen, t_encaps, t_decaps;
  int rc, i;

  printf(
      "%s  (ek %zu bytes, dk %zu bytes, ciphertext %zu bytes, "
      "secret %zu bytes)\n",
      kem->name, kem->ek_bytes, kem->dk_bytes, kem->ct_bytes, kem->ss_bytes);

  /* Alice: a fresh key pair; ek goes to Bob, dk stays with her. */
  if ((rc = kem->keygen(ek, dk)) != 0) goto fail;
  printf("  Alice: generated a key pair and sent ek to Bob\n");

  /* Bob: checks ek, encapsulates, sends ct, keeps ss_bob. */
  if ((rc = kem->encaps(ct, ss_bob, ek)) != 0) goto fail;
  printf("  Bob:   encapsulated against ek and sent the ciphertext\n");

  /* Alice: decapsulates with dk. */
  if ((rc = kem->decaps(ss_alice, ct, dk)) != 0) goto fail;
  printf("  Alice: decapsulated the ciphertext\n");

  print_hex("Alice's shared secret:", ss_alice, sizeof ss_alice);
  print_hex("Bob's shared secret:", ss_bob, sizeof ss_bob);
  if (memcmp(ss_alice, ss_bob, MLKEM_SS_BYTES) != 0) {
    printf("  MISMATCH: the shared secrets differ\n");
    return 1;
  }
  printf("  the shared secrets match\n");

  /* Time per operation: the mean over RUNS calls (make bench gives the
   * careful medians). */
  t0 = now_us();
  for (i = 0; i < RUNS; i++)
    if ((rc = kem->keygen(ek, dk)) != 0) goto fail;
  t_keygen = (now_us() - t0) / RUNS;
  t0 = now_us();
  for (i = 0; i < RUNS; i++)
    if ((rc = kem->encaps(ct, ss_bob, ek)) != 0) goto fail;
  t_encaps = (now_us() - t0) / RUNS;
  t0 = now_us();
  for (i = 0; i < RUNS; i++)
    if ((rc = kem->decaps(ss_alice, ct, dk)) != 0) goto fail;
  t_decaps = (now_us() - t0) / RUNS;
  printf(
      "  time per operation: keygen %.1f us, encaps %.1f us, "
      "decaps %.1f us\n\n",
      t_keygen, t_encaps, t_decaps);
  return memcmp(ss_alice, ss_bob, MLKEM_SS_BYTES) != 0;

fail:
  printf("  error: %s\n", mlkem_strerror(rc));
  return 1;
}

int mlkem_demo_run(void) {
  int i, failed = 0;
  printf("mlkem %s, backend: %s\n\n", mlkem_version(), mlkem_backend_name());
  for (i = 0; mlkem_kems[i] != NULL; i++) failed |= exchange(mlkem_kems[i]);
  return failed;
}
