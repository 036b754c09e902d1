/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_kyber.hpp - the C++20 API of Kyber round 3 (CRYSTALS-Kyber,
 * specification version 3.02), the pre-standard scheme ML-KEM replaced:
 * mlkem::kyber_512, kyber_768, kyber_1024 and the "90s" variants
 * kyber_512_90s, kyber_768_90s, kyber_1024_90s, over the C functions of
 * mlkem_kyber.h (which documents the scheme). Header-only; link the C
 * library (the CMake target mlkem::mlkem_cxx).
 *
 *   auto dk = mlkem::kyber_768::decapsulation_key::generate();
 *   auto [ss, ct] = dk.encapsulation_key().encapsulate();
 *   mlkem::shared_secret k = dk.decapsulate(ct);   // k == ss
 *
 * Use these only to interoperate with round-3 deployments; for anything
 * new use ML-KEM (mlkem.hpp). Each set is a type of the same template as
 * mlkem::ml_kem_768 (mlkem.hpp documents the keys, the errors and the
 * std::error_code forms) and satisfies the concept mlkem::kem, so generic
 * code runs on both; but a Kyber key is a different type from an ML-KEM key
 * of the same size, and does not compile where one is expected (their
 * outputs differ for the same inputs).
 *
 * What differs from ML-KEM:
 *  - from_seed() takes, and seed() returns, the 64 bytes of round-3 key
 *    generation's randomness: d then z, the two 32-byte draws of the
 *    round-3 reference in the order it makes them (kyber768_keygen_derand's
 *    coins). They have the size and order of ML-KEM's seed d || z, but
 *    round 3 hashes d without ML-KEM's rank byte, so one seed gives
 *    different keys in the two schemes. generate() draws all 64 bytes from
 *    the operating system at once.
 *  - encapsulate_derand() takes the 32 bytes the round-3 reference draws
 *    for encapsulation, which it hashes into m (m = H(coins)), not m
 *    itself (kyber768_encaps_derand's coins).
 *  - There is no prepared form of ek in the C library for round 3: the
 *    keys have no prepare() or is_prepared(), and every encapsulation runs
 *    the modulus check on ek and hashes it.
 *  - The input checks are FIPS 203's, run on the round-3 keys (stricter
 *    than the round-3 reference, as in mlkem_kyber.h): from_bytes() of an
 *    encapsulation key runs the modulus check, from_bytes() of a
 *    decapsulation key the hash check with the variant's H (SHA3-256, or
 *    SHA-256 for 90s) and the modulus check of the pk inside it. The
 *    errors are those of mlkem.hpp (errc::invalid_encapsulation_key, ...).
 */
#ifndef MLKEM_KYBER_HPP
#define MLKEM_KYBER_HPP

#include "mlkem.hpp"
#include "mlkem_kyber.h"

namespace mlkem {

namespace detail {

/* The sizes parameter_set takes from mlkem.h are round 3's too. */
static_assert(KYBER_SS_BYTES == MLKEM_SS_BYTES &&
              KYBER_KEYGEN_COINS_BYTES == MLKEM_SEED_BYTES &&
              KYBER_ENCAPS_COINS_BYTES == MLKEM_MSG_BYTES);

/* The C functions of one round-3 set, for parameter_set. PREFIX is the C
 * prefix (kyber768_90s); INDEX the set's place in mlkem_kyber_kems (the
 * order mlkem_kyber.h gives), whose descriptor holds the input checks: the
 * modulus check of ML-KEM and the hash check with the variant's H, for
 * which mlkem_kyber.h declares no function of its own. sk has the layout
 * of FIPS 203's dk, pk || H(pk) at the same place. */
#define MLKEM_CXX_KYBER_TRAITS(TYPE, K, PREFIX, INDEX, LABEL)     \
  struct TYPE##_traits {                                          \
    static constexpr std::string_view name = LABEL;               \
    static constexpr std::size_t ek_bytes = KYBER##K##_PK_BYTES;  \
    static constexpr std::size_t dk_bytes = KYBER##K##_SK_BYTES;  \
    static constexpr std::size_t ct_bytes = KYBER##K##_CT_BYTES;  \
    static constexpr std::size_t prepared_ek_bytes = ek_bytes;    \
    static constexpr std::size_t prepared_ek_offset =             \
        dk_bytes - ek_bytes - 64;                                 \
    static constexpr bool has_prepared_form = false;              \
    static const mlkem_kem &descriptor() noexcept {               \
      return *mlkem_kyber_kems[INDEX];                            \
    }                                                             \
    static int keygen_derand(std::uint8_t *ek, std::uint8_t *dk,  \
                             const std::uint8_t *seed) noexcept { \
      return PREFIX##_keygen_derand(ek, dk, seed);                \
    }                                                             \
    static int encaps(std::uint8_t *ct, std::uint8_t *ss,         \
                      const std::uint8_t *ek) noexcept {          \
      return PREFIX##_encaps(ct, ss, ek);                         \
    }                                                             \
    static int encaps_derand(std::uint8_t *ct, std::uint8_t *ss,  \
                             const std::uint8_t *ek,              \
                             const std::uint8_t *m) noexcept {    \
      return PREFIX##_encaps_derand(ct, ss, ek, m);               \
    }                                                             \
    static int decaps(std::uint8_t *ss, const std::uint8_t *ct,   \
                      const std::uint8_t *dk) noexcept {          \
      return PREFIX##_decaps(ss, ct, dk);                         \
    }                                                             \
    static int check_dk(const std::uint8_t *dk) noexcept {        \
      return descriptor().check_dk(dk);                           \
    }                                                             \
    static int check_ek(const std::uint8_t *ek) noexcept {        \
      return descriptor().check_ek(ek);                           \
    }                                                             \
  }

MLKEM_CXX_KYBER_TRAITS(kyber_512, 512, kyber512, 0, "Kyber512");
MLKEM_CXX_KYBER_TRAITS(kyber_768, 768, kyber768, 1, "Kyber768");
MLKEM_CXX_KYBER_TRAITS(kyber_1024, 1024, kyber1024, 2, "Kyber1024");
MLKEM_CXX_KYBER_TRAITS(kyber_512_90s, 512, kyber512_90s, 3, "Kyber512-90s");
MLKEM_CXX_KYBER_TRAITS(kyber_768_90s, 768, kyber768_90s, 4, "Kyber768-90s");
MLKEM_CXX_KYBER_TRAITS(kyber_1024_90s, 1024, kyber1024_90s, 5, "Kyber1024-90s");
#undef MLKEM_CXX_KYBER_TRAITS

}  // namespace detail

/* Kyber512, Kyber768, Kyber1024 (SHA-3 and SHAKE, as ML-KEM). */
using kyber_512 = parameter_set<detail::kyber_512_traits>;
using kyber_768 = parameter_set<detail::kyber_768_traits>;
using kyber_1024 = parameter_set<detail::kyber_1024_traits>;
/* Kyber512-90s, Kyber768-90s, Kyber1024-90s (SHA-2 and AES-256-CTR). */
using kyber_512_90s = parameter_set<detail::kyber_512_90s_traits>;
using kyber_768_90s = parameter_set<detail::kyber_768_90s_traits>;
using kyber_1024_90s = parameter_set<detail::kyber_1024_90s_traits>;

static_assert(kem<kyber_512> && kem<kyber_768> && kem<kyber_1024> &&
              kem<kyber_512_90s> && kem<kyber_768_90s> && kem<kyber_1024_90s>);

}  // namespace mlkem

#endif /* MLKEM_KYBER_HPP */
