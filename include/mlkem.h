/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem.h - ML-KEM (NIST FIPS 203), the module-lattice key-encapsulation
 * mechanism, for the parameter sets ML-KEM-512, ML-KEM-768 and ML-KEM-1024.
 *
 * This header is the documentation of the public API.
 *
 * Conventions that hold for every function below
 * ----------------------------------------------
 *  - Every function returns 0 (MLKEM_OK) on success and a negative
 *    MLKEM_ERR_* code on failure. mlkem_strerror() names each code.
 *    Results are marked so that compilers warn when one is ignored.
 *  - On any error, every output buffer of the call is filled with zeros, so
 *    a caller that forgets to check the result never uses a partial key, a
 *    ciphertext under an invalid key, or a shared secret.
 *  - All byte strings are exactly the encodings of FIPS 203 (ek, dk, ct) and
 *    have the fixed sizes given by the MLKEM{512,768,1024}_*_BYTES macros.
 *    The functions read and write exactly that many bytes; the caller must
 *    provide buffers of at least that size. Buffers need no alignment.
 *  - Aliasing: an output buffer must not overlap any other output or input
 *    buffer of the same call. Input buffers may overlap each other.
 *  - A NULL pointer for any argument is refused with MLKEM_ERR_NULL_ARGUMENT
 *    (and every non-NULL output is zeroed).
 *  - The functions are thread-safe and reentrant: they keep no state between
 *    calls, use no heap, and wipe every stack buffer that held a secret
 *    before they return. Their running time does not depend on secret data.
 *  - Keys that come from outside are checked on every call, as FIPS 203
 *    section 7 requires: encapsulation runs the modulus check on ek (7.2)
 *    and decapsulation runs the hash check on dk (7.3).
 *
 * What the caller must do
 * -----------------------
 *  - Decapsulation of a ciphertext that was not produced by encapsulation
 *    under the matching ek is NOT an error: it returns a pseudorandom shared
 *    secret (implicit rejection, FIPS 203 Algorithm 18), so that an attacker
 *    learns nothing from the result. The two parties will simply hold
 *    different secrets. Use the shared secret only as a key for
 *    authenticated encryption (or a key schedule that ends in one), so that
 *    a mismatch is detected when the first message fails to authenticate.
 *  - Keep dk and the 64-byte seed secret; wipe them when no longer needed.
 *  - The *_derand functions take their randomness from the caller. They
 *    exist for known-answer tests and for callers with their own DRBG. The
 *    seed and m must be fresh, uniformly random and secret; reusing m
 *    reveals the shared secret to anyone who saw the first ciphertext.
 *
 * Recommended deployment: hybrid, together with a classical key exchange
 * such as X25519, with both shared secrets fed into the key schedule.
 */
#ifndef MLKEM_H
#define MLKEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Public symbols are exported from the shared library; everything else in
 * it is hidden. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

/* ------------------------------------------------------------------------ */
/* Version                                                                   */

#define MLKEM_VERSION_MAJOR 0
#define MLKEM_VERSION_MINOR 1
#define MLKEM_VERSION_PATCH 0
#define MLKEM_VERSION_STRING "0.1.0"

/* ------------------------------------------------------------------------ */
/* Sizes in bytes (FIPS 203 section 8, Table 3)                              */

#define MLKEM_SS_BYTES 32   /* shared secret K */
#define MLKEM_SEED_BYTES 64 /* key-generation seed d || z */
#define MLKEM_MSG_BYTES 32  /* encapsulation randomness m */

#define MLKEM512_EK_BYTES 800
#define MLKEM512_DK_BYTES 1632
#define MLKEM512_CT_BYTES 768

#define MLKEM768_EK_BYTES 1184
#define MLKEM768_DK_BYTES 2400
#define MLKEM768_CT_BYTES 1088

#define MLKEM1024_EK_BYTES 1568
#define MLKEM1024_DK_BYTES 3168
#define MLKEM1024_CT_BYTES 1568

