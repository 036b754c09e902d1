/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha3.h - the @spec{FIPS202} functions ML-KEM is built on: Keccak-f[1600],
 * SHA3-256, SHA3-512, SHAKE128 and SHAKE256, one-shot and incremental
 * (and TurboSHAKE128/256 of @spec{RFC9861}, for HPKE), and
 * a scheduler that runs independent hashes in the lanes of multi-way
 * permutations. Internal to the library (symbols carry the mlkem_ prefix
 * but are not part of the public API).
 *
 * None of these functions branches on or indexes by the data it hashes;
 * lengths are public.
 */
#ifndef MLKEM_SHA3_H
#define MLKEM_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "platform/cbmc.h"

#define MLKEM_SHAKE128_RATE 168
#define MLKEM_SHAKE256_RATE 136
#define MLKEM_SHA3_256_RATE 136
#define MLKEM_SHA3_512_RATE 72

/* The 24 round constants of iota (@spec{FIPS202, sec. 3.2.5}), shared by every
 * implementation of the permutation. */
extern const uint64_t mlkem_keccak_rc[24];

/* Keccak-f[1600] on one state of 25 lanes, lane (x, y) at index x + 5y. */
void mlkem_keccakf1600(uint64_t state[25]);

/* Keccak-p[1600, 12], the last twelve rounds of Keccak-f[1600]: the
 * permutation of TurboSHAKE (@spec{RFC9861}); alone and strided as above. */
void mlkem_keccakp1600_12(uint64_t state[25]);
void mlkem_keccakp1600_12_strided(uint64_t *s, size_t stride);

/* Keccak-f[1600] on the 25 lanes s[0], s[stride], ..., s[24 * stride]:
 * one instance of an interleaved multi-way state. (The contract: it
 * reads and writes within those lanes' span alone; strides of the
 * scheduler, 1 to 8.) */
void mlkem_keccakf1600_strided(uint64_t *s, size_t stride)
    __contract__(
    requires(1 <= stride && stride <= 8 &&
             fresh(s, (24 * stride + 1) * sizeof(uint64_t)))
    assigns(bytes(s, (24 * stride + 1) * sizeof(uint64_t)))
  );

/* Incremental sponge, for any rate and domain-separation byte.
 * Use: init, absorb any number of times, finalize, then squeeze any number
 * of times (each call continues where the previous one stopped). */
typedef struct {
  uint64_t s[25];
  unsigned rate; /* bytes */
  unsigned pos;  /* absorb: bytes absorbed into the current block;
                    squeeze: bytes already taken from the current block */
  uint8_t dsbyte;
  uint8_t squeezing;
} mlkem_keccak_ctx;

/* Any sponge: rate in bytes (a multiple of 8, below 200) and the domain
 * byte (0x06 for SHA3, 0x1F for SHAKE). */
void mlkem_keccak_init(mlkem_keccak_ctx *ctx, unsigned rate, uint8_t ds);
void mlkem_shake128_init(mlkem_keccak_ctx *ctx);
void mlkem_shake256_init(mlkem_keccak_ctx *ctx);
void mlkem_sha3_256_init(mlkem_keccak_ctx *ctx);
void mlkem_sha3_512_init(mlkem_keccak_ctx *ctx);
void mlkem_keccak_absorb(mlkem_keccak_ctx *ctx, const uint8_t *in, size_t len);
void mlkem_keccak_finalize(mlkem_keccak_ctx *ctx);
void mlkem_keccak_squeeze(mlkem_keccak_ctx *ctx, uint8_t *out, size_t len);
/* Squeezes whole blocks of ctx->rate bytes; only directly after finalize or
 * after a previous squeezeblocks call. */
void mlkem_keccak_squeezeblocks(mlkem_keccak_ctx *ctx, uint8_t *out,
                                size_t nblocks);
/* For SHA3-256/512: finalize and write the 32/64-byte digest. */
void mlkem_sha3_256_final(mlkem_keccak_ctx *ctx, uint8_t out[32]);
void mlkem_sha3_512_final(mlkem_keccak_ctx *ctx, uint8_t out[64]);

/* One-shot functions. */
void mlkem_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void mlkem_sha3_512(uint8_t out[64], const uint8_t *in, size_t len);
void mlkem_shake128(uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen);
void mlkem_shake256(uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen);

/* TurboSHAKE128 and TurboSHAKE256 (@spec{RFC9861, sec. 2.2}): rates 168 and
 * 136 bytes, Keccak-p[1600, 12], domain byte d in 0x01..0x7F (HPKE's KDFs
 * use 0x1F). Incrementally: init, mlkem_turboshake_absorb any number of
 * times, mlkem_keccak_finalize, then mlkem_turboshake_squeeze any number
 * of times; a TurboSHAKE context is never passed to mlkem_keccak_absorb,
 * _squeeze or _squeezeblocks (they run the 24-round permutation). */
