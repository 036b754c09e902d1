/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * stack_usage.c - make stack: the maximum stack depth of keygen, encaps
 * and decaps, measured for every parameter set and every backend built in,
 * and of mlkem_x25519 and mlkem_x25519_base (whose implementation follows
 * the backend), compared with the bounds written in docs/SECURITY.md.
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
 * "| ML-KEM-768 | keygen | encaps | decaps |" with the bounds in bytes
 * (commas allowed), for every backend; and the one after
 * "<!-- stack-bounds-x25519 -->": a row "| X25519 | x25519 | x25519_base |".
 * Exit status 1 if a measured depth exceeds its bound (unless
 * --allow-over: then it is only marked OVER), if a bound is missing, or if
 * a measurement fails.
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
#include "mlkem_hazmat.h"
#include "painted_stack.h"

#define STACK_REGION (1u << 20)
#define NOPS 3

static const char *const op_names[NOPS] = {"keygen", "encaps", "decaps"};

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

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

/* X25519: a shared secret with the peer key g_xpub, and a public key. */
#define X_NOPS 2
static const char *const x_op_names[X_NOPS] = {"x25519", "x25519_base"};
static const uint8_t g_xk[MLKEM_X25519_BYTES] = {5, 6, 7};
static uint8_t g_xpub[MLKEM_X25519_BYTES] = {9}, g_xout[MLKEM_X25519_BYTES];
static void run_x25519(void *arg) {
  (void)arg;
  g_rc = mlkem_x25519(g_xout, g_xk, g_xpub);
}
static void run_x25519_base(void *arg) {
  (void)arg;
  g_rc = mlkem_x25519_base(g_xout, g_xk);
}
static void (*const x_op_fns[X_NOPS])(void *) = {run_x25519, run_x25519_base};

