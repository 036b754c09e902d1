/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_threads.c - several threads at once, from the very first call:
 * they race through the backend choice, must all see the same backend, and
 * must all compute the same (and correct) results.
 *
 * THREADS threads wait at a barrier, then each calls mlkem_backend_name()
 * and runs, for every parameter set, ROUNDS deterministic keygen/encaps/
 * decaps rounds (recording a digest of ek || ct || ss) and as many
 * randomized rounds (checking that both parties agree). After joining, the
 * main thread recomputes the deterministic rounds and compares. Then the
 * threads share one expanded dk and ek per set, used by all at once.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "sha3/sha3.h"
#include "test_util.h"

#define THREADS 4
#define ROUNDS 20
#define SETS 3

typedef struct {
  const char *backend;
  uint8_t digest[SETS][ROUNDS][32];
  unsigned long disagreements;
  unsigned long errors;
} thread_result;

static pthread_barrier_t start;
static thread_result results[THREADS];

/* One deterministic round: seed and m derived from (set, round). */
static int derand_round(const mlkem_kem *kem, unsigned set, unsigned round,
                        uint8_t digest[32]) {
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  mlkem_keccak_ctx h;
  memset(seed, (int)(set * ROUNDS + round), sizeof seed);
  memset(m, (int)(0x80 + round), sizeof m);
  if (kem->keygen_derand(ek, dk, seed) != 0 ||
      kem->encaps_derand(ct, ss, ek, m) != 0 || kem->decaps(ss2, ct, dk) != 0)
    return -1;
  if (memcmp(ss, ss2, sizeof ss) != 0) return -1;
  mlkem_sha3_256_init(&h);
  mlkem_keccak_absorb(&h, ek, kem->ek_bytes);
  mlkem_keccak_absorb(&h, ct, kem->ct_bytes);
  mlkem_keccak_absorb(&h, ss, sizeof ss);
  mlkem_sha3_256_final(&h, digest);
  return 0;
}

static void *worker(void *arg) {
  thread_result *r = arg;
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  unsigned s, i;
  pthread_barrier_wait(&start);
  r->backend = mlkem_backend_name(); /* the first call of the process */
  for (s = 0; s < SETS; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    for (i = 0; i < ROUNDS; i++) {
      if (derand_round(kem, s, i, r->digest[s][i]) != 0) r->errors++;
      if (kem->keygen(ek, dk) != 0 || kem->encaps(ct, ss, ek) != 0 ||
          kem->decaps(ss2, ct, dk) != 0)
        r->errors++;
      else if (memcmp(ss, ss2, sizeof ss) != 0)
        r->disagreements++;
    }
  }
  return NULL;
}

/* Expanded keys, one per set, shared by every thread: read at once by
 * all (mlkem.h: no call writes to them). */
static uint8_t shared_xdk[SETS][MLKEM1024_EXPANDED_DK_BYTES];
static uint8_t shared_xek[SETS][MLKEM1024_EXPANDED_EK_BYTES];
static uint8_t shared_dk[SETS][MLKEM1024_DK_BYTES];
static unsigned long shared_errors[THREADS];

static void *shared_worker(void *arg) {
  unsigned long *errors = arg;
  uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  uint8_t ss3[MLKEM_SS_BYTES];
  unsigned s, i;
  pthread_barrier_wait(&start);
  for (s = 0; s < SETS; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    for (i = 0; i < ROUNDS; i++) {
      if (kem->encaps_expanded(ct, ss, shared_xek[s]) != 0 ||
          kem->decaps_expanded(ss2, ct, shared_xdk[s]) != 0 ||
          kem->decaps(ss3, ct, shared_dk[s]) != 0 ||
          memcmp(ss, ss2, sizeof ss) != 0 || memcmp(ss, ss3, sizeof ss) != 0)
        (*errors)++;
    }
  }
  return NULL;
}

/* THREADS threads encapsulate to and decapsulate with the same expanded
 * keys at once; every result agrees with decaps, and the keys are
 * unchanged. */
static void test_shared_expanded(void) {
  static uint8_t before[SETS][MLKEM1024_EXPANDED_DK_BYTES];
  uint8_t ek[MLKEM1024_EK_BYTES];
  pthread_t tid[THREADS];
  unsigned t, s;
  for (s = 0; s < SETS; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    CHECK(kem->keygen(ek, shared_dk[s]) == MLKEM_OK);
    CHECK(kem->expand_dk(shared_xdk[s], shared_dk[s]) == MLKEM_OK);
    CHECK(kem->expand_ek(shared_xek[s], ek) == MLKEM_OK);
    memcpy(before[s], shared_xdk[s], kem->expanded_dk_bytes);
  }
  CHECK(pthread_barrier_init(&start, NULL, THREADS) == 0);
  for (t = 0; t < THREADS; t++)
    CHECK(pthread_create(&tid[t], NULL, shared_worker, &shared_errors[t]) == 0);
  for (t = 0; t < THREADS; t++) CHECK(pthread_join(tid[t], NULL) == 0);
  pthread_barrier_destroy(&start);
  for (t = 0; t < THREADS; t++)
    CHECKF(shared_errors[t] == 0,
           "thread %u: %lu failures on the shared expanded keys", t,
           shared_errors[t]);
  for (s = 0; s < SETS; s++)
    CHECK(memcmp(before[s], shared_xdk[s], mlkem_kems[s]->expanded_dk_bytes) ==
          0);
  printf("%d threads x %d sets x %d rounds on shared expanded keys\n", THREADS,
         SETS, ROUNDS);
}

int main(void) {
  pthread_t tid[THREADS];
  unsigned t, s, i;
  CHECK(pthread_barrier_init(&start, NULL, THREADS) == 0);
  for (t = 0; t < THREADS; t++)
    CHECK(pthread_create(&tid[t], NULL, worker, &results[t]) == 0);
  for (t = 0; t < THREADS; t++) CHECK(pthread_join(tid[t], NULL) == 0);
  pthread_barrier_destroy(&start);

  test_backend_banner();
  for (t = 0; t < THREADS; t++) {
    CHECKF(strcmp(results[t].backend, mlkem_backend_name()) == 0,
           "thread %u chose backend %s, the process %s", t, results[t].backend,
           mlkem_backend_name());
    CHECKF(results[t].errors == 0, "thread %u: %lu failed calls", t,
           results[t].errors);
    CHECKF(results[t].disagreements == 0, "thread %u: %lu disagreements", t,
           results[t].disagreements);
  }
  for (s = 0; s < SETS; s++) {
    for (i = 0; i < ROUNDS; i++) {
      uint8_t want[32];
      CHECK(derand_round(mlkem_kems[s], s, i, want) == 0);
      for (t = 0; t < THREADS; t++)
        CHECK_MEM(results[t].digest[s][i], want, 32,
                  "digest of a deterministic round computed in a thread");
    }
  }
  printf(
      "%d threads x %d sets x %d rounds (deterministic and random), "
      "backend %s\n",
      THREADS, SETS, ROUNDS, mlkem_backend_name());
  test_shared_expanded();
  return test_summary("test_threads");
}
