/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * AES-256 key expansion (aes/aes_portable.c, mlkem_aes_expand_with, FIPS
 * 197 sec. 5.2) for every key: every word w[i - 1], w[i - Nk] read within
 * the 60 words, the 4 (Nr + 1) round-key words stored within rk's 15 x 16
 * bytes, only the 32 bytes of k read. SubWord (bitsliced, sub_word) is
 * replaced by its contract (proven by sub_word.c). Its loops (Nk loads,
 * the recurrence, the stores) are unwound to their bounds (8, 52, 60).
 * expand_with128.c is the same proof for AES-128 (4, 40, 44).
 * @enforce mlkem_aes_expand_with
 * @replace mlkem_zeroize sub_word
 * @define KEY_BYTES=32
 * @unwind mlkem_aes_expand_with.0:9 mlkem_aes_expand_with.1:61
 * @unwind mlkem_aes_expand_with.2:61
 * @flags --object-bits 10
 */
#include "expand_with.h"
