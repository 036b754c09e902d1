/* backend.c - the AVX-512 backend's operation table. */
#if defined(__x86_64__) || defined(_M_X64)
#include "backend/avx512/avx512.h"

#include "sha3/keccak_avx512.h"

/* Eight-way layout; costs measured (rdtsc ticks, quiet medians, see
 * docs/BENCHMARKS.md): one-way (portable) about 780, four-way 640,
 * eight-way 970. So a lone lane runs four-way. */
static const mlkem_keccak_lanes keccak_avx512 = {
  8, mlkem_keccakf1600_x4_avx512, mlkem_keccakf1600_x8_avx512, 780, 640, 970,
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
