/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_vectors.cpp - the published vectors through the C++ API
 * (include/mlkem.hpp), with the readers of the C tests:
 *
 *  - NIST ACVP: keyGen from d || z; encapsulation from ek and m;
 *    decapsulation of valid and modified ciphertexts; decapsulation keys
 *    accepted by from_bytes exactly when testPassed (hash check), and
 *    encapsulation keys likewise (modulus check), refused with the C codes;
 *  - the pq-crystals NIST KATs (AES-256 CTR_DRBG seeds, 100 per set);
 *  - the post-quantum-cryptography/KAT records (d, z, msg given; 100 per
 *    set), including the implicit-rejection ciphertext ct_n;
 *  - every key of the C2SP/CCTV modulus vectors, refused.
 *
 * Every check is written once, over the concept mlkem::kem, and the count
 * of vectors is checked against what the files hold.
 */
#include "cxx_test.h"

using cxx_test::by_set;
using cxx_test::hex;
using cxx_test::same;
using cxx_test::where;

namespace {

struct json_doc {
  json_value *root;
  explicit json_doc(const char *rel) {
    std::string text = cxx_test::read_vector(rel);
    char err[200];
    root = json_parse(text.data(), text.size(), err, sizeof err);
    if (root == nullptr) std::fprintf(stderr, "%s: %s\n", rel, err);
    CHECK_MSG(root != nullptr, "vector file is valid JSON");
  }
  ~json_doc() {
    json_free(root);
  }
  json_doc(const json_doc &) = delete;
  json_doc &operator=(const json_doc &) = delete;
};

std::vector<std::uint8_t> field(const json_value *t, const char *key) {
  const char *s = json_get_string(t, key);
  CHECK_MSG(s != nullptr, key);
  return s != nullptr ? hex(s) : std::vector<std::uint8_t>();
}

long tcid(const json_value *t) {
  double d = -1;
  CHECK_MSG(json_get_number(t, "tcId", &d), "test case has a tcId");
  return static_cast<long>(d);
}

/* Calls f(group, test) for every test of every group; returns the count. */
template <class F>
unsigned long each_test(const json_doc &doc, F &&f) {
  unsigned long n = 0;
  const json_value *groups = json_get(doc.root, "testGroups");
  if (groups == nullptr || groups->type != JSON_ARRAY) return 0;
  for (std::size_t g = 0; g < groups->count; g++) {
    const json_value *tests = json_get(groups->items[g], "tests");
    if (tests == nullptr || tests->type != JSON_ARRAY) continue;
    for (std::size_t i = 0; i < tests->count; i++, n++) {
      f(groups->items[g], tests->items[i]);
    }
  }
  return n;
}

std::array<std::uint8_t, 64> seed_of(std::span<const std::uint8_t> d,
                                     std::span<const std::uint8_t> z) {
  std::array<std::uint8_t, 64> seed{};
  if (d.size() == 32 && z.size() == 32) {
    std::memcpy(seed.data(), d.data(), 32);
    std::memcpy(seed.data() + 32, z.data(), 32);
  }
  return seed;
}

void acvp_keygen() {
  json_doc doc(
      "nist-acvp-server/ML-KEM-keyGen-FIPS203/internalProjection.json");
  unsigned long n =
      each_test(doc, [](const json_value *g, const json_value *t) {
        by_set(json_get_string(g, "parameterSet"), [&]<mlkem::kem K>() {
          auto seed = seed_of(field(t, "d"), field(t, "z"));
          auto dk = K::decapsulation_key::from_seed(seed);
          std::string w = where("keyGen tcId", tcid(t));
          CHECK_MSG(same(dk.encapsulation_key().bytes(), field(t, "ek")),
                    (w + ": ek").c_str());
          CHECK_MSG(same(dk.bytes(), field(t, "dk")), (w + ": dk").c_str());
          CHECK_MSG(dk.seed().has_value() && same(*dk.seed(), seed),
                    (w + ": seed kept").c_str());
        });
      });
  CHECKF(n == 75, "keyGen: %lu vectors, 75 expected", n);
}

void acvp_encap_decap() {
  json_doc doc(
      "nist-acvp-server/ML-KEM-encapDecap-FIPS203/internalProjection.json");
  unsigned long count[4] = {0, 0, 0, 0};
  each_test(doc, [&](const json_value *g, const json_value *t) {
    std::string_view function = json_get_string(g, "function");
    std::string w = std::string(function) + " tcId " + std::to_string(tcid(t));
    by_set(json_get_string(g, "parameterSet"), [&]<mlkem::kem K>() {
      std::error_code ec;
      if (function == "encapsulation") {
        auto ek = K::encapsulation_key::from_bytes(field(t, "ek"));
        auto m = field(t, "m");
        if (m.size() != 32) return;
        auto [ss, ct] = ek.encapsulate_derand(
            std::span<const std::uint8_t, 32>(m.data(), 32));
        CHECK_MSG(same(ct.bytes(), field(t, "c")), (w + ": c").c_str());
        CHECK_MSG(same(ss.bytes(), field(t, "k")), (w + ": k").c_str());
        count[0]++;
      } else if (function == "decapsulation") {
        auto dk = K::decapsulation_key::from_bytes(field(t, "dk"));
        CHECK_MSG(!dk.seed().has_value(), (w + ": no seed").c_str());
        auto ct = K::ciphertext::from_bytes(field(t, "c"));
        auto k = dk.decapsulate(ct);
        CHECK_MSG(same(k.bytes(), field(t, "k")), (w + ": k").c_str());
        count[1]++;
      } else if (function == "decapsulationKeyCheck") {
        int passed = 0;
        CHECK(json_get_bool(t, "testPassed", &passed));
        (void)K::decapsulation_key::from_bytes(field(t, "dk"), ec);
        CHECK_MSG(passed ? !ec : ec == mlkem::errc::invalid_decapsulation_key,
                  (w + ": accepted exactly when testPassed").c_str());
        count[2]++;
      } else if (function == "encapsulationKeyCheck") {
        int passed = 0;
        CHECK(json_get_bool(t, "testPassed", &passed));
        (void)K::encapsulation_key::from_bytes(field(t, "ek"), ec);
        CHECK_MSG(passed ? !ec : ec == mlkem::errc::invalid_encapsulation_key,
                  (w + ": accepted exactly when testPassed").c_str());
        count[3]++;
      } else {
        CHECK_MSG(0, (w + ": known function").c_str());
      }
    });
  });
  CHECKF(count[0] == 75 && count[1] == 30 && count[2] == 30 && count[3] == 30,
         "encapDecap: %lu/%lu/%lu/%lu vectors, 75/30/30/30 expected", count[0],
         count[1], count[2], count[3]);
}

/* The records of a "name = value" file: f(record) after each line named
 * last; returns the number of records. */
template <class F>
unsigned long each_record(const char *rel, const char *last, F &&f) {
  std::string text = cxx_test::read_vector(rel);
  text_reader r;
  text_reader_init(&r, text.data(), text.size());
  std::vector<std::pair<std::string, std::string>> rec;
  const char *line;
  std::size_t len;
  unsigned long n = 0;
  while (text_next_line(&r, &line, &len)) {
    kv_line kv;
    if (text_is_blank_or_comment(line, len) || !kv_split(line, len, &kv)) {
      continue;
    }
    rec.emplace_back(std::string(kv.name, kv.name_len),
                     std::string(kv.value, kv.value_len));
    if (rec.back().first == last) {
      auto get = [&](std::string_view name) {
        for (auto &[k, v] : rec) {
          if (k == name) return hex(v);
        }
        CHECK_MSG(0, "record has every field");
        return std::vector<std::uint8_t>();
      };
      f(get);
      rec.clear();
      n++;
    }
  }
  return n;
}

template <mlkem::kem K>
void pqcrystals_kat(const char *rel) {
  unsigned long n = each_record(rel, "ss", [&](auto get) {
    auto seed48 = get("seed");
    if (seed48.size() != 48) return;
    ctr_drbg drbg;
    std::array<std::uint8_t, 64> seed;
    std::array<std::uint8_t, 32> m;
    ctr_drbg_init(&drbg, seed48.data(), nullptr);
    ctr_drbg_generate(&drbg, seed.data(), seed.size());
    ctr_drbg_generate(&drbg, m.data(), m.size());
    auto dk = K::decapsulation_key::from_seed(seed);
    auto [ss, ct] = dk.encapsulation_key().encapsulate_derand(m);
    CHECK_MSG(same(dk.encapsulation_key().bytes(), get("pk")), rel);
    CHECK_MSG(same(dk.bytes(), get("sk")), rel);
    CHECK_MSG(same(ct.bytes(), get("ct")), rel);
    CHECK_MSG(same(ss.bytes(), get("ss")), rel);
    CHECK_MSG(dk.decapsulate(ct) == ss, rel);
  });
  CHECKF(n == 100, "%s: %lu records, 100 expected", rel, n);
}

template <mlkem::kem K>
void pqc_kat(const char *rel) {
  unsigned long n = each_record(rel, "ss", [&](auto get) {
    auto dk = K::decapsulation_key::from_seed(seed_of(get("d"), get("z")));
    auto msg = get("msg");
    if (msg.size() != 32) return;
    auto [ss, ct] = dk.encapsulation_key().encapsulate_derand(
        std::span<const std::uint8_t, 32>(msg.data(), 32));
    CHECK_MSG(same(dk.encapsulation_key().bytes(), get("pk")), rel);
    CHECK_MSG(same(dk.bytes(), get("sk")), rel);
    CHECK_MSG(same(ct.bytes(), get("ct")), rel);
    CHECK_MSG(same(ss.bytes(), get("ss")), rel);
    CHECK_MSG(dk.decapsulate(ct) == ss, rel);
    auto ct_n = K::ciphertext::from_bytes(get("ct_n"));
    auto ss_n = dk.decapsulate(ct_n);
    CHECK_MSG(same(ss_n.bytes(), get("ss_n")), rel);
  });
  CHECKF(n == 100, "%s: %lu records, 100 expected", rel, n);
}

template <mlkem::kem K>
unsigned long cctv_modulus() {
  std::string rel = "c2sp-cctv/ML-KEM/modulus/" + std::string(K::name) + ".txt";
  std::string text = cxx_test::read_vector(rel.c_str());
  text_reader r;
  text_reader_init(&r, text.data(), text.size());
  const char *line;
  std::size_t len;
  unsigned long n = 0;
  while (text_next_line(&r, &line, &len)) {
    if (text_is_blank_or_comment(line, len)) continue;
    auto ek = hex(std::string_view(line, len));
    std::error_code ec;
    (void)K::encapsulation_key::from_bytes(ek, ec);
    CHECK_MSG(ek.size() == K::encapsulation_key_size &&
                  ec == mlkem::errc::invalid_encapsulation_key,
              where(rel + " line", static_cast<long>(r.lineno)).c_str());
    n++;
  }
  return n;
}

}  // namespace

