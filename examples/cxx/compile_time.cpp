/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * compile_time.cpp - ML-KEM evaluated by the compiler (include/mlkem.hpp,
 * "Compile time"): an ML-KEM-768 encapsulation key derived from a seed at
 * compile time and embedded in the program as a constant, its section 7.2
 * check and a whole exchange with it run by static_assert; at run time,
 * the program compares the embedded key with the C library's key of the
 * same seed.
 *
 * The seed here is written in the source, so the private key is no secret:
 * this is the form for test fixtures and known-answer keys, not for a key
 * that protects anything (the compile-time path makes no constant-time
 * claim, and the seed would sit in the source and the build's logs).
 * Build: link mlkem::mlkem_cxx (examples/cxx/CMakeLists.txt); each
 * constant expression below fits g++'s and clang++'s default limits.
 */
#include <array>
#include <cstdint>
#include <cstdio>

#include "mlkem.hpp"

using kem = mlkem::ml_kem_768;

namespace {

/* d || z: 64 bytes 0x00, 0x01, ..., 0x3f. */
constexpr std::array<std::uint8_t, kem::seed_size> seed = [] {
  std::array<std::uint8_t, kem::seed_size> s{};
  for (std::size_t i = 0; i < s.size(); i++)
    s[i] = static_cast<std::uint8_t>(i);
  return s;
}();

/* ML-KEM.KeyGen_internal by the compiler: the key's bytes are a constant
 * of the program. */
constexpr std::array<std::uint8_t, kem::encapsulation_key_size> public_key =
    kem::decapsulation_key::from_seed(seed).encapsulation_key().bytes();

/* The key passes the section 7.2 check, and an exchange with it agrees:
 * encapsulation to the embedded bytes, decapsulation with the key of the
 * seed. A failure here stops the build. */
constexpr bool exchange_agrees() {
  auto ek = kem::encapsulation_key::from_bytes(public_key);
  std::array<std::uint8_t, kem::message_size> m{};
  m[0] = 1;
  auto [sender_secret, ct] = ek.encapsulate_derand(m);
  auto dk = kem::decapsulation_key::from_seed(seed);
  return dk.decapsulate(ct) == sender_secret;
}
static_assert(exchange_agrees(), "ML-KEM-768 exchange at compile time");

}  // namespace

int main() {
  /* At run time the same API calls the C library. */
  auto dk = kem::decapsulation_key::from_seed(seed);
  bool same = dk.encapsulation_key().bytes() == public_key;
  std::printf(
      "%s: encapsulation key computed at compile time (%zu bytes, "
      "%02x%02x%02x%02x...), %s the C library's\n",
      kem::name.data(), public_key.size(), public_key[0], public_key[1],
      public_key[2], public_key[3], same ? "equal to" : "DIFFERENT FROM");
  return same ? 0 : 1;
}
