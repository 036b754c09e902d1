/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_api.cpp - the C++ API's behaviour (include/mlkem.hpp,
 * mlkem_kyber.hpp, and X-Wing of mlkem_hybrid.hpp), for each KEM type
 * (ML-KEM-512/768/1024, the six Kyber round-3 sets, X-Wing), written once
 * over the concept mlkem::kem:
 *
 *  - at compile time: the sizes are the C macros'; the types of different
 *    sets do not convert into each other, and one set's key does not take
 *    another's ciphertext; a decapsulation key is move-only, its moves do
 *    not throw; every bytes() is a contiguous range of std::uint8_t;
 *  - round trips (generate, from_seed, from_bytes; prepared or not);
 *  - every error: wrong lengths, the modulus check, the hash check, the ek
 *    inside dk (X-Wing: its ML-KEM part; its key is a seed, which has no
 *    check); thrown as mlkem::error with the C code, and reported through
 *    std::error_code by the noexcept forms, with zeroed results;
 *  - the same results as the C functions for the same inputs;
 *  - moved-from keys are wiped; clone() copies; shared_secret ==;
 *  - the expanded keys give the plain keys' results.
 */
#include <type_traits>

#include "cxx_test.h"

using cxx_test::all_zero;
using cxx_test::random_bytes;
using cxx_test::same;
using cxx_test::thrown_code;

/* ---- compile-time checks ---------------------------------------------- */

static_assert(mlkem::ml_kem_512::encapsulation_key_size == MLKEM512_EK_BYTES);
static_assert(mlkem::ml_kem_512::decapsulation_key_size == MLKEM512_DK_BYTES);
static_assert(mlkem::ml_kem_512::ciphertext_size == MLKEM512_CT_BYTES);
static_assert(mlkem::ml_kem_768::encapsulation_key_size == MLKEM768_EK_BYTES);
static_assert(mlkem::ml_kem_768::decapsulation_key_size == MLKEM768_DK_BYTES);
static_assert(mlkem::ml_kem_768::ciphertext_size == MLKEM768_CT_BYTES);
static_assert(mlkem::ml_kem_1024::encapsulation_key_size == MLKEM1024_EK_BYTES);
static_assert(mlkem::ml_kem_1024::decapsulation_key_size == MLKEM1024_DK_BYTES);
static_assert(mlkem::ml_kem_1024::ciphertext_size == MLKEM1024_CT_BYTES);
static_assert(mlkem::ml_kem_768::shared_secret_size == 32 &&
              mlkem::ml_kem_768::seed_size == 64);
/* The sizes of FIPS 203 Table 3, independently of the C header. */
static_assert(mlkem::ml_kem_768::encapsulation_key_size == 384 * 3 + 32 &&
              mlkem::ml_kem_768::decapsulation_key_size == 768 * 3 + 96 &&
              mlkem::ml_kem_768::ciphertext_size == 32 * (10 * 3 + 4));
/* bytes() has the size in its type: a view of a named object; a copy from
 * a temporary of a public type, so that no view outlives its object (the
 * secret types refuse it: compile_fail.cpp). */
static_assert(decltype(std::declval<const mlkem::ml_kem_768::ciphertext &>()
                           .bytes())::extent == 1088);
static_assert(
    std::is_same_v<
        decltype(std::declval<mlkem::ml_kem_1024::encapsulation_key>().bytes()),
        std::array<std::uint8_t, 1568>>);

template <class A, class B>
constexpr bool distinct =
    !std::is_same_v<A, B> && !std::is_convertible_v<A, B> &&
    !std::is_convertible_v<B, A> && !std::is_constructible_v<A, B> &&
    !std::is_constructible_v<B, A>;
static_assert(distinct<mlkem::ml_kem_768::decapsulation_key,
                       mlkem::ml_kem_1024::decapsulation_key>);
static_assert(distinct<mlkem::ml_kem_768::encapsulation_key,
                       mlkem::ml_kem_1024::encapsulation_key>);
static_assert(
    distinct<mlkem::ml_kem_768::ciphertext, mlkem::ml_kem_1024::ciphertext>);
