/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem.hpp - the C++20 API of the library: ML-KEM-512, -768 and -1024 as
 * types, over the C functions of mlkem.h (header-only; link the C library,
 * e.g. the CMake target mlkem::mlkem_cxx).
 *
 *   auto dk = mlkem::ml_kem_768::decapsulation_key::generate();
 *   auto ek = dk.encapsulation_key();            // publish ek.bytes()
 *   auto [ss, ct] = ek.encapsulate();            // sender: send ct.bytes()
 *   mlkem::shared_secret k = dk.decapsulate(ct); // receiver: k == ss
 *
 * Each parameter set is a type (mlkem::ml_kem_512, ml_kem_768, ml_kem_1024)
 * with the sizes of @spec{FIPS203, Table 3} as constants and four nested types:
 * decapsulation_key, encapsulation_key, ciphertext and shared_secret. A key
 * or ciphertext of one set is a different type from that of another, so
 * mixing sets does not compile. The concept mlkem::kem names what the three
 * types have in common, for code written once over all of them.
 *
 * Two more headers add types in the same style, over the C headers of the
 * same names: mlkem_kyber.hpp, Kyber round 3 (mlkem::kyber_512, ...,
 * kyber_1024_90s), and mlkem_hybrid.hpp, X-Wing (mlkem::x_wing) and the
 * TLS key shares X25519MLKEM768 (mlkem::x25519_mlkem768).
 *
 * Every computation is a call into the C library: this header adds byte
 * handling, no arithmetic. Results are byte-identical with the C API's.
 *
 * Keys
 *  - encapsulation_key holds ek, checked when the key is read (
 *    @spec{FIPS203, sec. 7.2}: the length, then the modulus check). A key that
 *    also holds H(ek) is prepared (the C library's prepare_ek form), and its
 *    encapsulations neither check nor hash ek again: keys from
 *    decapsulation_key::encapsulation_key() are (dk holds H(ek)); keys read
 *    from bytes are after prepare() (worth it from the third encapsulation
 *    to the same key: see prepare()). Copyable; == compares the key bytes.
 *  - decapsulation_key holds the FIPS 203 dk (and the 64-byte seed d || z
 *    when it was made from one). from_bytes runs the @spec{FIPS203, sec. 7.3}
 *    checks on dk (length and hash check) and, since encapsulation_key() hands
 * out the ek inside dk as a checked key, the @spec{FIPS203, sec. 7.2} modulus
 * check on that ek too: a dk that keygen cannot produce is refused either way.
 * Every decapsulate() runs the C library's hash check again, as it always does.
 * The key is wiped (memory set to zero in a way the compiler keeps) when it is
 * destroyed or moved from; it is not copyable, except on purpose with clone().
 *  - shared_secret (32 bytes) is wiped on destruction; == runs in time
 *    independent of the bytes compared.
 *  - bytes() of a named object is a std::span<const std::uint8_t, N> view
 *    of it; of a temporary, a std::array copy for the public types
 *    (encapsulation_key, ciphertext) and a compile error for the secret
 *    ones, so that no view outlives its object.
 *  - generate() draws the seed from the operating system (getentropy;
 *    BCryptGenRandom on Windows), or, when the including code defines
 *    MLKEM_CXX_CUSTOM_RANDOMBYTES, from the application's
 *    mlkem_randombytes() (the hook of builds with
 *    -DMLKEM_RANDOMBYTES=custom). encapsulate() takes m from the C library.
 *
 * Errors
 *  Every function that can fail has two forms:
 *  - the plain one throws mlkem::error (a std::runtime_error) carrying the
 *    C library's MLKEM_ERR_* code, or mlkem::errc::invalid_ciphertext
 *    (-100, this layer's own: a ciphertext of the wrong length, the
 *    @spec{FIPS203, sec. 7.3} ciphertext type check, which the C API's
 *    fixed-size arrays leave to the caller). A length error on ek or dk is
 * reported as MLKEM_ERR_INVALID_EK / MLKEM_ERR_INVALID_DK, the type checks of
 *    @spec{FIPS203, sec. 7.2 and 7.3};
 *  - the form with a trailing std::error_code& parameter is noexcept: it
 *    sets the code (category mlkem::error_category(), comparable with
 *    mlkem::errc values) or clears it, and on error returns an object
 *    filled with zeros, which must not be used. Code built without
 *    exceptions (-fno-exceptions) uses these; there, a plain form that
 *    fails calls std::abort().
 *  Decapsulating a ciphertext that was tampered with is not an error: it
 *  gives a pseudorandom secret (implicit rejection, @spec{FIPS203, Alg. 18}).
 *  decapsulate() of a valid key and the derandomized functions fail only
 *  when MLKEM_BACKEND names a backend this CPU lacks (mlkem.h), or with
 *  MLKEM_ERR_PAIRWISE in builds with the pairwise test.
 *
 * Expanded keys: expanded_decapsulation_key::from(dk) and
 * expanded_encapsulation_key::from(ek) (below) do the per-key work once
 * for keys that serve many operations.
 *
 * Thread safety: as the C library; const member functions may run
 * concurrently on one object.
 */
#ifndef MLKEM_HPP
#define MLKEM_HPP

/* C++20 (concepts, std::span, ranges): an older standard is refused here,
 * by name, rather than by the first declaration that needs C++20. MSVC
 * gives __cplusplus as 199711L unless /Zc:__cplusplus; _MSVC_LANG is its
 * real value. */
#if (defined(_MSVC_LANG) ? _MSVC_LANG : __cplusplus) < 202002L
#error "mlkem.hpp requires C++20 (-std=c++20, /std:c++20)"
#endif

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <ranges>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#include "mlkem.h"

#if defined(MLKEM_CXX_CUSTOM_RANDOMBYTES)
extern "C" int mlkem_randombytes(std::uint8_t *out, std::size_t len);
#elif defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>
#if defined(_MSC_VER)
#pragma comment(lib, "bcrypt")
#endif
#else
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/random.h>
#endif
#endif

namespace mlkem {

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */

/* The C library's MLKEM_ERR_* codes, and this layer's invalid_ciphertext. */
enum class errc : int {
  random = MLKEM_ERR_RANDOM,
  invalid_encapsulation_key = MLKEM_ERR_INVALID_EK,
  invalid_decapsulation_key = MLKEM_ERR_INVALID_DK,
  null_argument = MLKEM_ERR_NULL_ARGUMENT,
  backend = MLKEM_ERR_BACKEND,
  selftest = MLKEM_ERR_SELFTEST,
  pairwise = MLKEM_ERR_PAIRWISE,
  /* X25519MLKEM768 (mlkem_hybrid.hpp): the peer's X25519 point is of small
   * order; the handshake must be aborted. */
  x25519_zero = MLKEM_ERR_X25519_ZERO,
  /* Not a C code: a ciphertext of the wrong length (@spec{FIPS203, sec. 7.3},
   * ciphertext type check). Chosen far from the C codes, which count down
   * from -1. The Rust crate uses the same value. */
  invalid_ciphertext = -100,
};

}  // namespace mlkem

template <>
struct std::is_error_code_enum<mlkem::errc> : std::true_type {};

namespace mlkem {

namespace detail {

inline std::string error_message(int code) {
  if (code == static_cast<int>(errc::invalid_ciphertext)) {
    return "ciphertext has the wrong length for the parameter set";
  }
  return mlkem_strerror(code);
}

class error_category_impl final : public std::error_category {
 public:
  const char *name() const noexcept override {
    return "mlkem";
  }
  std::string message(int code) const override {
    return error_message(code);
  }
};

}  // namespace detail

/* The category of every std::error_code this header sets. */
inline const std::error_category &error_category() noexcept {
  static const detail::error_category_impl category;
  return category;
}

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), error_category()};
}

