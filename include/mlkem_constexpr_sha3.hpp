/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_constexpr_sha3.hpp - SHA-3 (FIPS 202) for constant expressions:
 * Keccak-f[1600], the sponge, SHA3-256, SHA3-512, SHAKE128 and SHAKE256,
 * as C++20 constexpr functions over the standard library only. It is the
 * hashing of the compile-time path of mlkem.hpp (mlkem_constexpr.hpp);
 * at run time the C library hashes.
 *
 * Written for the compiler's evaluator, not for speed at run time nor for
 * secrecy: no claim of constant time. Not an API: the names in
 * mlkem::detail::fips202 may change.
 */
#ifndef MLKEM_CONSTEXPR_SHA3_HPP
#define MLKEM_CONSTEXPR_SHA3_HPP

#include <array>
#include <cstddef>
#include <cstdint>

namespace mlkem::detail::fips202 {

/* RC of each round ir (@spec{FIPS202, Alg. 6, l. 2-3}): bit 2^j - 1 of
 * RC is rc(j + 7 ir), j = 0..6, where rc(t) is bit R[0] of the LFSR of
 * @spec{FIPS202, Alg. 5} (x^8 + x^6 + x^5 + x^4 + 1) after t steps from R =
 * 10000000; the LFSR runs once through t = 0..167. */
constexpr std::array<std::uint64_t, 24> make_round_constants() {
  std::array<std::uint64_t, 24> rc{};
  unsigned r = 0x01; /* R[i] in bit i */
  for (unsigned t = 0; t < 7 * 24; t++) {
    if ((r & 1) != 0) rc[t / 7] |= std::uint64_t{1} << ((1u << (t % 7)) - 1);
    /* R = 0 || R; R[0], R[4], R[5], R[6] ^= R[8]; R = Trunc_8(R). */
    r <<= 1;
    if ((r & 0x100) != 0) r ^= 0x171;
  }
  return rc;
}
inline constexpr std::array<std::uint64_t, 24> round_constants =
    make_round_constants();

/* Keccak-p[1600, 24] = Keccak-f[1600] (@spec{FIPS202, Alg. 7},
 * @spec{FIPS202, sec. 3.4}) on the state A: 25 lanes of 64 bits, lane
 * (x, y) at a[x + 5y], byte i of the state string in lane i / 8 at bit
 * 8 (i % 8) (@spec{FIPS202, sec. 3.1.2}, w = 64). Each round is written lane by
 * lane, without loops: a compiler evaluates named values much faster than
 * indexed ones (clang about three times, g++ 1.5 times, for this function). */
constexpr void keccak_f1600(std::uint64_t a[25]) {
  for (unsigned ir = 0; ir < 24; ir++) {
    /* theta (@spec{FIPS202, Alg. 1}): C[x] the parity of column x; every lane
     * of column x gets D[x] = C[x - 1] ^ ROT(C[x + 1], 1). */
    const std::uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20],
                        c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21],
                        c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22],
                        c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23],
                        c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    const std::uint64_t d[5] = {
        c4 ^ (c1 << 1 | c1 >> 63), c0 ^ (c2 << 1 | c2 >> 63),
        c1 ^ (c3 << 1 | c3 >> 63), c2 ^ (c4 << 1 | c4 >> 63),
        c3 ^ (c0 << 1 | c0 >> 63)};
    for (unsigned i = 0; i < 25; i++) a[i] ^= d[i % 5];
    /* rho and pi (@spec{FIPS202, Alg. 2-3}): B[x, y] is lane
     * (x + 3y mod 5, x) rotated left by that lane's offset
     * (@spec{FIPS202, Table 2}, the walk of @spec{FIPS202, Alg. 2}); bN is
     * B at N = x + 5y, a row y in each group. */
    const std::uint64_t b0 = a[0];
    const std::uint64_t b1 = (a[6] << 44 | a[6] >> 20);
    const std::uint64_t b2 = (a[12] << 43 | a[12] >> 21);
    const std::uint64_t b3 = (a[18] << 21 | a[18] >> 43);
    const std::uint64_t b4 = (a[24] << 14 | a[24] >> 50);

    const std::uint64_t b5 = (a[3] << 28 | a[3] >> 36);
    const std::uint64_t b6 = (a[9] << 20 | a[9] >> 44);
    const std::uint64_t b7 = (a[10] << 3 | a[10] >> 61);
    const std::uint64_t b8 = (a[16] << 45 | a[16] >> 19);
    const std::uint64_t b9 = (a[22] << 61 | a[22] >> 3);

    const std::uint64_t b10 = (a[1] << 1 | a[1] >> 63);
    const std::uint64_t b11 = (a[7] << 6 | a[7] >> 58);
    const std::uint64_t b12 = (a[13] << 25 | a[13] >> 39);
    const std::uint64_t b13 = (a[19] << 8 | a[19] >> 56);
    const std::uint64_t b14 = (a[20] << 18 | a[20] >> 46);

    const std::uint64_t b15 = (a[4] << 27 | a[4] >> 37);
    const std::uint64_t b16 = (a[5] << 36 | a[5] >> 28);
    const std::uint64_t b17 = (a[11] << 10 | a[11] >> 54);
    const std::uint64_t b18 = (a[17] << 15 | a[17] >> 49);
    const std::uint64_t b19 = (a[23] << 56 | a[23] >> 8);

    const std::uint64_t b20 = (a[2] << 62 | a[2] >> 2);
    const std::uint64_t b21 = (a[8] << 55 | a[8] >> 9);
    const std::uint64_t b22 = (a[14] << 39 | a[14] >> 25);
    const std::uint64_t b23 = (a[15] << 41 | a[15] >> 23);
    const std::uint64_t b24 = (a[21] << 2 | a[21] >> 62);
    /* chi (@spec{FIPS202, Alg. 4}): A[x, y] = B[x, y] ^ (~B[x + 1, y] & B[x +
     * 2, y]). */
    a[0] = b0 ^ (~b1 & b2);
    a[1] = b1 ^ (~b2 & b3);
    a[2] = b2 ^ (~b3 & b4);
    a[3] = b3 ^ (~b4 & b0);
    a[4] = b4 ^ (~b0 & b1);

    a[5] = b5 ^ (~b6 & b7);
    a[6] = b6 ^ (~b7 & b8);
    a[7] = b7 ^ (~b8 & b9);
    a[8] = b8 ^ (~b9 & b5);
    a[9] = b9 ^ (~b5 & b6);

    a[10] = b10 ^ (~b11 & b12);
    a[11] = b11 ^ (~b12 & b13);
    a[12] = b12 ^ (~b13 & b14);
    a[13] = b13 ^ (~b14 & b10);
    a[14] = b14 ^ (~b10 & b11);

    a[15] = b15 ^ (~b16 & b17);
    a[16] = b16 ^ (~b17 & b18);
    a[17] = b17 ^ (~b18 & b19);
    a[18] = b18 ^ (~b19 & b15);
    a[19] = b19 ^ (~b15 & b16);

    a[20] = b20 ^ (~b21 & b22);
    a[21] = b21 ^ (~b22 & b23);
    a[22] = b22 ^ (~b23 & b24);
    a[23] = b23 ^ (~b24 & b20);
    a[24] = b24 ^ (~b20 & b21);
    /* iota (@spec{FIPS202, Alg. 6}). */
    a[0] ^= round_constants[ir];
  }
}

