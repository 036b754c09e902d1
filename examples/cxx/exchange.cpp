/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * exchange.cpp - the C++ API (include/mlkem.hpp) in one exchange: the
 * receiver makes a key pair and publishes the encapsulation key; the
 * sender reads it, checks it, and encapsulates; the receiver decapsulates.
 * Keys and ciphertexts travel as bytes, as they would over a network.
 * Build: link mlkem::mlkem_cxx (CMake, examples/cxx/CMakeLists.txt).
 */
#include <cstdio>
#include <vector>

#include "mlkem.hpp"

using kem = mlkem::ml_kem_768;

int main() {
  try {
    /* Receiver: a new key; the seed (kem::seed_size bytes) is its compact
     * form, to store instead of dk. */
    auto dk = kem::decapsulation_key::generate();
    auto ek = dk.encapsulation_key().bytes();
    std::vector<std::uint8_t> ek_wire(ek.begin(), ek.end());

    /* Sender: the key is checked (FIPS 203 section 7.2) as it is read. */
    auto peer = kem::encapsulation_key::from_bytes(ek_wire);
    auto [sender_secret, ct] = peer.encapsulate();
    std::vector<std::uint8_t> ct_wire(ct.bytes().begin(), ct.bytes().end());

    /* Receiver: the ciphertext's length is checked as it is read. */
    mlkem::shared_secret receiver_secret =
        dk.decapsulate(kem::ciphertext::from_bytes(ct_wire));

    bool agreed = receiver_secret == sender_secret;
    std::printf("%s: ek %zu bytes, ciphertext %zu bytes, secrets %s\n",
                kem::name.data(), ek_wire.size(), ct_wire.size(),
                agreed ? "agree" : "DIFFER");
    return agreed ? 0 : 1;
  } catch (const mlkem::error &e) {
    std::fprintf(stderr, "%s (code %d)\n", e.what(), e.code());
    return 1;
  }
}