/* Thrown by every plain (not noexcept) function on failure. */
class error : public std::runtime_error {
 public:
  explicit error(int code)
      : std::runtime_error("mlkem: " + detail::error_message(code)),
        code_(code) {}
  /* The MLKEM_ERR_* code, or -100 (errc::invalid_ciphertext). */
  int code() const noexcept {
    return code_;
  }
  std::error_code error_code() const noexcept {
    return {code_, error_category()};
  }

 private:
  int code_;
};

namespace detail {

/* Sets ec from a C return value; true on success. */
inline bool check(int rc, std::error_code &ec) noexcept {
  if (rc == MLKEM_OK) {
    ec.clear();
    return true;
  }
  ec.assign(rc, error_category());
  return false;
}

[[noreturn]] inline void fail(const std::error_code &ec) {
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
  throw error(ec.value());
#else
  (void)ec;
  std::abort();
#endif
}

/* The plain form of a function from its error_code form. */
template <class F>
auto or_throw(F &&f) {
  std::error_code ec;
  auto result = std::forward<F>(f)(ec);
  if (ec) fail(ec);
  return result;
}

/* Zeroes n bytes; the empty asm statement, which the compiler must assume
 * reads the memory, keeps the stores from being removed as dead. */
inline void wipe(void *p, std::size_t n) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
#else
  volatile unsigned char *v = static_cast<volatile unsigned char *>(p);
  for (std::size_t i = 0; i < n; i++) v[i] = 0;
#endif
}

/* 1 if the n bytes at a and b are equal, in time independent of their
 * values: the differences are OR-ed together, and the barrier keeps the
 * compiler from turning the loop into an early exit. */
inline bool ct_equal(const std::uint8_t *a, const std::uint8_t *b,
                     std::size_t n) noexcept {
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < n; i++) acc |= a[i] ^ b[i];
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(acc));
#else
  volatile std::uint8_t v = acc;
  acc = v;
#endif
  return acc == 0;
}