void mlkem_turboshake128_init(mlkem_keccak_ctx *ctx, uint8_t d);
void mlkem_turboshake256_init(mlkem_keccak_ctx *ctx, uint8_t d);
void mlkem_turboshake_absorb(mlkem_keccak_ctx *ctx, const uint8_t *in,
                             size_t len);
void mlkem_turboshake_squeeze(mlkem_keccak_ctx *ctx, uint8_t *out, size_t len);
void mlkem_turboshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                         size_t inlen, uint8_t d);
void mlkem_turboshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                         size_t inlen, uint8_t d);

/* Independent one-shot sponge computations run side by side.
 *
 * Each job hashes in0 || in1 (either may be empty) with its own rate and
 * domain byte. Without a sink it writes outlen bytes to out. With a sink,
 * it hands its output block by block (rate bytes each) to sink, until the
 * sink returns non-zero; outlen is then only the expected length, and out
 * is unused. The sink reads each block where the permutation left it, in
 * the scheduler's state: its first rate / 8 lanes, lane i at
 * lane[stride * i] (valid only during the call). Byte j of the block is
 * byte j % 8 of lane j / 8, little-endian (bytes.h:
 * mlkem_lane_bytes). So a block a sink consumes at once, as the rejection
 * step of SampleNTT does, is never copied.
 *
 * A job may depend on an earlier job of the same list (after = its index,
 * or -1 for none): it starts only once that job has all its output, so its
 * input may be (or may include) that output, as G(m || H(ek)) follows H(ek)
 * in encapsulation and the PRF noise follows G.
 *
 * A job may also stream its input (avail not NULL): it absorbs a block
 * only once *avail, the count of input bytes written so far, covers it,
 * and waits otherwise. *avail is advanced by the sinks of other jobs of the
 * list (key generation writes ek a part at a time while the matrix is
 * sampled, and H(ek) absorbs each block as its bytes become final). At
 * most one job of a list may stream, and its input must be complete once
 * every other job is. Its tail is the number of its last blocks whose
 * input is written only as the last other job completes (an estimate used
 * to choose the width of the steps; 0 or 1 when unknown); that of every
 * other job is 0. */
typedef int (*mlkem_sponge_sink)(void *arg, const uint64_t *lane, size_t stride,
                                 size_t len);

typedef struct {
  const uint8_t *in0;
  const uint8_t *in1;
  uint8_t *out;
  mlkem_sponge_sink sink;
  void *sink_arg;
  const size_t *avail;
  uint32_t len0, len1, outlen;
  uint8_t rate; /* bytes: a multiple of 8 below 200 */
  uint8_t ds;
  int8_t after;
  uint8_t tail;
} mlkem_sponge_job;

/* At most this many jobs in one list. */
#define MLKEM_SPONGE_MAX_JOBS 32

/* The multi-way permutations a backend offers, and the cost of one call of
 * each (any common unit; rdtsc ticks measured on a reference machine).
 * The scheduler keeps its states interleaved with the given stride (4 or
 * 8): lane i of instance j at state[stride * i + j]. x4 permutes instances
 * 0-3 of that layout, x8 (stride 8 only) instances 0-7; either may be
 * NULL. x1 permutes any single instance (NULL: mlkem_keccakf1600_strided).
 * Before every step the scheduler picks, from these costs, how to permute
 * the instances that are busy, and with both x4 and x8 how many lanes to
 * fill (docs/ARCHITECTURE.md). */
typedef struct {
  unsigned stride;
  void (*x4)(uint64_t *state);
  void (*x8)(uint64_t *state);
  unsigned cost_x1, cost_x4, cost_x8;
  void (*x1)(uint64_t *s, size_t stride);
} mlkem_keccak_lanes;

/* One-way permutations only (the portable backend). */
extern const mlkem_keccak_lanes mlkem_keccak_lanes_portable;

/* Runs the jobs (at most MLKEM_SPONGE_MAX_JOBS). A lane that finishes a
 * job takes the first job of the list that has not started and whose
 * dependency is complete; so list the longest chains first (the order of
 * each list of the library is in docs/SCHEDULE.md). The time is about the
 * larger of the longest chain of dependent jobs and the total number of
 * permutations divided among the lanes. */
void mlkem_sponge_run(const mlkem_sponge_job *jobs, unsigned njobs,
                      const mlkem_keccak_lanes *lanes);

#define MLKEM_DS_SHA3 0x06
#define MLKEM_DS_SHAKE 0x1F

#endif /* MLKEM_SHA3_H */