/* A prepared encapsulation key (mlkem768_prepare_ek): ek || H(ek). */
#define MLKEM512_PREPARED_EK_BYTES (MLKEM512_EK_BYTES + 32)
#define MLKEM768_PREPARED_EK_BYTES (MLKEM768_EK_BYTES + 32)
#define MLKEM1024_PREPARED_EK_BYTES (MLKEM1024_EK_BYTES + 32)

/* ------------------------------------------------------------------------ */
/* Error codes                                                               */

#define MLKEM_OK 0
/* The operating system's random source failed (or the caller-supplied one
 * did). No key or ciphertext was produced. Retrying later may succeed. */
#define MLKEM_ERR_RANDOM (-1)
/* The encapsulation key failed the FIPS 203 section 7.2 modulus check: some
 * 12-bit coefficient of ek is not below q = 3329. */
#define MLKEM_ERR_INVALID_EK (-2)
/* The decapsulation key failed the FIPS 203 section 7.3 hash check: the
 * H(ek) stored in dk is not SHA3-256 of the ek stored in dk. */
#define MLKEM_ERR_INVALID_DK (-3)
/* A required pointer argument was NULL. */
#define MLKEM_ERR_NULL_ARGUMENT (-4)
/* The environment variable MLKEM_BACKEND names a backend that is not built
 * into this library or not supported by this CPU (see mlkem_backend_name;
 * never in a privileged process, which ignores the variable). Nothing was
 * computed. */
#define MLKEM_ERR_BACKEND (-5)
/* mlkem_selftest found an output that differs from its known answer: the
 * library, the backend or the hardware is faulty. Do not use it. */
#define MLKEM_ERR_SELFTEST (-6)
/* Only in builds configured with -DMLKEM_PAIRWISE_TEST=ON: the new key pair
 * failed the pairwise consistency test run after every key generation (a
 * ciphertext made for ek did not decapsulate with dk). No key was produced
 * (outputs zeroed). It indicates a fault; do not retry silently. */
#define MLKEM_ERR_PAIRWISE (-7)

/* Returns a short English description of an MLKEM_OK or MLKEM_ERR_* code,
 * or "unknown error" for any other value. The string is static. */
const char *mlkem_strerror(int err);

/* Returns MLKEM_VERSION_STRING of the library actually linked. */
const char *mlkem_version(void);

/* Returns the name of the arithmetic backend in use in this process:
 * "avx512", "avx2" or "portable" (more as backends are added). The backend is
 * chosen once per process, on first use, as the fastest one built in that the
 * CPU and the operating system support; all backends give identical results.
 *
 * For tests and diagnosis, the environment variable MLKEM_BACKEND (read
 * once, at that first use) forces a backend by name: "portable", "avx2",
 * "avx512".
 * If it names a backend that is not built in or that this CPU does not
 * support, no backend is used: this function returns "unavailable" and
 * every keygen, encaps and decaps (and K-PKE) call fails with
 * MLKEM_ERR_BACKEND and zeroed outputs. check_ek and check_dk still work.
 * No instruction the CPU lacks is ever executed.
 * A privileged process ignores MLKEM_BACKEND and always uses the fastest
 * backend: one running set-user-ID or set-group-ID, or with capabilities
 * gained at exec (the kernel's AT_SECURE; issetugid() on the BSDs and
 * macOS), whose environment another party may have chosen. The variable
 * is read with secure_getenv where the C library has it. */
const char *mlkem_backend_name(void);

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_MUST_CHECK __attribute__((warn_unused_result))
#elif defined(_MSC_VER)
#define MLKEM_MUST_CHECK _Check_return_
#else
#define MLKEM_MUST_CHECK
#endif

/* Known-answer self-test (in the manner of FIPS 140-3 power-on tests):
 * runs key generation, encapsulation, decapsulation and implicit rejection
 * of ML-KEM-512, -768 and -1024 from fixed inputs on the backend in use and
 * compares every output with published vectors. Returns 0, or
 * MLKEM_ERR_SELFTEST if any output differs (or MLKEM_ERR_BACKEND). Takes
 * about a millisecond with the portable backend; uses no randomness. */
MLKEM_MUST_CHECK int mlkem_selftest(void);

