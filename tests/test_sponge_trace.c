/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sponge_trace.c - the sponge scheduler's schedule of every list of
 * the ML-KEM operations, permutation call by permutation call, against a
 * record (tests/vectors/sponge-schedule/).
 *
 * This is a regression record, not a correctness check: the outputs of
 * these operations are checked against published vectors by test_acvp,
 * test_nistkat, test_pqckat and test_cctv. What it pins down is the
 * schedule itself, which those cannot see: for each list the sequence of
 * permutation calls (one-way, four-way or eight-way), the slot of each
 * one-way call, and a fingerprint of every state a call permutes (so a
 * change of which job sits in which slot, or of what was absorbed, shows).
 * The record was written by the scheduler as it was before its split into
 * queue, absorbing, planner and run loop (commit 941816c), and the lists
 * of the expanded-key operations added to it later (909cbb3); a change
 * that means to alter the schedule writes a new one (README there) and
 * says so.
 *
 * How: the library's mlkem_hash_run, through which every list of kem.c
 * and kpke.c goes, is wrapped at link time (-Wl,--wrap, tests/
 * CMakeLists.txt), and the wrapper hands the scheduler a copy of the
 * backend's table of permutations whose entries record each call before
 * making it. Costs, strides and which permutations exist are unchanged, so
 * the scheduler decides exactly as it does with the backend's own table.
 *
 * Run per backend (MLKEM_BACKEND, as the tests of the public API); a
 * backend with no record (none at present) is skipped, saying so. With
 * --write FILE, appends the record of the backend in use to FILE instead
 * of checking (the README of the record has the command).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "mlkem.h"
#include "sha3/sha3.h"
#include "fips203/symmetric.h"
#include "test_util.h"

void __real_mlkem_hash_run(const mlkem_backend *be,
                           const mlkem_sponge_job *jobs, unsigned njobs);
void __wrap_mlkem_hash_run(const mlkem_backend *be,
                           const mlkem_sponge_job *jobs, unsigned njobs);

/* ---- recording ------------------------------------------------------- */

#define TRACE_CAP (1u << 20)
static char trace[TRACE_CAP];
static size_t trace_len;
static int trace_overflow;

static const mlkem_keccak_lanes *real_lanes; /* the backend's table */

static void emit(const char *s) {
  size_t n = strlen(s);
  if (trace_len + n >= TRACE_CAP) {
    trace_overflow = 1;
    return;
  }
  memcpy(trace + trace_len, s, n + 1);
  trace_len += n;
}

/* A 32-bit fingerprint of the 25 words of one state (lane i at
 * s[stride * i]). */
