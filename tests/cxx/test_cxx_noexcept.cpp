/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_noexcept.cpp - the C++ API in a program built with
 * -fno-exceptions, through the forms that report errors in a
 * std::error_code (noexcept): an exchange for each set (ML-KEM, Kyber round
 * 3, X-Wing) and each constructor's error, with zeroed results; a TLS
 * X25519MLKEM768 handshake and its errors. It also checks that those forms
 * are declared noexcept.
 */
#include "cxx_test.h"

using cxx_test::all_zero;
using cxx_test::same;

namespace {

template <mlkem::kem K>
void exchange() {
  std::error_code ec;
  static_assert(noexcept(K::decapsulation_key::generate(ec)));
  static_assert(noexcept(
      K::encapsulation_key::from_bytes(std::span<const std::uint8_t>(), ec)));
  auto dk = K::decapsulation_key::generate(ec);
  CHECK(!ec);
  auto ek =
      K::encapsulation_key::from_bytes(dk.encapsulation_key().bytes(), ec);
  CHECK(!ec);
  auto [ss, ct] = ek.encapsulate(ec);
  CHECK(!ec);
  static_assert(noexcept(dk.decapsulate(ct, ec)));
  CHECK(dk.decapsulate(ct, ec) == ss && !ec);

  std::array<std::uint8_t, 3> short_input{};
  auto bad_ek = K::encapsulation_key::from_bytes(short_input, ec);
  CHECK(ec == mlkem::errc::invalid_encapsulation_key &&
        all_zero(bad_ek.bytes()));
  auto bad_dk = K::decapsulation_key::from_bytes(short_input, ec);
  CHECK(ec == mlkem::errc::invalid_decapsulation_key &&
        all_zero(bad_dk.bytes()));
  auto bad_ct = K::ciphertext::from_bytes(short_input, ec);
  CHECK(ec == mlkem::errc::invalid_ciphertext && all_zero(bad_ct.bytes()));
  auto dk2 = K::decapsulation_key::from_bytes(dk.bytes(), ec);
  CHECK(!ec && same(dk2.bytes(), dk.bytes()));
}

void tls_handshake() {
  using tls = mlkem::x25519_mlkem768;
  std::error_code ec;
  static_assert(noexcept(tls::client_share(ec)));
  auto [share, state] = tls::client_share(ec);
  CHECK(!ec);
  static_assert(noexcept(tls::server_share(share, ec)));
  auto [reply, secret] = tls::server_share(share, ec);
  CHECK(!ec);
  static_assert(noexcept(state.finish(reply, ec)));
  CHECK(state.finish(reply, ec) == secret && !ec);

  std::array<std::uint8_t, 3> short_input{};
  auto bad_share = tls::client_key_share::from_bytes(short_input, ec);
  CHECK(ec == mlkem::errc::invalid_encapsulation_key &&
        all_zero(bad_share.bytes()));
  auto bad_reply = tls::server_key_share::from_bytes(short_input, ec);
  CHECK(ec == mlkem::errc::invalid_ciphertext && all_zero(bad_reply.bytes()));
  /* The state served its finish(): a second one fails. */
  auto again = state.finish(reply, ec);
  CHECK(ec == mlkem::errc::invalid_decapsulation_key &&
        all_zero(again.bytes()));
  /* An all-zero X25519 point: the handshake must be aborted. */
  auto [share2, state2] = tls::client_share(ec);
  CHECK(!ec);
  auto [reply2, secret2] = tls::server_share(share2, ec);
  CHECK(!ec);
  std::array<std::uint8_t, tls::server_share_size> b{};
  std::memcpy(b.data(), reply2.bytes().data(), MLKEM768_CT_BYTES);
  auto k = state2.finish(tls::server_key_share(b), ec);
  CHECK(ec == mlkem::errc::x25519_zero && all_zero(k.bytes()));
}

}  // namespace

int main() {
#if defined(__cpp_exceptions)
  CHECK_MSG(0, "built with -fno-exceptions");
#endif
  test_backend_banner();
  exchange<mlkem::ml_kem_512>();
  exchange<mlkem::ml_kem_768>();
  exchange<mlkem::ml_kem_1024>();
  exchange<mlkem::kyber_768>();
  exchange<mlkem::kyber_1024_90s>();
  exchange<mlkem::x_wing>();
  tls_handshake();
  return test_summary("test_cxx_noexcept");
}
