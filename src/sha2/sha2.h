/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2.h - SHA-256 and SHA-512 (FIPS 180-4), one-shot and incremental,
 * for the hash functions of Kyber's round-3 "90s" variant (H and KDF =
 * SHA-256, G = SHA-512). Internal to the library: the mlkem_ prefix, but
 * not part of the public API.
 *
 * The compression functions come from one of several implementations
 * (portable C, the x86 SHA extensions, the Armv8 SHA-2 and SHA-512
 * instructions), chosen at run time by sha2_select.c to match the ML-KEM
 * backend: `portable` uses the portable code, the SIMD backends the
 * instructions where the CPU has them. All of them compute the same
 * function, and none branches on or indexes by the data it hashes;
 * lengths are public.
 */
#ifndef MLKEM_SHA2_H
#define MLKEM_SHA2_H

#include <stddef.h>
#include <stdint.h>

#define MLKEM_SHA256_BYTES 32
#define MLKEM_SHA256_BLOCK 64
#define MLKEM_SHA512_BYTES 64
#define MLKEM_SHA512_BLOCK 128

/* One implementation of the compression functions. Each processes nblocks
 * whole blocks of in (64 bytes for SHA-256, 128 for SHA-512,
 * @spec{FIPS180-4, sec. 6.2.2 and 6.4.2}) into the chaining value h, which the
 * caller initialises (@spec{FIPS180-4, sec. 5.3}) and reads out big-endian. An
 * implementation that keeps the message schedule in memory wipes it before
 * returning. */
typedef struct {
  const char *name;
  void (*sha256_blocks)(uint32_t h[8], const uint8_t *in, size_t nblocks);
  void (*sha512_blocks)(uint64_t h[8], const uint8_t *in, size_t nblocks);
} mlkem_sha2_impl;

/* The implementation for this process: see sha2_select.c. Never NULL (when
 * MLKEM_BACKEND forces a backend that is not available, the portable one:
 * the KEM itself then refuses to run, and hashing stays correct). */
const mlkem_sha2_impl *mlkem_sha2_impl_get(void);

/* Every implementation built in and usable on this CPU, portable first;
 * writes up to cap pointers to list and returns how many it wrote. For the
 * tests and the benchmark. */
size_t mlkem_sha2_impls(const mlkem_sha2_impl **list, size_t cap);

/* Incremental hashing: init (or init_impl, with a given implementation),
 * update with any number of byte strings of any lengths, then final, which
 * writes the digest and wipes the context. The total length must stay
 * below 2^61 bytes (the standard's 2^64 bits for SHA-256). */
typedef struct {
  const mlkem_sha2_impl *impl;
  uint32_t h[8];
  uint64_t nbytes; /* bytes hashed so far; nbytes % 64 of them in buf */
  uint8_t buf[MLKEM_SHA256_BLOCK];
} mlkem_sha256_ctx;

typedef struct {
  const mlkem_sha2_impl *impl;
  uint64_t h[8];
  uint64_t nbytes; /* bytes hashed so far; nbytes % 128 of them in buf */
  uint8_t buf[MLKEM_SHA512_BLOCK];
} mlkem_sha512_ctx;

void mlkem_sha256_init(mlkem_sha256_ctx *ctx);
void mlkem_sha256_init_impl(mlkem_sha256_ctx *ctx, const mlkem_sha2_impl *impl);
void mlkem_sha256_update(mlkem_sha256_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_sha256_final(mlkem_sha256_ctx *ctx, uint8_t out[MLKEM_SHA256_BYTES]);

void mlkem_sha512_init(mlkem_sha512_ctx *ctx);
void mlkem_sha512_init_impl(mlkem_sha512_ctx *ctx, const mlkem_sha2_impl *impl);
void mlkem_sha512_update(mlkem_sha512_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_sha512_final(mlkem_sha512_ctx *ctx, uint8_t out[MLKEM_SHA512_BYTES]);

/* One-shot: out = SHA-256(in) or SHA-512(in), in[0..len) (in may be NULL
 * when len is 0). Nothing of the input is left on the stack. */
void mlkem_sha256(uint8_t out[MLKEM_SHA256_BYTES], const uint8_t *in,
                  size_t len);
void mlkem_sha512(uint8_t out[MLKEM_SHA512_BYTES], const uint8_t *in,
                  size_t len);

/* The implementations (only those built into this library are defined:
 * see src/CMakeLists.txt). */
extern const mlkem_sha2_impl mlkem_sha2_portable;
extern const mlkem_sha2_impl mlkem_sha2_x86_shani; /* SHA-256 only */
extern const mlkem_sha2_impl mlkem_sha2_armv8;     /* SHA-256 only */
extern const mlkem_sha2_impl mlkem_sha2_armv8_sha512;

/* The initial hash values (@spec{FIPS180-4, sec. 5.3.3 and 5.3.5}) and the
 * round constants K (@spec{FIPS180-4, sec. 4.2.2 and 4.2.3}), shared by every
 * implementation (sha2_constants.c). */
extern const uint32_t mlkem_sha256_h0[8];
extern const uint32_t mlkem_sha256_k[64];
extern const uint64_t mlkem_sha512_h0[8];
extern const uint64_t mlkem_sha512_k[80];

/* The portable compression functions, which the hardware implementations
 * share where their CPU has no instruction for the other hash. */
void mlkem_sha256_blocks_portable(uint32_t h[8], const uint8_t *in,
                                  size_t nblocks);
void mlkem_sha512_blocks_portable(uint64_t h[8], const uint8_t *in,
                                  size_t nblocks);

/* SHA-256 with the Armv8 SHA-2 instructions (sha2_armv8.c), shared by the
 * implementation that adds the SHA-512 instructions. */
void mlkem_sha256_blocks_armv8(uint32_t h[8], const uint8_t *in,
                               size_t nblocks);

#endif