/* The seed of generate(): MLKEM_ERR_RANDOM if the source fails. */
inline int random_seed(std::uint8_t *out, std::size_t len) noexcept {
#if defined(MLKEM_CXX_CUSTOM_RANDOMBYTES)
  return mlkem_randombytes(out, len) == 0 ? MLKEM_OK : MLKEM_ERR_RANDOM;
#elif defined(_WIN32)
  return BCryptGenRandom(nullptr, out, static_cast<ULONG>(len),
                         BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0
             ? MLKEM_OK
             : MLKEM_ERR_RANDOM;
#else
  /* getentropy gives at most 256 bytes a call; the seed is 64. */
  return getentropy(out, len) == 0 ? MLKEM_OK : MLKEM_ERR_RANDOM;
#endif
}

}  // namespace detail

/* ------------------------------------------------------------------------ */
/* Secret and public byte strings                                            */

namespace detail {
struct access;
}

/* N secret bytes: the shared secret of every KEM of these headers
 * (mlkem::shared_secret, 32 bytes), or the 64-byte secret of
 * X25519MLKEM768 (mlkem_hybrid.hpp). Wiped on destruction. */
template <std::size_t N>
class secret_bytes {
 public:
  static constexpr std::size_t size = N;

  /* All zeros (what a failed call returns). */
  secret_bytes() noexcept : bytes_{} {}
  explicit secret_bytes(std::span<const std::uint8_t, size> b) noexcept {
    std::memcpy(bytes_.data(), b.data(), size);
  }
  secret_bytes(const secret_bytes &) noexcept = default;
  secret_bytes &operator=(const secret_bytes &) noexcept = default;
  ~secret_bytes() {
    detail::wipe(bytes_.data(), size);
  }

  std::span<const std::uint8_t, size> bytes() const &noexcept {
    return bytes_;
  }
  /* Not on a temporary, whose bytes would outlive it unwiped: name the
   * secret first. */
  std::span<const std::uint8_t, size> bytes() const && = delete;

  /* Constant time. */
  friend bool operator==(const secret_bytes &a,
                         const secret_bytes &b) noexcept {
    return detail::ct_equal(a.bytes_.data(), b.bytes_.data(), size);
  }

 private:
  friend struct detail::access;
  std::array<std::uint8_t, size> bytes_;
};

using shared_secret = secret_bytes<MLKEM_SS_BYTES>;

namespace detail {

/* N public bytes that a KEM type's functions write (a ciphertext, a key
 * share), or that anyone makes from bytes of that length. Owner, the type
 * they belong to, makes each a type of its own: one set's ciphertext does
 * not convert into another's even where the sizes are equal. from_bytes
 * refuses another length with LengthError. */
template <class Owner, std::size_t N, errc LengthError>
class public_bytes {
 public:
  static constexpr std::size_t size = N;

  /* All zeros (what a failed call returns). */
  public_bytes() noexcept : bytes_{} {}
  /* Of the right size by type: no check needed. */
  explicit public_bytes(std::span<const std::uint8_t, size> b) noexcept {
    std::memcpy(bytes_.data(), b.data(), size);
  }

  /* Throws mlkem::error (LengthError) unless b.size() is size. */
  static public_bytes from_bytes(std::span<const std::uint8_t> b) {
    return or_throw([&](std::error_code &ec) { return from_bytes(b, ec); });
  }
  static public_bytes from_bytes(std::span<const std::uint8_t> b,
                                 std::error_code &ec) noexcept {
    public_bytes c;
    if (b.size() != size) {
      ec = LengthError;
      return c;
    }
    std::memcpy(c.bytes_.data(), b.data(), size);
    ec.clear();
    return c;
  }

  std::span<const std::uint8_t, size> bytes() const &noexcept {
    return bytes_;
  }
  /* On a temporary: a copy, so that no view outlives the object. */
  std::array<std::uint8_t, size> bytes() const &&noexcept {
    return bytes_;
  }

  friend bool operator==(const public_bytes &,
                         const public_bytes &) noexcept = default;

 private:
  friend struct access;
  std::array<std::uint8_t, size> bytes_;
};

/* Lets the KEM types write the bytes of the results they return. */
struct access {
  template <class T>
  static std::uint8_t *data(T &x) noexcept {
    return x.bytes_.data();
  }
};

}  // namespace detail

/* ------------------------------------------------------------------------ */
/* The parameter sets                                                        */

