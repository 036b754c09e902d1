/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_hpke.hpp - the C++20 API of HPKE (@spec{RFC9180}; the ML-KEM and
 * X-Wing KEMs and one-stage KDFs of @spec{HPKE-PQ}), over the C functions
 * of mlkem_hpke.h, which documents the suites, limits and errors.
 * Header-only; link the C library (the CMake target mlkem::mlkem_cxx).
 *
 *   using namespace mlkem::hpke;
 *   const suite s{kem::mlkem768_x25519, kdf::hkdf_sha256, aead::aes_128_gcm};
 *   auto sk = private_key::generate(s.kem_id);
 *   auto msg = seal(s, sk.public_key(), plaintext, info);  // enc || ct
 *   auto pt = open(s, sk, msg, info);                      // == plaintext
 *
 *  - Keys: public_key and private_key hold the C key objects (imported once:
 *    the checks, and ML-KEM's expanded key). from_bytes() takes the
 *    serialized keys (Npk / Nsk bytes: ML-KEM's ek and 64-byte seed, X-Wing's
 *    1216-byte pk and 32-byte seed, X25519's 32 bytes); bytes() gives them
 *    back. private_key is move-only and wiped on destruction.
 *  - Single-shot: seal() returns the message enc || ct, the layout of Go's
 *    crypto/hpke and pyca/cryptography; open() takes it. send_export() and
 *    receive_export() are the single-shot secret export.
 *  - Contexts: sender::setup() returns the encapsulation and a sender
 *    context (seal, export_secret); recipient::setup() a recipient context
 *    (open, export_secret). Move-only and wiped on destruction; each seal
 *    or open moves the sequence number (@spec{RFC9180, sec. 5.2}).
 *  - Modes: base, or PSK with a psk_input (both strings non-empty); the Auth
 *    modes (DHKEM(X25519) only) with sender_key / sender_public.
 *  - Errors throw mlkem::hpke::error, whose code() is the C function's
 *    (MLKEM_HPKE_ERR_* or MLKEM_ERR_*: MLKEM_ERR_AEAD_TAG for a message that
 *    does not open) and whose what() is mlkem_hpke_strerror's.
 */
#ifndef MLKEM_HPKE_HPP
#define MLKEM_HPKE_HPP

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "mlkem.hpp"
#include "mlkem_hpke.h"

namespace mlkem::hpke {

enum class kem : std::uint16_t {
  dhkem_x25519_hkdf_sha256 = MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256,
  mlkem512 = MLKEM_HPKE_KEM_MLKEM512,
  mlkem768 = MLKEM_HPKE_KEM_MLKEM768,
  mlkem1024 = MLKEM_HPKE_KEM_MLKEM1024,
  mlkem768_x25519 = MLKEM_HPKE_KEM_MLKEM768_X25519, /* X-Wing */
};

enum class kdf : std::uint16_t {
  hkdf_sha256 = MLKEM_HPKE_KDF_HKDF_SHA256,
  hkdf_sha384 = MLKEM_HPKE_KDF_HKDF_SHA384,
  hkdf_sha512 = MLKEM_HPKE_KDF_HKDF_SHA512,
  shake128 = MLKEM_HPKE_KDF_SHAKE128,
  shake256 = MLKEM_HPKE_KDF_SHAKE256,
  turboshake128 = MLKEM_HPKE_KDF_TURBOSHAKE128,
  turboshake256 = MLKEM_HPKE_KDF_TURBOSHAKE256,
};

enum class aead : std::uint16_t {
  aes_128_gcm = MLKEM_HPKE_AEAD_AES_128_GCM,
  aes_256_gcm = MLKEM_HPKE_AEAD_AES_256_GCM,
  chacha20_poly1305 = MLKEM_HPKE_AEAD_CHACHA20_POLY1305,
  export_only = MLKEM_HPKE_AEAD_EXPORT_ONLY,
};

struct suite {
  hpke::kem kem_id;
  hpke::kdf kdf_id;
  hpke::aead aead_id;
  mlkem_hpke_suite c() const noexcept {
    return {static_cast<std::uint16_t>(kem_id),
            static_cast<std::uint16_t>(kdf_id),
            static_cast<std::uint16_t>(aead_id)};
  }
  friend bool operator==(const suite &, const suite &) = default;
};

using bytes_view = std::span<const std::uint8_t>;

/* Thrown by every function of this header on failure. */
class error : public std::runtime_error {
 public:
  explicit error(int code)
      : std::runtime_error(std::string("mlkem hpke: ") +
                           mlkem_hpke_strerror(code)),
        code_(code) {}
  int code() const noexcept {
    return code_;
  }

 private:
  int code_;
};

namespace detail {

inline void check(int rc) {
  if (rc != 0) {
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
    throw error(rc);
#else
    std::abort();
#endif
  }
}

struct kem_sizes {
  std::size_t pk, sk, enc;
};

inline kem_sizes sizes(kem k) {
  kem_sizes s{};
  check(mlkem_hpke_kem_sizes(static_cast<std::uint16_t>(k), &s.pk, &s.sk,
                             &s.enc));
  return s;
}

template <class T, void (*Wipe)(T *)>
struct wiping_delete {
  void operator()(T *p) const noexcept {
    Wipe(p);
    delete p;
  }
};

}  // namespace detail

/* Npk, Nsk, Nenc of a KEM. */
inline std::size_t public_key_size(kem k) {
  return detail::sizes(k).pk;
}
inline std::size_t private_key_size(kem k) {
  return detail::sizes(k).sk;
}
inline std::size_t enc_size(kem k) {
  return detail::sizes(k).enc;
}

class public_key {
 public:
  static public_key from_bytes(kem k, bytes_view pk) {
    public_key key;
    detail::check(mlkem_hpke_public_key_import(
        key.p_.get(), static_cast<std::uint16_t>(k), pk.data(), pk.size()));
    return key;
  }
  hpke::kem kem() const noexcept {
    return static_cast<hpke::kem>(mlkem_hpke_public_key_kem(p_.get()));
  }
  std::vector<std::uint8_t> bytes() const {
    std::vector<std::uint8_t> out(public_key_size(kem()));
    detail::check(
        mlkem_hpke_public_key_bytes(p_.get(), out.data(), out.size()));
    return out;
  }
  public_key(const public_key &o) : p_(new mlkem_hpke_public_key(*o.p_)) {}
  public_key &operator=(const public_key &o) {
    if (this != &o) *p_ = *o.p_;
    return *this;
  }
  public_key(public_key &&) noexcept = default;
  public_key &operator=(public_key &&) noexcept = default;
  ~public_key() = default;
  const mlkem_hpke_public_key *c() const noexcept {
    return p_.get();
  }

 private:
  friend class private_key;
  public_key() : p_(new mlkem_hpke_public_key()) {}
  std::unique_ptr<
      mlkem_hpke_public_key,
      detail::wiping_delete<mlkem_hpke_public_key, mlkem_hpke_public_key_wipe>>
      p_;
};

class private_key {
 public:
  /* A new key pair from the operating system's random source. */
  static private_key generate(hpke::kem k) {
    return from_pair(k, [k](std::uint8_t *pk, std::size_t npk, std::uint8_t *sk,
                            std::size_t nsk) {
      return mlkem_hpke_keygen(static_cast<std::uint16_t>(k), pk, npk, sk, nsk);
    });
  }
  /* DeriveKeyPair(ikm). */
  static private_key derive(hpke::kem k, bytes_view ikm) {
    return from_pair(k, [k, ikm](std::uint8_t *pk, std::size_t npk,
                                 std::uint8_t *sk, std::size_t nsk) {
      return mlkem_hpke_derive_keypair(static_cast<std::uint16_t>(k), pk, npk,
                                       sk, nsk, ikm.data(), ikm.size());
    });
  }
  static private_key from_bytes(hpke::kem k, bytes_view sk) {
    private_key key;
    detail::check(mlkem_hpke_private_key_import(
        key.p_.get(), static_cast<std::uint16_t>(k), sk.data(), sk.size()));
    return key;
  }
  hpke::kem kem() const noexcept {
    return static_cast<hpke::kem>(mlkem_hpke_private_key_kem(p_.get()));
  }
  /* SerializePrivateKey: secret (the caller wipes it). */
  std::vector<std::uint8_t> bytes() const {
    std::vector<std::uint8_t> out(private_key_size(kem()));
    detail::check(
        mlkem_hpke_private_key_bytes(p_.get(), out.data(), out.size()));
    return out;
  }
  hpke::public_key public_key() const {
    std::vector<std::uint8_t> pk(public_key_size(kem()));
    detail::check(
        mlkem_hpke_private_key_public(p_.get(), pk.data(), pk.size()));
    return hpke::public_key::from_bytes(kem(), pk);
  }
  private_key(private_key &&) noexcept = default;
  private_key &operator=(private_key &&) noexcept = default;
  private_key(const private_key &) = delete;
  private_key &operator=(const private_key &) = delete;
  ~private_key() = default;
  const mlkem_hpke_private_key *c() const noexcept {
    return p_.get();
  }

 private:
  private_key() : p_(new mlkem_hpke_private_key()) {}
  /* The key of a key pair that f (a C key-pair function) writes. */
  template <class F>
  static private_key from_pair(hpke::kem k, F &&f) {
    auto s = detail::sizes(k);
    std::uint8_t pk[MLKEM_HPKE_MAX_PK_BYTES], sk[MLKEM_HPKE_MAX_SK_BYTES];
    int rc = f(pk, s.pk, sk, s.sk);
    if (rc != 0) {
      mlkem::detail::wipe(sk, sizeof sk);
      detail::check(rc);
    }
    private_key key = from_bytes(k, bytes_view(sk, s.sk));
    mlkem::detail::wipe(sk, sizeof sk);
    return key;
  }
  std::unique_ptr<mlkem_hpke_private_key,
                  detail::wiping_delete<mlkem_hpke_private_key,
                                        mlkem_hpke_private_key_wipe>>
      p_;
};

/* PSK mode's inputs (both non-empty). */
struct psk_input {
  bytes_view psk, psk_id;
};

/* The optional inputs of a setup: info, a PSK, and for the Auth modes
 * (DHKEM(X25519) only) the sender's key pair. */
struct options {
  bytes_view info{};
  const psk_input *psk = nullptr;
  const private_key *sender_key = nullptr;   /* seal / send_export */
  const public_key *sender_public = nullptr; /* open / receive_export */
};

namespace detail {

inline const mlkem_hpke_psk *c_psk(const psk_input *p,
                                   mlkem_hpke_psk &out) noexcept {
  if (p == nullptr) return nullptr;
  out = {p->psk.data(), p->psk.size(), p->psk_id.data(), p->psk_id.size()};
  return &out;
}

}  // namespace detail

/* Single-shot Seal: the message enc || ct. */
inline std::vector<std::uint8_t> seal(const suite &s, const public_key &pkR,
                                      bytes_view pt, const options &o = {},
                                      bytes_view aad = {}) {
  std::size_t nenc = enc_size(s.kem_id);
  std::vector<std::uint8_t> msg(nenc + pt.size() + MLKEM_HPKE_TAG_BYTES);
  mlkem_hpke_psk p;
  detail::check(mlkem_hpke_seal(s.c(), msg.data(), nenc, msg.data() + nenc,
                                msg.size() - nenc, pkR.c(), o.info.data(),
                                o.info.size(), aad.data(), aad.size(),
                                pt.data(), pt.size(), detail::c_psk(o.psk, p),
                                o.sender_key ? o.sender_key->c() : nullptr));
  return msg;
}

/* Single-shot Open of enc || ct; throws error(MLKEM_ERR_AEAD_TAG) if it
 * does not open (also for a message shorter than enc and the tag). */
inline std::vector<std::uint8_t> open(const suite &s, const private_key &skR,
                                      bytes_view msg, const options &o = {},
                                      bytes_view aad = {}) {
  std::size_t nenc = enc_size(s.kem_id);
  if (msg.size() < nenc + MLKEM_HPKE_TAG_BYTES)
    detail::check(MLKEM_ERR_AEAD_TAG);
  std::vector<std::uint8_t> pt(msg.size() - nenc - MLKEM_HPKE_TAG_BYTES);
  mlkem_hpke_psk p;
  detail::check(mlkem_hpke_open(
      s.c(), pt.data(), pt.size(), skR.c(), msg.data(), nenc, o.info.data(),
      o.info.size(), aad.data(), aad.size(), msg.data() + nenc,
      msg.size() - nenc, detail::c_psk(o.psk, p),
      o.sender_public ? o.sender_public->c() : nullptr));
  return pt;
}

/* Single-shot secret export: (enc, secret of length bytes). */
inline std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>>
send_export(const suite &s, const public_key &pkR, bytes_view exporter_context,
            std::size_t length, const options &o = {}) {
  std::vector<std::uint8_t> enc(enc_size(s.kem_id)), out(length);
  mlkem_hpke_psk p;
  detail::check(mlkem_hpke_send_export(
      s.c(), enc.data(), enc.size(), out.data(), out.size(), pkR.c(),
      o.info.data(), o.info.size(), exporter_context.data(),
      exporter_context.size(), detail::c_psk(o.psk, p),
      o.sender_key ? o.sender_key->c() : nullptr));
  return {std::move(enc), std::move(out)};
}

inline std::vector<std::uint8_t> receive_export(
    const suite &s, const private_key &skR, bytes_view enc,
    bytes_view exporter_context, std::size_t length, const options &o = {}) {
  std::vector<std::uint8_t> out(length);
  mlkem_hpke_psk p;
  detail::check(mlkem_hpke_receive_export(
      s.c(), out.data(), out.size(), skR.c(), enc.data(), enc.size(),
      o.info.data(), o.info.size(), exporter_context.data(),
      exporter_context.size(), detail::c_psk(o.psk, p),
      o.sender_public ? o.sender_public->c() : nullptr));
  return out;
}

/* A sender's context (@spec{RFC9180, sec. 5.2}): move-only, wiped on
 * destruction. */
class sender {
 public:
  /* SetupS: the encapsulation to send, and the context. */
  static std::pair<std::vector<std::uint8_t>, sender> setup(
      const suite &s, const public_key &pkR, const options &o = {}) {
    std::vector<std::uint8_t> enc(enc_size(s.kem_id));
    sender ctx;
    mlkem_hpke_psk p;
    detail::check(mlkem_hpke_setup_sender(
        ctx.c_.get(), enc.data(), enc.size(), s.c(), pkR.c(), o.info.data(),
        o.info.size(), detail::c_psk(o.psk, p),
        o.sender_key ? o.sender_key->c() : nullptr));
    return {std::move(enc), std::move(ctx)};
  }
  std::vector<std::uint8_t> seal(bytes_view pt, bytes_view aad = {}) {
    std::vector<std::uint8_t> ct(pt.size() + MLKEM_HPKE_TAG_BYTES);
    detail::check(mlkem_hpke_sender_seal(c_.get(), ct.data(), ct.size(),
                                         aad.data(), aad.size(), pt.data(),
                                         pt.size()));
    return ct;
  }
  std::vector<std::uint8_t> export_secret(bytes_view exporter_context,
                                          std::size_t length) const {
    std::vector<std::uint8_t> out(length);
    detail::check(mlkem_hpke_sender_export(c_.get(), out.data(), out.size(),
                                           exporter_context.data(),
                                           exporter_context.size()));
    return out;
  }
  std::uint64_t sequence_number() const noexcept {
    return mlkem_hpke_sender_seq(c_.get());
  }

 private:
  sender() : c_(new mlkem_hpke_sender()) {}
  std::unique_ptr<
      mlkem_hpke_sender,
      detail::wiping_delete<mlkem_hpke_sender, mlkem_hpke_sender_wipe>>
      c_;
};

/* A recipient's context: move-only, wiped on destruction. */
class recipient {
 public:
  static recipient setup(const suite &s, const private_key &skR, bytes_view enc,
                         const options &o = {}) {
    recipient ctx;
    mlkem_hpke_psk p;
    detail::check(mlkem_hpke_setup_recipient(
        ctx.c_.get(), s.c(), skR.c(), enc.data(), enc.size(), o.info.data(),
        o.info.size(), detail::c_psk(o.psk, p),
        o.sender_public ? o.sender_public->c() : nullptr));
    return ctx;
  }
  /* Throws error(MLKEM_ERR_AEAD_TAG) for a ciphertext that does not open;
   * the sequence number then does not move. */
  std::vector<std::uint8_t> open(bytes_view ct, bytes_view aad = {}) {
    if (ct.size() < MLKEM_HPKE_TAG_BYTES) detail::check(MLKEM_ERR_AEAD_TAG);
    std::vector<std::uint8_t> pt(ct.size() - MLKEM_HPKE_TAG_BYTES);
    detail::check(mlkem_hpke_recipient_open(c_.get(), pt.data(), pt.size(),
                                            aad.data(), aad.size(), ct.data(),
                                            ct.size()));
    return pt;
  }
  std::vector<std::uint8_t> export_secret(bytes_view exporter_context,
                                          std::size_t length) const {
    std::vector<std::uint8_t> out(length);
    detail::check(mlkem_hpke_recipient_export(c_.get(), out.data(), out.size(),
                                              exporter_context.data(),
                                              exporter_context.size()));
    return out;
  }
  std::uint64_t sequence_number() const noexcept {
    return mlkem_hpke_recipient_seq(c_.get());
  }

 private:
  recipient() : c_(new mlkem_hpke_recipient()) {}
  std::unique_ptr<
      mlkem_hpke_recipient,
      detail::wiping_delete<mlkem_hpke_recipient, mlkem_hpke_recipient_wipe>>
      c_;
};

}  // namespace mlkem::hpke

#endif /* MLKEM_HPKE_HPP */