/* SPONGE[Keccak-p[1600, 24], pad10*1, rate] (@spec{FIPS202, Alg. 8}),
 * with the domain bits of @spec{FIPS202, sec. 6} (01 for SHA-3, 1111 for
 * SHAKE) as the first
 * bits of the padding: absorb() any number of times, then squeeze() any
 * number of times. */
class sponge {
 public:
  /* rate in bytes (136 for SHA3-256 and SHAKE256, 72 for SHA3-512, 168
   * for SHAKE128); suffix the domain bits followed by the first padding
   * bit (0x06 for SHA-3, 0x1f for SHAKE). */
  constexpr sponge(std::size_t rate, std::uint8_t suffix)
      : rate_(rate), suffix_(suffix) {}

  constexpr void absorb(const std::uint8_t *in, std::size_t len) {
    for (std::size_t i = 0; i < len; i++) {
      xor_byte(pos_, in[i]);
      if (++pos_ == rate_) {
        keccak_f1600(a_);
        pos_ = 0;
      }
    }
  }

  constexpr void squeeze(std::uint8_t *out, std::size_t len) {
    if (!squeezing_) {
      /* pad10*1 after the suffix: its last 1 in the last bit of the block. */
      xor_byte(pos_, suffix_);
      xor_byte(rate_ - 1, 0x80);
      keccak_f1600(a_);
      pos_ = 0;
      squeezing_ = true;
    }
    for (std::size_t i = 0; i < len; i++) {
      if (pos_ == rate_) {
        keccak_f1600(a_);
        pos_ = 0;
      }
      out[i] = static_cast<std::uint8_t>(a_[pos_ / 8] >> (8 * (pos_ % 8)));
      pos_++;
    }
  }

 private:
  constexpr void xor_byte(std::size_t i, std::uint8_t v) {
    a_[i / 8] ^= std::uint64_t{v} << (8 * (i % 8));
  }

  std::uint64_t a_[25] = {};
  std::size_t rate_;
  std::size_t pos_ = 0;
  std::uint8_t suffix_;
  bool squeezing_ = false;
};

/* The four functions of @spec{FIPS202, sec. 6}: capacity 2d, rate 200 - 2d/8
 * bytes. */
constexpr sponge sha3_256() {
  return sponge(136, 0x06);
}
constexpr sponge sha3_512() {
  return sponge(72, 0x06);
}
constexpr sponge shake128() {
  return sponge(168, 0x1f);
}
constexpr sponge shake256() {
  return sponge(136, 0x1f);
}

}  // namespace mlkem::detail::fips202

#endif /* MLKEM_CONSTEXPR_SHA3_HPP */
