/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_constexpr.hpp - ML-KEM (FIPS 203) as C++20 constexpr functions:
 * the compile-time path of mlkem.hpp. When a function of mlkem.hpp's
 * ml_kem_512, ml_kem_768 or ml_kem_1024 is evaluated in a constant
 * expression (std::is_constant_evaluated()), it calls the functions
 * below instead of the C library; at run time it calls the C library
 * only. Header-only, the standard library only (SHA-3 in
 * mlkem_constexpr_sha3.hpp).
 *
 * Read top-down, it is FIPS 203 in the standard's order: the parameters
 * (@spec{FIPS203, Table 2}), the hash functions (@spec{FIPS203, sec. 4.1}),
 * conversion and compression (@spec{FIPS203, sec. 4.2.1}), sampling
 * (@spec{FIPS203, sec. 4.2.2}), the NTT (@spec{FIPS203, sec. 4.3}), K-PKE
 * (@spec{FIPS203, sec. 5}), ML-KEM's internal algorithms
 * (@spec{FIPS203, sec. 6}) and the input checks (@spec{FIPS203, sec. 7}).
 * Each function names its algorithm.
 *
 * Written for the compiler's evaluator: the standard's arithmetic mod q
 * with %, plain loops, no stored matrix (each entry of A-hat is sampled
 * where it is used, once). It makes no claim of constant time: the
 * compiler evaluating it is not a place for run-time secrets, and the
 * run-time path of mlkem.hpp never calls it. Tests call it at run time,
 * through the names in mlkem::detail::fips203, to compare it with the C
 * library; those names are not an API and may change.
 */
#ifndef MLKEM_CONSTEXPR_HPP
#define MLKEM_CONSTEXPR_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "mlkem_constexpr_sha3.hpp"

namespace mlkem::detail::fips203 {

/* ------------------------------------------------------------------------ */
/* Parameters (@spec{FIPS203, Table 2}; sizes from @spec{FIPS203, Table 3}) */

inline constexpr std::size_t n = 256;
inline constexpr std::uint32_t q = 3329;

struct ml_kem_512 {
  static constexpr std::size_t k = 2;
  static constexpr unsigned eta1 = 3, eta2 = 2, du = 10, dv = 4;
};
struct ml_kem_768 {
  static constexpr std::size_t k = 3;
  static constexpr unsigned eta1 = 2, eta2 = 2, du = 10, dv = 4;
};
struct ml_kem_1024 {
  static constexpr std::size_t k = 4;
  static constexpr unsigned eta1 = 2, eta2 = 2, du = 11, dv = 5;
};

template <class P>
inline constexpr std::size_t ek_bytes = 384 * P::k + 32;
template <class P>
inline constexpr std::size_t dk_bytes = 768 * P::k + 96;
template <class P>
inline constexpr std::size_t ct_bytes = 32 * (P::du * P::k + P::dv);

/* An element of R_q (or of T_q, after the NTT): 256 coefficients, each in
 * [0, q). A plain array, not std::array: compilers evaluate f.c[i] in a
 * constant expression several times faster than a call of operator[]. */
struct poly {
  std::uint16_t c[n];
};
template <std::size_t K>
using polyvec = std::array<poly, K>;

/* ------------------------------------------------------------------------ */
/* The hash functions (@spec{FIPS203, sec. 4.1})                            */

/* out_len bytes of the sponge h's output on s1 || s2. */
constexpr void hash(fips202::sponge h, std::uint8_t *out, std::size_t out_len,
                    const std::uint8_t *s1, std::size_t len1,
                    const std::uint8_t *s2 = nullptr, std::size_t len2 = 0) {
  h.absorb(s1, len1);
  h.absorb(s2, len2);
  h.squeeze(out, out_len);
}

/* H(s) = SHA3-256(s) (@spec{FIPS203, eq. 4.4}). */
constexpr void H(std::uint8_t out[32], const std::uint8_t *s, std::size_t len) {
  hash(fips202::sha3_256(), out, 32, s, len);
}

/* (a, b) = G(s1 || s2) = SHA3-512(s1 || s2), a the first 32 bytes of out
 * and b the last (@spec{FIPS203, eq. 4.5}). */
constexpr void G(std::uint8_t out[64], const std::uint8_t *s1, std::size_t len1,
                 const std::uint8_t *s2, std::size_t len2) {
  hash(fips202::sha3_512(), out, 64, s1, len1, s2, len2);
}

/* J(s1 || s2) = SHAKE256(s1 || s2, 8 * 32) (@spec{FIPS203, eq. 4.4}). */
constexpr void J(std::uint8_t out[32], const std::uint8_t *s1, std::size_t len1,
                 const std::uint8_t *s2, std::size_t len2) {
  hash(fips202::shake256(), out, 32, s1, len1, s2, len2);
}

/* PRF_eta(s, b) = SHAKE256(s || b, 8 * 64 eta) (@spec{FIPS203, eq. 4.3}),
 * into out[0, 64 eta). */
constexpr void PRF(std::uint8_t *out, unsigned eta, const std::uint8_t s[32],
                   std::uint8_t b) {
  hash(fips202::shake256(), out, 64 * eta, s, 32, &b, 1);
}

/* ------------------------------------------------------------------------ */
/* Conversion and compression (@spec{FIPS203, sec. 4.2.1})                  */

/* Compress_d(x) = round((2^d / q) x) mod 2^d (@spec{FIPS203, eq. 4.7}),
 * x in [0, q): as
 * the integer floor((2^(d+1) x + q) / (2q)), exact since q is odd. */
constexpr std::uint16_t compress(unsigned d, std::uint32_t x) {
  return static_cast<std::uint16_t>((((x << (d + 1)) + q) / (2 * q)) &
                                    ((1u << d) - 1));
}

/* Decompress_d(y) = round((q / 2^d) y) (@spec{FIPS203, eq. 4.8}), y in
 * [0, 2^d), half rounded up. */
constexpr std::uint16_t decompress(unsigned d, std::uint32_t y) {
  return static_cast<std::uint16_t>((q * y + (1u << (d - 1))) >> d);
}

/* ByteEncode_d (@spec{FIPS203, Alg. 5}): the 256 d-bit integers of f,
 * little-endian bit by bit, into 32 d bytes. Bits gather in acc and leave it a
 * byte at a time, which is the bit string of the algorithm read eight at a
 * time. For d < 12 the coefficients are below 2^d; for d = 12 below q. */
constexpr void byte_encode(std::uint8_t *out, unsigned d, const poly &f) {
  std::uint32_t acc = 0;
  unsigned bits = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; i++) {
    acc |= std::uint32_t{f.c[i]} << bits;
    bits += d;
    while (bits >= 8) {
      out[o++] = static_cast<std::uint8_t>(acc);
      acc >>= 8;
      bits -= 8;
    }
  }
}