static_assert(
    distinct<mlkem::ml_kem_512::ciphertext, mlkem::ml_kem_768::ciphertext>);

template <class Key, class Ct>
concept decapsulates = requires(const Key &k, const Ct &c) {
  k.decapsulate(c);
};
static_assert(decapsulates<mlkem::ml_kem_768::decapsulation_key,
                           mlkem::ml_kem_768::ciphertext>);
static_assert(!decapsulates<mlkem::ml_kem_1024::decapsulation_key,
                            mlkem::ml_kem_768::ciphertext>);
static_assert(!decapsulates<mlkem::ml_kem_768::decapsulation_key,
                            mlkem::ml_kem_512::ciphertext>);

static_assert(
    !std::is_copy_constructible_v<mlkem::ml_kem_768::decapsulation_key>);
static_assert(!std::is_copy_assignable_v<mlkem::ml_kem_768::decapsulation_key>);
static_assert(
    std::is_nothrow_move_constructible_v<mlkem::ml_kem_768::decapsulation_key>);
static_assert(
    std::is_nothrow_move_assignable_v<mlkem::ml_kem_768::decapsulation_key>);
static_assert(
    std::is_copy_constructible_v<mlkem::ml_kem_768::encapsulation_key>);
static_assert(std::is_base_of_v<std::runtime_error, mlkem::error>);

/* Kyber round 3: the sizes of mlkem_kyber.h, and types of their own. */
static_assert(mlkem::kyber_512::encapsulation_key_size == KYBER512_PK_BYTES &&
              mlkem::kyber_512::decapsulation_key_size == KYBER512_SK_BYTES &&
              mlkem::kyber_512::ciphertext_size == KYBER512_CT_BYTES);
static_assert(mlkem::kyber_768_90s::encapsulation_key_size ==
                  KYBER768_PK_BYTES &&
              mlkem::kyber_768_90s::decapsulation_key_size ==
                  KYBER768_SK_BYTES &&
              mlkem::kyber_768_90s::ciphertext_size == KYBER768_CT_BYTES);
static_assert(mlkem::kyber_1024::encapsulation_key_size == KYBER1024_PK_BYTES &&
              mlkem::kyber_1024::decapsulation_key_size == KYBER1024_SK_BYTES &&
              mlkem::kyber_1024::ciphertext_size == KYBER1024_CT_BYTES);
static_assert(mlkem::kyber_768::seed_size == KYBER_KEYGEN_COINS_BYTES &&
              mlkem::kyber_768::message_size == KYBER_ENCAPS_COINS_BYTES);
static_assert(mlkem::kyber_768::name == "Kyber768" &&
              mlkem::kyber_1024_90s::name == "Kyber1024-90s");
/* A Kyber key or ciphertext is not an ML-KEM one of the same size, nor one
 * of the other variant. */
static_assert(distinct<mlkem::kyber_768::decapsulation_key,
                       mlkem::ml_kem_768::decapsulation_key>);
static_assert(distinct<mlkem::kyber_768::encapsulation_key,
                       mlkem::ml_kem_768::encapsulation_key>);
static_assert(
    distinct<mlkem::kyber_768::ciphertext, mlkem::ml_kem_768::ciphertext>);
static_assert(
    distinct<mlkem::kyber_768::ciphertext, mlkem::kyber_768_90s::ciphertext>);
static_assert(!decapsulates<mlkem::ml_kem_768::decapsulation_key,
                            mlkem::kyber_768::ciphertext>);
static_assert(!decapsulates<mlkem::kyber_768_90s::decapsulation_key,
                            mlkem::kyber_768::ciphertext>);
/* No prepared form for round 3 in the C library: no prepare(). */
template <class Key>
concept preparable = requires(Key &k) {
  k.prepare();
  k.is_prepared();
};
static_assert(preparable<mlkem::ml_kem_768::encapsulation_key>);
static_assert(!preparable<mlkem::kyber_768::encapsulation_key>);

/* X-Wing: the sizes of mlkem_hybrid.h; its ciphertext is not another 1120
 * bytes (the TLS server share). */
