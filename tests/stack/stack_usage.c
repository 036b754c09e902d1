/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * stack_usage.c - make stack: the maximum stack depth of keygen, encaps
 * and decaps, measured for every parameter set (ML-KEM's and the round-3
 * variants of mlkem_kyber.h) and every backend built in, and compared with
 * the bounds written in docs/SECURITY.md.
 *
 * Each call runs on a thread whose stack is a region we own, painted with
 * a byte pattern first (tests/painted_stack.h); afterwards the lowest byte
 * that no longer holds the pattern gives the depth below the caller's
 * stack pointer (return address, frames, alignment padding, and whatever
 * the library calls, e.g. getrandom). Each call is measured twice, with
 * two different patterns, and the larger result kept, so a byte that
 * happens to be written with the pattern value cannot hide the deepest
 * write. The first call of each backend (which also chooses the backend)
 * is among those measured.
 *
 * Backends are measured in child processes (fork), since the backend is
 * chosen once per process from MLKEM_BACKEND; one the CPU lacks is shown
 * as skipped.
 *
 * Usage: mlkem_stack [--bounds FILE] [--backends "portable avx2 ..."]
 *                    [--allow-over]
 * Bounds: the table in FILE after the line "<!-- stack-bounds -->": rows
 * "| ML-KEM-768 | keygen | encaps | decaps |" (or "| Kyber768-90s | ...")
 * with the bounds in bytes
 * (commas allowed), for every backend. Exit status 1 if a measured depth
 * exceeds its bound (unless --allow-over: then it is only marked OVER), if
 * a bound is missing for a set, or if a measurement fails.
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mlkem.h"
#include "mlkem_kyber.h"
#include "painted_stack.h"

#define STACK_REGION (1u << 20)
#define NOPS 3

static const char *const op_names[NOPS] = {"keygen", "encaps", "decaps"};

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* Every set measured: ML-KEM's, then round 3's. */
#define MAX_SETS 9
static const mlkem_kem *sets[MAX_SETS];

static void list_sets(void) {
  unsigned s, n = 0;
  for (s = 0; mlkem_kems[s] != NULL && n < MAX_SETS; s++)
    sets[n++] = mlkem_kems[s];
  for (s = 0; mlkem_kyber_kems[s] != NULL && n < MAX_SETS; s++)
    sets[n++] = mlkem_kyber_kems[s];
}

/* Buffers live outside the measured stack. */
static uint8_t g_ek[MAX_EK], g_dk[MAX_DK], g_ct[MAX_CT];
static uint8_t g_ss[MLKEM_SS_BYTES], g_ss2[MLKEM_SS_BYTES];
static const mlkem_kem *g_kem;
static int g_rc;

static void run_keygen(void *arg) {
  (void)arg;
  g_rc = g_kem->keygen(g_ek, g_dk);
}
static void run_encaps(void *arg) {
  (void)arg;
  g_rc = g_kem->encaps(g_ct, g_ss, g_ek);
}
static void run_decaps(void *arg) {
  (void)arg;
  g_rc = g_kem->decaps(g_ss2, g_ct, g_dk);
}
static void (*const op_fns[NOPS])(void *) = {run_keygen, run_encaps,
                                             run_decaps};

/* Depth of op, the larger over two patterns; 0 on failure. */
static size_t measure(unsigned op) {
  static const uint8_t patterns[2] = {0xA5, 0x3C};
  size_t best = 0;
  unsigned i;
  for (i = 0; i < 2; i++) {
    ps_stack st;
    size_t d;
    if (ps_run(&st, STACK_REGION, patterns[i], op_fns[op], NULL) != 0 ||
        g_rc != MLKEM_OK) {
      ps_free(&st);
      return 0;
    }
    if (ps_lowest(&st, patterns[i]) == 0) {
      fprintf(stderr, "stack region of %u bytes exhausted\n", STACK_REGION);
      ps_free(&st);
      return 0;
    }
    d = ps_depth(&st, patterns[i]);
    if (d > best) best = d;
    ps_free(&st);
  }
  return best;
}

/* In the child: "set op bytes" lines on fd. Exit 77 if the backend is
 * unavailable, 1 on a failed call. */
static int child(const char *backend, int fd) {
  FILE *out = fdopen(fd, "w");
  unsigned s, op;
  if (out == NULL || setenv("MLKEM_BACKEND", backend, 1) != 0) return 1;
  if (strcmp(mlkem_backend_name(), backend) != 0) return 77;
  for (s = 0; s < MAX_SETS && sets[s] != NULL; s++) {
    g_kem = sets[s];
    for (op = 0; op < NOPS; op++) {
      size_t d = measure(op);
      if (d == 0) return 1;
      fprintf(out, "%s %s %zu\n", g_kem->name, op_names[op], d);
    }
    if (memcmp(g_ss, g_ss2, sizeof g_ss) != 0) return 1;
  }
  fclose(out);
  return 0;
}

static long bounds[MAX_SETS][NOPS];

static int set_index(const char *name) {
  unsigned s;
  for (s = 0; s < MAX_SETS && sets[s] != NULL; s++)
    if (strcmp(sets[s]->name, name) == 0) return (int)s;
  return -1;
}

