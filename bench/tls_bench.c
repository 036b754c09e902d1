/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * tls_bench.c - full TLS 1.3 handshakes per second on one core over
 * loopback (make bench-tls): X25519 alone (OpenSSL's default provider)
 * against X25519MLKEM768 and the provider's other groups.
 *
 * One thread, pinned to one CPU, runs both ends: for every handshake a new
 * TCP connection on 127.0.0.1, a client and a server SSL object driven in
 * turn until both have finished, and both freed. So a figure is the whole
 * cost of a handshake, client and server together, kernel included, as a
 * core spends it. The handshakes are full ones: no tickets, no resumption.
 * The server has an ECDSA P-256 certificate (made here) that the client
 * verifies. Passes alternate between the groups, so that each group's
 * passes see the same machine; the figures are medians over passes.
 *
 *   mlkem_tls_bench [--module-dir DIR] [--handshakes N] [--passes P]
 *                   [--groups G1,G2,...]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, with C11 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "programs.h"

#define MAX_GROUPS 8
#define MAX_PASSES 64

static OSSL_LIB_CTX *lib;

static void die(const char *what) {
  fprintf(stderr, "mlkem_tls_bench: %s\n", what);
  ERR_print_errors_fp(stderr);
  exit(1);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A self-signed ECDSA P-256 certificate for "localhost". */
static X509 *make_cert(EVP_PKEY *key) {
  X509 *x = X509_new_ex(lib, NULL);
  X509_NAME *name = X509_NAME_new();
  if (x == NULL || name == NULL ||
      !X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                  (const unsigned char *)"localhost", -1, -1,
                                  0) ||
      !X509_set_version(x, 2) ||
      !ASN1_INTEGER_set(X509_get_serialNumber(x), 1) ||
      !X509_set_subject_name(x, name) || !X509_set_issuer_name(x, name) ||
      X509_gmtime_adj(X509_getm_notBefore(x), -3600) == NULL ||
      X509_gmtime_adj(X509_getm_notAfter(x), 86400) == NULL ||
      !X509_set_pubkey(x, key) || !X509_sign(x, key, EVP_sha256()))
    die("cannot make the certificate");
  X509_NAME_free(name);
  return x;
}

static SSL_CTX *make_ctx(int server, EVP_PKEY *key, X509 *cert,
                         const char *group) {
  SSL_CTX *ctx = SSL_CTX_new_ex(
      lib, NULL, server ? TLS_server_method() : TLS_client_method());
  if (ctx == NULL || !SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) ||
      !SSL_CTX_set1_groups_list(ctx, group))
    die("cannot make an SSL_CTX (is the group known?)");
  /* Full handshakes only. */
  SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
  SSL_CTX_set_options(ctx, SSL_OP_NO_TICKET);
  if (server) {
    SSL_CTX_set_num_tickets(ctx, 0);
    if (!SSL_CTX_use_certificate(ctx, cert) ||
        !SSL_CTX_use_PrivateKey(ctx, key))
      die("cannot set the server's key");
  } else {
    if (!X509_STORE_add_cert(SSL_CTX_get_cert_store(ctx), cert))
      die("cannot trust the certificate");
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
  }
  return ctx;
}

static int listener(struct sockaddr_in *addr) {
  socklen_t len = sizeof *addr;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  memset(addr, 0, sizeof *addr);
  addr->sin_family = AF_INET;
  addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || bind(fd, (struct sockaddr *)addr, sizeof *addr) != 0 ||
      listen(fd, 16) != 0 ||
      getsockname(fd, (struct sockaddr *)addr, &len) != 0)
    die("cannot listen on 127.0.0.1");
  return fd;
}

