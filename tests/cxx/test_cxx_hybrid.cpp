/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_hybrid.cpp - the TLS key shares of X25519MLKEM768 through the
 * C++ API (mlkem::x25519_mlkem768, include/mlkem_hybrid.hpp), and what
 * X-Wing does that the generic KEM tests (test_cxx_api) do not cover:
 *
 *  - the same shares and secrets as the C functions for the same coins;
 *    random handshakes that agree;
 *  - every byte of each share changed (one bit): the server refuses a
 *    client ek that fails the modulus check, and otherwise the two sides'
 *    secrets differ;
 *  - X25519 points of small order (tests/x25519_vectors.c) refused by both
 *    sides with errc::x25519_zero, thrown and through std::error_code with
 *    zeroed results; in X-Wing the same points are not an error;
 *  - the shares' lengths checked; the client state move-only, wiped when
 *    moved from (its finish() then fails the dk check), and single-use:
 *    wiped by finish(), a second finish() fails the same way; the types of
 *    the shares not those of X-Wing's or ML-KEM's of the same size;
 *  - X-Wing's expanded decapsulation key: the plain key's secrets for
 *    valid and altered ciphertexts (so the C functions', which
 *    tests/test_xwing.c holds to the draft's vectors), move-only, clone,
 *    wiped when moved from (a wiped key is refused: MLKEM_ERR_EXPANDED_KEY).
 */
#include <type_traits>

#include "cxx_test.h"

extern "C" {
#include "x25519_vectors.h"
}

using cxx_test::all_zero;
using cxx_test::random_bytes;
using cxx_test::same;
using cxx_test::thrown_code;
using tls = mlkem::x25519_mlkem768;

/* ---- compile-time checks ---------------------------------------------- */

static_assert(tls::client_share_size == 1184 + 32 &&
              tls::server_share_size == 1088 + 32 && tls::secret_size == 64);
static_assert(
    !std::is_copy_constructible_v<mlkem::x_wing::expanded_decapsulation_key> &&
    std::is_nothrow_move_constructible_v<
        mlkem::x_wing::expanded_decapsulation_key> &&
    mlkem::x_wing::expanded_decapsulation_key::size == XWING_EXPANDED_SK_BYTES);
static_assert(!std::is_copy_constructible_v<tls::client_state> &&
              !std::is_copy_assignable_v<tls::client_state> &&
              std::is_nothrow_move_constructible_v<tls::client_state> &&
              std::is_nothrow_move_assignable_v<tls::client_state>);
/* Only client_share() makes a state. */
static_assert(!std::is_default_constructible_v<tls::client_state>);
static_assert(
    !std::is_same_v<tls::server_key_share, mlkem::x_wing::ciphertext>);
static_assert(
    !std::is_constructible_v<tls::server_key_share, mlkem::x_wing::ciphertext>);
static_assert(!std::is_constructible_v<tls::client_key_share,
                                       mlkem::x_wing::encapsulation_key>);
static_assert(!std::is_same_v<tls::secret, mlkem::shared_secret>);

namespace {

/* A share with one of its bytes changed. */
template <class Share>
Share changed(const Share &s, std::size_t i, std::uint8_t bit) {
  std::array<std::uint8_t, Share::size> b;
  std::memcpy(b.data(), s.bytes().data(), b.size());
  b[i] ^= bit;
  return Share(b);
}

/* The bit of byte i that the sweeps flip: any of the eight, but not the
 * top bit of an X25519 public key's last byte, which X25519 ignores (RFC
 * 7748 section 5). */
std::uint8_t sweep_bit(std::size_t i, std::size_t size) {
  return static_cast<std::uint8_t>(1u << (i == size - 1 ? 0 : i % 8));
}

void same_as_c(test_rng *rng) {
  for (int round = 0; round < 10; round++) {
    auto ccoins = random_bytes<tls::client_coins_size>(rng);
    auto scoins = random_bytes<tls::server_coins_size>(rng);
    std::array<std::uint8_t, tls::client_share_size> cshare;
    std::array<std::uint8_t, X25519MLKEM768_CLIENT_STATE_BYTES> state;
    std::array<std::uint8_t, tls::server_share_size> sshare;
    std::array<std::uint8_t, tls::secret_size> ssecret, csecret;
    CHECK(x25519mlkem768_client_share_derand(cshare.data(), state.data(),
                                             ccoins.data()) == MLKEM_OK);
    CHECK(x25519mlkem768_server_share_derand(sshare.data(), ssecret.data(),
                                             cshare.data(),
                                             scoins.data()) == MLKEM_OK);
    CHECK(x25519mlkem768_client_finish(csecret.data(), sshare.data(),
                                       state.data()) == MLKEM_OK);
    x25519mlkem768_client_state_wipe(state.data());

    auto [share, st] = tls::client_share_derand(ccoins);
    CHECK_MSG(same(share.bytes(), cshare), "client share as the C one's");
    auto [reply, secret] = tls::server_share_derand(share, scoins);
    CHECK_MSG(same(reply.bytes(), sshare), "server share as the C one's");
    CHECK_MSG(same(secret.bytes(), ssecret), "server secret as the C one's");
    auto mine = st.finish(reply);
    CHECK_MSG(same(mine.bytes(), csecret), "client secret as the C one's");
    CHECK(mine == secret);
  }
}

void round_trip() {
  auto [share, state] = tls::client_share();
  auto [share2, state2] = tls::client_share();
  CHECK_MSG(!(share == share2), "fresh keys each time");
  /* The share as it arrives from the network. */
  auto received = tls::client_key_share::from_bytes(share.bytes());
  CHECK(received == share);
  auto [reply, server_secret] = tls::server_share(received);
  auto [reply2, server_secret2] = tls::server_share(received);
  CHECK(!(reply == reply2) && !(server_secret == server_secret2));
  auto client_secret =
      state.finish(tls::server_key_share::from_bytes(reply.bytes()));
  CHECK(client_secret == server_secret);
  CHECK_MSG(!(state2.finish(reply) == server_secret),
            "another client's state does not reach the secret");
  /* Single-use: finish() wiped the state; a second finish() is refused,
   * with a zeroed secret. (References, not the structured bindings, in
   * the lambda: clang 14 cannot capture those.) */
  auto &used = state;
  const auto &late = reply2;
  CHECK_MSG(
      thrown_code([&] { (void)used.finish(late); }) == MLKEM_ERR_INVALID_DK,
      "a second finish() throws invalid_decapsulation_key");
  std::error_code ec;
  auto again = state2.finish(reply, ec);
  CHECK_MSG(
      ec == mlkem::errc::invalid_decapsulation_key && all_zero(again.bytes()),
      "a second finish() (error_code form) fails, secret zeroed");
}

void changed_shares(test_rng *rng) {
  /* A state serves one finish(): the same one again from its coins. */
  auto ccoins = random_bytes<tls::client_coins_size>(rng);
  auto fresh_state = [&] { return tls::client_share_derand(ccoins).second; };
  auto share = tls::client_share_derand(ccoins).first;
  auto scoins = random_bytes<tls::server_coins_size>(rng);
  auto [reply, secret] = tls::server_share_derand(share, scoins);
  unsigned refused = 0, differ = 0;
  for (std::size_t i = 0; i < tls::client_share_size; i++) {
    auto bad = changed(share, i, sweep_bit(i, tls::client_share_size));
    std::error_code ec;
    auto [r, s] = tls::server_share_derand(bad, scoins, ec);
    if (ec == mlkem::errc::invalid_encapsulation_key) {
      refused++;
      CHECKF(
          i < MLKEM768_EK_BYTES && all_zero(r.bytes()) && all_zero(s.bytes()),
          "byte %zu: refused, outside the ek or with output", i);
    } else {
      CHECKF(!ec, "byte %zu: %s", i, ec.message().c_str());
      auto mine = fresh_state().finish(r, ec);
      differ += !(mine == s) && !(s == secret);
    }
  }
  CHECKF(refused + differ == tls::client_share_size,
         "%u changed client shares still agreed",
         static_cast<unsigned>(tls::client_share_size - refused - differ));
  differ = 0;
  for (std::size_t i = 0; i < tls::server_share_size; i++) {
    std::error_code ec;
    auto mine = fresh_state().finish(
        changed(reply, i, sweep_bit(i, tls::server_share_size)), ec);
    differ += !ec && !(mine == secret);
  }
  CHECKF(differ == tls::server_share_size,
         "%u changed server shares still agreed",
         static_cast<unsigned>(tls::server_share_size - differ));
  std::printf(
      "  every byte of a share changed: %u client shares refused (ek),"
      " every other secret differs\n",
      refused);
}

/* Not structured bindings where a lambda captures them: clang 14 cannot. */
void small_order(test_rng *rng) {
  /* A state serves one finish(): the same one again from its coins. */
  auto ccoins = random_bytes<tls::client_coins_size>(rng);
  auto client = tls::client_share_derand(ccoins);
  const auto &share = client.first;
  auto [reply, secret] = tls::server_share(share);
  auto xd = mlkem::x_wing::decapsulation_key::from_seed(random_bytes<32>(rng));
  std::size_t n;
  for (n = 0; n < X25519_SMALL_ORDER_POINTS; n++) {
    auto point = cxx_test::hex(x25519_small_order_hex[n]);
    if (point.size() != 32) continue;
    std::array<std::uint8_t, tls::client_share_size> cb;
    std::memcpy(cb.data(), share.bytes().data(), cb.size());
    std::memcpy(cb.data() + MLKEM768_EK_BYTES, point.data(), 32);
    tls::client_key_share bad_share(cb);
    CHECK(thrown_code([&] { (void)tls::server_share(bad_share); }) ==
          MLKEM_ERR_X25519_ZERO);
    std::error_code ec;
    auto [r, s] = tls::server_share(bad_share, ec);
    CHECKF(ec == mlkem::errc::x25519_zero && all_zero(r.bytes()) &&
               all_zero(s.bytes()),
           "server refuses the client point %s", x25519_small_order_hex[n]);

    std::array<std::uint8_t, tls::server_share_size> sb;
    std::memcpy(sb.data(), reply.bytes().data(), sb.size());
    std::memcpy(sb.data() + MLKEM768_CT_BYTES, point.data(), 32);
    tls::server_key_share bad_reply(sb);
    auto state = tls::client_share_derand(ccoins).second;
    CHECK(thrown_code([&] { (void)state.finish(bad_reply); }) ==
          MLKEM_ERR_X25519_ZERO);
    state = tls::client_share_derand(ccoins).second;
    auto mine = state.finish(bad_reply, ec);
    CHECKF(ec == mlkem::errc::x25519_zero && all_zero(mine.bytes()),
           "client refuses the server point %s", x25519_small_order_hex[n]);

    /* X-Wing: the draft defines the result; no error on either side. */
    std::array<std::uint8_t, mlkem::x_wing::encapsulation_key_size> pk;
    std::memcpy(pk.data(), xd.encapsulation_key().bytes().data(), pk.size());
    std::memcpy(pk.data() + MLKEM768_EK_BYTES, point.data(), 32);
    auto ek = mlkem::x_wing::encapsulation_key::from_bytes(pk, ec);
    CHECK(!ec);
    auto [xss, xct] = ek.encapsulate(ec);
    CHECK(!ec && !all_zero(xss.bytes()));
    std::array<std::uint8_t, mlkem::x_wing::ciphertext_size> ctb;
    std::memcpy(ctb.data(), xct.bytes().data(), ctb.size());
    std::memcpy(ctb.data() + MLKEM768_CT_BYTES, point.data(), 32);
    (void)xd.decapsulate(mlkem::x_wing::ciphertext(ctb), ec);
    CHECK(!ec);
  }
  CHECK(n == X25519_SMALL_ORDER_POINTS);
  CHECK(mlkem::make_error_code(mlkem::errc::x25519_zero).message() ==
        mlkem_strerror(MLKEM_ERR_X25519_ZERO));
  std::printf(
      "  %zu points of small order refused by server and client, "
      "accepted by X-Wing\n",
      n);
}

void errors() {
  auto client = tls::client_share();
  const auto &share = client.first;
  auto &state = client.second;
  auto server = tls::server_share(share);
  const auto &reply = server.first;
  const auto &secret = server.second;
  std::vector<std::uint8_t> b(share.bytes().begin(), share.bytes().end());
  for (std::size_t len : {std::size_t{0}, b.size() - 1, b.size() + 1}) {
    std::vector<std::uint8_t> c = b;
    c.resize(len);
    CHECK(thrown_code([&] { (void)tls::client_key_share::from_bytes(c); }) ==
          MLKEM_ERR_INVALID_EK);
  }
  std::error_code ec;
  auto r = tls::server_key_share::from_bytes(b, ec);
  CHECK(ec == mlkem::errc::invalid_ciphertext && all_zero(r.bytes()));

  /* The modulus check of the client's ek (FIPS 203 section 7.2). */
  b[0] = 0xff;
  b[1] |= 0x0f;
  CHECK(thrown_code([&] {
          (void)tls::server_share(tls::client_key_share::from_bytes(b));
        }) == MLKEM_ERR_INVALID_EK);

  /* A moved-from state is wiped: its dk fails the hash check. (Moved
   * back before the finish that consumes it.) */
  auto moved = std::move(state);
  CHECK(thrown_code([&] { (void)state.finish(reply); }) ==
        MLKEM_ERR_INVALID_DK);
  state = std::move(moved);
  CHECK(thrown_code([&] { (void)moved.finish(reply); }) ==
        MLKEM_ERR_INVALID_DK);
  CHECK(state.finish(reply) == secret);
}

void xwing_expanded(test_rng *rng) {
  using xw = mlkem::x_wing;
  auto dk = xw::decapsulation_key::from_seed(random_bytes<32>(rng));
  auto xd = xw::expanded_decapsulation_key::from(dk);
  auto ek = dk.encapsulation_key();
  unsigned agree = 0;
  for (int i = 0; i < 8; i++) {
    auto [ss, ct] = ek.encapsulate();
    CHECK(xd.decapsulate(ct) == ss);
    std::array<std::uint8_t, xw::ciphertext_size> b;
    std::memcpy(b.data(), ct.bytes().data(), b.size());
    /* Altered in the ML-KEM part, then in the X25519 part. */
    b[static_cast<std::size_t>(i) * 149 % b.size()] ^= 0x04;
    xw::ciphertext altered(b);
    agree += xd.decapsulate(altered) == dk.decapsulate(altered);
    b[MLKEM768_CT_BYTES + static_cast<std::size_t>(i)] ^= 0x01;
    xw::ciphertext altered2(b);
    agree += xd.decapsulate(altered2) == dk.decapsulate(altered2);
  }
  CHECKF(agree == 16, "expanded X-Wing key: %u of 16 altered ciphertexts",
         agree);
  auto [ss, ct] = ek.encapsulate();
  auto copy = xd.clone();
  xw::expanded_decapsulation_key moved(std::move(copy));
  CHECK(moved.decapsulate(ct) == ss);
  /* The moved-from key is wiped, and a wiped key is refused. */
  std::error_code ec;
  auto k = copy.decapsulate(ct, ec);
  CHECK(ec.value() == MLKEM_ERR_EXPANDED_KEY && all_zero(k.bytes()));
  /* (A structured binding cannot be captured before clang 16.) */
  const auto *ctp = &ct;
  CHECK(thrown_code([&] { (void)copy.decapsulate(*ctp); }) ==
        MLKEM_ERR_EXPANDED_KEY);
  std::printf(
      "  X-Wing expanded key: 8 exchanges, 16 altered ciphertexts as the "
      "plain key's, move and clone\n");
}

}  // namespace

int main() {
  test_backend_banner();
  test_rng rng;
  test_rng_init(&rng, "test_cxx_hybrid");
  same_as_c(&rng);
  round_trip();
  changed_shares(&rng);
  small_order(&rng);
  errors();
  xwing_expanded(&rng);
  return test_summary("test_cxx_hybrid");
}