/* ByteDecode_d (@spec{FIPS203, Alg. 6}): 32 d bytes into 256 integers of d
 * bits, taken mod q when d = 12 (m = q), below 2^d otherwise. */
constexpr void byte_decode(poly &f, unsigned d, const std::uint8_t *in) {
  std::uint32_t acc = 0;
  unsigned bits = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; i++) {
    while (bits < d) {
      acc |= std::uint32_t{in[o++]} << bits;
      bits += 8;
    }
    std::uint32_t v = acc & ((1u << d) - 1);
    acc >>= d;
    bits -= d;
    f.c[i] = static_cast<std::uint16_t>(d == 12 ? v % q : v);
  }
}

/* ByteEncode_d(Compress_d(f)) and Decompress_d(ByteDecode_d(in)), the
 * forms in which K-PKE uses them (@spec{FIPS203, Alg. 14, l. 22-23},
 * @spec{FIPS203, Alg. 15, l. 3-4}). */
constexpr void compress_encode(std::uint8_t *out, unsigned d, const poly &f) {
  poly c{};
  for (std::size_t i = 0; i < n; i++) c.c[i] = compress(d, f.c[i]);
  byte_encode(out, d, c);
}
constexpr void decode_decompress(poly &f, unsigned d, const std::uint8_t *in) {
  byte_decode(f, d, in);
  for (std::size_t i = 0; i < n; i++) f.c[i] = decompress(d, f.c[i]);
}

/* ------------------------------------------------------------------------ */
/* Sampling (@spec{FIPS203, sec. 4.2.2})                                    */

/* SampleNTT(rho || j || i) (@spec{FIPS203, Alg. 7}): coefficients of 12
 * bits from SHAKE128, those below q kept, until there are 256. Gives entry
 * (i, j) of A-hat (@spec{FIPS203, Alg. 13, l. 3-7}). */
