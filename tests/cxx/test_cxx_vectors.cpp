/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cxx_vectors.cpp - the published vectors through the C++ API
 * (include/mlkem.hpp, mlkem_kyber.hpp, mlkem_hybrid.hpp), with the readers
 * of the C tests:
 *
 *  - NIST ACVP: keyGen from d || z; encapsulation from ek and m;
 *    decapsulation of valid and modified ciphertexts; decapsulation keys
 *    accepted by from_bytes exactly when testPassed (hash check), and
 *    encapsulation keys likewise (modulus check), refused with the C codes;
 *  - the pq-crystals NIST KATs (AES-256 CTR_DRBG seeds, 100 per set);
 *  - the post-quantum-cryptography/KAT records (d, z, msg given; 100 per
 *    set), including the implicit-rejection ciphertext ct_n;
 *  - every key of the C2SP/CCTV modulus vectors, refused;
 *  - Kyber round 3: the reference's NIST KATs for Kyber512/768/1024
 *    (giacomopope-kyber-py, 100 per set), and its test_vectors sums for
 *    the 90s variants (10,000 iterations each, kyber_tvecs.c);
 *  - X-Wing: the draft's test vectors (xwing-draft, 3).
 *
 * Every check is written once, over the concept mlkem::kem, and the count
 * of vectors is checked against what the files hold.
 */
#include <optional>

#include "cxx_test.h"

extern "C" {
#include "kyber_tvecs.h"
}

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

/* The NIST KATs of the pq-crystals reference (PQCgenKAT_kem): ML-KEM's
 * key generation draws d || z from the DRBG in one call, round 3's in two
 * (d, then z; the DRBG's state moves on between calls). */
