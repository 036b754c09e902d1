/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2.h - SHA-256, SHA-384 and SHA-512 (@spec{FIPS180-4}), one-shot and
 * incremental, for the hash functions of Kyber's round-3 "90s" variant (H
 * and KDF = SHA-256, G = SHA-512) and for HMAC and HKDF (hmac.h, hkdf.h:
 * HPKE's KDFs). Internal to the library: the mlkem_ prefix, but not part
 * of the public API.
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

#include "platform/cbmc.h"

#define MLKEM_SHA256_BYTES 32
#define MLKEM_SHA256_BLOCK 64
#define MLKEM_SHA384_BYTES 48
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

/* The implementations (only those built into this library are defined:
 * see src/CMakeLists.txt). */
extern const mlkem_sha2_impl mlkem_sha2_portable;
extern const mlkem_sha2_impl mlkem_sha2_x86_shani; /* SHA-256 only */
extern const mlkem_sha2_impl mlkem_sha2_armv8;     /* SHA-256 only */
extern const mlkem_sha2_impl mlkem_sha2_armv8_sha512;

/* The implementation the proofs take (docs/PROOFS.md): the portable one,
 * the one CBMC proves (MLKEM_SHA2_BLOCKS_CONTRACT); the hardware ones are
 * bound to it by the differential tests. */
#define MLKEM_SHA2_IMPL_OK(impl) ((impl) == &mlkem_sha2_portable)

/* The implementation for this process: see sha2_select.c. Never NULL (when
 * MLKEM_BACKEND forces a backend that is not available, the portable one:
 * the KEM itself then refuses to run, and hashing stays correct). */
const mlkem_sha2_impl *mlkem_sha2_impl_get(void)
    /* For the proofs, the portable implementation: assumed, not proven
     * (docs/PROOFS.md). */
    __contract__(
      assigns()
      ensures(MLKEM_SHA2_IMPL_OK(return_value))
    );

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

/* A context as the proofs take it (docs/PROOFS.md): its implementation
 * MLKEM_SHA2_IMPL_OK and its count within the inputs the proofs cover. */
#define MLKEM_SHA2_HALF_CTX_OK(c) \
  (MLKEM_SHA2_IMPL_OK((c)->impl) && (c)->nbytes <= MLKEM_SHA2_PROOF_MAX_BYTES)

void mlkem_sha256_init(mlkem_sha256_ctx *ctx);
void mlkem_sha256_init_impl(mlkem_sha256_ctx *ctx, const mlkem_sha2_impl *impl);
void mlkem_sha256_update(mlkem_sha256_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_sha256_final(mlkem_sha256_ctx *ctx, uint8_t out[MLKEM_SHA256_BYTES]);

void mlkem_sha512_init(mlkem_sha512_ctx *ctx);
void mlkem_sha512_init_impl(mlkem_sha512_ctx *ctx, const mlkem_sha2_impl *impl);
void mlkem_sha512_update(mlkem_sha512_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_sha512_final(mlkem_sha512_ctx *ctx, uint8_t out[MLKEM_SHA512_BYTES]);

/* SHA-384 (@spec{FIPS180-4, sec. 6.5}) is SHA-512 from its own initial value,
 * truncated to 48 bytes: a mlkem_sha512_ctx, updated with
 * mlkem_sha512_update. */
void mlkem_sha384_init(mlkem_sha512_ctx *ctx);
void mlkem_sha384_init_impl(mlkem_sha512_ctx *ctx, const mlkem_sha2_impl *impl);
void mlkem_sha384_final(mlkem_sha512_ctx *ctx, uint8_t out[MLKEM_SHA384_BYTES]);

/* One-shot: out = SHA-256(in) or SHA-512(in), in[0..len) (in may be NULL
 * when len is 0). Nothing of the input is left on the stack. */
void mlkem_sha256(uint8_t out[MLKEM_SHA256_BYTES], const uint8_t *in,
                  size_t len);
void mlkem_sha512(uint8_t out[MLKEM_SHA512_BYTES], const uint8_t *in,
                  size_t len);
void mlkem_sha384(uint8_t out[MLKEM_SHA384_BYTES], const uint8_t *in,
                  size_t len);

/* One of the three hashes chosen at run time, for HMAC and HKDF (the
 * hash of an HPKE KDF is a value of its suite): the same init, update and
 * final as above, on the implementation of this process. final writes
 * mlkem_sha2_digest_bytes(alg) bytes and wipes the context. */
typedef enum { MLKEM_SHA2_256, MLKEM_SHA2_384, MLKEM_SHA2_512 } mlkem_sha2_alg;

typedef struct {
  mlkem_sha2_alg alg;
  union {
    mlkem_sha256_ctx s256;
    mlkem_sha512_ctx s512; /* SHA-384 and SHA-512 */
  } u;
} mlkem_sha2_ctx;

/* A context of one of the three hashes, as the proofs take it. */
#define MLKEM_SHA2_ALG_OK(alg)                           \
  ((alg) == MLKEM_SHA2_256 || (alg) == MLKEM_SHA2_384 || \
   (alg) == MLKEM_SHA2_512)
#define MLKEM_SHA2_CTX_OK(ctx)                                            \
  (MLKEM_SHA2_ALG_OK((ctx)->alg) &&                                       \
   ((ctx)->alg == MLKEM_SHA2_256 ? MLKEM_SHA2_HALF_CTX_OK(&(ctx)->u.s256) \
                                 : MLKEM_SHA2_HALF_CTX_OK(&(ctx)->u.s512)))

/* The digest's bytes: 32, 48 or 64 (without a ?:, which CBMC does not
 * take in a contract's write set). */
#define MLKEM_SHA2_DIGEST_BYTES(alg)                   \
  ((size_t)MLKEM_SHA256_BYTES +                        \
   (size_t)(MLKEM_SHA384_BYTES - MLKEM_SHA256_BYTES) * \
       (size_t)((alg) != MLKEM_SHA2_256) +             \
   (size_t)(MLKEM_SHA512_BYTES - MLKEM_SHA384_BYTES) * \
       (size_t)((alg) == MLKEM_SHA2_512))
/* The bytes a context has counted; in a post-condition, that it counted
 * len more than on entry (old() cannot take a ?:). */
#define MLKEM_SHA2_COUNT(ctx) \
  ((ctx)->alg == MLKEM_SHA2_256 ? (ctx)->u.s256.nbytes : (ctx)->u.s512.nbytes)
#define MLKEM_SHA2_COUNTED(ctx, len)                               \
  ((ctx)->alg == MLKEM_SHA2_256                                    \
       ? (ctx)->u.s256.nbytes == old((ctx)->u.s256.nbytes) + (len) \
       : (ctx)->u.s512.nbytes == old((ctx)->u.s512.nbytes) + (len))

size_t mlkem_sha2_digest_bytes(mlkem_sha2_alg alg);
size_t mlkem_sha2_block_bytes(mlkem_sha2_alg alg);
void mlkem_sha2_init(mlkem_sha2_ctx *ctx, mlkem_sha2_alg alg);
void mlkem_sha2_update(mlkem_sha2_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_sha2_final(mlkem_sha2_ctx *ctx, uint8_t *out);

/* The initial hash values (@spec{FIPS180-4, sec. 5.3.3 to 5.3.5}) and the
 * round constants K (@spec{FIPS180-4, sec. 4.2.2 and 4.2.3}), shared by every
 * implementation (sha2_constants.c). */
extern const uint32_t mlkem_sha256_h0[8];
extern const uint32_t mlkem_sha256_k[64];
extern const uint64_t mlkem_sha512_h0[8];
extern const uint64_t mlkem_sha384_h0[8];
extern const uint64_t mlkem_sha512_k[80];

/* The contract of every compression function (docs/PROOFS.md): reads the
 * nblocks blocks of in, writes the eight words of h and nothing else. The
 * proofs cover every input an x86-64 process can hold (below 2^47 bytes,
 * MLKEM_SHA2_PROOF_MAX_BYTES). Proven for the portable code
 * (proofs/sha2/sha256_blocks.c, sha512_blocks.c); the hardware
 * implementations are bound to it by the differential tests. */
#define MLKEM_SHA2_PROOF_MAX_BYTES ((uint64_t)1 << 47)
#define MLKEM_SHA2_BLOCKS_CONTRACT(WORD, BLOCK) \
  __contract__(                                                 \
    requires(nblocks <= MLKEM_SHA2_PROOF_MAX_BYTES / (BLOCK) &&  \
             fresh(hs, 8 * sizeof(WORD)) &&                     \
             readable(in, nblocks * (BLOCK)))                   \
    assigns(bytes(hs, 8 * sizeof(WORD))))

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