/* Depth of fn, the larger over two patterns; 0 on failure. */
static size_t measure(void (*fn)(void *)) {
  static const uint8_t patterns[2] = {0xA5, 0x3C};
  size_t best = 0;
  unsigned i;
  for (i = 0; i < 2; i++) {
    ps_stack st;
    size_t d;
    if (ps_run(&st, STACK_REGION, patterns[i], fn, NULL) != 0 ||
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
  for (s = 0; mlkem_kems[s] != NULL; s++) {
    g_kem = mlkem_kems[s];
    for (op = 0; op < NOPS; op++) {
      size_t d = measure(op_fns[op]);
      if (d == 0) return 1;
      fprintf(out, "%s %s %zu\n", g_kem->name, op_names[op], d);
    }
    if (memcmp(g_ss, g_ss2, sizeof g_ss) != 0) return 1;
  }
  for (op = 0; op < X_NOPS; op++) {
    size_t d = measure(x_op_fns[op]);
    if (d == 0) return 1;
    fprintf(out, "X25519 %s %zu\n", x_op_names[op], d);
  }
  fclose(out);
  return 0;
}

#define MAX_SETS 3
static long bounds[MAX_SETS][NOPS];
static long x_bounds[X_NOPS];

static int set_index(const char *name) {
  unsigned s;
  for (s = 0; s < MAX_SETS && mlkem_kems[s] != NULL; s++)
    if (strcmp(mlkem_kems[s]->name, name) == 0) return (int)s;
  return -1;
}

/* The number in a table cell (commas allowed), or -1. */
static long cell_value(const char *c) {
  long v = 0;
  int digits = 0;
  for (; *c != '|' && *c != '\0'; c++) {
    if (*c >= '0' && *c <= '9') {
      v = v * 10 + (*c - '0');
      digits++;
    }
  }
  return digits > 0 ? v : -1;
}

/* Reads the rows "| ML-KEM-x | n | n | n |" after the first marker and
 * "| X25519 | n | n |" after the second; returns how many were read. */
static int read_bounds(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  int table = -1, rows = 0, in_rows = 0;
  if (f == NULL) {
    perror(path);
    return -1;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *cell[8], *p = line, name[32];
    int n = 0, s;
    unsigned op;
    size_t len;
    if (strstr(line, "<!-- stack-bounds -->") != NULL ||
        strstr(line, "<!-- stack-bounds-x25519 -->") != NULL) {
      table = strstr(line, "x25519") != NULL;
      in_rows = 0;
      continue;
    }
    if (table < 0) continue;
    if (line[0] != '|') {
      if (in_rows) table = -1; /* the end of the table */
      continue;
    }
    in_rows = 1;
    while (n < 8 && (p = strchr(p, '|')) != NULL) cell[n++] = ++p;
    if (n < (table ? X_NOPS : NOPS) + 2) continue;
    len = strcspn(cell[0], "|");
    while (len > 0 && cell[0][len - 1] == ' ') len--;
    while (*cell[0] == ' ' && len > 0) cell[0]++, len--;
    if (len >= sizeof name) continue;
    memcpy(name, cell[0], len);
    name[len] = '\0';
    if (table) {
      if (strcmp(name, "X25519") != 0) continue;
      for (op = 0; op < X_NOPS; op++) x_bounds[op] = cell_value(cell[1 + op]);
    } else {
      if ((s = set_index(name)) < 0) continue;
      for (op = 0; op < NOPS; op++) bounds[s][op] = cell_value(cell[1 + op]);
    }
    rows++;
  }
  fclose(f);
  return rows;
}

/* "depth (bound)" into buf, marking a depth over its bound; returns 1 if
 * over, -1 if the bound is missing while bounds were asked for. */
static int format_depth(char *buf, size_t len, size_t depth, long bound,
                        int have_bounds) {
  if (have_bounds && bound < 0) {
    snprintf(buf, len, "%zu (no bound)", depth);
    return -1;
  }
  if (bound >= 0) {
    int over = (long)depth > bound;
    snprintf(buf, len, "%zu (%ld)%s", depth, bound, over ? " OVER" : "");
    return over;
  }
  snprintf(buf, len, "%zu", depth);
  return 0;
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
  memset(bounds, 0xFF, sizeof bounds); /* -1: no bound */
  memset(x_bounds, 0xFF, sizeof x_bounds);
  if (bounds_path != NULL) {
    nbounds = read_bounds(bounds_path);
    if (nbounds <= 0) {
      fprintf(stderr, "no stack bounds found in %s\n", bounds_path);
      return 1;
    }
  }

  printf("Maximum stack depth in bytes (measured; bound in parentheses)\n");
  printf("| backend  | set         | %-16s | %-16s | %-16s |\n", op_names[0],
         op_names[1], op_names[2]);
  printf(
      "| -------- | ----------- | ---------------- | ---------------- | "
      "---------------- |\n");
  for (backend = strtok_r(backends_buf, " ,", &save); backend != NULL;
       backend = strtok_r(NULL, " ,", &save)) {
    int fds[2], status;
    pid_t pid;
    FILE *in;
    size_t depth[MAX_SETS][NOPS], x_depth[X_NOPS];
    char setname[32], opname[32], cellbuf[40];
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
    memset(x_depth, 0, sizeof x_depth);
    in = fdopen(fds[0], "r");
    while (in != NULL &&
           fscanf(in, "%31s %31s %zu", setname, opname, &d) == 3) {
      int si = set_index(setname);
      for (op = 0; op < NOPS; op++)
        if (si >= 0 && strcmp(opname, op_names[op]) == 0) depth[si][op] = d;
      for (op = 0; op < X_NOPS; op++)
        if (strcmp(setname, "X25519") == 0 &&
            strcmp(opname, x_op_names[op]) == 0)
          x_depth[op] = d;
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
    for (s = 0; s < MAX_SETS && mlkem_kems[s] != NULL; s++) {
      printf("| %-8s | %-11s |", backend, mlkem_kems[s]->name);
      for (op = 0; op < NOPS; op++) {
        int r = format_depth(cellbuf, sizeof cellbuf, depth[s][op],
                             bounds[s][op], bounds_path != NULL);
        failed |= r < 0;
        over_any |= r > 0;
        printf(" %-16s |", cellbuf);
      }
      printf("\n");
    }
    /* X25519: x25519 and x25519_base in the first two columns. */
    printf("| %-8s | %-11s |", backend, "X25519");
    for (op = 0; op < X_NOPS; op++) {
      int r = format_depth(cellbuf, sizeof cellbuf, x_depth[op], x_bounds[op],
                           bounds_path != NULL);
      failed |= r < 0;
      over_any |= r > 0;
      printf(" %-16s |", cellbuf);
    }
    printf(" %-16s |\n", "");
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