constexpr poly sample_ntt(const std::uint8_t rho[32], std::uint8_t i,
                          std::uint8_t j) {
  fips202::sponge xof = fips202::shake128();
  const std::uint8_t ji[2] = {j, i};
  xof.absorb(rho, 32);
  xof.absorb(ji, 2);
  poly a{};
  std::size_t count = 0;
  while (count < n) {
    std::uint8_t c[3] = {};
    xof.squeeze(c, 3);
    std::uint32_t d1 = c[0] + 256u * (c[1] % 16u);
    std::uint32_t d2 = c[1] / 16u + 16u * c[2];
    if (d1 < q) a.c[count++] = static_cast<std::uint16_t>(d1);
    if (d2 < q && count < n) a.c[count++] = static_cast<std::uint16_t>(d2);
  }
  return a;
}

/* SamplePolyCBD_eta(PRF_eta(s, b)) (@spec{FIPS203, Alg. 8} on the output
 * of @spec{FIPS203, eq. 4.3}):
 * coefficient i is the sum of bits 2 i eta .. 2 i eta + eta - 1 of the
 * PRF's output minus the sum of the next eta bits, mod q. */
constexpr poly sample_poly_cbd(unsigned eta, const std::uint8_t s[32],
                               std::uint8_t b) {
  std::uint8_t B[64 * 3] = {};
  PRF(B, eta, s, b);
  poly f{};
  for (std::size_t i = 0; i < n; i++) {
    std::uint32_t x = 0, y = 0;
    for (unsigned j = 0; j < eta; j++) {
      std::size_t bx = 2 * i * eta + j, by = bx + eta;
      x += (B[bx / 8] >> (bx % 8)) & 1u;
      y += (B[by / 8] >> (by % 8)) & 1u;
    }
    f.c[i] = static_cast<std::uint16_t>((x + q - y) % q);
  }
  return f;
}

/* ------------------------------------------------------------------------ */
/* The number-theoretic transform (@spec{FIPS203, sec. 4.3})               */

constexpr unsigned bit_rev7(unsigned i) {
  unsigned r = 0;
  for (unsigned b = 0; b < 7; b++) r |= ((i >> b) & 1u) << (6 - b);
  return r;
}

/* base^e mod q, square and multiply. */
constexpr std::uint32_t pow_mod_q(std::uint32_t base, unsigned e) {
  std::uint32_t r = 1;
  for (; e != 0; e >>= 1) {
    if ((e & 1) != 0) r = r * base % q;
    base = base * base % q;
  }
  return r;
}

/* zeta = 17, the primitive 256th root of unity mod q
 * (@spec{FIPS203, sec. 4.3}). The tables of @spec{FIPS203, App. A},
 * computed: zetas[i] = zeta^BitRev7(i) for the NTT
 * and gammas[i] = zeta^(2 BitRev7(i) + 1) for MultiplyNTTs. */
inline constexpr std::uint32_t zeta = 17;
struct zeta_table {
  std::uint16_t v[128];
};
constexpr zeta_table make_zetas(bool gamma) {
  zeta_table t{};
  for (unsigned i = 0; i < 128; i++) {
    unsigned e = gamma ? 2 * bit_rev7(i) + 1 : bit_rev7(i);
    t.v[i] = static_cast<std::uint16_t>(pow_mod_q(zeta, e));
  }
  return t;
}
inline constexpr zeta_table zetas = make_zetas(false);
inline constexpr zeta_table gammas = make_zetas(true);

/* NTT (@spec{FIPS203, Alg. 9}), in place. */
constexpr void ntt(poly &f) {
  std::uint16_t *c = f.c;
  unsigned i = 1;
  for (std::size_t len = 128; len >= 2; len /= 2) {
    for (std::size_t start = 0; start < n; start += 2 * len) {
      const std::uint32_t z = zetas.v[i++];
      for (std::size_t j = start; j < start + len; j++) {
        const std::uint32_t t = z * c[j + len] % q, fj = c[j];
        c[j + len] = static_cast<std::uint16_t>((fj + q - t) % q);
        c[j] = static_cast<std::uint16_t>((fj + t) % q);
      }
    }
  }
}

/* NTT^-1 (@spec{FIPS203, Alg. 10}), in place; 3303 = 128^-1 mod q. */
constexpr void ntt_inverse(poly &f) {
  std::uint16_t *c = f.c;
  unsigned i = 127;
  for (std::size_t len = 2; len <= 128; len *= 2) {
    for (std::size_t start = 0; start < n; start += 2 * len) {
      const std::uint32_t z = zetas.v[i--];
      for (std::size_t j = start; j < start + len; j++) {
        const std::uint32_t t = c[j], fl = c[j + len];
        c[j] = static_cast<std::uint16_t>((t + fl) % q);
        c[j + len] = static_cast<std::uint16_t>(z * (fl + q - t) % q);
      }
    }
  }
  for (std::size_t j = 0; j < n; j++) {
    c[j] = static_cast<std::uint16_t>(c[j] * 3303u % q);
  }
}