/* Reads "| ML-KEM-x | n | n | n |" rows after the marker. */
static int read_bounds(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  int in_table = 0, rows = 0;
  if (f == NULL) {
    perror(path);
    return -1;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *cell[8], *p = line;
    int n = 0, s;
    unsigned op;
    if (strstr(line, "<!-- stack-bounds -->") != NULL) {
      in_table = 1;
      continue;
    }
    if (!in_table) continue;
    if (line[0] != '|') {
      if (rows > 0) break;
      continue;
    }
    while (n < 8 && (p = strchr(p, '|')) != NULL) cell[n++] = ++p;
    if (n < 5) continue;
    {
      char name[32];
      size_t len = strcspn(cell[0], "|");
      while (len > 0 && cell[0][len - 1] == ' ') len--;
      while (*cell[0] == ' ' && len > 0) cell[0]++, len--;
      if (len >= sizeof name) continue;
      memcpy(name, cell[0], len);
      name[len] = '\0';
      s = set_index(name);
      if (s < 0) continue;
    }
    for (op = 0; op < NOPS; op++) {
      long v = 0;
      const char *c = cell[1 + op];
      int digits = 0;
      for (; *c != '|' && *c != '\0'; c++) {
        if (*c >= '0' && *c <= '9') {
          v = v * 10 + (*c - '0');
          digits++;
        }
      }
      bounds[s][op] = digits > 0 ? v : -1;
    }
    rows++;
  }
  fclose(f);
  return rows;
}

int main(int argc, char **argv) {
  const char *bounds_path = NULL;
  char backends_buf[256] = "portable avx2 avx512";
  char *backend, *save = NULL;
  int i, failed = 0, over_any = 0, allow_over = 0, nbounds = 0;
  unsigned s, op;

  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--bounds") == 0 && i + 1 < argc) {
      bounds_path = argv[++i];
    } else if (strcmp(argv[i], "--allow-over") == 0) {
      allow_over = 1;
    } else if (strcmp(argv[i], "--backends") == 0 && i + 1 < argc) {
      snprintf(backends_buf, sizeof backends_buf, "%s", argv[++i]);
    } else {
      fprintf(stderr,
              "usage: %s [--bounds FILE] [--backends LIST] [--allow-over]\n",
              argv[0]);
      return 2;
    }
  }
  list_sets();
  memset(bounds, 0xFF, sizeof bounds); /* -1: no bound */
  if (bounds_path != NULL) {
    nbounds = read_bounds(bounds_path);
    if (nbounds <= 0) {
      fprintf(stderr, "no stack bounds found in %s\n", bounds_path);
      return 1;
    }
  }

  printf("Maximum stack depth in bytes (measured; bound in parentheses)\n");
  printf("| backend  | set           | %-16s | %-16s | %-16s |\n", op_names[0],
         op_names[1], op_names[2]);
  printf(
      "| -------- | ------------- | ---------------- | ---------------- | "
      "---------------- |\n");
  for (backend = strtok_r(backends_buf, " ,", &save); backend != NULL;
       backend = strtok_r(NULL, " ,", &save)) {
    int fds[2], status;
    pid_t pid;
    FILE *in;
    size_t depth[MAX_SETS][NOPS];
    char setname[32], opname[32];
    size_t d;
    fflush(stdout);
    if (pipe(fds) != 0) return 1;
    pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
      close(fds[0]);
      _exit(child(backend, fds[1]));
    }
    close(fds[1]);
    memset(depth, 0, sizeof depth);
    in = fdopen(fds[0], "r");
    while (in != NULL &&
           fscanf(in, "%31s %31s %zu", setname, opname, &d) == 3) {
      int si = set_index(setname);
      for (op = 0; op < NOPS; op++)
        if (si >= 0 && strcmp(opname, op_names[op]) == 0) depth[si][op] = d;
    }
    if (in != NULL) fclose(in);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
      printf("| %-8s | measurement crashed\n", backend);
      failed = 1;
      continue;
    }
    if (WEXITSTATUS(status) == 77) {
      printf("| %-8s | skipped: not built in or not supported by this CPU\n",
             backend);
      continue;
    }
    if (WEXITSTATUS(status) != 0) {
      printf("| %-8s | measurement failed (exit %d)\n", backend,
             WEXITSTATUS(status));
      failed = 1;
      continue;
    }
    for (s = 0; s < MAX_SETS && sets[s] != NULL; s++) {
      printf("| %-8s | %-13s |", backend, sets[s]->name);
      for (op = 0; op < NOPS; op++) {
        char cellbuf[40];
        long b = bounds[s][op];
        int over = b >= 0 && (long)depth[s][op] > b;
        if (bounds_path != NULL && b < 0) {
          snprintf(cellbuf, sizeof cellbuf, "%zu (no bound)", depth[s][op]);
          failed = 1;
        } else if (b >= 0) {
          snprintf(cellbuf, sizeof cellbuf, "%zu (%ld)%s", depth[s][op], b,
                   over ? " OVER" : "");
        } else {
          snprintf(cellbuf, sizeof cellbuf, "%zu", depth[s][op]);
        }
        if (over) over_any = 1;
        printf(" %-16s |", cellbuf);
      }
      printf("\n");
    }
  }
  if (bounds_path != NULL) {
    if (failed)
      printf("stack: FAILED (a measurement failed or a bound is missing)\n");
    else if (over_any)
      printf("stack: %s: a depth exceeds its bound in %s\n",
             allow_over ? "WARNING (--allow-over)" : "FAILED", bounds_path);
    else
      printf("stack: every depth within its bound\n");
  }
  return failed || (over_any && !allow_over);
}
