/* backend.c - the AVX-512 backend's operation table. */
#if defined(__x86_64__) || defined(_M_X64)
#include "backend/avx512/avx512.h"

#include "sha3/keccak_avx512.h"

/* Eight-way layout. The permutations alone cost (rdtsc ticks, quiet
 * medians, docs/BENCHMARKS.md) about 780 one-way (portable), 640 four-way
 * and 970 eight-way, so a lone lane runs four-way. The eight-way figure
 * given to the scheduler is 800, its cost in context: every step also
 * pays the scheduler's own work, which favours fewer, wider steps; with
 * 800 instead of 970, A/B runs of whole operations (ML-KEM-768, side by
 * side, quietest of several rounds) gave keygen 16,500 instead of 17,800
 * ticks (13 steps instead of 15) and decaps 16,000 instead of 16,600,
 * ML-KEM-512 and -1024 unchanged (docs/SCHEDULE.md). Since theta's
 * XORs were fused (keccakf1600_avx512.c) the permutations alone are
 * about 615 and 890; only the ratio of the two figures below decides
 * anything (the width of a step), and it is unchanged. */
static const mlkem_keccak_lanes keccak_avx512 = {
  8, mlkem_keccakf1600_x4_avx512, mlkem_keccakf1600_x8_avx512, 780, 640, 800,
  NULL,
};

const mlkem_backend mlkem_backend_avx512 = {
  "avx512",
  mlkem_avx512_ntt,
  mlkem_avx512_invntt,
  mlkem_avx512_basemul_acc,
  mlkem_avx512_add_reduce,
  mlkem_avx512_encode12,
  mlkem_avx512_decode12,
  mlkem_avx512_compress_encode,
  mlkem_avx512_decode_decompress,
  mlkem_avx512_compress_encode_msg,
  mlkem_avx512_decode_decompress_msg,
  mlkem_avx512_cbd,
  mlkem_avx512_rej_uniform,
  &keccak_avx512,
};
#endif