static_assert(mlkem::x_wing::encapsulation_key_size == XWING_PK_BYTES &&
              mlkem::x_wing::decapsulation_key_size == XWING_SK_BYTES &&
              mlkem::x_wing::ciphertext_size == XWING_CT_BYTES &&
              mlkem::x_wing::seed_size == 32 &&
              mlkem::x_wing::message_size == 64);
static_assert(distinct<mlkem::x_wing::ciphertext,
                       mlkem::x25519_mlkem768::server_key_share>);
static_assert(!decapsulates<mlkem::x_wing::decapsulation_key,
                            mlkem::ml_kem_768::ciphertext>);
static_assert(!std::is_copy_constructible_v<mlkem::x_wing::decapsulation_key>);
static_assert(
    std::is_nothrow_move_assignable_v<mlkem::x_wing::decapsulation_key>);

/* Something else that is not a KEM of these headers. */
static_assert(!mlkem::kem<int>);
static_assert(!mlkem::kem<mlkem::x25519_mlkem768>);

/* ---- run-time checks --------------------------------------------------- */

namespace {

/* The C functions of each set, to compare with. */
template <class K>
struct c_api;
template <>
struct c_api<mlkem::ml_kem_512> {
  static constexpr auto keygen_derand = mlkem512_keygen_derand;
  static constexpr auto encaps_derand = mlkem512_encaps_derand;
  static constexpr auto decaps = mlkem512_decaps;
};
template <>
struct c_api<mlkem::ml_kem_768> {
  static constexpr auto keygen_derand = mlkem768_keygen_derand;
  static constexpr auto encaps_derand = mlkem768_encaps_derand;
  static constexpr auto decaps = mlkem768_decaps;
};
template <>
struct c_api<mlkem::ml_kem_1024> {
  static constexpr auto keygen_derand = mlkem1024_keygen_derand;
  static constexpr auto encaps_derand = mlkem1024_encaps_derand;
  static constexpr auto decaps = mlkem1024_decaps;
};
#define KYBER_C_API(TYPE, PREFIX)                                 \
  template <>                                                     \
  struct c_api<mlkem::TYPE> {                                     \
    static constexpr auto keygen_derand = PREFIX##_keygen_derand; \
    static constexpr auto encaps_derand = PREFIX##_encaps_derand; \
    static constexpr auto decaps = PREFIX##_decaps;               \
  }
KYBER_C_API(kyber_512, kyber512);
KYBER_C_API(kyber_768, kyber768);
KYBER_C_API(kyber_1024, kyber1024);
KYBER_C_API(kyber_512_90s, kyber512_90s);
KYBER_C_API(kyber_768_90s, kyber768_90s);
KYBER_C_API(kyber_1024_90s, kyber1024_90s);
#undef KYBER_C_API
template <>
struct c_api<mlkem::x_wing> {
  static constexpr auto keygen_derand = xwing_keygen_derand;
  static constexpr auto encaps_derand = xwing_encaps_derand;
  static constexpr auto decaps = xwing_decaps;
};

/* X-Wing's private key is its seed: any 32 bytes, kept by every key. */
template <class K>
constexpr bool key_is_seed = std::is_same_v<K, mlkem::x_wing>;

/* The seed a key made from a seed reports, whatever the type of seed(). */
template <class Key>
std::vector<std::uint8_t> seed_of(const Key &k) {
  auto s = k.seed();
  if constexpr (requires { s.has_value(); }) {
    if (!s.has_value()) return {};
    return std::vector<std::uint8_t>(s->begin(), s->end());
  } else {
    return std::vector<std::uint8_t>(s.begin(), s.end());
  }
}

template <mlkem::kem K>
void same_as_c(test_rng *rng) {
  using C = c_api<K>;
  auto seed = random_bytes<K::seed_size>(rng);
  auto m = random_bytes<K::message_size>(rng);
  std::array<std::uint8_t, K::encapsulation_key_size> ek;
  std::array<std::uint8_t, K::decapsulation_key_size> dk;
  std::array<std::uint8_t, K::ciphertext_size> ct;
  std::array<std::uint8_t, 32> ss, ss2;
  CHECK(C::keygen_derand(ek.data(), dk.data(), seed.data()) == 0);
  CHECK(C::encaps_derand(ct.data(), ss.data(), ek.data(), m.data()) == 0);
  CHECK(C::decaps(ss2.data(), ct.data(), dk.data()) == 0);

  auto key = K::decapsulation_key::from_seed(seed);
  CHECK_MSG(same(key.bytes(), dk), "dk as the C keygen's");
  CHECK_MSG(same(key.encapsulation_key().bytes(), ek), "ek as the C keygen's");
  for (auto pub :
       {key.encapsulation_key(), K::encapsulation_key::from_bytes(ek)}) {
    auto [s, c] = pub.encapsulate_derand(m);
    CHECK_MSG(same(c.bytes(), ct), "ct as the C encaps'");
    CHECK_MSG(same(s.bytes(), ss), "ss as the C encaps'");
  }
  auto k = key.decapsulate(K::ciphertext::from_bytes(ct));
  CHECK_MSG(same(k.bytes(), ss2), "ss as the C decaps'");
}

template <mlkem::kem K>
void round_trip() {
  auto dk = K::decapsulation_key::generate();
  auto seed = seed_of(dk);
  CHECK(seed.size() == K::seed_size);
  if (seed.size() != K::seed_size) return;
  auto again = K::decapsulation_key::from_seed(
      std::span<const std::uint8_t, K::seed_size>(seed.data(), K::seed_size));
  CHECK(same(again.bytes(), dk.bytes()));

  auto ek = K::encapsulation_key::from_bytes(dk.encapsulation_key().bytes());
  CHECK(ek == dk.encapsulation_key());
  auto [ss, ct] = ek.encapsulate();
  CHECK(dk.decapsulate(ct) == ss);
  auto [ss2, ct2] = ek.encapsulate();
  CHECK_MSG(!(ss2 == ss) && !(ct2 == ct), "a fresh m each time");
  if constexpr (preparable<typename K::encapsulation_key>) {
    CHECK(!ek.is_prepared() && dk.encapsulation_key().is_prepared());
    auto prepared = ek;
    prepared.prepare();
    CHECK(prepared.is_prepared() && prepared == ek);
    auto [ss3, ct3] = prepared.encapsulate();
    CHECK(dk.decapsulate(ct3) == ss3);
  }

  /* A key read from its bytes: no seed, except for X-Wing, whose bytes are
   * the seed. */
  auto dk2 = K::decapsulation_key::from_bytes(dk.bytes());
  CHECK(seed_of(dk2) == (key_is_seed<K> ? seed : std::vector<std::uint8_t>()));
  CHECK(dk2.encapsulation_key() == dk.encapsulation_key());
  if constexpr (preparable<typename K::encapsulation_key>) {
    CHECK(dk2.encapsulation_key().is_prepared());
  }
  CHECK(dk2.decapsulate(ct) == ss);
  CHECK(K::ciphertext::from_bytes(ct.bytes()) == ct);
  CHECK(typename K::ciphertext(ct.bytes()) == ct);

  /* Implicit rejection: a modified ciphertext is no error. */
  std::vector<std::uint8_t> bad(ct.bytes().begin(), ct.bytes().end());
  bad[0] ^= 1;
  std::error_code ec;
  auto k1 = dk.decapsulate(K::ciphertext::from_bytes(bad), ec);
  CHECK(!ec && !(k1 == ss));
  CHECK(dk.decapsulate(K::ciphertext::from_bytes(bad)) == k1);
}

/* T::from_bytes (T a key or ciphertext type) refuses good's bytes one
 * shorter, one longer and empty: thrown, and through the error_code form
 * with a zeroed object. */
template <class T>
void refuses_lengths(const std::vector<std::uint8_t> &good, mlkem::errc want) {
  for (std::size_t len : {std::size_t{0}, good.size() - 1, good.size() + 1}) {
    std::vector<std::uint8_t> b = good;
    b.resize(len);
    CHECK(thrown_code([&] { (void)T::from_bytes(b); }) ==
          static_cast<int>(want));
    std::error_code ec;
    auto x = T::from_bytes(b, ec);
    CHECK(ec == want && all_zero(x.bytes()));
  }
}

/* Sets the first 12-bit coefficient of an encoded ek to 0xfff >= q. */
void break_modulus(std::uint8_t *ek) {
  ek[0] = 0xff;
  ek[1] |= 0x0f;
}

template <mlkem::kem K>
void errors(test_rng *rng) {
  auto dk = K::decapsulation_key::from_seed(random_bytes<K::seed_size>(rng));
  auto ek = dk.encapsulation_key();
  /* Not a structured binding: clang 14 cannot capture one in a lambda. */
  auto enc = ek.encapsulate();
  const auto &ct = enc.second;
  const std::vector<std::uint8_t> ekb(ek.bytes().begin(), ek.bytes().end());
  const std::vector<std::uint8_t> dkb(dk.bytes().begin(), dk.bytes().end());
  const std::vector<std::uint8_t> ctb(ct.bytes().begin(), ct.bytes().end());
  std::error_code ec;

  refuses_lengths<typename K::encapsulation_key>(
      ekb, mlkem::errc::invalid_encapsulation_key);
  refuses_lengths<typename K::decapsulation_key>(
      dkb, mlkem::errc::invalid_decapsulation_key);
  refuses_lengths<typename K::ciphertext>(ctb, mlkem::errc::invalid_ciphertext);
  (void)K::ciphertext::from_bytes(std::span<const std::uint8_t>(), ec);
  CHECK(ec.category() == mlkem::error_category() &&
        std::string(ec.category().name()) == "mlkem" &&
        ec.message().find("length") != std::string::npos);

  /* The modulus check (FIPS 203 section 7.2); X-Wing's ek begins with
   * its ML-KEM-768 ek. */
  std::vector<std::uint8_t> b = ekb;
  break_modulus(b.data());
  CHECK(thrown_code([&] { (void)K::encapsulation_key::from_bytes(b); }) ==
        MLKEM_ERR_INVALID_EK);

  /* The hash check (7.3): a byte of the ek or of H(ek) inside dk. */
  if constexpr (!key_is_seed<K>) {
    const std::size_t off =
        K::decapsulation_key_size - K::encapsulation_key_size - 64;
    for (std::size_t i : {off, off + K::encapsulation_key_size,
                          K::decapsulation_key_size - 33}) {
      b = dkb;
      b[i] ^= 1;
      CHECK(thrown_code([&] { (void)K::decapsulation_key::from_bytes(b); }) ==
            MLKEM_ERR_INVALID_DK);
    }
  }

  /* Successful calls clear a set error code. */
  ec = mlkem::errc::random;
  (void)K::decapsulation_key::from_bytes(dkb, ec);
  CHECK(!ec);
  ec = mlkem::errc::random;
  (void)ek.encapsulate(ec);
  CHECK(!ec);
  CHECK(thrown_code([&] { (void)dk.decapsulate(ct); }) == 0);
}

template <mlkem::kem K>
void ownership(test_rng *rng) {
  auto seed = random_bytes<K::seed_size>(rng);
  auto a = K::decapsulation_key::from_seed(seed);
  auto c = a.clone();
  CHECK(same(c.bytes(), a.bytes()) && seed_of(c) == seed_of(a));
  auto b = std::move(a);
  /* X-Wing's seed is its key bytes, checked with them. */
  CHECK_MSG(all_zero(a.bytes()) && (key_is_seed<K> || seed_of(a).empty()),
            "a moved-from key is wiped");
  CHECK(same(b.bytes(), c.bytes()) && same(seed_of(b), seed));
  a = std::move(b);
  CHECK(all_zero(b.bytes()) && same(a.bytes(), c.bytes()));
  CHECK(same(a.encapsulation_key().bytes(), c.encapsulation_key().bytes()));
}

}  // namespace