namespace detail {

/* The C functions and sizes of one set, under one name for the template
 * below. dk is dk_PKE || ek || H(ek) || z (@spec{FIPS203, Alg. 16, l. 3}),
 * so the prepared form ek || H(ek) sits in dk at dk_bytes - ek_bytes - 64.
 * (mlkem_kyber.hpp gives Kyber round 3's sets traits of the same shape,
 * without the prepared form.) */
#define MLKEM_CXX_TRAITS(K)                                               \
  struct ml_kem_##K##_traits {                                            \
    static constexpr std::string_view name = "ML-KEM-" #K;                \
    static constexpr std::size_t ek_bytes = MLKEM##K##_EK_BYTES;          \
    static constexpr std::size_t dk_bytes = MLKEM##K##_DK_BYTES;          \
    static constexpr std::size_t ct_bytes = MLKEM##K##_CT_BYTES;          \
    static constexpr std::size_t prepared_ek_bytes =                      \
        MLKEM##K##_PREPARED_EK_BYTES;                                     \
    static constexpr std::size_t prepared_ek_offset =                     \
        dk_bytes - ek_bytes - 64;                                         \
    static constexpr bool has_prepared_form = true;                       \
    static int keygen_derand(std::uint8_t *ek, std::uint8_t *dk,          \
                             const std::uint8_t *seed) noexcept {         \
      return mlkem##K##_keygen_derand(ek, dk, seed);                      \
    }                                                                     \
    static int prepare_ek(std::uint8_t *prep,                             \
                          const std::uint8_t *ek) noexcept {              \
      return mlkem##K##_prepare_ek(prep, ek);                             \
    }                                                                     \
    static int encaps(std::uint8_t *ct, std::uint8_t *ss,                 \
                      const std::uint8_t *ek) noexcept {                  \
      return mlkem##K##_encaps(ct, ss, ek);                               \
    }                                                                     \
    static int encaps_derand(std::uint8_t *ct, std::uint8_t *ss,          \
                             const std::uint8_t *ek,                      \
                             const std::uint8_t *m) noexcept {            \
      return mlkem##K##_encaps_derand(ct, ss, ek, m);                     \
    }                                                                     \
    static int encaps_prepared(std::uint8_t *ct, std::uint8_t *ss,        \
                               const std::uint8_t *prep) noexcept {       \
      return mlkem##K##_encaps_prepared(ct, ss, prep);                    \
    }                                                                     \
    static int encaps_prepared_derand(std::uint8_t *ct, std::uint8_t *ss, \
                                      const std::uint8_t *prep,           \
                                      const std::uint8_t *m) noexcept {   \
      return mlkem##K##_encaps_prepared_derand(ct, ss, prep, m);          \
    }                                                                     \
    static int decaps(std::uint8_t *ss, const std::uint8_t *ct,           \
                      const std::uint8_t *dk) noexcept {                  \
      return mlkem##K##_decaps(ss, ct, dk);                               \
    }                                                                     \
    static int check_dk(const std::uint8_t *dk) noexcept {                \
      return mlkem##K##_check_dk(dk);                                     \
    }                                                                     \
    static int check_ek(const std::uint8_t *ek) noexcept {                \
      return mlkem##K##_check_ek(ek);                                     \
    }                                                                     \
  }

MLKEM_CXX_TRAITS(512);
MLKEM_CXX_TRAITS(768);
MLKEM_CXX_TRAITS(1024);
#undef MLKEM_CXX_TRAITS

/* The expanded keys' C functions and sizes (mlkem.h, "Expanded keys") of
 * a set's traits: defined for the ML-KEM sets only. */
template <class Traits>
struct expanded;
#define MLKEM_CXX_EXPANDED(K)                                             \
  template <>                                                             \
  struct expanded<ml_kem_##K##_traits> {                                  \
    static constexpr std::size_t dk_bytes = MLKEM##K##_EXPANDED_DK_BYTES; \
    static constexpr std::size_t ek_bytes = MLKEM##K##_EXPANDED_EK_BYTES; \
    static int expand_dk(std::uint8_t *x, const std::uint8_t *dk) {       \
      return mlkem##K##_expand_dk(x, dk);                                 \
    }                                                                     \
    static int decaps(std::uint8_t *ss, const std::uint8_t *ct,           \
                      const std::uint8_t *x) noexcept {                   \
      return mlkem##K##_decaps_expanded(ss, ct, x);                       \
    }                                                                     \
    static void wipe(std::uint8_t *x) noexcept {                          \
      mlkem##K##_expanded_dk_wipe(x);                                     \
    }                                                                     \
    static int expand_ek(std::uint8_t *x, const std::uint8_t *ek) {       \
      return mlkem##K##_expand_ek(x, ek);                                 \
    }                                                                     \
    static int encaps(std::uint8_t *ct, std::uint8_t *ss,                 \
                      const std::uint8_t *x) noexcept {                   \
      return mlkem##K##_encaps_expanded(ct, ss, x);                       \
    }                                                                     \
    static int encaps_derand(std::uint8_t *ct, std::uint8_t *ss,          \
                             const std::uint8_t *x,                       \
                             const std::uint8_t *m) noexcept {            \
      return mlkem##K##_encaps_expanded_derand(ct, ss, x, m);             \
    }                                                                     \
  }
MLKEM_CXX_EXPANDED(512);
MLKEM_CXX_EXPANDED(768);
MLKEM_CXX_EXPANDED(1024);
#undef MLKEM_CXX_EXPANDED

}  // namespace detail

/* One parameter set: mlkem::ml_kem_512, ml_kem_768, ml_kem_1024 below, and
 * Kyber round 3's kyber_512, ... (mlkem_kyber.hpp), whose traits have no
 * prepared form of ek (has_prepared_form: its keys have no prepare()). */
