/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * AES-128 key expansion (aes/aes_portable.c, mlkem_aes_expand_with, FIPS
 * 197 sec. 5.2) for every key: every word w[i - 1], w[i - Nk] read within
 * the 60 words, the 4 (Nr + 1) round-key words stored within rk's 15 x 16
 * bytes, only the 16 bytes of k read. SubWord (bitsliced, sub_word) is
 * replaced by its contract (proven by sub_word.c). Its loops (Nk loads,
 * the recurrence, the stores) are unwound to their bounds (4, 40, 44);
 * expand_with256.c is the same proof for AES-256.
 * @enforce mlkem_aes_expand_with
 * @replace mlkem_zeroize sub_word
 * @define KEY_BYTES=16
 * @unwind mlkem_aes_expand_with.0:5 mlkem_aes_expand_with.1:41
 * @unwind mlkem_aes_expand_with.2:45
 * @flags --object-bits 10
 */
#include "expand_with.h"
