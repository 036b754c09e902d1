/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_hybrid.hpp - the C++20 API of ML-KEM-768 combined with X25519, over
 * the C functions of mlkem_hybrid.h (which documents both schemes).
 * Header-only; link the C library (the CMake target mlkem::mlkem_cxx).
 *
 * mlkem::x_wing - X-Wing (@spec{XWING}), a hybrid KEM
 * with the shape of the ML-KEM types of mlkem.hpp (it satisfies the
 * concept mlkem::kem):
 *
 *   auto dk = mlkem::x_wing::decapsulation_key::generate();
 *   auto [ss, ct] = dk.encapsulation_key().encapsulate();
 *   mlkem::shared_secret k = dk.decapsulate(ct);   // k == ss
 *
 *  - The private key is a 32-byte seed: from_seed(), seed() and bytes() all
 *    speak of it, and decapsulation_key_size == seed_size == 32. Any 32
 *    bytes are a key (from_bytes() checks the length only). The key also
 *    keeps its encapsulation key, computed once when it is made; each
 *    decapsulation expands the seed again (the C library keeps no
 *    expanded X-Wing key).
 *  - encapsulation_key::from_bytes() checks the length and runs the
 *    @spec{FIPS203, sec. 7.2} check on the ML-KEM-768 part (the first 1184
 *    bytes), as the draft requires: errc::invalid_encapsulation_key. Any X25519
 *    part is accepted: a point of small order is not an error in X-Wing.
 *  - encapsulate_derand() takes the draft's 64-byte eseed (message_size ==
 *    eseed_size == 64): ML-KEM's m, then the ephemeral X25519 private key.
 *  - As for ML-KEM, a tampered ciphertext gives a pseudorandom secret
 *    (implicit rejection), not an error.
 *
 * mlkem::x25519_mlkem768 - the TLS 1.3 key shares of the hybrid group
 * X25519MLKEM768 (@spec{TLS-ECDHE-MLKEM}, group 0x11EC):
 *
 *   auto [share, state] = mlkem::x25519_mlkem768::client_share(); // send share
 *   auto [reply, server_secret] =
 *       mlkem::x25519_mlkem768::server_share(share);              // send reply
 *   auto client_secret = state.finish(reply);  // == server_secret
 *
 *  - The shares are public bytes (client_key_share, 1216 bytes: ML-KEM-768
 *    ek || X25519 public key; server_key_share, 1120 bytes: ML-KEM-768 ct ||
 *    X25519 public key); from_bytes() checks their length only
 *    (errc::invalid_encapsulation_key for a client share,
 *    errc::invalid_ciphertext for a server share). server_share() runs the
 *    @spec{FIPS203, sec. 7.2} check on the client's ek
 *    (errc::invalid_encapsulation_key).
 *  - The 64-byte secret (ML-KEM secret || X25519 secret, the input of the
 *    TLS key schedule) is wiped on destruction and compared in constant
 *    time.
 *  - client_state holds the client's ML-KEM-768 dk and X25519 private key
 *    between its share and finish(): move-only, wiped on destruction and
 *    when moved from, and single-use: finish() wipes it (a second finish()
 *    throws errc::invalid_decapsulation_key), as the C function does.
 *  - A peer's X25519 point of small order is refused by server_share() and
 *    finish() with errc::x25519_zero (@spec{RFC8446, sec. 7.4.2}): the
 *    handshake must be aborted. A server share whose ML-KEM ciphertext was
 *    altered is not detected by finish(): the secrets differ and the
 *    handshake fails at its Finished messages.
 *
 * Errors, randomness and the std::error_code forms are those of mlkem.hpp;
 * the random functions draw from the C library's source (mlkem.h), except
 * x_wing's generate(), which draws its seed as mlkem.hpp's generate() does
 * so that the key can keep it.
 */
#ifndef MLKEM_HYBRID_HPP
#define MLKEM_HYBRID_HPP

#include "mlkem.hpp"
#include "mlkem_hybrid.h"

namespace mlkem {

namespace detail {

/* N secret bytes owned by one object: not copyable (copy on purpose with
 * clone()), movable, wiped on destruction and when moved from. */
template <std::size_t N>
class secret_array {
 public:
  secret_array() noexcept : bytes_{} {}
  secret_array(const secret_array &) = delete;
  secret_array &operator=(const secret_array &) = delete;
  secret_array(secret_array &&other) noexcept : bytes_(other.bytes_) {
    other.clear();
  }
  secret_array &operator=(secret_array &&other) noexcept {
    if (this != &other) {
      bytes_ = other.bytes_;
      other.clear();
    }
    return *this;
  }
  ~secret_array() {
    clear();
  }