int main() {
  test_backend_banner();
  acvp_keygen();
  acvp_encap_decap();
  pqcrystals_kat<mlkem::ml_kem_512>(
      "pq-crystals-kyber/standard/nistkat/PQCkemKAT_1632.rsp");
  pqcrystals_kat<mlkem::ml_kem_768>(
      "pq-crystals-kyber/standard/nistkat/PQCkemKAT_2400.rsp");
  pqcrystals_kat<mlkem::ml_kem_1024>(
      "pq-crystals-kyber/standard/nistkat/PQCkemKAT_3168.rsp");
  pqc_kat<mlkem::ml_kem_512>(
      "post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_512.rsp");
  pqc_kat<mlkem::ml_kem_768>(
      "post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_768.rsp");
  pqc_kat<mlkem::ml_kem_1024>(
      "post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_1024.rsp");
  unsigned long m512 = cctv_modulus<mlkem::ml_kem_512>();
  unsigned long m768 = cctv_modulus<mlkem::ml_kem_768>();
  unsigned long m1024 = cctv_modulus<mlkem::ml_kem_1024>();
  CHECKF(m512 == 775 && m768 == 780 && m1024 == 1040,
         "modulus: %lu/%lu/%lu keys, 775/780/1040 expected", m512, m768, m1024);
  return test_summary("test_cxx_vectors");
}
