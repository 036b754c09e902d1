/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.h - ML-KEM's API (@spec{FIPS203, sec. 6 and 7}) as one list, and the
 * functions of the copies compiled per parameter set that the public
 * functions call. The contracts (return codes, zeroed outputs on error)
 * are those of include/mlkem.h.
 */
#ifndef MLKEM_KEM_H
#define MLKEM_KEM_H

#include <stdint.h>

#include "mlkem.h"
#include "fips203/params.h"

/* clang-format off */
/* The operations of ML-KEM's API, once: X(P, K, type, name, (parameters),
 * (arguments), R3) for the set P (512, 768, 1024) of rank K, in the
 * order of the descriptor (mlkem_kem). R3 is what round-3 Kyber
 * (mlkem_kyber.h) has of it: KYBER, the same operation (kyber<P>_<name>,
 * kyber<P>_90s_<name>, api/kyber.c), CHECK, an input check of its
 * descriptor, NONE, nothing. From this list come the declarations below,
 * the public functions and the descriptors (api/mlkem.c), and round 3's
 * functions and descriptors (kyber/kyber_kem.h, api/kyber.c). Adding an
 * operation: its line here, its function in kem.c or kem_expanded.c, its
 * declaration and member in include/mlkem.h, its symbols in
 * abi/libmlkem.symbols and the names in api/mlkem.c's comment. */
#define MLKEM_KEM_API(X, P, K)                                                \
  X(P, K, int, keygen,                                                        \
    (uint8_t ek[MLKEM##P##_EK_BYTES], uint8_t dk[MLKEM##P##_DK_BYTES]),       \
    (ek, dk), KYBER)                                                          \
  X(P, K, int, keygen_derand,                                                 \
    (uint8_t ek[MLKEM##P##_EK_BYTES], uint8_t dk[MLKEM##P##_DK_BYTES],        \
     const uint8_t seed[MLKEM_SEED_BYTES]),                                   \
    (ek, dk, seed), KYBER)                                                    \
  X(P, K, int, encaps,                                                        \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t ek[MLKEM##P##_EK_BYTES]),                                  \
    (ct, ss, ek), KYBER)                                                      \
  X(P, K, int, encaps_derand,                                                 \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t ek[MLKEM##P##_EK_BYTES], const uint8_t m[MLKEM_MSG_BYTES]),\
    (ct, ss, ek, m), KYBER)                                                   \
  X(P, K, int, decaps,                                                        \
    (uint8_t ss[MLKEM_SS_BYTES], const uint8_t ct[MLKEM##P##_CT_BYTES],       \
     const uint8_t dk[MLKEM##P##_DK_BYTES]),                                  \
    (ss, ct, dk), KYBER)                                                      \
  X(P, K, int, check_ek, (const uint8_t ek[MLKEM##P##_EK_BYTES]), (ek),       \
    CHECK)                                                                    \
  X(P, K, int, check_dk, (const uint8_t dk[MLKEM##P##_DK_BYTES]), (dk),       \
    CHECK)                                                                    \
  X(P, K, int, prepare_ek,                                                    \
    (uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES],                              \
     const uint8_t ek[MLKEM##P##_EK_BYTES]),                                  \
    (prep, ek), NONE)                                                         \
  X(P, K, int, encaps_prepared,                                               \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES]),                       \
    (ct, ss, prep), NONE)                                                     \
  X(P, K, int, encaps_prepared_derand,                                        \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t prep[MLKEM##P##_PREPARED_EK_BYTES],                        \
     const uint8_t m[MLKEM_MSG_BYTES]),                                       \
    (ct, ss, prep, m), NONE)                                                  \
  X(P, K, int, expand_dk,                                                     \
    (uint8_t out[MLKEM##P##_EXPANDED_DK_BYTES],                               \
     const uint8_t dk[MLKEM##P##_DK_BYTES]),                                  \
    (out, dk), NONE)                                                          \
  X(P, K, int, expand_dk_from_seed,                                           \
    (uint8_t out[MLKEM##P##_EXPANDED_DK_BYTES],                               \
     const uint8_t seed[MLKEM_SEED_BYTES]),                                   \
    (out, seed), NONE)                                                        \
  X(P, K, int, decaps_expanded,                                               \
    (uint8_t ss[MLKEM_SS_BYTES], const uint8_t ct[MLKEM##P##_CT_BYTES],       \
     const uint8_t expanded[MLKEM##P##_EXPANDED_DK_BYTES]),                   \
    (ss, ct, expanded), NONE)                                                 \
  X(P, K, void, expanded_dk_wipe,                                             \
    (uint8_t expanded[MLKEM##P##_EXPANDED_DK_BYTES]), (expanded), NONE)       \
  X(P, K, int, expand_ek,                                                     \
    (uint8_t out[MLKEM##P##_EXPANDED_EK_BYTES],                               \
     const uint8_t ek[MLKEM##P##_EK_BYTES]),                                  \
    (out, ek), NONE)                                                          \
  X(P, K, int, encaps_expanded,                                               \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t expanded[MLKEM##P##_EXPANDED_EK_BYTES]),                   \
    (ct, ss, expanded), NONE)                                                 \
  X(P, K, int, encaps_expanded_derand,                                        \
    (uint8_t ct[MLKEM##P##_CT_BYTES], uint8_t ss[MLKEM_SS_BYTES],             \
     const uint8_t expanded[MLKEM##P##_EXPANDED_EK_BYTES],                    \
     const uint8_t m[MLKEM_MSG_BYTES]),                                       \
    (ct, ss, expanded, m), NONE)

/* A generated function's body: the call, returned unless its type is
 * void. MLKEM_UNPAREN strips the parentheses of a list. */
#define MLKEM_RETURN_int return
#define MLKEM_RETURN_void
#define MLKEM_UNPAREN(...) __VA_ARGS__
/* clang-format on */

/* The per-set copies' functions (level.h): mlkem_k<K>_kem_<name> for every
 * operation of the list and every rank K (mlkem_k3_kem_decaps, ...),
 * defined in kem.c and kem_expanded.c as MLKEM_NS(kem_<name>). */
#define MLKEM_KEM_DECLARE_(P, K, type, name, params, args, r3) \
  type mlkem_k##K##_kem_##name params;
#define MLKEM_KEM_DECLARE_SET_(set, k, eta1, eta2, du, dv) \
  MLKEM_KEM_API(MLKEM_KEM_DECLARE_, set, k)
MLKEM_PARAMETER_SETS(MLKEM_KEM_DECLARE_SET_)

#endif