  secret_array clone() const noexcept {
    secret_array c;
    c.bytes_ = bytes_;
    return c;
  }
  std::uint8_t *data() noexcept {
    return bytes_.data();
  }
  std::span<const std::uint8_t, N> view() const noexcept {
    return bytes_;
  }
  void clear() noexcept {
    wipe(bytes_.data(), N);
  }

 private:
  std::array<std::uint8_t, N> bytes_;
};

}  // namespace detail

/* ------------------------------------------------------------------------ */
/* X-Wing                                                                    */

class x_wing {
 public:
  static constexpr std::string_view name = "X-Wing";
  static constexpr std::size_t encapsulation_key_size = XWING_PK_BYTES;
  static constexpr std::size_t decapsulation_key_size = XWING_SK_BYTES;
  static constexpr std::size_t ciphertext_size = XWING_CT_BYTES;
  static constexpr std::size_t shared_secret_size = XWING_SS_BYTES;
  static constexpr std::size_t seed_size = XWING_SEED_BYTES;
  static constexpr std::size_t eseed_size = XWING_ESEED_BYTES;
  /* encapsulate_derand's input, as the concept mlkem::kem names it. */
  static constexpr std::size_t message_size = eseed_size;
  /* No expanded form (the C library keeps none for X-Wing). */
  static constexpr bool has_expanded_keys = false;

  using shared_secret = mlkem::shared_secret;
  /* The ciphertext: ML-KEM-768 ct || X25519 ephemeral public key. */
  using ciphertext =
      detail::public_bytes<x_wing, ciphertext_size, errc::invalid_ciphertext>;
  class decapsulation_key;

  /* The public key pk = ML-KEM-768 ek || X25519 public key, its ML-KEM
   * part checked when it was made. */
  class encapsulation_key {
   public:
    static constexpr std::size_t size = encapsulation_key_size;