template <class Traits>
class parameter_set {
 public:
  static constexpr std::string_view name = Traits::name;
  static constexpr std::size_t encapsulation_key_size = Traits::ek_bytes;
  static constexpr std::size_t decapsulation_key_size = Traits::dk_bytes;
  static constexpr std::size_t ciphertext_size = Traits::ct_bytes;
  static constexpr std::size_t shared_secret_size = MLKEM_SS_BYTES;
  static constexpr std::size_t seed_size = MLKEM_SEED_BYTES;
  static constexpr std::size_t message_size = MLKEM_MSG_BYTES;
  /* Whether expanded_decapsulation_key and expanded_encapsulation_key can
   * be used: the ML-KEM sets (the C library has no expanded round-3 key). */
  static constexpr bool has_expanded_keys = requires {
    detail::expanded<Traits>::dk_bytes;
  };

  using shared_secret = mlkem::shared_secret;
  /* The ciphertext c (public). */
  using ciphertext = detail::public_bytes<parameter_set, Traits::ct_bytes,
                                          errc::invalid_ciphertext>;
  class encapsulation_key;
  class decapsulation_key;

  /* The encapsulation key ek (public), checked when it was made; for
   * ML-KEM prepared (holding H(ek) too) when it comes from a
   * decapsulation_key or after prepare(). */
  class encapsulation_key {
   public:
    static constexpr std::size_t size = Traits::ek_bytes;

