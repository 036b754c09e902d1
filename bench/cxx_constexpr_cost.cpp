/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cxx_constexpr_cost.cpp - what one ML-KEM operation costs the compiler in
 * a constant expression (README.md, "ML-KEM at compile time", the table).
 * Not built: it is compiled with -fsyntax-only under /usr/bin/time -v,
 * with -DSET=512|768|1024 and -DOP=0 (the setup alone: one key generation
 * and one encapsulation, for the inputs), 1 (key generation), 2
 * (encapsulation from an ek read with from_bytes) or 3 (decapsulation with
 * a dk read with from_bytes). OP evaluates the operation four times on
 * distinct inputs (so that no compiler can reuse a result), each in its
 * own static_assert (one operation per constant expression: no flag
 * needed). One operation's cost is (OP n - OP 0) / 4:
 *
 *   /usr/bin/time -v g++ -std=c++20 -Iinclude -Ibuild/include \
 *       -fsyntax-only -DSET=768 -DOP=1 bench/cxx_constexpr_cost.cpp
 */
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "mlkem.hpp"

#define MLKEM_COST_CAT2(a, b) a##b
#define MLKEM_COST_CAT(a, b) MLKEM_COST_CAT2(a, b)
using K = mlkem::MLKEM_COST_CAT(ml_kem_, SET);

namespace {

template <int I>
constexpr std::array<std::uint8_t, 64> seed_of() {
  std::array<std::uint8_t, 64> s{};
  for (std::size_t i = 0; i < s.size(); i++) {
    s[i] = static_cast<std::uint8_t>(i + 7 * I);
  }
  return s;
}

/* The setup: dk and ek of seed 0, and a ciphertext to them. */
constexpr auto dk0 = [] {
  auto dk = K::decapsulation_key::from_seed(seed_of<0>());
  std::array<std::uint8_t, K::decapsulation_key_size> b{};
  for (std::size_t i = 0; i < b.size(); i++) b[i] = dk.bytes()[i];
  return b;
}();
/* ek, the bytes after dk_PKE in dk. */
constexpr auto ek0 = [] {
  std::array<std::uint8_t, K::encapsulation_key_size> b{};
  for (std::size_t i = 0; i < b.size(); i++)
    b[i] = dk0[384 * (b.size() / 384) + i];
  return b;
}();
constexpr auto ct0 = [] {
  auto ek = K::encapsulation_key::from_bytes(ek0);
  std::array<std::uint8_t, K::message_size> m{};
  auto [ss, ct] = ek.encapsulate_derand(m);
  return std::move(ct).bytes();
}();

template <int I>
constexpr bool op() {
#if OP == 1
  auto dk = K::decapsulation_key::from_seed(seed_of<I>());
  return dk.bytes().size() == K::decapsulation_key_size;
#elif OP == 2
  auto ek = K::encapsulation_key::from_bytes(ek0);
  std::array<std::uint8_t, K::message_size> m{};
  m[0] = static_cast<std::uint8_t>(I);
  auto [ss, ct] = ek.encapsulate_derand(m);
  return ss.bytes().size() == K::shared_secret_size;
#elif OP == 3
  auto dk = K::decapsulation_key::from_bytes(dk0);
  auto c = ct0;
  c[0] ^= static_cast<std::uint8_t>(I);
  auto ss = dk.decapsulate(K::ciphertext::from_bytes(c));
  return ss.bytes().size() == K::shared_secret_size;
#else
  return true;
#endif
}

static_assert(op<1>());
static_assert(op<2>());
static_assert(op<3>());
static_assert(op<4>());

}  // namespace