    /* Checks the length and the ML-KEM part (@spec{FIPS203, sec. 7.2}); throws
     * mlkem::error (MLKEM_ERR_INVALID_EK) if either fails. */
    static encapsulation_key from_bytes(std::span<const std::uint8_t> b) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_bytes(b, ec); });
    }
    static encapsulation_key from_bytes(std::span<const std::uint8_t> b,
                                        std::error_code &ec) noexcept {
      encapsulation_key k;
      if (b.size() != size) {
        ec = errc::invalid_encapsulation_key;
      } else if (detail::check(mlkem768_check_ek(b.data()), ec)) {
        std::memcpy(k.pk_.data(), b.data(), size);
      }
      return k;
    }

    /* Encapsulate (@spec{XWING, sec. 5.4}) with eseed from the C library's
     * random source: MLKEM_ERR_RANDOM if it fails. */
    std::pair<shared_secret, ciphertext> encapsulate() const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate(ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate(
        std::error_code &ec) const noexcept {
      std::pair<shared_secret, ciphertext> r;
      detail::check(xwing_encaps(detail::access::data(r.second),
                                 detail::access::data(r.first), pk_.data()),
                    ec);
      return r;
    }

    /* EncapsulateDerand with the caller's eseed, for known-answer tests:
     * fresh, uniformly random and secret on every call. */
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, eseed_size> eseed) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return encapsulate_derand(eseed, ec); });
    }
    std::pair<shared_secret, ciphertext> encapsulate_derand(
        std::span<const std::uint8_t, eseed_size> eseed,
        std::error_code &ec) const noexcept {
      std::pair<shared_secret, ciphertext> r;
      detail::check(xwing_encaps_derand(detail::access::data(r.second),
                                        detail::access::data(r.first),
                                        pk_.data(), eseed.data()),
                    ec);
      return r;
    }

    std::span<const std::uint8_t, size> bytes() const &noexcept {
      return pk_;
    }
    /* On a temporary: a copy, so that no view outlives the object. */
    std::array<std::uint8_t, size> bytes() const &&noexcept {
      return pk_;
    }

    friend bool operator==(const encapsulation_key &,
                           const encapsulation_key &) noexcept = default;

   private:
    friend class decapsulation_key;
    encapsulation_key() noexcept : pk_{} {}
    std::array<std::uint8_t, size> pk_;
  };

  /* The private key: the 32-byte seed, with its public key. */
  class decapsulation_key {
   public:
    static constexpr std::size_t size = decapsulation_key_size;

    /* GenerateKeyPair (@spec{XWING, sec. 5.2}): a seed from the operating
     * system (as mlkem.hpp's generate()). Throws mlkem::error
     * (MLKEM_ERR_RANDOM) if the source fails. */
    static decapsulation_key generate() {
      return detail::or_throw([](std::error_code &ec) { return generate(ec); });
    }
    static decapsulation_key generate(std::error_code &ec) noexcept {
      std::array<std::uint8_t, seed_size> seed;
      decapsulation_key k;
      if (detail::check(detail::random_seed(seed.data(), seed.size()), ec)) {
        k = from_seed(seed, ec);
      }
      detail::wipe(seed.data(), seed.size());
      return k;
    }

    /* GenerateKeyPairDerand: the key of the seed, which it keeps. */
    static decapsulation_key from_seed(
        std::span<const std::uint8_t, seed_size> seed) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_seed(seed, ec); });
    }
    static decapsulation_key from_seed(
        std::span<const std::uint8_t, seed_size> seed,
        std::error_code &ec) noexcept {
      decapsulation_key k;
      detail::check(
          xwing_keygen_derand(k.ek_.pk_.data(), k.sk_.data(), seed.data()), ec);
      return k;
    }

    /* The encoded private key, which is the seed: throws mlkem::error
     * (MLKEM_ERR_INVALID_DK) unless it has 32 bytes. */
    static decapsulation_key from_bytes(std::span<const std::uint8_t> b) {
      return detail::or_throw(
          [&](std::error_code &ec) { return from_bytes(b, ec); });
    }
    static decapsulation_key from_bytes(std::span<const std::uint8_t> b,
                                        std::error_code &ec) noexcept {
      if (b.size() != size) {
        ec = errc::invalid_decapsulation_key;
        return decapsulation_key();
      }
      return from_seed(b.first<size>(), ec);
    }

    x_wing::encapsulation_key encapsulation_key() const noexcept {
      return ek_;
    }

    /* Decapsulate (@spec{XWING, sec. 5.5}). A ciphertext that was tampered with
     * gives a pseudorandom secret, not an error. */
    shared_secret decapsulate(const ciphertext &ct) const {
      return detail::or_throw(
          [&](std::error_code &ec) { return decapsulate(ct, ec); });
    }
    shared_secret decapsulate(const ciphertext &ct,
                              std::error_code &ec) const noexcept {
      shared_secret ss;
      detail::check(xwing_decaps(detail::access::data(ss), ct.bytes().data(),
                                 sk_.view().data()),
                    ec);
      return ss;
    }

    /* The seed (secret; the copy is the caller's to wipe). X-Wing's
     * private key is its seed, so unlike ML-KEM's seed() this is never
     * empty. */
    std::array<std::uint8_t, seed_size> seed() const noexcept {
      std::array<std::uint8_t, seed_size> s;
      std::memcpy(s.data(), sk_.view().data(), seed_size);
      return s;
    }

    /* The encoded private key (the seed; secret). */
    std::span<const std::uint8_t, size> bytes() const &noexcept {
      return sk_.view();
    }
    /* Not on a temporary, whose bytes would outlive it unwiped. */
    std::span<const std::uint8_t, size> bytes() const && = delete;

    /* The only way to copy a key; moves wipe the moved-from key. */
    decapsulation_key clone() const noexcept {
      decapsulation_key k;
      k.sk_ = sk_.clone();
      k.ek_ = ek_;
      return k;
    }

   private:
    decapsulation_key() noexcept = default;
    detail::secret_array<size> sk_;
    x_wing::encapsulation_key ek_;
  };
};

static_assert(kem<x_wing>);

/* ------------------------------------------------------------------------ */
/* X25519MLKEM768 for TLS 1.3                                                */

class x25519_mlkem768 {
 public:
  static constexpr std::string_view name = "X25519MLKEM768";
  /* The TLS NamedGroup codepoint (@spec{TLS-ECDHE-MLKEM}). */
  static constexpr std::uint16_t tls_group = 0x11EC;
  static constexpr std::size_t client_share_size =
      X25519MLKEM768_CLIENT_SHARE_BYTES;
  static constexpr std::size_t server_share_size =
      X25519MLKEM768_SERVER_SHARE_BYTES;
  static constexpr std::size_t secret_size = X25519MLKEM768_SECRET_BYTES;
  static constexpr std::size_t client_coins_size =
      X25519MLKEM768_CLIENT_COINS_BYTES;
  static constexpr std::size_t server_coins_size =
      X25519MLKEM768_SERVER_COINS_BYTES;