/* h += f * g in T_q: MultiplyNTTs (@spec{FIPS203, Alg. 11}),
 * BaseCaseMultiply (@spec{FIPS203, Alg. 12}) on each pair with gamma =
 * zeta^(2 BitRev7(i) + 1), the products added to h as the sums of
 * @spec{FIPS203, Alg. 13, l. 18} and @spec{FIPS203, Alg. 14, l. 19-21}
 * need. */
constexpr void multiply_ntts_add(poly &h, const poly &f, const poly &g) {
  for (std::size_t i = 0; i < 128; i++) {
    const std::uint32_t a0 = f.c[2 * i], a1 = f.c[2 * i + 1];
    const std::uint32_t b0 = g.c[2 * i], b1 = g.c[2 * i + 1];
    const std::uint32_t c0 = (a0 * b0 + a1 * b1 % q * gammas.v[i]) % q;
    const std::uint32_t c1 = (a0 * b1 + a1 * b0) % q;
    h.c[2 * i] = static_cast<std::uint16_t>((h.c[2 * i] + c0) % q);
    h.c[2 * i + 1] = static_cast<std::uint16_t>((h.c[2 * i + 1] + c1) % q);
  }
}

/* f += g, f -= g in R_q or T_q. */
constexpr void add(poly &f, const poly &g) {
  for (std::size_t i = 0; i < n; i++) {
    f.c[i] = static_cast<std::uint16_t>((f.c[i] + g.c[i]) % q);
  }
}
constexpr void subtract(poly &f, const poly &g) {
  for (std::size_t i = 0; i < n; i++) {
    f.c[i] = static_cast<std::uint16_t>((f.c[i] + q - g.c[i]) % q);
  }
}

/* ------------------------------------------------------------------------ */
/* K-PKE (@spec{FIPS203, sec. 5})                                           */

/* K-PKE.KeyGen(d) (@spec{FIPS203, Alg. 13}): ek_PKE into ek[0, 384k + 32),
 * dk_PKE into dk[0, 384k). */
template <class P>
constexpr void kpke_keygen(std::uint8_t *ek, std::uint8_t *dk,
                           const std::uint8_t d[32]) {
  constexpr std::size_t k = P::k;
  /* Line 1: (rho, sigma) = G(d || k). */
  std::uint8_t rho_sigma[64] = {};
  const std::uint8_t rank = static_cast<std::uint8_t>(k);
  G(rho_sigma, d, 32, &rank, 1);
  const std::uint8_t *rho = rho_sigma, *sigma = rho_sigma + 32;
  /* Lines 8-15: s and e from the PRF with N = 0, ..., 2k - 1; lines
   * 16-17: their NTTs. */
  polyvec<k> s_hat{}, t_hat{};
  std::uint8_t N = 0;
  for (std::size_t i = 0; i < k; i++) {
    s_hat[i] = sample_poly_cbd(P::eta1, sigma, N++);
    ntt(s_hat[i]);
  }
  for (std::size_t i = 0; i < k; i++) {
    t_hat[i] = sample_poly_cbd(P::eta1, sigma, N++);
    ntt(t_hat[i]);
  }
  /* Line 18: t-hat = A-hat s-hat + e-hat, with A-hat[i][j] from lines 3-7
   * sampled as it is used. */
  for (std::size_t i = 0; i < k; i++) {
    for (std::size_t j = 0; j < k; j++) {
      const poly a = sample_ntt(rho, static_cast<std::uint8_t>(i),
                                static_cast<std::uint8_t>(j));
      multiply_ntts_add(t_hat[i], a, s_hat[j]);
    }
  }
  /* Lines 19-20: ek_PKE = ByteEncode_12(t-hat) || rho, dk_PKE =
   * ByteEncode_12(s-hat). */
  for (std::size_t i = 0; i < k; i++) {
    byte_encode(ek + 384 * i, 12, t_hat[i]);
    byte_encode(dk + 384 * i, 12, s_hat[i]);
  }
  for (std::size_t i = 0; i < 32; i++) ek[384 * k + i] = rho[i];
}

