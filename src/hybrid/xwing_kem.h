/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid/xwing_kem.h - X-Wing (include/mlkem_hybrid.h) in the shape of
 * mlkem.h's descriptor, mlkem_kem, for the frontends that drive every KEM
 * through one descriptor: the OpenSSL provider (provider/alg_mlkem.c) and
 * the Python binding (bindings/python/src/libmlkem/_kem.c). Not part of the
 * library's API or ABI: each includer has its own copy.
 *
 * dk is the sk of @spec{XWING}, the 32-byte seed; seed_bytes is what
 * keygen_derand takes (that same seed), msg_bytes what encaps_derand
 * takes (eseed). check_ek is the check the draft requires of a public key
 * from outside, the @spec{FIPS203, sec. 7.2} modulus check of its
 * ML-KEM-768 part (pk = ek || the X25519 public key). No check_dk (any 32
 * bytes are a key); the expanded private key is xwing_expand_sk's (which
 * is also the expansion of the seed, the seed being sk); no prepared or
 * expanded public key. A static constant in a
 * header (which compilers do not report when an includer leaves it
 * unused), so that an includer can name its address in a constant
 * initializer.
 */
#ifndef MLKEM_HYBRID_XWING_KEM_H
#define MLKEM_HYBRID_XWING_KEM_H

#include "mlkem.h"
#include "mlkem_hybrid.h"

static const mlkem_kem mlkem_xwing_kem = {
    .name = "X-Wing",
    .rank = 3,
    .ek_bytes = XWING_PK_BYTES,
    .dk_bytes = XWING_SK_BYTES,
    .ct_bytes = XWING_CT_BYTES,
    .ss_bytes = XWING_SS_BYTES,
    .seed_bytes = XWING_SEED_BYTES,
    .msg_bytes = XWING_ESEED_BYTES,
    .keygen = xwing_keygen,
    .keygen_derand = xwing_keygen_derand,
    .encaps = xwing_encaps,
    .encaps_derand = xwing_encaps_derand,
    .decaps = xwing_decaps,
    .check_ek = mlkem768_check_ek,
    .expanded_dk_bytes = XWING_EXPANDED_SK_BYTES,
    .expand_dk = xwing_expand_sk,
    .expand_dk_from_seed = xwing_expand_sk,
    .decaps_expanded = xwing_decaps_expanded,
    .expanded_dk_wipe = xwing_expanded_sk_wipe};

#endif