/* ------------------------------------------------------------------------ */
/* The KEM. The same seven functions exist for each parameter set; they are
 * documented once, for ML-KEM-768. For ML-KEM-512 and ML-KEM-1024 replace
 * 768 in every name and size macro.                                        */

/* mlkem768_keygen: ML-KEM.KeyGen (FIPS 203 Algorithm 19).
 * Draws the 64-byte seed d || z from the operating system's random source
 * and writes the encapsulation key ek (MLKEM768_EK_BYTES, public) and the
 * decapsulation key dk (MLKEM768_DK_BYTES, secret).
 * Fails with MLKEM_ERR_RANDOM if the random source fails (and, in builds
 * with the pairwise consistency test, with MLKEM_ERR_PAIRWISE). */
MLKEM_MUST_CHECK int mlkem768_keygen(uint8_t ek[MLKEM768_EK_BYTES],
                                     uint8_t dk[MLKEM768_DK_BYTES]);

/* mlkem768_keygen_derand: ML-KEM.KeyGen_internal (FIPS 203 Algorithm 16)
 * from the caller's 64-byte seed d || z (d first). The same seed always
 * gives the same keys, so the seed is a complete, compact private key: store
 * it and call this function to rebuild ek and dk.
 * Does not fail on valid pointers (except with MLKEM_ERR_PAIRWISE in builds
 * with the pairwise consistency test). */
MLKEM_MUST_CHECK int mlkem768_keygen_derand(
    uint8_t ek[MLKEM768_EK_BYTES], uint8_t dk[MLKEM768_DK_BYTES],
    const uint8_t seed[MLKEM_SEED_BYTES]);

/* mlkem768_encaps: ML-KEM.Encaps (FIPS 203 Algorithm 20).
 * Checks ek (modulus check, FIPS 203 section 7.2), draws 32 random bytes m
 * from the operating system, and writes the ciphertext ct
 * (MLKEM768_CT_BYTES, public, to send to the holder of dk) and the shared
 * secret ss (MLKEM_SS_BYTES, secret).
 * Fails with MLKEM_ERR_INVALID_EK if ek fails the check, and with
 * MLKEM_ERR_RANDOM if the random source fails (which is reported first:
 * the check is made as ek is used). */
MLKEM_MUST_CHECK int mlkem768_encaps(uint8_t ct[MLKEM768_CT_BYTES],
                                     uint8_t ss[MLKEM_SS_BYTES],
                                     const uint8_t ek[MLKEM768_EK_BYTES]);

/* mlkem768_encaps_derand: as mlkem768_encaps, with the randomness m given
 * by the caller: the input check then ML-KEM.Encaps_internal (FIPS 203
 * Algorithm 17). Fails only with MLKEM_ERR_INVALID_EK. */
MLKEM_MUST_CHECK int mlkem768_encaps_derand(uint8_t ct[MLKEM768_CT_BYTES],
                                            uint8_t ss[MLKEM_SS_BYTES],
                                            const uint8_t ek[MLKEM768_EK_BYTES],
                                            const uint8_t m[MLKEM_MSG_BYTES]);

/* mlkem768_decaps: ML-KEM.Decaps (FIPS 203 Algorithm 21).
 * Checks dk (hash check, FIPS 203 section 7.3), then writes the shared
 * secret ss (MLKEM_SS_BYTES, secret) for the ciphertext ct.
 * A ciphertext that does not decrypt consistently is NOT an error: ss is
 * then the implicit-rejection key J(z || ct), and the function returns 0.
 * See "What the caller must do" above.
 * ct is read once, on entry (copied to the stack), so it may lie in memory
 * that another party can change during the call (shared memory across a
 * trust boundary): ss is that of the ciphertext as it was at entry. dk is
 * read several times and must not change during the call.
 * Fails only with MLKEM_ERR_INVALID_DK. */
MLKEM_MUST_CHECK int mlkem768_decaps(uint8_t ss[MLKEM_SS_BYTES],
                                     const uint8_t ct[MLKEM768_CT_BYTES],
                                     const uint8_t dk[MLKEM768_DK_BYTES]);

