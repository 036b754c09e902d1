/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_constexpr_diff.cpp - the compile-time path of mlkem.hpp
 * (mlkem_constexpr.hpp, mlkem::detail::fips203) run at run time, against
 * the C library, on 1,000 random seeds per set (a tenth under
 * MLKEM_TEST_QUICK): for each seed, the keys of KeyGen_internal; the
 * ciphertext and shared secret of Encaps_internal for a random m, from ek
 * alone and with H(ek) given (a prepared key); decapsulation of that
 * ciphertext and of a copy with one random bit flipped (the
 * implicit-rejection secret, which must differ); the section 7.2 modulus
 * check on ek and on a copy with one coefficient set to a random value in
 * [q, 4096), and the section 7.3 hash check on dk and on a copy with one
 * bit of ek or H(ek) flipped, refused exactly when the C library refuses.
 * (test_cxx_constexpr.cpp checks the same functions against published
 * vectors in constant expressions.)
 */
#include "cxx_test.h"

namespace {

namespace fips203 = mlkem::detail::fips203;

std::string at(const char *set, unsigned long i, const char *what) {
  return std::string(set) + " seed " + std::to_string(i) + ": " + what;
}

/* Sets the 12-bit coefficient j of ek's t-hat to v (ByteEncode_12's
 * layout: two coefficients in three bytes). */
void set_coefficient(std::uint8_t *ek, std::size_t j, std::uint32_t v) {
  std::uint8_t *p = ek + 3 * (j / 2);
  if (j % 2 == 0) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>((p[1] & 0xf0) | (v >> 8));
  } else {
    p[1] = static_cast<std::uint8_t>((p[1] & 0x0f) | ((v & 0x0f) << 4));
    p[2] = static_cast<std::uint8_t>(v >> 4);
  }
}

template <class T>
void compare(const char *set, test_rng *rng) {
  using F = typename T::fips203;
  constexpr std::size_t k = F::k;
  unsigned long trials = test_trials(1000), agreed = 0;
  for (unsigned long i = 0; i < trials; i++) {
    auto w = [&](const char *what) { return at(set, i, what); };
    unsigned long failures = test_failed;
    auto seed = cxx_test::random_bytes<64>(rng);
    auto m = cxx_test::random_bytes<32>(rng);
    std::array<std::uint8_t, T::ek_bytes> ek_c{}, ek{};
    std::array<std::uint8_t, T::dk_bytes> dk_c{}, dk{};
    std::array<std::uint8_t, T::ct_bytes> ct_c{}, ct{}, ct2{};
    std::array<std::uint8_t, 32> ss_c{}, ss{}, ss2{};

    CHECK(T::keygen_derand(ek_c.data(), dk_c.data(), seed.data()) == MLKEM_OK);
    fips203::keygen_internal<F>(ek.data(), dk.data(), seed.data(),
                                seed.data() + 32);
    CHECK_MSG(cxx_test::same(ek, ek_c), w("KeyGen ek").c_str());
    CHECK_MSG(cxx_test::same(dk, dk_c), w("KeyGen dk").c_str());

    CHECK(T::encaps_derand(ct_c.data(), ss_c.data(), ek_c.data(), m.data()) ==
          MLKEM_OK);
    fips203::encaps_internal<F>(ss.data(), ct.data(), ek.data(), nullptr,
                                m.data());
    CHECK_MSG(cxx_test::same(ct, ct_c), w("Encaps ciphertext").c_str());
    CHECK_MSG(cxx_test::same(ss, ss_c), w("Encaps shared secret").c_str());
    /* H(ek) given, as a prepared key gives it: dk holds it after ek. */
    fips203::encaps_internal<F>(ss2.data(), ct2.data(), ek.data(),
                                dk.data() + 768 * k + 32, m.data());
    CHECK_MSG(cxx_test::same(ct2, ct_c) && cxx_test::same(ss2, ss_c),
              w("Encaps with H(ek) given").c_str());

    fips203::decaps_internal<F>(ss2.data(), dk.data(), ct.data());
    CHECK_MSG(cxx_test::same(ss2, ss_c), w("Decaps").c_str());

    /* A ciphertext with one bit flipped: implicit rejection. */
    std::uint32_t bit = test_rng_u32(rng) % (8 * T::ct_bytes);
    ct[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    CHECK(T::decaps(ss_c.data(), ct.data(), dk_c.data()) == MLKEM_OK);
    fips203::decaps_internal<F>(ss2.data(), dk.data(), ct.data());
    CHECK_MSG(cxx_test::same(ss2, ss_c),
              w("Decaps, altered ciphertext").c_str());
    CHECK_MSG(!cxx_test::same(ss2, ss), w("implicit rejection").c_str());

    /* Section 7.2: ek as made, then with a coefficient in [q, 4096). */
    CHECK_MSG(fips203::ek_modulus_check<F>(ek.data()) &&
                  T::check_ek(ek.data()) == MLKEM_OK,
              w("modulus check of a generated ek").c_str());
    std::array<std::uint8_t, T::ek_bytes> bad_ek = ek;
    set_coefficient(bad_ek.data(), test_rng_u32(rng) % (256 * k),
                    fips203::q + test_rng_u32(rng) % (4096 - fips203::q));
    CHECK_MSG(!fips203::ek_modulus_check<F>(bad_ek.data()) &&
                  T::check_ek(bad_ek.data()) == MLKEM_ERR_INVALID_EK,
              w("non-reduced ek refused by both").c_str());

    /* Section 7.3: dk as made, then with a bit of ek or H(ek) flipped. */
    CHECK_MSG(fips203::dk_hash_check<F>(dk.data()) &&
                  T::check_dk(dk.data()) == MLKEM_OK,
              w("hash check of a generated dk").c_str());
    std::array<std::uint8_t, T::dk_bytes> bad_dk = dk;
    bit = 8 * 384 * k + test_rng_u32(rng) % (8 * (T::ek_bytes + 32));
    bad_dk[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    CHECK_MSG(!fips203::dk_hash_check<F>(bad_dk.data()) &&
                  T::check_dk(bad_dk.data()) == MLKEM_ERR_INVALID_DK,
              w("dk with a wrong H(ek) refused by both").c_str());
    if (test_failed == failures) agreed++;
  }
  std::printf(
      "%s: the compile-time path agrees with the C library on %lu of "
      "%lu seeds\n",
      set, agreed, trials);
  CHECKF(agreed == trials, "%s: %lu of %lu seeds agree", set, agreed, trials);
}

}  // namespace

int main() {
  test_backend_banner();
  test_rng rng;
  test_rng_init(&rng, "test_cxx_constexpr_diff");
  compare<mlkem::detail::ml_kem_512_traits>("ML-KEM-512", &rng);
  compare<mlkem::detail::ml_kem_768_traits>("ML-KEM-768", &rng);
  compare<mlkem::detail::ml_kem_1024_traits>("ML-KEM-1024", &rng);
  return test_summary("test_cxx_constexpr_diff");
}
