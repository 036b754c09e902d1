/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * stack_usage.c - make stack: the maximum stack depth of keygen, encaps
 * and decaps (and of the expanded keys' functions), measured for every
 * parameter set (ML-KEM's and the round-3
 * variants of mlkem_kyber.h) and every backend built in, and of X25519,
 * X-Wing and the TLS key shares (whose X25519 follows the
 * backend), compared with the bounds written in docs/SECURITY.md.
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
 * Bounds: the tables in FILE after a line with the marker
 * "<!-- stack-bounds": rows "| NAME | bound | bound | bound |" with the
 * bounds in bytes (commas allowed) of the row's functions in order, the
 * same for every backend: the ML-KEM sets and the round-3 variants of
 * mlkem_kyber.h (keygen, encaps, decaps), the ML-KEM sets' expanded keys
 * ("ML-KEM-768/xdk": expand_dk, expand_dk_from_seed, decaps_expanded;
 * "ML-KEM-768/xek": expand_ek, encaps_expanded),
 * X25519 (x25519, x25519_base), X-Wing (keygen, encaps, decaps) and
 * X25519MLKEM768 (client_share, server_share, client_finish).
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
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "painted_stack.h"

#define STACK_REGION (1u << 20)
#define MAX_OPS 3

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* Buffers live outside the measured stack. */
static uint8_t g_ek[MAX_EK], g_dk[MAX_DK], g_ct[MAX_CT];
static uint8_t g_ss[64], g_ss2[64];
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

/* The expanded keys: of the key pair of g_seed, whose ciphertext g_ct
 * prepare_expanded makes. */
static const uint8_t g_seed[MLKEM_SEED_BYTES] = {1, 2, 3};
static uint8_t g_xdk[MLKEM1024_EXPANDED_DK_BYTES];
static uint8_t g_xek[MLKEM1024_EXPANDED_EK_BYTES];
static int prepare_expanded(void) {
  return g_kem->keygen_derand(g_ek, g_dk, g_seed) == MLKEM_OK &&
         g_kem->encaps(g_ct, g_ss, g_ek) == MLKEM_OK;
}
static void run_expand_dk(void *arg) {
  (void)arg;
  g_rc = g_kem->expand_dk(g_xdk, g_dk);
}
static void run_expand_dk_from_seed(void *arg) {
  (void)arg;
  g_rc = g_kem->expand_dk_from_seed(g_xdk, g_seed);
}
static void run_decaps_expanded(void *arg) {
  (void)arg;
  g_rc = g_kem->decaps_expanded(g_ss2, g_ct, g_xdk);
}
static void run_expand_ek(void *arg) {
  (void)arg;
  g_rc = g_kem->expand_ek(g_xek, g_ek);
}
static void run_encaps_expanded(void *arg) {
  (void)arg;
  g_rc = g_kem->encaps_expanded(g_ct, g_ss, g_xek);
}

/* X25519: a shared secret with the peer key g_xpub, and a public key. */
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

/* X-Wing, and the TLS key shares of X25519MLKEM768 (mlkem_hybrid.h). */
static uint8_t g_hpk[XWING_PK_BYTES], g_hct[XWING_CT_BYTES], g_hsk[32];
static uint8_t g_hstate[X25519MLKEM768_CLIENT_STATE_BYTES];
static void run_xwing_keygen(void *arg) {
  (void)arg;
  g_rc = xwing_keygen(g_hpk, g_hsk);
}
static void run_xwing_encaps(void *arg) {
  (void)arg;
  g_rc = xwing_encaps(g_hct, g_ss, g_hpk);
}
static void run_xwing_decaps(void *arg) {
  (void)arg;
  g_rc = xwing_decaps(g_ss2, g_hct, g_hsk);
}
static void run_tls_client(void *arg) {
  (void)arg;
  g_rc = x25519mlkem768_client_share(g_hpk, g_hstate);
}
static void run_tls_server(void *arg) {
  (void)arg;
  g_rc = x25519mlkem768_server_share(g_hct, g_ss, g_hpk);
}
/* client_finish consumes (wipes) its state, and each call is measured
 * twice: it finishes a copy of client_share's. */
static uint8_t g_hstate_used[X25519MLKEM768_CLIENT_STATE_BYTES];
static void run_tls_finish(void *arg) {
  (void)arg;
  memcpy(g_hstate_used, g_hstate, sizeof g_hstate);
  g_rc = x25519mlkem768_client_finish(g_ss2, g_hct, g_hstate_used);
}

/* A row of the tables: up to three functions measured in order (each may
 * use what the one before wrote), the result of the last compared with
 * that of the middle one when `agree` (g_ss, g_ss2: the secrets); prepare,
 * if not NULL, runs first, unmeasured. */
typedef struct {
  const char *name;
  const mlkem_kem *kem; /* the ML-KEM set, or NULL */
  unsigned nops;
  const char *op_names[MAX_OPS];
  void (*op_fns[MAX_OPS])(void *);
  size_t agree;         /* bytes of g_ss and g_ss2 that must agree, or 0 */
  int (*prepare)(void); /* returns 1 on success */
} row;

#define MAX_ROWS 18
static row rows[MAX_ROWS];
static unsigned nrows;

static void add_row(row r) {
  if (nrows < MAX_ROWS) rows[nrows++] = r;
}

static void add_kem_rows(const mlkem_kem *const *kems) {
  unsigned s;
  for (s = 0; kems[s] != NULL; s++) {
    row r = {NULL,
             NULL,
             3,
             {"keygen", "encaps", "decaps"},
             {run_keygen, run_encaps, run_decaps},
             MLKEM_SS_BYTES,
             NULL};
    r.name = kems[s]->name;
    r.kem = kems[s];
    add_row(r);
  }
}

/* Per ML-KEM set, its expanded keys: "<set>/xdk" (expand_dk,
 * expand_dk_from_seed, decaps_expanded) and "<set>/xek" (expand_ek,
 * encaps_expanded). */
static void add_expanded_rows(void) {
  static char names[2][3][24];
  unsigned s;
  for (s = 0; mlkem_kems[s] != NULL && s < 3; s++) {
    row d = {NULL,
             NULL,
             3,
             {"expand_dk", "expand_dk_from_seed", "decaps_expanded"},
             {run_expand_dk, run_expand_dk_from_seed, run_decaps_expanded},
             MLKEM_SS_BYTES,
             prepare_expanded};
    row e = {NULL,
             NULL,
             2,
             {"expand_ek", "encaps_expanded", NULL},
             {run_expand_ek, run_encaps_expanded, NULL},
             0,
             prepare_expanded};
    snprintf(names[0][s], sizeof names[0][s], "%s/xdk", mlkem_kems[s]->name);
    snprintf(names[1][s], sizeof names[1][s], "%s/xek", mlkem_kems[s]->name);
    d.name = names[0][s];
    d.kem = mlkem_kems[s];
    e.name = names[1][s];
    e.kem = mlkem_kems[s];
    add_row(d);
    add_row(e);
  }
}

static void make_rows(void) {
  add_kem_rows(mlkem_kems);
  add_expanded_rows();
  add_kem_rows(mlkem_kyber_kems);
  {
    row r = {"X25519",
             NULL,
             2,
             {"x25519", "x25519_base", NULL},
             {run_x25519, run_x25519_base, NULL},
             0,
             NULL};
    add_row(r);
  }
  {
    row r = {"X-Wing",
             NULL,
             3,
             {"keygen", "encaps", "decaps"},
             {run_xwing_keygen, run_xwing_encaps, run_xwing_decaps},
             XWING_SS_BYTES,
             NULL};
    add_row(r);
  }
  {
    row r = {"X25519MLKEM768",
             NULL,
             3,
             {"client_share", "server_share", "client_finish"},
             {run_tls_client, run_tls_server, run_tls_finish},
             X25519MLKEM768_SECRET_BYTES,
             NULL};
    add_row(r);
  }
}

static int row_index(const char *name) {
  unsigned i;
  for (i = 0; i < nrows; i++)
    if (strcmp(rows[i].name, name) == 0) return (int)i;
  return -1;
}

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

/* In the child: "row op bytes" lines on fd. Exit 77 if the backend is
 * unavailable, 1 on a failed call or secrets that disagree. */
static int child(const char *backend, int fd) {
  FILE *out = fdopen(fd, "w");
  unsigned r, op;
  if (out == NULL || setenv("MLKEM_BACKEND", backend, 1) != 0) return 1;
  if (strcmp(mlkem_backend_name(), backend) != 0) return 77;
  for (r = 0; r < nrows; r++) {
    g_kem = rows[r].kem;
    if (rows[r].prepare != NULL && !rows[r].prepare()) return 1;
    for (op = 0; op < rows[r].nops; op++) {
      size_t d = measure(rows[r].op_fns[op]);
      if (d == 0) return 1;
      fprintf(out, "%s %s %zu\n", rows[r].name, rows[r].op_names[op], d);
    }
    if (memcmp(g_ss, g_ss2, rows[r].agree) != 0) return 1;
  }
  fclose(out);
  return 0;
}

static long bounds[MAX_ROWS][MAX_OPS];

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

/* Reads the rows "| NAME | n | n | n |" (a row of make_rows and its
 * bounds, in the order of its functions) of every table that follows a
 * line with the marker "<!-- stack-bounds"; returns how many were read. */
static int read_bounds(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  int in_table = 0, nread = 0, in_rows = 0;
  if (f == NULL) {
    perror(path);
    return -1;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *cell[8], *p = line, name[32];
    int n = 0, r;
    unsigned op;
    size_t len;
    if (strstr(line, "<!-- stack-bounds") != NULL) {
      in_table = 1;
      in_rows = 0;
      continue;
    }
    if (!in_table) continue;
    if (line[0] != '|') {
      if (in_rows) in_table = 0; /* the end of the table */
      continue;
    }
    in_rows = 1;
    while (n < 8 && (p = strchr(p, '|')) != NULL) cell[n++] = ++p;
    if (n < 3) continue;
    len = strcspn(cell[0], "|");
    while (len > 0 && cell[0][len - 1] == ' ') len--;
    while (*cell[0] == ' ' && len > 0) cell[0]++, len--;
    if (len >= sizeof name) continue;
    memcpy(name, cell[0], len);
    name[len] = '\0';
    if ((r = row_index(name)) < 0 || n < (int)rows[r].nops + 2) continue;
    for (op = 0; op < rows[r].nops; op++)
      bounds[r][op] = cell_value(cell[1 + op]);
    nread++;
  }
  fclose(f);
  return nread;
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
  unsigned r, op;

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
  make_rows();
  memset(bounds, 0xFF, sizeof bounds); /* -1: no bound */
  if (bounds_path != NULL) {
    nbounds = read_bounds(bounds_path);
    if (nbounds <= 0) {
      fprintf(stderr, "no stack bounds found in %s\n", bounds_path);
      return 1;
    }
  }

  printf("Maximum stack depth in bytes (measured; bound in parentheses)\n");
  printf("| backend  | %-14s | %-30s | %-30s | %-30s |\n", "functions", "first",
         "second", "third");
  printf("| -------- | -------------- | %s | %s | %s |\n",
         "------------------------------", "------------------------------",
         "------------------------------");
  for (backend = strtok_r(backends_buf, " ,", &save); backend != NULL;
       backend = strtok_r(NULL, " ,", &save)) {
    int fds[2], status;
    pid_t pid;
    FILE *in;
    size_t depth[MAX_ROWS][MAX_OPS];
    char rowname[32], opname[32], cellbuf[64];
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
           fscanf(in, "%31s %31s %zu", rowname, opname, &d) == 3) {
      int ri = row_index(rowname);
      for (op = 0; ri >= 0 && op < rows[ri].nops; op++)
        if (strcmp(opname, rows[ri].op_names[op]) == 0) depth[ri][op] = d;
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
    for (r = 0; r < nrows; r++) {
      printf("| %-8s | %-14s |", backend, rows[r].name);
      for (op = 0; op < MAX_OPS; op++) {
        char num[40];
        int v;
        if (op >= rows[r].nops) {
          printf(" %-30s |", "");
          continue;
        }
        v = format_depth(num, sizeof num, depth[r][op], bounds[r][op],
                         bounds_path != NULL);
        failed |= v < 0;
        over_any |= v > 0;
        snprintf(cellbuf, sizeof cellbuf, "%s %s", rows[r].op_names[op], num);
        printf(" %-30s |", cellbuf);
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