static void nonblocking(int fd) {
  int one = 1;
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* One full handshake over a new loopback connection. If name is not
 * NULL, writes the name of the group the server negotiated. */
static void handshake(SSL_CTX *cctx, SSL_CTX *sctx, int lfd,
                      const struct sockaddr_in *addr, char *name, size_t cap) {
  int c = socket(AF_INET, SOCK_STREAM, 0), s, steps;
  int cdone = 0, sdone = 0;
  SSL *cs, *ss;
  nonblocking(c);
  if (connect(c, (const struct sockaddr *)addr, sizeof *addr) != 0 &&
      errno != EINPROGRESS)
    die("connect failed");
  s = accept(lfd, NULL, NULL);
  if (s < 0) die("accept failed");
  nonblocking(s);
  cs = SSL_new(cctx);
  ss = SSL_new(sctx);
  if (cs == NULL || ss == NULL || !SSL_set_fd(cs, c) || !SSL_set_fd(ss, s) ||
      !SSL_set_tlsext_host_name(cs, "localhost"))
    die("cannot make the SSL objects");
  SSL_set_connect_state(cs);
  SSL_set_accept_state(ss);
  for (steps = 0; (!cdone || !sdone) && steps < 1000; steps++) {
    if (!cdone) {
      int r = SSL_do_handshake(cs);
      if (r == 1) {
        cdone = 1;
      } else if (SSL_get_error(cs, r) != SSL_ERROR_WANT_READ &&
                 SSL_get_error(cs, r) != SSL_ERROR_WANT_WRITE) {
        die("the client's handshake failed");
      }
    }
    if (!sdone) {
      int r = SSL_do_handshake(ss);
      if (r == 1) {
        sdone = 1;
      } else if (SSL_get_error(ss, r) != SSL_ERROR_WANT_READ &&
                 SSL_get_error(ss, r) != SSL_ERROR_WANT_WRITE) {
        die("the server's handshake failed");
      }
    }
  }
  if (!cdone || !sdone) die("the handshake did not finish");
  if (name != NULL) {
    /* libssl gives a group it has no NID for as its code point with
     * TLSEXT_nid_unknown set; SSL_group_to_name knows both kinds. */
    int group = SSL_get_negotiated_group(ss);
    snprintf(name, cap, "%s (%#x)",
             SSL_group_to_name(ss, group) ? SSL_group_to_name(ss, group) : "?",
             (unsigned)group);
  }
  SSL_free(cs);
  SSL_free(ss);
  close(c);
  close(s);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return v[n / 2];
}

int main(int argc, char **argv) {
  const char *module_dir = MLKEM_PROVIDER_DIR;
  char groups_arg[256] = "X25519,X25519MLKEM768";
  const char *groups[MAX_GROUPS];
  int ngroups = 0, handshakes = 300, passes = 10, i, p, g;
  double rate[MAX_GROUPS][MAX_PASSES], ratio[MAX_GROUPS][MAX_PASSES];
  SSL_CTX *cctx[MAX_GROUPS], *sctx[MAX_GROUPS];
  EVP_PKEY *key;
  X509 *cert;
  struct sockaddr_in addr;
  int lfd;
  char *tok, name[64];
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--module-dir") == 0 && i + 1 < argc) {
      module_dir = argv[++i];
    } else if (strcmp(argv[i], "--handshakes") == 0 && i + 1 < argc) {
      handshakes = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc) {
      passes = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--groups") == 0 && i + 1 < argc) {
      snprintf(groups_arg, sizeof groups_arg, "%s", argv[++i]);
    } else {
      fprintf(stderr,
              "usage: %s [--module-dir DIR] [--handshakes N] [--passes P] "
              "[--groups G1,G2,...] (the first group is the baseline)\n",
              argv[0]);
      return 2;
    }
  }
  if (handshakes < 1 || passes < 1 || passes > MAX_PASSES) die("bad counts");
  for (tok = strtok(groups_arg, ","); tok != NULL && ngroups < MAX_GROUPS;
       tok = strtok(NULL, ","))
    groups[ngroups++] = tok;

  lib = OSSL_LIB_CTX_new();
  if (lib == NULL ||
      OSSL_PROVIDER_set_default_search_path(lib, module_dir) != 1 ||
      OSSL_PROVIDER_load(lib, "default") == NULL ||
      OSSL_PROVIDER_load(lib, "mlkem-provider") == NULL)
    die("cannot load the default provider and mlkem-provider");
  mlkem_bench_pin();
  key = EVP_PKEY_Q_keygen(lib, NULL, "EC", "P-256");
  if (key == NULL) die("cannot make the server's key");
  cert = make_cert(key);
  lfd = listener(&addr);
  for (g = 0; g < ngroups; g++) {
    cctx[g] = make_ctx(0, key, cert, groups[g]);
    sctx[g] = make_ctx(1, key, cert, groups[g]);
    /* Warm up, and say which group was negotiated. */
    handshake(cctx[g], sctx[g], lfd, &addr, name, sizeof name);
    printf("%-20s negotiated: %s\n", groups[g], name);
    for (i = 0; i < 20; i++) handshake(cctx[g], sctx[g], lfd, &addr, NULL, 0);
  }
  for (p = 0; p < passes; p++) {
    for (g = 0; g < ngroups; g++) {
      double t0 = now();
      for (i = 0; i < handshakes; i++)
        handshake(cctx[g], sctx[g], lfd, &addr, NULL, 0);
      rate[g][p] = handshakes / (now() - t0);
    }
    for (g = 0; g < ngroups; g++) ratio[g][p] = rate[0][p] / rate[g][p];
  }
  printf(
      "\nFull TLS 1.3 handshakes (client and server, one core, loopback, "
      "ECDSA P-256 certificate), %d passes of %d:\n",
      passes, handshakes);
  printf(
      "| group | handshakes/s (median) | us per handshake | "
      "time vs %s (median of passes) |\n|---|---|---|---|\n",
      groups[0]);
  for (g = 0; g < ngroups; g++) {
    double r = median(rate[g], passes);
    printf("| %s | %.0f | %.1f | %.3f |\n", groups[g], r, 1e6 / r,
           median(ratio[g], passes));
  }
  for (g = 0; g < ngroups; g++) {
    SSL_CTX_free(cctx[g]);
    SSL_CTX_free(sctx[g]);
  }
  close(lfd);
  X509_free(cert);
  EVP_PKEY_free(key);
  return 0;
}