static uint32_t fingerprint(const uint64_t *s, size_t stride) {
  uint64_t h = 0x6A09E667F3BCC908ull;
  unsigned i;
  for (i = 0; i < 25; i++) {
    h ^= s[stride * i];
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  return (uint32_t)(h >> 32);
}

/* A multi-way call on the state at s: "4:" or "8:" and the fingerprint
 * of each slot it permutes. */
static void record_multi(const uint64_t *s, unsigned ways) {
  char buf[16];
  unsigned j;
  snprintf(buf, sizeof buf, " %u:", ways);
  emit(buf);
  for (j = 0; j < ways; j++) {
    snprintf(buf, sizeof buf, "%s%08x", j > 0 ? "," : "",
             (unsigned)fingerprint(s + j, real_lanes->stride));
    emit(buf);
  }
}

static void rec_x4(uint64_t *s) {
  record_multi(s, 4);
  real_lanes->x4(s);
}

static void rec_x8(uint64_t *s) {
  record_multi(s, 8);
  real_lanes->x8(s);
}

/* A one-way call: "1@slot:" and the fingerprint. The slot is read from
 * the address: the scheduler's state is aligned to 64 bytes, so with
 * stride 4 or 8 the slot is the word index modulo the stride. */
static void rec_x1(uint64_t *s, size_t stride) {
  char buf[32];
  snprintf(buf, sizeof buf, " 1@%u:%08x",
           (unsigned)(((uintptr_t)s / 8) % stride),
           (unsigned)fingerprint(s, stride));
  emit(buf);
  if (real_lanes->x1 != NULL)
    real_lanes->x1(s, stride);
  else
    mlkem_keccakf1600_strided(s, stride);
}

/* Every list of an operation: "list N:" (N jobs), then its calls. */
void __wrap_mlkem_hash_run(const mlkem_backend *be,
                           const mlkem_sponge_job *jobs, unsigned njobs) {
  mlkem_backend copy = *be;
  mlkem_keccak_lanes rec = *be->keccak;
  char buf[32];
  real_lanes = be->keccak;
  rec.x1 = rec_x1;
  rec.x4 = rec.x4 != NULL ? rec_x4 : NULL;
  rec.x8 = rec.x8 != NULL ? rec_x8 : NULL;
  copy.keccak = &rec;
  snprintf(buf, sizeof buf, "\nlist %u:", njobs);
  emit(buf);
  __real_mlkem_hash_run(&copy, jobs, njobs);
}

/* ---- the operations -------------------------------------------------- */

/* The seeds d || z and messages m: all zero; make bench's (1, 2, 3 then
 * zeros; 4, 5, 6), whose ML-KEM-768 key has a matrix entry that needs a
 * fourth block; and mlkem_opcount's (0x5A..., 0xA5...). */
#define NSEEDS 3
static void seed_of(unsigned i, uint8_t seed[MLKEM_SEED_BYTES],
                    uint8_t m[MLKEM_MSG_BYTES]) {
  memset(seed, 0, MLKEM_SEED_BYTES);
  memset(m, 0, MLKEM_MSG_BYTES);
  if (i == 1) {
    seed[0] = 1, seed[1] = 2, seed[2] = 3;
    m[0] = 4, m[1] = 5, m[2] = 6;
  } else if (i == 2) {
    memset(seed, 0x5A, MLKEM_SEED_BYTES);
    memset(m, 0xA5, MLKEM_MSG_BYTES);
  }
}

/* Records every operation of every set into trace[], one "op" line each
 * followed by its lists. */
static void record_all(void) {
  static const char *const sets[3] = {"ML-KEM-512", "ML-KEM-768",
                                      "ML-KEM-1024"};
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES], prep[MLKEM1024_EK_BYTES + 32];
  static uint8_t xek[MLKEM1024_EXPANDED_EK_BYTES];
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  uint8_t ss[MLKEM_SS_BYTES], seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  char buf[96];
  unsigned k, i;
  trace_len = 0;
  trace[0] = '\0';
  for (k = 0; k < 3; k++) {
    const mlkem_kem *kem = mlkem_kem_by_name(sets[k]);
    CHECK(kem != NULL);
    if (kem == NULL) return;
    for (i = 0; i < NSEEDS; i++) {
      seed_of(i, seed, m);
#define OP(name, call)                                                 \
  do {                                                                 \
    snprintf(buf, sizeof buf, "\nop %s %s seed %u", sets[k], name, i); \
    emit(buf);                                                         \
    CHECK((call) == 0);                                                \
  } while (0)
      OP("keygen", kem->keygen_derand(ek, dk, seed));
      OP("encaps", kem->encaps_derand(ct, ss, ek, m));
      OP("decaps", kem->decaps(ss, ct, dk));
      OP("prepare_ek", kem->prepare_ek(prep, ek));
      OP("encaps_prepared", kem->encaps_prepared_derand(ct, ss, prep, m));
      OP("expand_ek", kem->expand_ek(xek, ek));
      OP("encaps_expanded", kem->encaps_expanded_derand(ct, ss, xek, m));
      OP("expand_dk", kem->expand_dk(xdk, dk));
      OP("decaps_expanded", kem->decaps_expanded(ss, ct, xdk));
      OP("expand_dk_from_seed", kem->expand_dk_from_seed(xdk, seed));
#undef OP
    }
  }
  emit("\n");
  CHECK_MSG(!trace_overflow, "the trace fits its buffer");
}

