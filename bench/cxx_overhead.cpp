/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cxx_overhead.cpp - what the C++ API (include/mlkem.hpp) costs over the C
 * calls it makes (make bench-cxx). For each set, keygen, encaps and decaps
 * are timed both ways in one run:
 *
 *   keygen  decapsulation_key::from_seed      keygen_derand
 *   encaps  encapsulation_key::from_bytes,    encaps_derand on ek
 *           then encapsulate_derand
 *   decaps  decapsulation_key::decapsulate    decaps on dk
 *
 * (encaps from the encoded ek on both sides.) Passes alternate which side
 * goes first and cycle through the operations, timing single calls with
 * the benchmark's clock (rdtsc on x86-64), pinned like mlkem_bench; the
 * median of all calls. Usage: mlkem_cxx_bench [--iterations N] [--passes P]
 */
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "mlkem.hpp"

extern "C" {
#include "programs.h"
}

namespace {

struct side {
  std::function<void()> call;
  std::vector<std::uint64_t> ticks;
};

struct bench_case {
  std::string_view set, op;
  side c, cxx;
};

void time(side &s, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    std::uint64_t t0 = mlkem_bench_ticks();
    s.call();
    s.ticks.push_back(mlkem_bench_ticks() - t0);
  }
}

std::uint64_t median(std::vector<std::uint64_t> &v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void require(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "mlkem_cxx_bench: %s failed\n", what);
    std::exit(1);
  }
}

template <mlkem::kem K, class C>
void add_cases(std::vector<bench_case> &out) {
  static std::array<std::uint8_t, 64> seed;
  static std::array<std::uint8_t, 32> m;
  for (unsigned i = 0; i < 64; i++) seed[i] = static_cast<std::uint8_t>(i);
  for (unsigned i = 0; i < 32; i++) m[i] = static_cast<std::uint8_t>(i ^ 0x5a);
  static auto dk = K::decapsulation_key::from_seed(seed);
  static auto ek = dk.encapsulation_key();
  static auto enc = ek.encapsulate_derand(m);
  require(dk.decapsulate(enc.second) == enc.first, "round trip");
  static std::array<std::uint8_t, K::encapsulation_key_size> ekb, ek_out;
  static std::array<std::uint8_t, K::decapsulation_key_size> dkb, dk_out;
  static std::array<std::uint8_t, K::ciphertext_size> ctb, ct_out;
  static std::array<std::uint8_t, 32> ss_out;
  std::memcpy(ekb.data(), ek.bytes().data(), ekb.size());
  std::memcpy(dkb.data(), dk.bytes().data(), dkb.size());
  std::memcpy(ctb.data(), enc.second.bytes().data(), ctb.size());

  out.push_back({K::name,
                 "keygen",
                 {[] {
                    require(C::keygen_derand(ek_out.data(), dk_out.data(),
                                             seed.data()) == 0,
                            "keygen");
                  },
                  {}},
                 {[] {
                    auto k = K::decapsulation_key::from_seed(seed);
                    __asm__ __volatile__("" : : "r"(&k) : "memory");
                  },
                  {}}});
  out.push_back({K::name,
                 "encaps",
                 {[] {
                    require(C::encaps_derand(ct_out.data(), ss_out.data(),
                                             ekb.data(), m.data()) == 0,
                            "encaps");
                  },
                  {}},
                 {[] {
                    auto key = K::encapsulation_key::from_bytes(ekb);
                    auto r = key.encapsulate_derand(m);
                    __asm__ __volatile__("" : : "r"(&r) : "memory");
                  },
                  {}}});
  out.push_back({K::name,
                 "decaps",
                 {[] {
                    require(
                        C::decaps(ss_out.data(), ctb.data(), dkb.data()) == 0,
                        "decaps");
                  },
                  {}},
                 {[] {
                    auto ss = dk.decapsulate(enc.second);
                    __asm__ __volatile__("" : : "r"(&ss) : "memory");
                  },
                  {}}});
}

#define C_FUNCTIONS(K)                                              \
  struct c##K {                                                     \
    static constexpr auto keygen_derand = mlkem##K##_keygen_derand; \
    static constexpr auto encaps_derand = mlkem##K##_encaps_derand; \
    static constexpr auto decaps = mlkem##K##_decaps;               \
  }
C_FUNCTIONS(512);
C_FUNCTIONS(768);
C_FUNCTIONS(1024);

unsigned arg(int argc, char **argv, const char *name, unsigned def) {
  for (int i = 1; i + 1 < argc; i++) {
    if (std::strcmp(argv[i], name) == 0) {
      return static_cast<unsigned>(std::strtoul(argv[i + 1], nullptr, 10));
    }
  }
  return def;
}

}  // namespace

int main(int argc, char **argv) {
  unsigned iterations = arg(argc, argv, "--iterations", 2000);
  unsigned passes = std::max(1u, arg(argc, argv, "--passes", 10));
  unsigned per_pass = (iterations + passes - 1) / passes;
  mlkem_bench_pin();
  std::vector<bench_case> cases;
  add_cases<mlkem::ml_kem_512, c512>(cases);
  add_cases<mlkem::ml_kem_768, c768>(cases);
  add_cases<mlkem::ml_kem_1024, c1024>(cases);
  for (auto &bc : cases) {
    time(bc.c, per_pass / 4 + 10);
    time(bc.cxx, per_pass / 4 + 10);
    bc.c.ticks.clear();
    bc.cxx.ticks.clear();
  }
  for (unsigned pass = 0; pass < passes; pass++) {
    for (auto &bc : cases) {
      side &first = pass % 2 ? bc.cxx : bc.c;
      side &second = pass % 2 ? bc.c : bc.cxx;
      time(first, per_pass);
      time(second, per_pass);
    }
  }
  std::printf(
      "mlkem.hpp over the C calls, backend %s: medians of %u calls, %s\n",
      mlkem_backend_name(), per_pass * passes, mlkem_bench_tick_unit());
  std::printf("%-12s %-7s %10s %10s %7s\n", "set", "op", "C", "C++", "ratio");
  std::uint64_t sum_c = 0, sum_cxx = 0;
  for (std::size_t i = 0; i < cases.size(); i++) {
    auto &bc = cases[i];
    std::uint64_t c = median(bc.c.ticks), x = median(bc.cxx.ticks);
    sum_c += c;
    sum_cxx += x;
    std::printf("%-12s %-7s %10llu %10llu %7.3f\n", bc.set.data(), bc.op.data(),
                static_cast<unsigned long long>(c),
                static_cast<unsigned long long>(x),
                static_cast<double>(x) / static_cast<double>(c));
    if (i % 3 == 2) {
      std::printf("%-12s %-7s %10llu %10llu %7.3f\n", bc.set.data(), "sum",
                  static_cast<unsigned long long>(sum_c),
                  static_cast<unsigned long long>(sum_cxx),
                  static_cast<double>(sum_cxx) / static_cast<double>(sum_c));
      sum_c = sum_cxx = 0;
    }
  }
  return 0;
}