    /* Checks the length and runs the modulus check (@spec{FIPS203, sec. 7.2});
     * throws mlkem::error (MLKEM_ERR_INVALID_EK) if either fails. The key
     * is not prepared: see prepare(). */
    static encapsulation_key from_bytes(std::span<const std::uint8_t> b) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_bytes(b, ec); });
    }
    static encapsulation_key from_bytes(std::span<const std::uint8_t> b,
                                        std::error_code &ec) noexcept {
      encapsulation_key k;
      k.prepared_.fill(0);
      if (b.size() != size) {
        ec = errc::invalid_encapsulation_key;
        return k;
      }
      if (detail::check(Traits::check_ek(b.data()), ec)) {
        std::memcpy(k.prepared_.data(), b.data(), size);
      }
      return k;
    }

    /* Computes and keeps H(ek), for a key that will encapsulate several
     * times: a prepared key's encapsulation neither checks nor hashes ek
     * (the C library's prepare_ek). One encapsulation from the encoded ek
     * costs less than the hash on its own, so keys read with from_bytes
     * are not prepared unless asked; the hash pays for itself from the
     * third encapsulation. Does nothing on a prepared key. */
    void prepare() noexcept requires Traits::has_prepared_form {
      if (is_prepared_) return;
      std::array<std::uint8_t, size> ek;
      std::memcpy(ek.data(), prepared_.data(), size);
      /* Cannot fail: ek passed the check when the key was made. */
      (void)Traits::prepare_ek(prepared_.data(), ek.data());
      is_prepared_ = true;
    }
    bool is_prepared() const noexcept requires Traits::has_prepared_form {
      return is_prepared_;
    }

    /* A fresh shared secret and its ciphertext, m drawn by the C library
     * (ML-KEM.Encaps, @spec{FIPS203, Alg. 20}). Fails only with
     * MLKEM_ERR_RANDOM (or MLKEM_ERR_BACKEND). */
    std::pair<shared_secret, ciphertext> encapsulate() const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate(ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate(
        std::error_code &ec) const noexcept {
      std::pair<shared_secret, ciphertext> r;
      detail::check(encaps(r, nullptr), ec);
      return r;
    }

    /* ML-KEM.Encaps_internal (@spec{FIPS203, Alg. 17}) with the caller's m,
     * for known-answer tests: m must be fresh, random and secret. */
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, message_size> m) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate_derand(m, ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, message_size> m,
        std::error_code &ec) const noexcept {
      std::pair<shared_secret, ciphertext> r;
      detail::check(encaps(r, m.data()), ec);
      return r;
    }

    /* The FIPS 203 encoding of ek. */
    std::span<const std::uint8_t, size> bytes() const &noexcept {
      return std::span<const std::uint8_t, Traits::prepared_ek_bytes>(prepared_)
          .template first<size>();
    }
    /* On a temporary (dk.encapsulation_key().bytes()): a copy, so that no
     * view outlives the object. */
    std::array<std::uint8_t, size> bytes() const &&noexcept {
      std::array<std::uint8_t, size> b;
      std::memcpy(b.data(), prepared_.data(), size);
      return b;
    }

    friend bool operator==(const encapsulation_key &a,
                           const encapsulation_key &b) noexcept {
      return std::memcmp(a.prepared_.data(), b.prepared_.data(), size) == 0;
    }

   private:
    friend class decapsulation_key;
    /* Left unset: every maker fills it. */
    encapsulation_key() noexcept {}

    /* The C call of encapsulate (m null: the C library draws m) or
     * encapsulate_derand, on the prepared form where there is one. */
    int encaps(std::pair<shared_secret, ciphertext> &r,
               const std::uint8_t *m) const noexcept {
      std::uint8_t *ct = detail::access::data(r.second);
      std::uint8_t *ss = detail::access::data(r.first);
      const std::uint8_t *ek = prepared_.data();
      if constexpr (Traits::has_prepared_form) {
        if (is_prepared_) {
          return m != nullptr ? Traits::encaps_prepared_derand(ct, ss, ek, m)
                              : Traits::encaps_prepared(ct, ss, ek);
        }
      }
      return m != nullptr ? Traits::encaps_derand(ct, ss, ek, m)
                          : Traits::encaps(ct, ss, ek);
    }
    /* ek || H(ek), the C library's prepared form; H(ek) only when
     * is_prepared_. Without a prepared form (Kyber), ek alone. */
    std::array<std::uint8_t, Traits::prepared_ek_bytes> prepared_;
    bool is_prepared_ = false;
  };

  /* The decapsulation key dk (secret), with its seed when known. */
  class decapsulation_key {
   public:
    static constexpr std::size_t size = Traits::dk_bytes;

    /* ML-KEM.KeyGen (@spec{FIPS203, Alg. 19}) with a seed d || z from the
     * operating system (see the top of this header), which the key keeps.
     * Throws mlkem::error (MLKEM_ERR_RANDOM) if the source fails. */
    static decapsulation_key generate() {
      return detail::or_throw([](std::error_code &ec) { return generate(ec); });
    }
    static decapsulation_key generate(std::error_code &ec) noexcept {
      std::array<std::uint8_t, MLKEM_SEED_BYTES> seed;
      if (!detail::check(detail::random_seed(seed.data(), seed.size()), ec)) {
        detail::wipe(seed.data(), seed.size());
        return zeroed();
      }
      decapsulation_key k = from_seed(seed, ec);
      detail::wipe(seed.data(), seed.size());
      return k;
    }

    /* ML-KEM.KeyGen_internal (@spec{FIPS203, Alg. 16}) from the 64-byte
     * seed d || z (d first); the same seed always gives the same key. */
    static decapsulation_key from_seed(
        std::span<const std::uint8_t, MLKEM_SEED_BYTES> seed) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_seed(seed, ec); });
    }
    static decapsulation_key from_seed(
        std::span<const std::uint8_t, MLKEM_SEED_BYTES> seed,
        std::error_code &ec) noexcept {
      decapsulation_key k;
      std::array<std::uint8_t, Traits::ek_bytes> ek;
      if (detail::check(
              Traits::keygen_derand(ek.data(), k.dk_.data(), seed.data()),
              ec)) {
        std::memcpy(k.seed_.data(), seed.data(), MLKEM_SEED_BYTES);
        k.has_seed_ = true;
      }
      return k;
    }

    /* A FIPS 203 dk: its length and hash check (@spec{FIPS203, sec. 7.3}) and
     * the modulus check of the ek inside it (@spec{FIPS203, sec. 7.2}); throws
     * mlkem::error (MLKEM_ERR_INVALID_DK) if any fails. seed() of such a
     * key is empty. */
    static decapsulation_key from_bytes(std::span<const std::uint8_t> b) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_bytes(b, ec); });
    }
    static decapsulation_key from_bytes(std::span<const std::uint8_t> b,
                                        std::error_code &ec) noexcept {
      if (b.size() != size || Traits::check_dk(b.data()) != MLKEM_OK ||
          Traits::check_ek(b.data() + Traits::prepared_ek_offset) != MLKEM_OK) {
        ec = errc::invalid_decapsulation_key;
        return zeroed();
      }
      decapsulation_key k;
      std::memcpy(k.dk_.data(), b.data(), size);
      ec.clear();
      return k;
    }

    /* The matching encapsulation key (taken from dk, already checked). */
    typename parameter_set::encapsulation_key encapsulation_key()
        const noexcept {
      typename parameter_set::encapsulation_key ek;
      std::memcpy(ek.prepared_.data(), dk_.data() + Traits::prepared_ek_offset,
                  Traits::prepared_ek_bytes);
      ek.is_prepared_ = Traits::has_prepared_form;
      return ek;
    }

    /* ML-KEM.Decaps (@spec{FIPS203, Alg. 21}). A ciphertext that was
     * tampered with gives the implicit-rejection secret, not an error. */
    shared_secret decapsulate(const ciphertext &ct) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return decapsulate(ct, ec); });
    }
    shared_secret decapsulate(const ciphertext &ct,
                              std::error_code &ec) const noexcept {
      shared_secret ss;
      detail::check(Traits::decaps(detail::access::data(ss), ct.bytes().data(),
                                   dk_.data()),
                    ec);
      return ss;
    }

    /* d || z when the key was generated or made from a seed; empty for a
     * key read from dk bytes. The copy is the caller's to wipe. */
    std::optional<std::array<std::uint8_t, MLKEM_SEED_BYTES>> seed() const {
      if (!has_seed_) return std::nullopt;
      return seed_;
    }

    /* The FIPS 203 encoding of dk (secret). */
    std::span<const std::uint8_t, size> bytes() const &noexcept {
      return dk_;
    }
    /* Not on a temporary, whose bytes would outlive it unwiped. */
    std::span<const std::uint8_t, size> bytes() const && = delete;

    /* The only way to copy a key. */
    decapsulation_key clone() const noexcept {
      decapsulation_key k;
      k.copy_from(*this);
      return k;
    }

    decapsulation_key(const decapsulation_key &) = delete;
    decapsulation_key &operator=(const decapsulation_key &) = delete;
    /* The moved-from key is wiped. */
    decapsulation_key(decapsulation_key &&other) noexcept {
      copy_from(other);
      other.clear();
    }
    decapsulation_key &operator=(decapsulation_key &&other) noexcept {
      if (this != &other) {
        copy_from(other);
        other.clear();
      }
      return *this;
    }
    ~decapsulation_key() {
      clear();
    }

   private:
    /* Left unset: every maker fills it. */
    decapsulation_key() noexcept {}

    static decapsulation_key zeroed() noexcept {
      decapsulation_key k;
      k.clear();
      return k;
    }
    void clear() noexcept {
      detail::wipe(dk_.data(), dk_.size());
      detail::wipe(seed_.data(), seed_.size());
      has_seed_ = false;
    }
    void copy_from(const decapsulation_key &other) noexcept {
      dk_ = other.dk_;
      seed_ = other.seed_;
      has_seed_ = other.has_seed_;
    }

    std::array<std::uint8_t, Traits::dk_bytes> dk_;
    std::array<std::uint8_t, MLKEM_SEED_BYTES> seed_{};
    bool has_seed_ = false;
  };

  /* Expanded keys (mlkem.h, "Expanded keys"): a key that serves many
   * operations, with the per-key work done once, in the backend's own
   * form: A-hat, t-hat (and s-hat), H(ek), z. decapsulate() and
   * encapsulate() give exactly the results of decapsulation_key's and
   * encapsulation_key's, hashing only J(z || c), G and the noise. Memory:
   * expanded_decapsulation_key::size bytes (7,808 for ML-KEM-768) and
   * expanded_encapsulation_key::size (6,208, of which A-hat is 4,608).
   * Working state of this process, not a key format: there is no bytes()
   * and no from_bytes(); keep the key it was made from. */
  class expanded_decapsulation_key {
    using X = detail::expanded<Traits>;

   public:
    static constexpr std::size_t size = X::dk_bytes;

    /* Expands dk (checked when it was made). Fails only with
     * MLKEM_ERR_BACKEND. */
    static expanded_decapsulation_key from(const decapsulation_key &dk) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from(dk, ec); });
    }
    static expanded_decapsulation_key from(const decapsulation_key &dk,
                                           std::error_code &ec) noexcept {
      expanded_decapsulation_key k;
      detail::check(X::expand_dk(k.x_.data(), dk.bytes().data()), ec);
      return k;
    }

    /* As decapsulation_key::decapsulate. */
    shared_secret decapsulate(const ciphertext &ct) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return decapsulate(ct, ec); });
    }
    shared_secret decapsulate(const ciphertext &ct,
                              std::error_code &ec) const noexcept {
      shared_secret ss;
      detail::check(
          X::decaps(detail::access::data(ss), ct.bytes().data(), x_.data()),
          ec);
      return ss;
    }

    /* The only way to copy one. */
    expanded_decapsulation_key clone() const noexcept {
      expanded_decapsulation_key k;
      k.x_ = x_;
      return k;
    }
    expanded_decapsulation_key(const expanded_decapsulation_key &) = delete;
    expanded_decapsulation_key &operator=(const expanded_decapsulation_key &) =
        delete;
    /* The moved-from key is wiped. */
    expanded_decapsulation_key(expanded_decapsulation_key &&other) noexcept {
      x_ = other.x_;
      X::wipe(other.x_.data());
    }
    expanded_decapsulation_key &operator=(
        expanded_decapsulation_key &&other) noexcept {
      if (this != &other) {
        x_ = other.x_;
        X::wipe(other.x_.data());
      }
      return *this;
    }
    ~expanded_decapsulation_key() {
      X::wipe(x_.data());
    }

   private:
    expanded_decapsulation_key() noexcept : x_{} {}
    std::array<std::uint8_t, size> x_;
  };

  class expanded_encapsulation_key {
    using X = detail::expanded<Traits>;

   public:
    static constexpr std::size_t size = X::ek_bytes;

    /* Expands ek (checked when it was made). Fails only with
     * MLKEM_ERR_BACKEND. */
    static expanded_encapsulation_key from(const encapsulation_key &ek) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from(ek, ec); });
    }
    static expanded_encapsulation_key from(const encapsulation_key &ek,
                                           std::error_code &ec) noexcept {
      expanded_encapsulation_key k;
      detail::check(X::expand_ek(k.x_.data(), ek.bytes().data()), ec);
      return k;
    }

    /* As encapsulation_key::encapsulate and encapsulate_derand. */
    std::pair<shared_secret, ciphertext> encapsulate() const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate(ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate(
        std::error_code &ec) const noexcept {
      return run(nullptr, ec);
    }
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, MLKEM_MSG_BYTES> m) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate_derand(m, ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, MLKEM_MSG_BYTES> m,
        std::error_code &ec) const noexcept {
      return run(m.data(), ec);
    }

   private:
    expanded_encapsulation_key() noexcept : x_{} {}
    std::pair<shared_secret, ciphertext> run(
        const std::uint8_t *m, std::error_code &ec) const noexcept {
      std::array<std::uint8_t, Traits::ct_bytes> ct;
      shared_secret ss;
      std::uint8_t *s = detail::access::data(ss);
      detail::check(m != nullptr ? X::encaps_derand(ct.data(), s, x_.data(), m)
                                 : X::encaps(ct.data(), s, x_.data()),
                    ec);
      return {ss, ciphertext(ct)};
    }
    std::array<std::uint8_t, size> x_;
  };
};