/* ---- the record ------------------------------------------------------ */

/* The section of the record for backend name: from its "backend NAME"
 * line to the next "backend" line or the end, comment lines (#) left
 * out. Returns a malloc'd string, or NULL if the record has no such
 * section. */
static char *record_section(const char *text, const char *name) {
  const char *p = text, *start = NULL;
  char *out;
  size_t n = 0, cap = strlen(text) + 2;
  char head[64];
  snprintf(head, sizeof head, "backend %s", name);
  out = malloc(cap);
  if (out == NULL) return NULL;
  while (*p != '\0') {
    const char *eol = strchr(p, '\n');
    size_t len = eol != NULL ? (size_t)(eol - p) : strlen(p);
    if (len >= 8 && strncmp(p, "backend ", 8) == 0) {
      if (start != NULL) break;
      if (len == strlen(head) && strncmp(p, head, len) == 0) start = p;
    } else if (start != NULL && len > 0 && p[0] != '#') {
      out[n++] = '\n';
      memcpy(out + n, p, len);
      n += len;
    }
    p += len + (eol != NULL);
  }
  if (start == NULL) {
    free(out);
    return NULL;
  }
  out[n++] = '\n';
  out[n] = '\0';
  return out;
}

/* Compares the trace with the record line by line; on the first
 * difference, says which operation and list, and where in the line. */
static void compare(const char *want, const char *got) {
  const char *op = "(none)";
  size_t oplen = 6;
  unsigned line = 0;
  while (*want != '\0' || *got != '\0') {
    const char *we = strchr(want, '\n'), *ge = strchr(got, '\n');
    size_t wl = we != NULL ? (size_t)(we - want) : strlen(want);
    size_t gl = ge != NULL ? (size_t)(ge - got) : strlen(got);
    line++;
    if (wl >= 3 && strncmp(want, "op ", 3) == 0) op = want, oplen = wl;
    if (wl != gl || memcmp(want, got, wl) != 0) {
      size_t at = 0;
      while (at < wl && at < gl && want[at] == got[at]) at++;
      CHECKF(0,
             "schedule differs from the record at line %u of the section "
             "(%.*s), column %zu:\n  want ...%.60s\n  got  ...%.60s",
             line, (int)oplen, op, at, want + (at > 20 ? at - 20 : 0),
             got + (at > 20 ? at - 20 : 0));
      return;
    }
    want += wl + (we != NULL);
    got += gl + (ge != NULL);
  }
  CHECK_MSG(1, "schedule equal to the record");
}

int main(int argc, char **argv) {
  const char *name;
  char *text, *want;
  size_t len;

  test_backend_banner();
  name = mlkem_backend_name();
  record_all();
  if (argc == 3 && strcmp(argv[1], "--write") == 0) {
    FILE *f = fopen(argv[2], "ab");
    CHECK_MSG(f != NULL && fprintf(f, "backend %s%s", name, trace) > 0 &&
                  fclose(f) == 0,
              "the record is written");
    return test_summary("test_sponge_trace");
  }
  text = test_read_file(test_vector_path("sponge-schedule/schedule.txt"), &len);
  CHECK_MSG(text != NULL, "the record can be read");
  if (text == NULL) return test_summary("test_sponge_trace");
  want = record_section(text, name);
  if (want == NULL) {
    printf("no record for backend %s: not compared\n", name);
    free(text);
    return TEST_SKIP;
  }
  compare(want, trace);
  {
    unsigned lists = 0, ops = 0;
    const char *p;
    for (p = trace; (p = strstr(p, "\nlist ")) != NULL; p++) lists++;
    for (p = trace; (p = strstr(p, "\nop ")) != NULL; p++) ops++;
    printf(
        "%u operations (3 sets x %u seeds x keygen, encaps, decaps, "
        "prepare_ek, encaps_prepared), %u lists: every permutation call "
        "as recorded\n",
        ops, NSEEDS, lists);
  }
  free(want);
  free(text);
  return test_summary("test_sponge_trace");
}
