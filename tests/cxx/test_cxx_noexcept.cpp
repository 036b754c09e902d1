/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_noexcept.cpp - the C++ API in a program built with
 * -fno-exceptions, through the forms that report errors in a
 * std::error_code (noexcept): an exchange for each set, and each
 * constructor's error, with zeroed results. It also checks that those forms
 * are declared noexcept.
 */
#include "cxx_test.h"

using cxx_test::same;

namespace {

bool all_zero(std::span<const std::uint8_t> b) {
  return test_all_bytes(b.data(), b.size(), 0) != 0;
}

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

}  // namespace

int main() {
#if defined(__cpp_exceptions)
  CHECK_MSG(0, "built with -fno-exceptions");
#endif
  test_backend_banner();
  exchange<mlkem::ml_kem_512>();
  exchange<mlkem::ml_kem_768>();
  exchange<mlkem::ml_kem_1024>();
  return test_summary("test_cxx_noexcept");
}