using ml_kem_512 = parameter_set<detail::ml_kem_512_traits>;
using ml_kem_768 = parameter_set<detail::ml_kem_768_traits>;
using ml_kem_1024 = parameter_set<detail::ml_kem_1024_traits>;

/* ------------------------------------------------------------------------ */
/* What every KEM type of these headers provides (ML-KEM, Kyber, X-Wing)     */
/* seed_size and message_size are the sizes of from_seed's and
 * encapsulate_derand's inputs: for ML-KEM d || z and m. */

template <class R>
concept byte_range = std::ranges::contiguous_range<R> &&
    std::same_as<std::ranges::range_value_t<R>, std::uint8_t>;

template <class K>
concept kem = requires {
  typename K::decapsulation_key;
  typename K::encapsulation_key;
  typename K::ciphertext;
  typename K::shared_secret;
  { K::name } -> std::convertible_to<std::string_view>;
  { K::encapsulation_key_size } -> std::convertible_to<std::size_t>;
  { K::decapsulation_key_size } -> std::convertible_to<std::size_t>;
  { K::ciphertext_size } -> std::convertible_to<std::size_t>;
  { K::shared_secret_size } -> std::convertible_to<std::size_t>;
  { K::seed_size } -> std::convertible_to<std::size_t>;
  { K::message_size } -> std::convertible_to<std::size_t>;
}
&&requires(const typename K::decapsulation_key &dk,
           const typename K::encapsulation_key &ek,
           const typename K::ciphertext &ct,
           std::span<const std::uint8_t> bytes,
           std::span<const std::uint8_t, K::seed_size> seed,
           std::span<const std::uint8_t, K::message_size> m,
           std::error_code &ec) {
  {
    K::decapsulation_key::generate()
    } -> std::same_as<typename K::decapsulation_key>;
  {
    K::decapsulation_key::from_seed(seed)
    } -> std::same_as<typename K::decapsulation_key>;
  {
    K::decapsulation_key::from_bytes(bytes)
    } -> std::same_as<typename K::decapsulation_key>;
  {
    K::decapsulation_key::from_bytes(bytes, ec)
    } -> std::same_as<typename K::decapsulation_key>;
  { dk.encapsulation_key() } -> std::same_as<typename K::encapsulation_key>;
  { dk.decapsulate(ct) } -> std::same_as<typename K::shared_secret>;
  { dk.decapsulate(ct, ec) } -> std::same_as<typename K::shared_secret>;
  { dk.clone() } -> std::same_as<typename K::decapsulation_key>;
  { dk.bytes() } -> byte_range;
  {
    K::encapsulation_key::from_bytes(bytes)
    } -> std::same_as<typename K::encapsulation_key>;
  {
    K::encapsulation_key::from_bytes(bytes, ec)
    } -> std::same_as<typename K::encapsulation_key>;
  {
    ek.encapsulate()
    } -> std::same_as<
        std::pair<typename K::shared_secret, typename K::ciphertext>>;
  {
    ek.encapsulate_derand(m)
    } -> std::same_as<
        std::pair<typename K::shared_secret, typename K::ciphertext>>;
  { ek.bytes() } -> byte_range;
  { ek == ek } -> std::convertible_to<bool>;
  { K::ciphertext::from_bytes(bytes) } -> std::same_as<typename K::ciphertext>;
  { ct.bytes() } -> byte_range;
}
&&!std::is_copy_constructible_v<typename K::decapsulation_key> &&
    std::is_nothrow_move_constructible_v<typename K::decapsulation_key>;

static_assert(kem<ml_kem_512> && kem<ml_kem_768> && kem<ml_kem_1024>);

}  // namespace mlkem

#endif /* MLKEM_HPP */
