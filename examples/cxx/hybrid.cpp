/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid.cpp - the hybrid schemes of the C++ API (include/mlkem_hybrid.hpp)
 * with their bytes passed as they would be over a network:
 *  - X25519MLKEM768, the TLS 1.3 key shares: the client sends its share
 *    and keeps a state; the server answers with its share and has the
 *    64-byte secret; the client finishes with the server's share;
 *  - X-Wing, a KEM with a 32-byte private key: the same exchange as
 *    exchange.cpp's ML-KEM-768.
 * Build: link mlkem::mlkem_cxx (CMake, examples/cxx/CMakeLists.txt).
 */
#include <cstdio>
#include <vector>

#include "mlkem_hybrid.hpp"

using tls = mlkem::x25519_mlkem768;
using xwing = mlkem::x_wing;

static std::vector<std::uint8_t> wire(std::span<const std::uint8_t> b) {
  return {b.begin(), b.end()};
}

int main() {
  try {
    /* Client: a share for its ClientHello; the state stays with it (and
     * is wiped when it goes out of scope). */
    auto [client_share, state] = tls::client_share();
    auto hello = wire(client_share.bytes());

    /* Server: the client's ML-KEM key is checked, and a small-order X25519
     * point refused (mlkem::error, errc::x25519_zero: abort). */
    auto [server_share, server_secret] =
        tls::server_share(tls::client_key_share::from_bytes(hello));
    auto reply = wire(server_share.bytes());

    /* Client: the same secret, into the TLS key schedule. */
    tls::secret client_secret =
        state.finish(tls::server_key_share::from_bytes(reply));
    bool tls_agreed = client_secret == server_secret;
    std::printf(
        "%s: client share %zu bytes, server share %zu, secret %zu, "
        "%s\n",
        tls::name.data(), hello.size(), reply.size(), tls::secret_size,
        tls_agreed ? "agree" : "DIFFER");

    /* X-Wing: the private key is the seed (store dk.seed()). */
    auto dk = xwing::decapsulation_key::generate();
    auto pk = wire(dk.encapsulation_key().bytes());
    auto [sender_secret, ct] =
        xwing::encapsulation_key::from_bytes(pk).encapsulate();
    auto ct_wire = wire(ct.bytes());
    mlkem::shared_secret receiver_secret =
        dk.decapsulate(xwing::ciphertext::from_bytes(ct_wire));
    bool xwing_agreed = receiver_secret == sender_secret;
    std::printf("%s: public key %zu bytes, ciphertext %zu, secrets %s\n",
                xwing::name.data(), pk.size(), ct_wire.size(),
                xwing_agreed ? "agree" : "DIFFER");
    return tls_agreed && xwing_agreed ? 0 : 1;
  } catch (const mlkem::error &e) {
    std::fprintf(stderr, "%s (code %d)\n", e.what(), e.code());
    return 1;
  }
}
