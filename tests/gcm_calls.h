/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_calls.h - one AES-GCM seal or open for the tests (test_gcm,
 * aead_openssl): through a given implementation (src/aead/gcm.h), its key
 * expanded for the call, or through the public mlkem_aead_seal /
 * mlkem_aead_open (the implementation the backend in use dispatches to).
 */
#ifndef MLKEM_TEST_GCM_CALLS_H
#define MLKEM_TEST_GCM_CALLS_H

#include <stddef.h>
#include <stdint.h>

#include "aead/gcm.h"

/* Seals (opening 0: in is the plaintext, in_len bytes; out receives
 * in_len + 16) or opens (opening 1: in is ciphertext || tag, in_len
 * bytes; out receives in_len - 16) with impl, or with the public function
 * of key_len's AEAD if impl is NULL. Returns what the library returns. */
int gcm_call(int opening, const mlkem_gcm_impl *impl, uint8_t *out,
             const uint8_t *key, size_t key_len, const uint8_t *nonce,
             const uint8_t *aad, size_t aad_len, const uint8_t *in,
             size_t in_len);

/* impl's name, or "mlkem_aead_*" for NULL. */
const char *gcm_call_name(const mlkem_gcm_impl *impl);

#endif