/* K-PKE.Encrypt(ek_PKE, m, r) (@spec{FIPS203, Alg. 14}): c into
 * c[0, ct_bytes). */
template <class P>
constexpr void kpke_encrypt(std::uint8_t *c, const std::uint8_t *ek,
                            const std::uint8_t m[32],
                            const std::uint8_t r[32]) {
  constexpr std::size_t k = P::k;
  /* Lines 2-3: t-hat = ByteDecode_12(ek_PKE[0 : 384k]), rho the rest. */
  polyvec<k> t_hat{};
  for (std::size_t i = 0; i < k; i++) byte_decode(t_hat[i], 12, ek + 384 * i);
  const std::uint8_t *rho = ek + 384 * k;
  /* Lines 9-17: y, e1 and e2 from the PRF with N = 0, ..., 2k; line 18:
   * y-hat = NTT(y). */
  polyvec<k> y_hat{}, u{};
  std::uint8_t N = 0;
  for (std::size_t i = 0; i < k; i++) {
    y_hat[i] = sample_poly_cbd(P::eta1, r, N++);
    ntt(y_hat[i]);
  }
  for (std::size_t i = 0; i < k; i++) u[i] = sample_poly_cbd(P::eta2, r, N++);
  poly v = sample_poly_cbd(P::eta2, r, N);
  /* Line 19: u = NTT^-1(A-hat^T y-hat) + e1, with A-hat[j][i] sampled
   * (lines 4-8) as it is used. */
  for (std::size_t i = 0; i < k; i++) {
    poly w{};
    for (std::size_t j = 0; j < k; j++) {
      const poly a = sample_ntt(rho, static_cast<std::uint8_t>(j),
                                static_cast<std::uint8_t>(i));
      multiply_ntts_add(w, a, y_hat[j]);
    }
    ntt_inverse(w);
    add(u[i], w);
  }
  /* Lines 20-21: mu = Decompress_1(ByteDecode_1(m)); v = NTT^-1(t-hat^T
   * y-hat) + e2 + mu. */
  poly mu{};
  decode_decompress(mu, 1, m);
  poly w{};
  for (std::size_t j = 0; j < k; j++) multiply_ntts_add(w, t_hat[j], y_hat[j]);
  ntt_inverse(w);
  add(v, w);
  add(v, mu);
  /* Lines 22-24: c = ByteEncode_du(Compress_du(u)) ||
   * ByteEncode_dv(Compress_dv(v)). */
  for (std::size_t i = 0; i < k; i++) {
    compress_encode(c + 32 * P::du * i, P::du, u[i]);
  }
  compress_encode(c + 32 * P::du * k, P::dv, v);
}

/* K-PKE.Decrypt(dk_PKE, c) (@spec{FIPS203, Alg. 15}): m into m[0, 32). */
template <class P>
constexpr void kpke_decrypt(std::uint8_t m[32], const std::uint8_t *dk,
                            const std::uint8_t *c) {
  constexpr std::size_t k = P::k;
  /* Lines 3-5: u' and v' from c; s-hat = ByteDecode_12(dk_PKE). Line 6:
   * w = v' - NTT^-1(s-hat^T NTT(u')). */
  poly w{};
  for (std::size_t i = 0; i < k; i++) {
    poly u{}, s_hat{};
    decode_decompress(u, P::du, c + 32 * P::du * i);
    ntt(u);
    byte_decode(s_hat, 12, dk + 384 * i);
    multiply_ntts_add(w, s_hat, u);
  }
  ntt_inverse(w);
  poly v{};
  decode_decompress(v, P::dv, c + 32 * P::du * k);
  subtract(v, w);
  /* Line 7: m = ByteEncode_1(Compress_1(w)). */
  compress_encode(m, 1, v);
}

/* ------------------------------------------------------------------------ */
/* ML-KEM's internal algorithms (@spec{FIPS203, sec. 6})                   */

/* ML-KEM.KeyGen_internal(d, z) (@spec{FIPS203, Alg. 16}): ek into
 * ek[0, ek_bytes), dk = dk_PKE || ek || H(ek) || z into dk[0, dk_bytes). */
template <class P>
constexpr void keygen_internal(std::uint8_t *ek, std::uint8_t *dk,
                               const std::uint8_t d[32],
                               const std::uint8_t z[32]) {
  constexpr std::size_t k = P::k;
  kpke_keygen<P>(ek, dk, d);
  for (std::size_t i = 0; i < ek_bytes<P>; i++) dk[384 * k + i] = ek[i];
  H(dk + 768 * k + 32, ek, ek_bytes<P>);
  for (std::size_t i = 0; i < 32; i++) dk[768 * k + 64 + i] = z[i];
}