/* Expanded keys: the results of the plain keys (and so of the C
 * functions), for valid and altered ciphertexts; clone and move. */
template <mlkem::kem K>
void expanded(test_rng *rng) {
  using XD = typename K::expanded_decapsulation_key;
  using XE = typename K::expanded_encapsulation_key;
  static_assert(!std::is_copy_constructible_v<XD> &&
                std::is_nothrow_move_constructible_v<XD>);
  static_assert(std::is_copy_constructible_v<XE>);
  auto dk = K::decapsulation_key::from_seed(random_bytes<64>(rng));
  auto xd = XD::from(dk);
  auto ek = K::encapsulation_key::from_bytes(dk.encapsulation_key().bytes());
  auto xe = XE::from(ek);
  for (int i = 0; i < 4; i++) {
    auto m = random_bytes<32>(rng);
    auto [s, c] = ek.encapsulate_derand(m);
    auto [s2, c2] = xe.encapsulate_derand(m);
    CHECK_MSG(s == s2 && c == c2, "encapsulate_derand of the expanded ek");
    CHECK_MSG(xd.decapsulate(c) == s, "decapsulate of the expanded dk");
    std::vector<std::uint8_t> bad(c.bytes().begin(), c.bytes().end());
    bad[static_cast<std::size_t>(i) * 7] ^= 0x20;
    auto altered = K::ciphertext::from_bytes(bad);
    std::error_code ec;
    auto k = xd.decapsulate(altered, ec);
    CHECK_MSG(!ec && k == dk.decapsulate(altered),
              "implicit rejection as the plain key's");
  }
  auto [s3, c3] = xe.encapsulate();
  CHECK(dk.decapsulate(c3) == s3);
  auto copy = xd.clone();
  CHECK(copy.decapsulate(c3) == s3);
  XD moved(std::move(copy));
  CHECK(moved.decapsulate(c3) == s3);
}

