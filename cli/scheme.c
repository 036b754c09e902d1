/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * scheme.c - what the commands do with each family of key types (cli.h,
 * cli_scheme): ML-KEM, X-Wing and round-3 Kyber, and the names -a takes.
 * The commands ask a key's scheme; they never test its name.
 */
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"

_Static_assert(XWING_SS_BYTES == MLKEM_SS_BYTES &&
                   KYBER_SS_BYTES == MLKEM_SS_BYTES,
               "every scheme's shared secret has 32 bytes");
_Static_assert(XWING_CT_BYTES <= CLI_MAX_CT_BYTES &&
                   MLKEM1024_CT_BYTES <= CLI_MAX_CT_BYTES &&
                   KYBER1024_CT_BYTES <= CLI_MAX_CT_BYTES,
               "CLI_MAX_CT_BYTES holds every ciphertext");

/* ML-KEM and round-3 Kyber: the key's descriptor (key->kem). */
static size_t kem_ct_bytes(const mlkem_keyfile_key *key) {
  return key->kem->ct_bytes;
}

static int kem_encaps(uint8_t *ct, uint8_t *ss, const mlkem_keyfile_key *key) {
  return key->kem->encaps(ct, ss, key->ek);
}

static int kem_decaps(uint8_t *ss, const uint8_t *ct,
                      const mlkem_keyfile_key *key) {
  return key->kem->decaps(ss, ct, key->dk);
}

/* X-Wing (mlkem_hybrid.h): the private key is the seed. */
static size_t xwing_ct_bytes(const mlkem_keyfile_key *key) {
  (void)key;
  return XWING_CT_BYTES;
}

static int xwing_encaps_key(uint8_t *ct, uint8_t *ss,
                            const mlkem_keyfile_key *key) {
  return xwing_encaps(ct, ss, key->ek);
}

static int xwing_decaps_key(uint8_t *ss, const uint8_t *ct,
                            const mlkem_keyfile_key *key) {
  return xwing_decaps(ss, ct, key->seed);
}

static const cli_scheme schemes[] = {
    {.prefix = "ML-KEM-",
     .key_files = 1,
     .default_form = MLKEM_KEYFILE_SEED,
     .ek_raw = "FIPS 203 ek",
     .dk_raw = "FIPS 203 dk",
     .public_ok = "ek passes the FIPS 203 7.2 modulus check",
     .expanded_ok = "dk passes the FIPS 203 7.3 hash check and its ek the "
                    "7.2 modulus check",
     .ct_bytes = kem_ct_bytes,
     .encaps = kem_encaps,
     .decaps = kem_decaps},
    {.prefix = "X-Wing",
     .key_files = 1,
     .default_form = MLKEM_KEYFILE_SEED,
     .ek_raw = "pk",
     .dk_raw = NULL,
     .public_ok = "the ML-KEM-768 part of pk passes the FIPS 203 7.2 "
                  "modulus check",
     .expanded_ok = NULL,
     .ct_bytes = xwing_ct_bytes,
     .encaps = xwing_encaps_key,
     .decaps = xwing_decaps_key},
    /* Round-3 systems store the secret key sk, not a seed: keygen writes
     * sk unless told otherwise. */
    {.prefix = "Kyber",
     .key_files = 0,
     .default_form = MLKEM_KEYFILE_EXPANDED,
     .ek_raw = "round-3 pk",
     .dk_raw = "round-3 sk",
     .public_ok = "pk passes the FIPS 203 7.2 modulus check",
     .expanded_ok = "sk passes the FIPS 203 7.3 hash check and its pk the "
                    "7.2 modulus check",
     .ct_bytes = kem_ct_bytes,
     .encaps = kem_encaps,
     .decaps = kem_decaps},
};

const cli_scheme *cli_scheme_of(const mlkem_keyfile_alg *alg) {
  size_t i;
  for (i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
    if (strncmp(alg->name, schemes[i].prefix, strlen(schemes[i].prefix)) == 0)
      return &schemes[i];
  return NULL;
}

const mlkem_keyfile_alg *cli_alg(const char *cmd, const char *name,
                                 const mlkem_keyfile_alg *dflt) {
  const mlkem_keyfile_alg *alg;
  const char *names[16];
  char list[256];
  size_t i, n = 0;
  if (name == NULL) return dflt;
  /* The library's names (ML-KEM's and Kyber's in any letter case, "768"),
   * and X-Wing's in any letter case too. */
  alg = mlkem_keyfile_alg_by_name(name);
  for (i = 0; alg == NULL && mlkem_keyfile_algs[i] != NULL; i++)
    if (strcasecmp(name, mlkem_keyfile_algs[i]->name) == 0)
      alg = mlkem_keyfile_algs[i];
  if (alg != NULL && cli_scheme_of(alg) != NULL) return alg;
  for (i = 0; mlkem_keyfile_algs[i] != NULL && n + 1 < 16; i++)
    if (cli_scheme_of(mlkem_keyfile_algs[i]) != NULL)
      names[n++] = mlkem_keyfile_algs[i]->name;
  names[n] = NULL;
  cli_join_names(list, sizeof list, names);
  cli_usage_error(cmd, "unknown algorithm name '%s' (use %s)", name, list);
  return NULL;
}

int cli_outform(const char *cmd, const char *value,
                const mlkem_keyfile_alg *alg) {
  const cli_scheme *s = alg != NULL ? cli_scheme_of(alg) : NULL;
  int raw_only = s != NULL && !s->key_files;
  int enc = cli_choice(cmd, "--outform", value, cli_outform_names,
                       raw_only ? MLKEM_KEYFILE_RAW - MLKEM_KEYFILE_PEM : 0);
  if (enc < 0) return -1;
  enc += MLKEM_KEYFILE_PEM;
  if (raw_only && enc != MLKEM_KEYFILE_RAW) {
    cli_usage_error(cmd,
                    "%s keys have no %s form: round-3 Kyber has no standard "
                    "OID for PKCS#8 or SubjectPublicKeyInfo (use --outform "
                    "raw)",
                    alg->name, cli_encoding_name(enc));
    return -1;
  }
  return enc;
}