/* ML-KEM.Encaps_internal(ek, m) (@spec{FIPS203, Alg. 17}) with H(ek)
 * given (h_ek; a key that keeps it) or computed (h_ek null): the shared secret
 * K into ss[0, 32), c into c[0, ct_bytes). */
template <class P>
constexpr void encaps_internal(std::uint8_t ss[32], std::uint8_t *c,
                               const std::uint8_t *ek, const std::uint8_t *h_ek,
                               const std::uint8_t m[32]) {
  std::uint8_t h[32] = {};
  if (h_ek == nullptr) {
    H(h, ek, ek_bytes<P>);
    h_ek = h;
  }
  /* Line 1: (K, r) = G(m || H(ek)); line 2: c = K-PKE.Encrypt(ek, m, r). */
  std::uint8_t K_r[64] = {};
  G(K_r, m, 32, h_ek, 32);
  kpke_encrypt<P>(c, ek, m, K_r + 32);
  for (std::size_t i = 0; i < 32; i++) ss[i] = K_r[i];
}

/* ML-KEM.Decaps_internal(dk, c) (@spec{FIPS203, Alg. 18}): the shared
 * secret into
 * ss[0, 32), K-bar = J(z || c) when c is not the ciphertext that the
 * message decrypted from c encrypts to (implicit rejection). */
template <class P>
constexpr void decaps_internal(std::uint8_t ss[32], const std::uint8_t *dk,
                               const std::uint8_t *c) {
  constexpr std::size_t k = P::k;
  /* Lines 1-4: dk_PKE, ek_PKE, h and z inside dk. */
  const std::uint8_t *dk_pke = dk, *ek_pke = dk + 384 * k;
  const std::uint8_t *h = dk + 768 * k + 32, *z = dk + 768 * k + 64;
  /* Lines 5-8: m' = K-PKE.Decrypt(dk_PKE, c); (K', r') = G(m' || h);
   * K-bar = J(z || c); c' = K-PKE.Encrypt(ek_PKE, m', r'). */
  std::uint8_t m[32] = {}, K_r[64] = {}, K_bar[32] = {};
  kpke_decrypt<P>(m, dk_pke, c);
  G(K_r, m, 32, h, 32);
  J(K_bar, z, 32, c, ct_bytes<P>);
  std::array<std::uint8_t, ct_bytes<P>> c_prime{};
  kpke_encrypt<P>(c_prime.data(), ek_pke, m, K_r + 32);
  /* Lines 9-11: K' unless c != c'. */
  bool equal = true;
  for (std::size_t i = 0; i < ct_bytes<P>; i++) equal &= c[i] == c_prime[i];
  for (std::size_t i = 0; i < 32; i++) ss[i] = equal ? K_r[i] : K_bar[i];
}

/* ------------------------------------------------------------------------ */
/* Input checks (@spec{FIPS203, sec. 7}; the type checks, on lengths, are */
/* the caller's)                                                             */

/* The modulus check of @spec{FIPS203, sec. 7.2} (its input check 2):
 * ByteEncode_12(ByteDecode_12(ek[0 : 384k])) = ek[0 : 384k], i.e. every
 * 12-bit coefficient of t-hat is below q. */
template <class P>
constexpr bool ek_modulus_check(const std::uint8_t *ek) {
  for (std::size_t i = 0; i < P::k; i++) {
    poly t{};
    std::uint8_t again[384] = {};
    byte_decode(t, 12, ek + 384 * i);
    byte_encode(again, 12, t);
    for (std::size_t b = 0; b < 384; b++) {
      if (again[b] != ek[384 * i + b]) return false;
    }
  }
  return true;
}

/* The hash check of @spec{FIPS203, sec. 7.3} (its input check 3):
 * H(dk[384k : 768k + 32]) = dk[768k + 32 : 768k + 64]. */
template <class P>
constexpr bool dk_hash_check(const std::uint8_t *dk) {
  constexpr std::size_t k = P::k;
  std::uint8_t h[32] = {};
  H(h, dk + 384 * k, ek_bytes<P>);
  for (std::size_t i = 0; i < 32; i++) {
    if (h[i] != dk[768 * k + 32 + i]) return false;
  }
  return true;
}

}  // namespace mlkem::detail::fips203

#endif /* MLKEM_CONSTEXPR_HPP */
