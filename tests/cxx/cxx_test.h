/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cxx_test.h - what the C++ API's tests share: the C test helpers
 * (test_util.h: CHECK and the summary line; the vector readers), hex into
 * bytes, random inputs, the zero and exception checks, and a call of a
 * generic lambda with the set type named by a string. It includes the three
 * headers of the API.
 */
#ifndef MLKEM_CXX_TEST_H
#define MLKEM_CXX_TEST_H

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mlkem.hpp"
#include "mlkem_hybrid.hpp"
#include "mlkem_kyber.hpp"

extern "C" {
#include "aes256_ctr_drbg.h"
#include "json.h"
#include "kv_text.h"
#include "test_util.h"
}

namespace cxx_test {

/* Hex (either case) into bytes; a failed check and no bytes if it is not
 * hex. */
inline std::vector<std::uint8_t> hex(std::string_view s) {
  std::vector<std::uint8_t> out(s.size() / 2);
  bool ok =
      s.size() % 2 == 0 &&
      test_hex_decode(out.data(), out.size(), s.data(), s.size()) == out.size();
  CHECK_MSG(ok, "field is hex");
  if (!ok) out.clear();
  return out;
}

/* Equal bytes, whatever the two ranges are (span, array, vector). */
template <class A, class B>
bool same(const A &a, const B &b) {
  return std::size(a) == std::size(b) &&
         std::memcmp(std::data(a), std::data(b), std::size(a)) == 0;
}

/* f.template operator()<K>() for the set K named "ML-KEM-512", "ML-KEM-768"
 * or "ML-KEM-1024"; a failed check for any other name. */
template <class F>
void by_set(std::string_view name, F &&f) {
  if (name == mlkem::ml_kem_512::name) {
    f.template operator()<mlkem::ml_kem_512>();
  } else if (name == mlkem::ml_kem_768::name) {
    f.template operator()<mlkem::ml_kem_768>();
  } else if (name == mlkem::ml_kem_1024::name) {
    f.template operator()<mlkem::ml_kem_1024>();
  } else {
    CHECK_MSG(0, "known parameter set");
  }
}

/* N bytes from the tests' deterministic generator. */
template <std::size_t N>
std::array<std::uint8_t, N> random_bytes(test_rng *rng) {
  std::array<std::uint8_t, N> a;
  test_rng_bytes(rng, a.data(), N);
  return a;
}

inline bool all_zero(std::span<const std::uint8_t> b) {
  return test_all_bytes(b.data(), b.size(), 0) != 0;
}

#if defined(__cpp_exceptions)
/* The C code that f throws as mlkem::error (checking the error's other
 * forms), or 0 if it throws nothing. */
template <class F>
int thrown_code(F &&f) {
  try {
    f();
  } catch (const mlkem::error &e) {
    CHECK(e.error_code() == std::error_code(e.code(), mlkem::error_category()));
    CHECK(std::string(e.what()).rfind("mlkem: ", 0) == 0);
    return e.code();
  }
  return 0;
}
#endif

/* The whole of a vector file (tests/vectors/rel). */
inline std::string read_vector(const char *rel) {
  std::size_t len;
  char *text = test_read_file(test_vector_path(rel), &len);
  std::string s(text, len);
  std::free(text);
  return s;
}

/* A failure message naming the vector. */
inline std::string where(std::string_view what, long n) {
  return std::string(what) + " " + std::to_string(n);
}

}  // namespace cxx_test

#endif