/* mlkem768_check_ek: the encapsulation-key modulus check of FIPS 203
 * section 7.2 on its own. Returns 0 if ek is valid and
 * MLKEM_ERR_INVALID_EK if not. encaps runs it on every call; this function
 * lets a protocol reject a bad key early. */
MLKEM_MUST_CHECK int mlkem768_check_ek(const uint8_t ek[MLKEM768_EK_BYTES]);

/* mlkem768_check_dk: the decapsulation-key hash check of FIPS 203
 * section 7.3 on its own. Returns 0 if dk is consistent and
 * MLKEM_ERR_INVALID_DK if not. decaps runs it on every call. */
MLKEM_MUST_CHECK int mlkem768_check_dk(const uint8_t dk[MLKEM768_DK_BYTES]);

/* Many encapsulations to one key. mlkem768_prepare_ek runs the modulus
 * check of FIPS 203 section 7.2 once and writes prep
 * (MLKEM768_PREPARED_EK_BYTES, public): ek followed by H(ek), the hash
 * every encapsulation needs. mlkem768_encaps_prepared and its _derand form
 * then give exactly the results of mlkem768_encaps / _derand on ek, without
 * hashing ek again. Saves the 1184-byte hash, a chain of nine Keccak
 * permutations, on every call.
 * prepare_ek fails with MLKEM_ERR_INVALID_EK (prep zeroed) if ek fails the
 * check; it works without a usable backend, like check_ek. The encaps
 * functions fail as mlkem768_encaps / _derand do: they repeat the modulus
 * check (it is computed anyway as ek is decoded, so it costs nothing) and
 * refuse with MLKEM_ERR_INVALID_EK, outputs zeroed, a prepared key whose
 * ek was altered after prepare_ek into one that fails it.
 * A prepared key is NOT authenticated: an altered H(ek), or an ek altered
 * into another valid one, cannot be detected. Encapsulation then succeeds
 * with a key the holder of dk does not obtain (their decaps gives another
 * shared secret), or to another key. Keep prep where only the caller can
 * change it, or prepare it again from an ek that is authenticated. */
