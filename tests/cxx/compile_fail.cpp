/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * compile_fail.cpp - code that must NOT compile against include/mlkem.hpp
 * (and mlkem_kyber.hpp, mlkem_hybrid.hpp),
 * one case per value of MLKEM_CASE (compile_fail.sh compiles each and
 * expects an error on the line marked with its number); MLKEM_CASE=0 is
 * the control, the same code with the right types, which must compile.
 */
#include <array>
#include <cstdint>
#include <utility>

#include "mlkem.hpp"
#include "mlkem_hybrid.hpp"
#include "mlkem_kyber.hpp"

#ifndef MLKEM_CASE
#define MLKEM_CASE 0
#endif

using k768 = mlkem::ml_kem_768;
using k1024 = mlkem::ml_kem_1024;
#if MLKEM_CASE == 1 || MLKEM_CASE == 2
using other_set = k768;
#else
using other_set = k1024;
#endif

static void takes_a_1024_key(const k1024::decapsulation_key &) {}

void cases(const k1024::decapsulation_key &dk, const k1024::ciphertext &ct,
           const k1024::encapsulation_key &ek, k1024::decapsulation_key &dk2) {
  const other_set::decapsulation_key *alias = nullptr;
  const other_set::ciphertext *other_ct = nullptr;
  (void)alias;
  (void)other_ct;
#if MLKEM_CASE == 1
  takes_a_1024_key(*alias);  // case 1
#elif MLKEM_CASE == 2
  (void)dk.decapsulate(*other_ct);  // case 2
#elif MLKEM_CASE == 3
  k1024::decapsulation_key copy = dk;  // case 3
#elif MLKEM_CASE == 4
  dk2 = dk;                   // case 4
#elif MLKEM_CASE == 5
  k768::ciphertext c = ek.encapsulate().second;  // case 5
#elif MLKEM_CASE == 6
  std::array<std::uint8_t, 32> short_seed{};
  (void)k1024::decapsulation_key::from_seed(short_seed);  // case 6
#elif MLKEM_CASE == 7
  std::array<std::uint8_t, 64> long_m{};
  (void)ek.encapsulate_derand(long_m);  // case 7
#elif MLKEM_CASE == 8
  auto view = dk.decapsulate(ct).bytes();  // case 8
#elif MLKEM_CASE == 9
  auto view = dk.clone().bytes();  // case 9
#else
  auto ss = dk.decapsulate(ct);
  auto view = ss.bytes();
  (void)view;
  takes_a_1024_key(*alias);
  (void)dk.decapsulate(ct);
  k1024::decapsulation_key copy = dk.clone();
  dk2 = dk.clone();
  k1024::ciphertext c = ek.encapsulate().second;
  std::array<std::uint8_t, 64> seed{};
  (void)k1024::decapsulation_key::from_seed(seed);
  std::array<std::uint8_t, 32> m{};
  (void)ek.encapsulate_derand(m);
  (void)copy;
  (void)c;
#endif
}

/* Kyber round 3 and the hybrids: a Kyber768 key or ciphertext is not an
 * ML-KEM-768 one of the same size (their results differ), and an X-Wing
 * ciphertext is not a TLS server share of the same size. */
using tls = mlkem::x25519_mlkem768;
#if MLKEM_CASE == 10
using maybe_kyber = mlkem::kyber_768;
#else
using maybe_kyber = k768;
#endif
#if MLKEM_CASE == 12
using maybe_xwing_ct = mlkem::x_wing::ciphertext;
#else
using maybe_xwing_ct = tls::server_key_share;
#endif

static void takes_an_ml_kem_768_key(const k768::decapsulation_key &) {}

/* A TLS client state is single-use: finish() wipes it, so it cannot be
 * called on a const state. */
#if MLKEM_CASE == 13
using maybe_const_state = const tls::client_state;
#else
using maybe_const_state = tls::client_state;
#endif

void other_scheme_cases(const k768::decapsulation_key &dk,
                        const mlkem::kyber_768::ciphertext &kyber_ct,
                        const k768::ciphertext &ct, maybe_const_state &state,
                        const maybe_xwing_ct &reply) {
  const maybe_kyber::decapsulation_key *key = nullptr;
  (void)kyber_ct;
  (void)ct;
#if MLKEM_CASE == 10
  takes_an_ml_kem_768_key(*key);  // case 10
#elif MLKEM_CASE == 11
  (void)dk.decapsulate(kyber_ct);  // case 11
#elif MLKEM_CASE == 12
  (void)state.finish(reply);           // case 12
#elif MLKEM_CASE == 13
  (void)state.finish(reply);  // case 13
#else
  takes_an_ml_kem_768_key(*key);
  (void)dk.decapsulate(ct);
  (void)state.finish(reply);
#endif
}
