/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * level.h - the FIPS 203 algorithms compiled once per parameter set.
 *
 * The files of fips203/ that fips203/level<set>.c include (K-PKE, its
 * schedule, ML-KEM, the expanded keys), and those of kyber/ that
 * kyber/level<set>.c include, are written once for any rank k but size
 * every buffer by the compile-time rank MLKEM_K: each set's copy holds on
 * its stack what that set needs (ML-KEM-768 a 9-entry matrix, not 16).
 * One translation unit per set lets the compiler inline across the files,
 * which use each other only through their headers; round 3 has units of
 * its own, so ML-KEM's code does not change with it. Below: the set's row
 * of @spec{FIPS203, Table 2} (params.h) as constants, and MLKEM_NS, which
 * names each copy's external functions mlkem_k2_..., mlkem_k3_...,
 * mlkem_k4_... (the API's operations are defined as MLKEM_NS(kem_<op>),
 * kem.h; the other functions are renamed at the end).
 */
#ifndef MLKEM_LEVEL_H
#define MLKEM_LEVEL_H

#include "fips203/params.h"

#ifndef MLKEM_K
#error "kpke.c, kem.c, ... are compiled through level512.c, level768.c, ..."
#endif
#if MLKEM_K != 2 && MLKEM_K != 3 && MLKEM_K != 4
#error "MLKEM_K must be 2, 3 or 4"
#endif

#define MLKEM_NS_(k, name) mlkem_k##k##_##name
#define MLKEM_NS2_(k, name) MLKEM_NS_(k, name)
#define MLKEM_NS(name) MLKEM_NS2_(MLKEM_K, name)

/* This set's row of @spec{FIPS203, Table 2}: MLKEM_THIS_SET(X) is X(set, k,
 * eta1, eta2, du, dv). */
#define MLKEM_ROW_(k) MLKEM_SET_K##k
#define MLKEM_ROW(k) MLKEM_ROW_(k)
#define MLKEM_THIS_SET(X) MLKEM_ROW(MLKEM_K)(X)
#define MLKEM_ROW_ETA1_(set, k, eta1, eta2, du, dv) eta1
#define MLKEM_ROW_ETA2_(set, k, eta1, eta2, du, dv) eta2
#define MLKEM_ROW_DU_(set, k, eta1, eta2, du, dv) du
#define MLKEM_ROW_DV_(set, k, eta1, eta2, du, dv) dv

#define MLKEM_ETA1 MLKEM_THIS_SET(MLKEM_ROW_ETA1_)
#define MLKEM_ETA2 MLKEM_THIS_SET(MLKEM_ROW_ETA2_)
#define MLKEM_DU MLKEM_THIS_SET(MLKEM_ROW_DU_)
#define MLKEM_DV MLKEM_THIS_SET(MLKEM_ROW_DV_)

/* This set's sizes in bytes (params.h). */
#define MLKEM_EK_BYTES_K MLKEM_EK_BYTES_OF(MLKEM_K)
#define MLKEM_DK_BYTES_K MLKEM_DK_BYTES_OF(MLKEM_K)
#define MLKEM_DKPKE_BYTES_K MLKEM_DKPKE_BYTES_OF(MLKEM_K)
#define MLKEM_U_BYTES_K MLKEM_U_BYTES_OF(MLKEM_K, MLKEM_DU)
#define MLKEM_CT_BYTES_K MLKEM_CT_BYTES_OF(MLKEM_K, MLKEM_DU, MLKEM_DV)
#define MLKEM_ETA1_BYTES MLKEM_PRF_BYTES_OF(MLKEM_ETA1)
#define MLKEM_ETA2_BYTES MLKEM_PRF_BYTES_OF(MLKEM_ETA2)

#define mlkem_kpke_keygen MLKEM_NS(kpke_keygen)
#define mlkem_kpke_encrypt MLKEM_NS(kpke_encrypt)
#define mlkem_kpke_decrypt MLKEM_NS(kpke_decrypt)
#define mlkem_kpke_keygen_h MLKEM_NS(kpke_keygen_h)
#define mlkem_kpke_fips203 MLKEM_NS(kpke_fips203)
#define mlkem_kpke_keygen_schedule MLKEM_NS(kpke_keygen_schedule)
#define mlkem_kpke_sample_encrypt MLKEM_NS(kpke_sample_encrypt)
#define mlkem_kpke_matrix_entry MLKEM_NS(kpke_matrix_entry)
#define mlkem_kpke_prf MLKEM_NS(kpke_prf)
#define mlkem_kpke_encrypt_jobs MLKEM_NS(kpke_encrypt_jobs)
#define mlkem_kpke_encrypt_finish MLKEM_NS(kpke_encrypt_finish)
#define mlkem_kpke_decode_t_hat MLKEM_NS(kpke_decode_t_hat)
#define mlkem_kpke_encrypt_samples_wipe MLKEM_NS(kpke_encrypt_samples_wipe)
#define mlkem_kpke_noise_jobs MLKEM_NS(kpke_noise_jobs)
#define mlkem_kpke_noise_wipe MLKEM_NS(kpke_noise_wipe)
#define mlkem_kpke_encrypt_hat MLKEM_NS(kpke_encrypt_hat)
#define mlkem_kpke_decrypt_hat MLKEM_NS(kpke_decrypt_hat)
#define mlkem_kpke_encrypt_rows MLKEM_NS(kpke_encrypt_rows)
#define mlkem_kem_keygen_internal MLKEM_NS(kem_keygen_internal)
#define mlkem_kem_decaps_select MLKEM_NS(kem_decaps_select)
#define mlkem_kem_decaps_choose MLKEM_NS(kem_decaps_choose)
#define mlkem_kem_encaps_given MLKEM_NS(kem_encaps_given)
#define mlkem_kem_encaps_drawn MLKEM_NS(kem_encaps_drawn)
#define mlkem_kyber_check_sk MLKEM_NS(kyber_check_sk)
#define mlkem_kyber_shake MLKEM_NS(kyber_shake)
#define mlkem_kyber_90s MLKEM_NS(kyber_90s)

#endif