MLKEM_MUST_CHECK int mlkem768_prepare_ek(
    uint8_t prep[MLKEM768_PREPARED_EK_BYTES],
    const uint8_t ek[MLKEM768_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem768_encaps_prepared(
    uint8_t ct[MLKEM768_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM768_PREPARED_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem768_encaps_prepared_derand(
    uint8_t ct[MLKEM768_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM768_PREPARED_EK_BYTES],
    const uint8_t m[MLKEM_MSG_BYTES]);

/* ML-KEM-512: as above, with the MLKEM512_* sizes. */
MLKEM_MUST_CHECK int mlkem512_keygen(uint8_t ek[MLKEM512_EK_BYTES],
                                     uint8_t dk[MLKEM512_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_keygen_derand(
    uint8_t ek[MLKEM512_EK_BYTES], uint8_t dk[MLKEM512_DK_BYTES],
    const uint8_t seed[MLKEM_SEED_BYTES]);
MLKEM_MUST_CHECK int mlkem512_encaps(uint8_t ct[MLKEM512_CT_BYTES],
                                     uint8_t ss[MLKEM_SS_BYTES],
                                     const uint8_t ek[MLKEM512_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_encaps_derand(uint8_t ct[MLKEM512_CT_BYTES],
                                            uint8_t ss[MLKEM_SS_BYTES],
                                            const uint8_t ek[MLKEM512_EK_BYTES],
                                            const uint8_t m[MLKEM_MSG_BYTES]);
MLKEM_MUST_CHECK int mlkem512_decaps(uint8_t ss[MLKEM_SS_BYTES],
                                     const uint8_t ct[MLKEM512_CT_BYTES],
                                     const uint8_t dk[MLKEM512_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_check_ek(const uint8_t ek[MLKEM512_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_check_dk(const uint8_t dk[MLKEM512_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_prepare_ek(
    uint8_t prep[MLKEM512_PREPARED_EK_BYTES],
    const uint8_t ek[MLKEM512_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_encaps_prepared(
    uint8_t ct[MLKEM512_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM512_PREPARED_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem512_encaps_prepared_derand(
    uint8_t ct[MLKEM512_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM512_PREPARED_EK_BYTES],
    const uint8_t m[MLKEM_MSG_BYTES]);

/* ML-KEM-1024: as above, with the MLKEM1024_* sizes. */
MLKEM_MUST_CHECK int mlkem1024_keygen(uint8_t ek[MLKEM1024_EK_BYTES],
                                      uint8_t dk[MLKEM1024_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_keygen_derand(
    uint8_t ek[MLKEM1024_EK_BYTES], uint8_t dk[MLKEM1024_DK_BYTES],
    const uint8_t seed[MLKEM_SEED_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_encaps(uint8_t ct[MLKEM1024_CT_BYTES],
                                      uint8_t ss[MLKEM_SS_BYTES],
                                      const uint8_t ek[MLKEM1024_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_encaps_derand(
    uint8_t ct[MLKEM1024_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t ek[MLKEM1024_EK_BYTES], const uint8_t m[MLKEM_MSG_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_decaps(uint8_t ss[MLKEM_SS_BYTES],
                                      const uint8_t ct[MLKEM1024_CT_BYTES],
                                      const uint8_t dk[MLKEM1024_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_check_ek(const uint8_t ek[MLKEM1024_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_check_dk(const uint8_t dk[MLKEM1024_DK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_prepare_ek(
    uint8_t prep[MLKEM1024_PREPARED_EK_BYTES],
    const uint8_t ek[MLKEM1024_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_encaps_prepared(
    uint8_t ct[MLKEM1024_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM1024_PREPARED_EK_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_encaps_prepared_derand(
    uint8_t ct[MLKEM1024_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM1024_PREPARED_EK_BYTES],
    const uint8_t m[MLKEM_MSG_BYTES]);

/* ------------------------------------------------------------------------ */
/* Parameter sets by name, for command-line tools and language bindings.
 *
 * A descriptor carries the sizes and the ten functions of one parameter
 * set. The functions behave exactly as documented above; their buffers must
 * have the sizes given in the same descriptor. Descriptors are static and
 * constant; never free them.                                               */

typedef struct mlkem_kem {
  const char *name; /* "ML-KEM-512", "ML-KEM-768" or "ML-KEM-1024" */
  unsigned rank;    /* k: 2, 3 or 4 */
  size_t ek_bytes;
  size_t dk_bytes;
  size_t ct_bytes;
  size_t ss_bytes;   /* MLKEM_SS_BYTES */
  size_t seed_bytes; /* MLKEM_SEED_BYTES */
  size_t msg_bytes;  /* MLKEM_MSG_BYTES */
  int (*keygen)(uint8_t *ek, uint8_t *dk);
  int (*keygen_derand)(uint8_t *ek, uint8_t *dk, const uint8_t *seed);
  int (*encaps)(uint8_t *ct, uint8_t *ss, const uint8_t *ek);
  int (*encaps_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                       const uint8_t *m);
  int (*decaps)(uint8_t *ss, const uint8_t *ct, const uint8_t *dk);
  int (*check_ek)(const uint8_t *ek);
  int (*check_dk)(const uint8_t *dk);
  size_t prepared_ek_bytes; /* ek_bytes + 32 */
  int (*prepare_ek)(uint8_t *prep, const uint8_t *ek);
  int (*encaps_prepared)(uint8_t *ct, uint8_t *ss, const uint8_t *prep);
  int (*encaps_prepared_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *prep,
                                const uint8_t *m);
} mlkem_kem;

/* Returns the descriptor for a name, or NULL if the name is unknown.
 * Accepted names, in any letter case: "ML-KEM-512", "ML-KEM-768",
 * "ML-KEM-1024", and the short forms "512", "768", "1024". */
const mlkem_kem *mlkem_kem_by_name(const char *name);

/* The descriptors of all parameter sets, NULL-terminated, from the smallest
 * to the largest. */
extern const mlkem_kem *const mlkem_kems[];

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_H */