  /* ML-KEM-768 ek || X25519 public key. */
  using client_key_share =
      detail::public_bytes<x25519_mlkem768, client_share_size,
                           errc::invalid_encapsulation_key>;
  /* ML-KEM-768 ct || X25519 public key. */
  using server_key_share =
      detail::public_bytes<x25519_mlkem768, server_share_size,
                           errc::invalid_ciphertext>;
  /* ML-KEM-768 shared secret || X25519 shared secret. */
  using secret = secret_bytes<secret_size>;

  /* The client's secrets between its share and finish(). */
  class client_state {
   public:
    /* The secret from the server's share. Throws mlkem::error:
     * errc::x25519_zero if the server's X25519 point is of small order
     * (abort the handshake). Single-use: finish() wipes the state, on
     * success and on failure, so a second finish() throws with
     * errc::invalid_decapsulation_key. */
    secret finish(const server_key_share &share) {
      return detail::or_throw(
          [&](std::error_code &ec) { return finish(share, ec); });
    }
    secret finish(const server_key_share &share, std::error_code &ec) noexcept {
      secret s;
      detail::check(
          x25519mlkem768_client_finish(detail::access::data(s),
                                       share.bytes().data(), state_.data()),
          ec);
      return s;
    }

   private:
    friend class x25519_mlkem768;
    client_state() noexcept = default;
    detail::secret_array<X25519MLKEM768_CLIENT_STATE_BYTES> state_;
  };

  /* A fresh ML-KEM-768 key pair and X25519 key pair: the share to send and
   * the state to keep. Throws mlkem::error (MLKEM_ERR_RANDOM) if the random
   * source fails. */
  static std::pair<client_key_share, client_state> client_share() {
    return detail::or_throw(
        [](std::error_code &ec) { return client_share(ec); });
  }
  static std::pair<client_key_share, client_state> client_share(
      std::error_code &ec) noexcept {
    client_key_share share;
    client_state state;
    detail::check(x25519mlkem768_client_share(detail::access::data(share),
                                              state.state_.data()),
                  ec);
    return {share, std::move(state)};
  }

  /* As client_share(), from the caller's 96 bytes (the ML-KEM seed d || z,
   * then the X25519 private key), for tests. */
  static std::pair<client_key_share, client_state> client_share_derand(
      std::span<const std::uint8_t, client_coins_size> coins) {
    return detail::or_throw(
        [&](std::error_code &ec) { return client_share_derand(coins, ec); });
  }
  static std::pair<client_key_share, client_state> client_share_derand(
      std::span<const std::uint8_t, client_coins_size> coins,
      std::error_code &ec) noexcept {
    client_key_share share;
    client_state state;
    detail::check(
        x25519mlkem768_client_share_derand(detail::access::data(share),
                                           state.state_.data(), coins.data()),
        ec);
    return {share, std::move(state)};
  }

  /* For the client's share, the server's share to send and the secret.
   * Throws mlkem::error: errc::invalid_encapsulation_key if the client's
   * ML-KEM ek fails the @spec{FIPS203, sec. 7.2} check, errc::x25519_zero if
   * its X25519 point is of small order (abort the handshake),
   * MLKEM_ERR_RANDOM if the random source fails. */
  static std::pair<server_key_share, secret> server_share(
      const client_key_share &client) {
    return detail::or_throw(
        [&](std::error_code &ec) { return server_share(client, ec); });
  }
  static std::pair<server_key_share, secret> server_share(
      const client_key_share &client, std::error_code &ec) noexcept {
    std::pair<server_key_share, secret> r;
    detail::check(x25519mlkem768_server_share(detail::access::data(r.first),
                                              detail::access::data(r.second),
                                              client.bytes().data()),
                  ec);
    return r;
  }

  /* As server_share(), from the caller's 64 bytes (ML-KEM's m, then the
   * X25519 private key), for tests. */
  static std::pair<server_key_share, secret> server_share_derand(
      const client_key_share &client,
      std::span<const std::uint8_t, server_coins_size> coins) {
    return detail::or_throw([&](std::error_code &ec) {
      return server_share_derand(client, coins, ec);
    });
  }
  static std::pair<server_key_share, secret> server_share_derand(
      const client_key_share &client,
      std::span<const std::uint8_t, server_coins_size> coins,
      std::error_code &ec) noexcept {
    std::pair<server_key_share, secret> r;
    detail::check(
        x25519mlkem768_server_share_derand(detail::access::data(r.first),
                                           detail::access::data(r.second),
                                           client.bytes().data(), coins.data()),
        ec);
    return r;
  }
};

}  // namespace mlkem

#endif /* MLKEM_HYBRID_HPP */
