/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_acvp.c - mlkem acvp: answers a NIST ACVP test-vector request for
 * ML-KEM (FIPS 203), for validation labs (docs/CLI.md).
 *
 * The request is a vector set as the ACVP server sends it (the
 * "prompt.json" of the ACVP-Server sample files): an object with vsId,
 * algorithm "ML-KEM", mode "keyGen" or "encapDecap", revision "FIPS203"
 * and testGroups, or the protocol's array form [{"acvVersion": ...},
 * {vector set}]. The response has the same form, with the fields of the
 * server's "expectedResults.json": per test group its tgId, per test its
 * tcId and the results.
 *
 *   keyGen                  d, z -> ek, dk (ML-KEM.KeyGen_internal,
 *                           FIPS 203 Algorithm 16)
 *   encapsulation           ek, m -> c, k (ML-KEM.Encaps_internal,
 *                           Algorithm 17, after the section 7.2 check)
 *   decapsulation           dk, c -> k (ML-KEM.Decaps_internal,
 *                           Algorithm 18, after the section 7.3 check)
 *   encapsulationKeyCheck   ek -> testPassed (section 7.2: length, then
 *                           the modulus check)
 *   decapsulationKeyCheck   dk -> testPassed (section 7.3: length, then
 *                           the hash check)
 *
 * ACVP's test data is public, including its decapsulation keys, so the
 * response is written as an ordinary (not secret) file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "acvp_fields.h"
#include "json.h"

static const char usage[] =
    "usage: mlkem acvp -i REQUEST.json -o RESPONSE.json\n"
    "\n"
    "Answers a NIST ACVP test-vector request for ML-KEM (FIPS 203): keyGen,\n"
    "and encapDecap with its functions encapsulation, decapsulation,\n"
    "encapsulationKeyCheck and decapsulationKeyCheck, for ML-KEM-512, -768\n"
    "and -1024. The response JSON has the fields the ACVP server expects\n"
    "(tgId, tcId and the results), in the form of the request (a vector\n"
    "set, or the [{\"acvVersion\": ...}, {vector set}] array). Exit status\n"
    "1, with the test named, if the request is malformed or asks for\n"
    "something this tool does not do; no partial response is written.\n"
    "\n"
    "  -i, --in FILE   the request ('-' for standard input)\n"
    "  -o, --out FILE  the response ('-' for standard output)\n";

/* Requests are far larger than key files: every test of a set at once. */
#define ACVP_MAX_INPUT (256u << 20)

/* Room for the largest byte string of any test: an ML-KEM-1024 dk. A key
 * given to a key check may be longer (then it fails the length check). */
#define ACVP_MAX_BYTES MLKEM1024_DK_BYTES