template <mlkem::kem K>
void pqcrystals_kat(const char *rel) {
  constexpr bool round3 = K::name.starts_with("Kyber");
  unsigned long n = each_record(rel, "ss", [&](auto get) {
    auto seed48 = get("seed");
    if (seed48.size() != 48) return;
    ctr_drbg drbg;
    std::array<std::uint8_t, 64> seed;
    std::array<std::uint8_t, 32> m;
    ctr_drbg_init(&drbg, seed48.data(), nullptr);
    if (round3) {
      ctr_drbg_generate(&drbg, seed.data(), 32);
      ctr_drbg_generate(&drbg, seed.data() + 32, 32);
    } else {
      ctr_drbg_generate(&drbg, seed.data(), seed.size());
    }
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

/* The round-3 test_vectors transcript (kyber_tvecs.h) through the C++
 * API: the key from the coins, encapsulation to the key read from pk, and
 * decapsulation with the key object keygen made (whose bytes are sk). */
template <mlkem::kem K>
struct tvecs {
  std::optional<typename K::decapsulation_key> dk;

  static int keygen(void *ctx, std::uint8_t *pk, std::uint8_t *sk,
                    const std::uint8_t coins[64]) {
    auto &t = *static_cast<tvecs *>(ctx);
    std::error_code ec;
    t.dk.emplace(K::decapsulation_key::from_seed(
        std::span<const std::uint8_t, 64>(coins, 64), ec));
    std::memcpy(pk, t.dk->encapsulation_key().bytes().data(),
                K::encapsulation_key_size);
    std::memcpy(sk, t.dk->bytes().data(), K::decapsulation_key_size);
    return ec.value();
  }
  static int encaps(void *, std::uint8_t *ct, std::uint8_t ss[32],
                    const std::uint8_t *pk, const std::uint8_t coins[32]) {
    std::error_code ec;
    auto ek = K::encapsulation_key::from_bytes(
        std::span<const std::uint8_t>(pk, K::encapsulation_key_size), ec);
    if (ec) return ec.value();
    auto [s, c] =
        ek.encapsulate_derand(std::span<const std::uint8_t, 32>(coins, 32), ec);
    std::memcpy(ct, c.bytes().data(), K::ciphertext_size);
    std::memcpy(ss, s.bytes().data(), 32);
    return ec.value();
  }
  static int decaps(void *ctx, std::uint8_t ss[32], const std::uint8_t *ct,
                    const std::uint8_t *) {
    auto &t = *static_cast<tvecs *>(ctx);
    std::error_code ec;
    auto c = K::ciphertext::from_bytes(
        std::span<const std::uint8_t>(ct, K::ciphertext_size), ec);
    if (ec || !t.dk) return -1;
    auto s = t.dk->decapsulate(c, ec);
    std::memcpy(ss, s.bytes().data(), 32);
    return ec.value();
  }

  static void run() {
    tvecs t;
    kyber_tvecs_kem k;
    k.name = K::name.data();
    k.pk_bytes = K::encapsulation_key_size;
    k.sk_bytes = K::decapsulation_key_size;
    k.ct_bytes = K::ciphertext_size;
    k.ctx = &t;
    k.keygen = keygen;
    k.encaps = encaps;
    k.decaps = decaps;
    kyber_tvecs_run(&k);
  }
};

/* The draft's vectors: GenerateKeyPairDerand(seed) gives sk and pk;
 * EncapsulateDerand(pk, eseed) gives ct and ss; Decapsulate(sk, ct) gives
 * ss. */
void xwing_draft() {
  std::string text = cxx_test::read_vector("xwing-draft/test-vectors.json");
  char err[200];
  json_value *root = json_parse(text.data(), text.size(), err, sizeof err);
  CHECK_MSG(root != nullptr && root->type == JSON_ARRAY,
            "X-Wing vectors: a JSON array");
  if (root == nullptr) return;
  using K = mlkem::x_wing;
  std::size_t i;
  for (i = 0; root->type == JSON_ARRAY && i < root->count; i++) {
    const json_value *t = root->items[i];
    std::string w = where("X-Wing vector", static_cast<long>(i));
    auto seed = field(t, "seed");
    auto eseed = field(t, "eseed");
    if (seed.size() != K::seed_size || eseed.size() != K::eseed_size) {
      CHECK_MSG(0, (w + ": seed and eseed lengths").c_str());
      continue;
    }
    auto dk = K::decapsulation_key::from_seed(
        std::span<const std::uint8_t, K::seed_size>(seed.data(), seed.size()));
    CHECK_MSG(same(dk.bytes(), field(t, "sk")), (w + ": sk").c_str());
    CHECK_MSG(same(dk.seed(), seed), (w + ": seed kept").c_str());
    CHECK_MSG(same(dk.encapsulation_key().bytes(), field(t, "pk")),
              (w + ": pk").c_str());
    auto ek = K::encapsulation_key::from_bytes(field(t, "pk"));
    auto [ss, ct] =
        ek.encapsulate_derand(std::span<const std::uint8_t, K::eseed_size>(
            eseed.data(), eseed.size()));
    CHECK_MSG(same(ct.bytes(), field(t, "ct")), (w + ": ct").c_str());
    CHECK_MSG(same(ss.bytes(), field(t, "ss")), (w + ": ss").c_str());
    auto from_sk = K::decapsulation_key::from_bytes(field(t, "sk"));
    auto k = from_sk.decapsulate(K::ciphertext::from_bytes(field(t, "ct")));
    CHECK_MSG(same(k.bytes(), field(t, "ss")), (w + ": decapsulated").c_str());
  }
  CHECKF(i == 3, "X-Wing: %zu vectors, 3 expected", i);
  json_free(root);
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
  pqcrystals_kat<mlkem::kyber_512>("giacomopope-kyber-py/PQCkemKAT_1632.rsp");
  pqcrystals_kat<mlkem::kyber_768>("giacomopope-kyber-py/PQCkemKAT_2400.rsp");
  pqcrystals_kat<mlkem::kyber_1024>("giacomopope-kyber-py/PQCkemKAT_3168.rsp");
  tvecs<mlkem::kyber_512_90s>::run();
  tvecs<mlkem::kyber_768_90s>::run();
  tvecs<mlkem::kyber_1024_90s>::run();
  xwing_draft();
  return test_summary("test_cxx_vectors");
}
