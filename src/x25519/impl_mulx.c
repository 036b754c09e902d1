/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/impl_mulx.c - X25519 over the radix-2^64 field of fe64.h (MULX,
 * ADCX, ADOX): the ladder (scalarmult.c) and the fixed-base comb (base.c)
 * as written there, with the comb's table scan in AVX2 registers. This
 * file alone is compiled with -mbmi2 -madx -mavx2 (src/CMakeLists.txt);
 * x25519_dispatch.c runs it for the avx2 and avx512 backends where CPUID
 * reports BMI2 and ADX (and AVX2, which those backends require anyway).
 */
#include <immintrin.h>

#include "x25519/fe64.h"
#include "x25519/x25519.h"

#define X25519_OWN_SCAN 1
#include "x25519/scalarmult.c"
#include "x25519/base.c"

/* acc, or the four words at w where m is all ones. */
static __m256i scan_keep(__m256i acc, __m256i m, const uint64_t *w) {
  const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)w);
  return _mm256_xor_si256(acc, _mm256_and_si256(m, _mm256_xor_si256(acc, v)));
}

/* base.c's table scan, an entry's twelve words in three vectors: the
 * scalar form is 96 masked merges per digit, which took a quarter of the
 * fixed base's time on Zen 3 (docs/ARCHITECTURE.md). Every entry is read
 * whatever e is. */
static void ge_scan(uint64_t w[12], const uint64_t row[8][12], uint8_t e) {
  __m256i ypx = _mm256_set_epi64x(0, 0, 0, 1), ymx = ypx;
  __m256i xy2d = _mm256_setzero_si256(), m;
  unsigned j;
  for (j = 0; j < 8; j++) {
    m = _mm256_set1_epi64x((long long)base_digit_is(e, j + 1));
    ypx = scan_keep(ypx, m, row[j]);
    ymx = scan_keep(ymx, m, row[j] + 4);
    xy2d = scan_keep(xy2d, m, row[j] + 8);
  }
  _mm256_storeu_si256((__m256i *)(void *)w, ypx);
  _mm256_storeu_si256((__m256i *)(void *)(w + 4), ymx);
  _mm256_storeu_si256((__m256i *)(void *)(w + 8), xy2d);
}

const mlkem_x25519_impl mlkem_x25519_mulx = {
    "mulx", x25519_scalarmult, x25519_scalarmult_base, x25519_keypair_dh};
