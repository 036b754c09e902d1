/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_constexpr.cpp - ML-KEM evaluated by the compiler: the C++ API
 * of include/mlkem.hpp in constant expressions, checked with static_assert
 * against published vectors (constexpr_vectors.hpp, which
 * constexpr_vectors.c writes from the vector files at build time):
 *
 *  - the NIST KAT record count = 0 of ML-KEM-512 (d || z and m from the
 *    record's DRBG seed): ek, dk, the ciphertext and the shared secret of
 *    key generation, encapsulation and decapsulation in one constant
 *    expression (the seed 001's demonstration, through our API);
 *  - for each of ML-KEM-512, -768 and -1024, NIST ACVP records: keyGen
 *    (ek and dk from d || z); encapsulation (c and k from ek and m, ek
 *    read with from_bytes and its section 7.2 check); decapsulation of a
 *    valid and of a modified ciphertext (implicit rejection), dk read with
 *    from_bytes and its section 7.3 and 7.2 checks; an encapsulation key
 *    that fails the modulus check and a decapsulation key that fails the
 *    hash check, refused by the checks the API runs (in a constant
 *    expression the API's refusal is a compile error: compile_fail.cpp
 *    case 13 shows it).
 *
 * The file is compiled, not run: cxx_constexpr (constexpr_test.sh)
 * compiles it with g++ and clang++ and with the constexpr limits that
 * tests/cxx/CMakeLists.txt sets. -DMLKEM_CONSTEXPR_ONLY=N compiles check
 * N alone (1 to 19, in the order below), to measure one operation's cost
 * (README.md, "ML-KEM at compile time").
 */
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "constexpr_vectors.hpp"
#include "mlkem.hpp"

#ifdef MLKEM_CONSTEXPR_ONLY
#define MLKEM_CHECK_N(n) (MLKEM_CONSTEXPR_ONLY == (n))
#else
#define MLKEM_CHECK_N(n) 1
#endif

namespace {

using constexpr_vectors::acvp;

template <class A, class B>
constexpr bool same(const A &a, const B &b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); i++) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

/* Key generation, encapsulation and decapsulation of one record, as the
 * seed's README shows it, through our API. */
constexpr bool nist_kat_512() {
  using K = mlkem::ml_kem_512;
  using V = constexpr_vectors::nist_kat_512;
  auto dk = K::decapsulation_key::from_seed(V::seed);
  auto ek = dk.encapsulation_key();
  auto [ss, ct] = ek.encapsulate_derand(V::m);
  auto ss2 = dk.decapsulate(ct);
  return same(ek.bytes(), V::pk) && same(dk.bytes(), V::sk) &&
         same(ct.bytes(), V::ct) && same(ss.bytes(), V::ss) &&
         same(ss2.bytes(), V::ss);
}

template <class K, int Set>
constexpr bool acvp_keygen() {
  using V = acvp<Set>;
  auto dk = K::decapsulation_key::from_seed(V::keygen_seed);
  return same(dk.encapsulation_key().bytes(), V::keygen_ek) &&
         same(dk.bytes(), V::keygen_dk) && dk.seed().has_value() &&
         same(*dk.seed(), V::keygen_seed);
}

template <class K, int Set>
constexpr bool acvp_encaps() {
  using V = acvp<Set>;
  auto ek = K::encapsulation_key::from_bytes(V::encaps_ek);
  auto [k, c] = ek.encapsulate_derand(V::encaps_m);
  return same(c.bytes(), V::encaps_c) && same(k.bytes(), V::encaps_k);
}

template <class K>
constexpr bool acvp_decaps(std::span<const std::uint8_t> dk_bytes,
                           std::span<const std::uint8_t> c,
                           std::span<const std::uint8_t> k) {
  auto dk = K::decapsulation_key::from_bytes(dk_bytes);
  auto ct = K::ciphertext::from_bytes(c);
  auto ss = dk.decapsulate(ct);
  return !dk.seed().has_value() && same(ss.bytes(), k);
}

/* The checks the API's from_bytes run in a constant expression. */
template <class F, int Set>
constexpr bool acvp_invalid_ek() {
  return !mlkem::detail::fips203::ek_modulus_check<F>(
             acvp<Set>::invalid_ek.data()) &&
         mlkem::detail::fips203::ek_modulus_check<F>(
             acvp<Set>::encaps_ek.data());
}
template <class F, int Set>
constexpr bool acvp_invalid_dk() {
  return !mlkem::detail::fips203::dk_hash_check<F>(
             acvp<Set>::invalid_dk.data()) &&
         mlkem::detail::fips203::dk_hash_check<F>(
             acvp<Set>::decaps_valid_dk.data());
}

/* The checks of one set, numbered from first. */
#define MLKEM_ACVP_CHECKS(SET, first)                                          \
  static_assert(                                                               \
      !MLKEM_CHECK_N(first) || acvp_keygen<mlkem::ml_kem_##SET, SET>(),        \
      "ML-KEM-" #SET ": ACVP keyGen at compile time");                         \
  static_assert(                                                               \
      !MLKEM_CHECK_N(first + 1) || acvp_encaps<mlkem::ml_kem_##SET, SET>(),    \
      "ML-KEM-" #SET ": ACVP encapsulation at compile time");                  \
  static_assert(!MLKEM_CHECK_N(first + 2) ||                                   \
                    acvp_decaps<mlkem::ml_kem_##SET>(                          \
                        acvp<SET>::decaps_valid_dk, acvp<SET>::decaps_valid_c, \
                        acvp<SET>::decaps_valid_k),                            \
                "ML-KEM-" #SET ": ACVP valid decapsulation at compile time");  \
  static_assert(                                                               \
      !MLKEM_CHECK_N(first + 3) ||                                             \
          acvp_decaps<mlkem::ml_kem_##SET>(acvp<SET>::decaps_modified_dk,      \
                                           acvp<SET>::decaps_modified_c,       \
                                           acvp<SET>::decaps_modified_k),      \
      "ML-KEM-" #SET ": ACVP modified ciphertext (implicit rejection)");       \
  static_assert(                                                               \
      !MLKEM_CHECK_N(first + 4) ||                                             \
          acvp_invalid_ek<mlkem::detail::fips203::ml_kem_##SET, SET>(),        \
      "ML-KEM-" #SET ": ACVP non-reduced ek refused");                         \
  static_assert(                                                               \
      !MLKEM_CHECK_N(first + 5) ||                                             \
          acvp_invalid_dk<mlkem::detail::fips203::ml_kem_##SET, SET>(),        \
      "ML-KEM-" #SET ": ACVP dk with a wrong H(ek) refused")

static_assert(!MLKEM_CHECK_N(1) || nist_kat_512(),
              "ML-KEM-512: NIST KAT record 0 at compile time");
MLKEM_ACVP_CHECKS(512, 2);
MLKEM_ACVP_CHECKS(768, 8);
MLKEM_ACVP_CHECKS(1024, 14);

}  // namespace