int main() {
  test_backend_banner();
  test_rng rng;
  test_rng_init(&rng, "test_cxx_api");
  auto each = [&]<mlkem::kem K>() {
    same_as_c<K>(&rng);
    round_trip<K>();
    errors<K>(&rng);
    ownership<K>(&rng);
    if constexpr (K::has_expanded_keys) expanded<K>(&rng);
  };
  each.template operator()<mlkem::ml_kem_512>();
  each.template operator()<mlkem::ml_kem_768>();
  each.template operator()<mlkem::ml_kem_1024>();
  each.template operator()<mlkem::kyber_512>();
  each.template operator()<mlkem::kyber_768>();
  each.template operator()<mlkem::kyber_1024>();
  each.template operator()<mlkem::kyber_512_90s>();
  each.template operator()<mlkem::kyber_768_90s>();
  each.template operator()<mlkem::kyber_1024_90s>();
  each.template operator()<mlkem::x_wing>();
  static_assert(mlkem::ml_kem_768::has_expanded_keys &&
                !mlkem::kyber_768::has_expanded_keys);
  /* The descriptors the Kyber types take their checks from are the sets'
   * (mlkem_kyber_kems, in the order mlkem_kyber.h gives). */
  CHECK(mlkem::detail::kyber_512_traits::descriptor().name ==
            std::string_view("Kyber512") &&
        mlkem::detail::kyber_768_traits::descriptor().name ==
            std::string_view("Kyber768") &&
        mlkem::detail::kyber_1024_traits::descriptor().name ==
            std::string_view("Kyber1024") &&
        mlkem::detail::kyber_512_90s_traits::descriptor().name ==
            std::string_view("Kyber512-90s") &&
        mlkem::detail::kyber_768_90s_traits::descriptor().name ==
            std::string_view("Kyber768-90s") &&
        mlkem::detail::kyber_1024_90s_traits::descriptor().name ==
            std::string_view("Kyber1024-90s"));

  mlkem::shared_secret zero;
  CHECK(all_zero(zero.bytes()) && zero == mlkem::shared_secret());
  std::array<std::uint8_t, 32> one{};
  one[31] = 1;
  CHECK(!(mlkem::shared_secret(one) == zero));
  CHECK(mlkem::make_error_code(mlkem::errc::invalid_encapsulation_key)
            .message()
            .find("7.2") != std::string::npos);
  return test_summary("test_cxx_api");
}
