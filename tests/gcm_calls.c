/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gcm_calls.c - one AES-GCM seal or open for the tests (gcm_calls.h). */
#include "gcm_calls.h"

#include "mlkem.h"
#include "mlkem_hazmat.h"

int gcm_call(int opening, const mlkem_gcm_impl *impl, uint8_t *out,
             const uint8_t *key, size_t key_len, const uint8_t *nonce,
             const uint8_t *aad, size_t aad_len, const uint8_t *in,
             size_t in_len) {
  const uint16_t aead =
      key_len == 16 ? MLKEM_AEAD_AES_128_GCM : MLKEM_AEAD_AES_256_GCM;
  mlkem_aes_gcm_key k;
  int r;
  if (impl == NULL)
    return opening ? mlkem_aead_open(aead, out, key, key_len, nonce, aad,
                                     aad_len, in, in_len)
                   : mlkem_aead_seal(aead, out, key, key_len, nonce, aad,
                                     aad_len, in, in_len);
  r = mlkem_aes_gcm_init_impl(&k, key, key_len, impl);
  if (r == MLKEM_OK)
    r = opening
            ? mlkem_aes_gcm_open_key(&k, out, nonce, aad, aad_len, in, in_len)
            : mlkem_aes_gcm_seal_key(&k, out, nonce, aad, aad_len, in, in_len);
  mlkem_aes_gcm_wipe(&k);
  return r;
}

const char *gcm_call_name(const mlkem_gcm_impl *impl) {
  return impl != NULL ? impl->name : "mlkem_aead_*";
}
