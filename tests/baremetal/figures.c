/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * figures.c - the figures for embedded users, measured in the bare-metal
 * image itself (docs/BENCHMARKS.md, "Cortex-M4"):
 *  - stack: each of keygen, encaps and decaps of each set runs with its
 *    stack pointer at the top of a region filled with a pattern; the lowest
 *    byte that no longer holds it gives the depth below the caller's stack
 *    pointer (the operation's frames and everything it calls, the random
 *    source included). Two patterns, the larger depth kept.
 *  - instructions: the same operations, each between two calls of
 *    mlkem_m4_mark, whose entries the qemu plugin counts instructions
 *    between (scripts/cortex_m4_figures.py pairs its counts with the
 *    labels printed here, takes the median of the runs, less the count of
 *    an empty pair). Each run has other keys and ciphertexts (the random
 *    source's stream goes on), so SampleNTT's rejections vary as they do
 *    in use.
 * Code sizes come from the link maps of size_app.c's images.
 */
#include "figures.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mlkem.h"

#define REGION_BYTES 32768
#define RUNS 11

static uint8_t region[REGION_BYTES] __attribute__((aligned(8)));

__attribute__((noinline)) void mlkem_m4_mark(void) {
  __asm__ volatile("" ::: "memory");
}

typedef struct {
  const mlkem_kem *kem;
  uint8_t ek[MLKEM1024_EK_BYTES];
  uint8_t dk[MLKEM1024_DK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES];
  uint8_t ss[MLKEM_SS_BYTES];
  int rc;
} op_state;

static op_state st;

static void op_keygen(void *p) {
  op_state *s = p;
  s->rc = s->kem->keygen(s->ek, s->dk);
}
static void op_encaps(void *p) {
  op_state *s = p;
  s->rc = s->kem->encaps(s->ct, s->ss, s->ek);
}
static void op_decaps(void *p) {
  op_state *s = p;
  s->rc = s->kem->decaps(s->ss, s->ct, s->dk);
}

static const struct {
  const char *name;
  void (*run)(void *);
} ops[] = {{"keygen", op_keygen}, {"encaps", op_encaps}, {"decaps", op_decaps}};

/* fn(arg) with the stack pointer at top (8-byte aligned, as AAPCS asks).
 * The inputs stay out of the registers the call may change. */
__attribute__((noinline)) static void call_on(void (*fn)(void *), void *arg,
                                              uint8_t *top) {
  __asm__ volatile(
      "mov r4, sp\n\t"
      "mov sp, %[top]\n\t"
      "mov r0, %[arg]\n\t"
      "blx %[fn]\n\t"
      "mov sp, r4\n\t"
      :
      : [fn] "r"(fn), [arg] "r"(arg), [top] "r"(top)
      : "r0", "r1", "r2", "r3", "r4", "r12", "lr", "memory", "cc");
}

static size_t depth_with(void (*fn)(void *), uint8_t pattern) {
  size_t i;
  memset(region, pattern, sizeof region);
  call_on(fn, &st, region + sizeof region);
  for (i = 0; i < sizeof region && region[i] == pattern; i++) {
  }
  return sizeof region - i;
}

int figures_run(void) {
  unsigned s, o, r;
  int bad = 0;
  printf("== figures (stack: painted region; instructions: qemu plugin)\n");
  for (s = 0; mlkem_kems[s] != NULL; s++) {
    st.kem = mlkem_kems[s];
    for (o = 0; o < 3; o++) {
      size_t a, b;
      /* Inputs for encaps and decaps: the previous operations' outputs. */
      a = depth_with(ops[o].run, 0xA5);
      bad |= st.rc != 0;
      b = depth_with(ops[o].run, 0x5A);
      bad |= st.rc != 0;
      if (a < b) a = b;
      if (a >= sizeof region) bad = 1;
      printf("figure stack %s %s %u\n", st.kem->name, ops[o].name, (unsigned)a);
    }
  }
  for (r = 0; r < RUNS; r++) {
    printf("figure insns calibration -\n");
    mlkem_m4_mark();
    mlkem_m4_mark();
    for (s = 0; mlkem_kems[s] != NULL; s++) {
      st.kem = mlkem_kems[s];
      for (o = 0; o < 3; o++) {
        printf("figure insns %s %s\n", st.kem->name, ops[o].name);
        fflush(stdout);
        mlkem_m4_mark();
        ops[o].run(&st);
        mlkem_m4_mark();
        bad |= st.rc != 0;
      }
    }
  }
  if (bad) printf("figures: an operation failed or overran the region\n");
  return bad;
}