typedef struct {
  json_writer out;
  char msg[256]; /* the first error */
} acvp;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static int
acvp_fail(acvp *a, const char *fmt, ...) {
  va_list ap;
  if (a->msg[0] == '\0') {
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof a->msg, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* A test's hex field, decoded into out (cap bytes): 0, or -1 with the
 * error named and all of out zero. A field longer than cap is an error
 * unless too_long is not NULL: then *too_long is set to 1 and 0 returned
 * (out still all zero), for the key checks, whose keys of a wrong length
 * are an answer (testPassed false), not an error. */
static int get_bytes(acvp *a, const json_value *test, long long tc,
                     const char *name, uint8_t *out, size_t cap, size_t *len,
                     int *too_long) {
  int rc = acvp_get_bytes(test, name, out, cap, len);
  if (too_long != NULL) *too_long = rc == ACVP_FIELD_TOO_LONG;
  switch (rc) {
    case ACVP_FIELD_OK:
      return 0;
    case ACVP_FIELD_MISSING:
      return acvp_fail(a, "test %lld: no string field \"%s\"", tc, name);
    case ACVP_FIELD_ODD:
      return acvp_fail(a, "test %lld: \"%s\" has an odd number of hex digits",
                       tc, name);
    case ACVP_FIELD_TOO_LONG:
      if (too_long != NULL) return 0;
      return acvp_fail(a, "test %lld: \"%s\" has %zu bytes, expected %zu", tc,
                       name, *len, cap);
    default:
      return acvp_fail(a, "test %lld: \"%s\" is not hex", tc, name);
  }
}

/* A field that must have exactly `want` bytes (out has room for them). */
static int get_exact(acvp *a, const json_value *test, long long tc,
                     const char *name, size_t want, uint8_t *out) {
  size_t len = 0;
  if (get_bytes(a, test, tc, name, out, want, &len, NULL) != 0) return -1;
  if (len != want) {
    mlkem_zeroize(out, want);
    return acvp_fail(a, "test %lld: \"%s\" has %zu bytes, expected %zu", tc,
                     name, len, want);
  }
  return 0;
}

static void put_hex(acvp *a, const char *name, const uint8_t *in, size_t n) {
  char hex[2 * ACVP_MAX_BYTES + 1];
  cli_hex_upper(in, n, hex);
  json_w_string(&a->out, name, hex);
}

typedef enum {
  F_KEYGEN,
  F_ENCAPS,
  F_DECAPS,
  F_EK_CHECK,
  F_DK_CHECK
} acvp_function;

/* One test: reads its inputs, runs the function, writes its results. */
static int run_test(acvp *a, const mlkem_kem *kem, acvp_function f,
                    const json_value *test) {
  static uint8_t x[ACVP_MAX_BYTES], y[ACVP_MAX_BYTES];
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES], k[MLKEM_SS_BYTES];
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t c[MLKEM1024_CT_BYTES];
  double tcd;
  long long tc;
  size_t len = 0;
  int rc = 0, too_long = 0;

  if (test->type != JSON_OBJECT || !json_get_number(test, "tcId", &tcd))
    return acvp_fail(a, "a test without a numeric tcId");
  tc = (long long)tcd;
  json_w_begin_object(&a->out, NULL);
  json_w_int(&a->out, "tcId", tc);
  switch (f) {
    case F_KEYGEN:
      if (get_exact(a, test, tc, "d", 32, seed) != 0 ||
          get_exact(a, test, tc, "z", 32, seed + 32) != 0)
        return -1;
      rc = kem->keygen_derand(ek, dk, seed);
      if (rc != 0) break;
      put_hex(a, "ek", ek, kem->ek_bytes);
      put_hex(a, "dk", dk, kem->dk_bytes);
      break;
    case F_ENCAPS:
      if (get_exact(a, test, tc, "ek", kem->ek_bytes, ek) != 0 ||
          get_exact(a, test, tc, "m", MLKEM_MSG_BYTES, m) != 0)
        return -1;
      rc = kem->encaps_derand(c, k, ek, m);
      if (rc != 0) break;
      put_hex(a, "c", c, kem->ct_bytes);
      put_hex(a, "k", k, sizeof k);
      break;
    case F_DECAPS:
      if (get_exact(a, test, tc, "dk", kem->dk_bytes, dk) != 0 ||
          get_exact(a, test, tc, "c", kem->ct_bytes, c) != 0)
        return -1;
      rc = kem->decaps(k, c, dk);
      if (rc != 0) break;
      put_hex(a, "k", k, sizeof k);
      break;
    case F_EK_CHECK:
      /* Section 7.2: the type (length) check, then the modulus check. */
      if (get_bytes(a, test, tc, "ek", x, sizeof x, &len, &too_long) != 0)
        return -1;
      json_w_bool(&a->out, "testPassed",
                  !too_long && len == kem->ek_bytes && kem->check_ek(x) == 0);
      break;
    case F_DK_CHECK:
      /* Section 7.3: the type (length) check, then the hash check. */
      if (get_bytes(a, test, tc, "dk", y, sizeof y, &len, &too_long) != 0)
        return -1;
      json_w_bool(&a->out, "testPassed",
                  !too_long && len == kem->dk_bytes && kem->check_dk(y) == 0);
      break;
  }
  json_w_end_object(&a->out);
  if (rc != 0) return acvp_fail(a, "test %lld: %s", tc, mlkem_strerror(rc));
  return 0;
}

static int function_of(acvp *a, const char *mode, const json_value *group,
                       long long tg, acvp_function *f) {
  static const struct {
    const char *name;
    acvp_function f;
  } functions[] = {
      {"encapsulation", F_ENCAPS},
      {"decapsulation", F_DECAPS},
      {"encapsulationKeyCheck", F_EK_CHECK},
      {"decapsulationKeyCheck", F_DK_CHECK},
  };
  const char *name;
  size_t i;
  if (strcmp(mode, "keyGen") == 0) {
    *f = F_KEYGEN;
    return 0;
  }
  name = json_get_string(group, "function");
  if (name == NULL) return acvp_fail(a, "test group %lld: no \"function\"", tg);
  for (i = 0; i < sizeof functions / sizeof functions[0]; i++)
    if (strcmp(name, functions[i].name) == 0) {
      *f = functions[i].f;
      return 0;
    }
  return acvp_fail(a, "test group %lld: unsupported function \"%s\"", tg, name);
}

static int run_group(acvp *a, const char *mode, const json_value *group) {
  const mlkem_kem *kem;
  const char *set;
  const json_value *tests;
  acvp_function f = F_KEYGEN;
  double tgd;
  long long tg;
  size_t i;

  if (group->type != JSON_OBJECT || !json_get_number(group, "tgId", &tgd))
    return acvp_fail(a, "a test group without a numeric tgId");
  tg = (long long)tgd;
  set = json_get_string(group, "parameterSet");
  if (set == NULL)
    return acvp_fail(a, "test group %lld: no \"parameterSet\"", tg);
  /* Only the three names of FIPS 203, not the tool's short forms. */
  kem = mlkem_kem_by_name(set);
  if (kem == NULL || strcmp(kem->name, set) != 0)
    return acvp_fail(a, "test group %lld: unknown parameterSet \"%s\"", tg,
                     set);
  /* The "-tr1" test groups give decapsulation keys in other formats; this
   * tool answers only the FIPS 203 byte strings. */
  if (json_get(group, "keyFormat") != NULL)
    return acvp_fail(a, "test group %lld: keyFormat is not supported", tg);
  if (function_of(a, mode, group, tg, &f) != 0) return -1;
  tests = json_get(group, "tests");
  if (tests == NULL || tests->type != JSON_ARRAY)
    return acvp_fail(a, "test group %lld: no \"tests\" array", tg);

  json_w_begin_object(&a->out, NULL);
  json_w_int(&a->out, "tgId", tg);
  json_w_begin_array(&a->out, "tests");
  for (i = 0; i < tests->count; i++)
    if (run_test(a, kem, f, tests->items[i]) != 0) return -1;
  json_w_end_array(&a->out);
  json_w_end_object(&a->out);
  return 0;
}

/* One vector set: the response object. */
static int run_vector_set(acvp *a, const json_value *vs) {
  const char *alg, *mode, *rev;
  const json_value *groups, *sample;
  double vsid;
  size_t i;

  if (vs->type != JSON_OBJECT) return acvp_fail(a, "not a vector set");
  alg = json_get_string(vs, "algorithm");
  mode = json_get_string(vs, "mode");
  rev = json_get_string(vs, "revision");
  if (alg == NULL || strcmp(alg, "ML-KEM") != 0)
    return acvp_fail(a, "algorithm is not \"ML-KEM\"");
  if (mode == NULL ||
      (strcmp(mode, "keyGen") != 0 && strcmp(mode, "encapDecap") != 0))
    return acvp_fail(a, "mode is not \"keyGen\" or \"encapDecap\"");
  if (rev == NULL || strcmp(rev, "FIPS203") != 0)
    return acvp_fail(a, "revision is not \"FIPS203\"");
  if (!json_get_number(vs, "vsId", &vsid))
    return acvp_fail(a, "no numeric vsId");
  groups = json_get(vs, "testGroups");
  if (groups == NULL || groups->type != JSON_ARRAY)
    return acvp_fail(a, "no \"testGroups\" array");

  json_w_begin_object(&a->out, NULL);
  json_w_int(&a->out, "vsId", (long long)vsid);
  json_w_string(&a->out, "algorithm", alg);
  json_w_string(&a->out, "mode", mode);
  json_w_string(&a->out, "revision", rev);
  sample = json_get(vs, "isSample");
  if (sample != NULL &&
      (sample->type == JSON_TRUE || sample->type == JSON_FALSE))
    json_w_bool(&a->out, "isSample", sample->type == JSON_TRUE);
  json_w_begin_array(&a->out, "testGroups");
  for (i = 0; i < groups->count; i++)
    if (run_group(a, mode, groups->items[i]) != 0) return -1;
  json_w_end_array(&a->out);
  json_w_end_object(&a->out);
  return 0;
}

/* The request: a vector set, or [{"acvVersion": v}, vector set]. */
static int run_request(acvp *a, const json_value *req) {
  const char *version;
  if (req->type == JSON_OBJECT) return run_vector_set(a, req);
  if (req->type != JSON_ARRAY || req->count != 2 ||
      (version = json_get_string(req->items[0], "acvVersion")) == NULL)
    return acvp_fail(a,
                     "not an ACVP request (a vector set object, or "
                     "[{\"acvVersion\": ...}, {vector set}])");
  json_w_begin_array(&a->out, NULL);
  json_w_begin_object(&a->out, NULL);
  json_w_string(&a->out, "acvVersion", version);
  json_w_end_object(&a->out);
  if (run_vector_set(a, req->items[1]) != 0) return -1;
  json_w_end_array(&a->out);
  return 0;
}

int cmd_acvp(int argc, char **argv) {
  const char *in = NULL, *out = NULL;
  const cli_option opts[] = {
      {"--in", "-i", &in, NULL},
      {"--out", "-o", &out, NULL},
  };
  char msg[FIO_ERR_MAX], err[160];
  uint8_t *text;
  size_t len;
  json_value *req;
  acvp a;
  fio_output outs[1];
  const char *paths[1];
  const uint8_t *data[1];
  size_t lens[1];
  int flags[1] = {FIO_PUBLIC};
  cli_file files[2];
  int rc;

  rc = cli_parse("acvp", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (in == NULL || out == NULL) {
    cli_usage_error("acvp", "give -i REQUEST.json and -o RESPONSE.json");
    return CLI_USAGE;
  }
  files[0] = (cli_file){in, "-i", 0};
  files[1] = (cli_file){out, "-o", 1};
  if (cli_check_files("acvp", files, 2) != CLI_OK) return CLI_USAGE;
  if (fio_read(in, ACVP_MAX_INPUT, &text, &len, msg) != 0) {
    cli_error("acvp", "%s", msg);
    return CLI_FAIL;
  }
  req = json_parse((const char *)text, len, err, sizeof err);
  fio_free(text, len);
  if (req == NULL) {
    cli_error("acvp", "%s: %s", cli_display_name(in), err);
    return CLI_FAIL;
  }
  memset(&a, 0, sizeof a);
  rc = run_request(&a, req);
  json_free(req);
  if (rc != 0) {
    cli_error("acvp", "%s: %s", cli_display_name(in), a.msg);
    json_w_free(&a.out);
    return CLI_FAIL;
  }
  if (json_w_finish(&a.out) != 0) {
    cli_error("acvp", "out of memory");
    json_w_free(&a.out);
    return CLI_FAIL;
  }
  paths[0] = out;
  data[0] = (const uint8_t *)a.out.buf;
  lens[0] = a.out.len;
  rc = cli_write_outputs("acvp", outs, 1, paths, data, lens, flags);
  json_w_free(&a.out);
  return rc;
}
