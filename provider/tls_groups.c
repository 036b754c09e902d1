/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * tls_groups.c - the TLS 1.3 groups this provider adds to libssl (the
 * TLS-GROUP capability, provider-base(7)), all in KEM mode: the client
 * generates a key, the server encapsulates to it, the client decapsulates.
 *
 * Code points: IANA's TLS Supported Groups registry, as
 * draft-ietf-tls-ecdhe-mlkem (0x11EB, 0x11EC, 0x11ED) and draft-ietf-tls-mlkem
 * (0x0200, 0x0201, 0x0202) register them. Names and key types are those of
 * OpenSSL 3.5, so that a configuration written for it (ssl_ecdh_curve,
 * -groups, Groups =) works unchanged. Security bits are those of the
 * ML-KEM part (NIST categories 1, 3, 5 as 128, 192, 256 bits), as OpenSSL
 * 3.5 gives its hybrids.
 */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "prov.h"

/* TLS 1.3 and later; never DTLS (no DTLS 1.3 in OpenSSL 3.0). */
#define TLS1_3_WIRE_VERSION 0x0304

typedef struct {
  char *name; /* the IANA name, also libssl's internal name */
  unsigned id;
  const mlkp_alg *alg;
} tls_group;

/* clang-format off */
static const tls_group groups[] = {
    {"X25519MLKEM768",     0x11EC, &mlkp_alg_x25519mlkem768},
    {"SecP256r1MLKEM768",  0x11EB, &mlkp_alg_p256mlkem768},
    {"SecP384r1MLKEM1024", 0x11ED, &mlkp_alg_p384mlkem1024},
    {"MLKEM512",           0x0200, &mlkp_alg_mlkem512},
    {"MLKEM768",           0x0201, &mlkp_alg_mlkem768},
    {"MLKEM1024",          0x0202, &mlkp_alg_mlkem1024},
};
/* clang-format on */
#define NGROUPS (sizeof groups / sizeof groups[0])

int mlkp_tls_group_is_alg(const char *name, const mlkp_alg *alg) {
  size_t i;
  if (OPENSSL_strcasecmp(name, alg->name) == 0) return 1;
  for (i = 0; i < NGROUPS; i++)
    if (groups[i].alg == alg && OPENSSL_strcasecmp(name, groups[i].name) == 0)
      return 1;
  return 0;
}

int mlkp_tls_group_capability(OSSL_CALLBACK *cb, void *arg) {
  size_t i;
  for (i = 0; i < NGROUPS; i++) {
    /* libssl copies what it keeps; the parameters may point at locals. */
    unsigned id = groups[i].id, secbits = groups[i].alg->security_bits;
    unsigned is_kem = 1;
    int min_tls = TLS1_3_WIRE_VERSION, max_tls = 0, no_dtls = -1;
    char alg[32];
    OSSL_PARAM p[11];
    OPENSSL_strlcpy(alg, groups[i].alg->name, sizeof alg);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME,
                                            groups[i].name, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(
        OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, groups[i].name, 0);
    p[2] = OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id);
    p[3] =
        OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, alg, 0);
    p[4] = OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS,
                                     &secbits);
    p[5] = OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem);
    p[6] =
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls);
    p[7] =
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls);
    p[8] =
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &no_dtls);
    p[9] =
        OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &no_dtls);
    p[10] = OSSL_PARAM_construct_end();
    if (!cb(p, arg)) return 0;
  }
  return 1;
}
