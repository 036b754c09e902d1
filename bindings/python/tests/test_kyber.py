# SPDX-License-Identifier: Apache-2.0 OR MIT
"""libmlkem.kyber, the round-3 Kyber variants: the published vectors through
the derandomized functions of libmlkem.hazmat, and the classes' behaviour.

Vectors (sources and licences: tests/vectors/*/README.md):
  - the round-3 NIST KAT files for Kyber512/768/1024
    (giacomopope-kyber-py/PQCkemKAT_*.rsp), each record's randomness drawn
    from NIST's AES-256 CTR_DRBG as the reference's generator draws it;
  - the SHA-256 sums of the round-3 reference's test_vectors output for
    all six variants (pq-crystals-kyber/round3/SHA256SUMS), the only
    published vectors of the 90s variants: the program's 10,000
    iterations written again from this package's outputs and hashed.
"""
import hashlib

import pytest

import libmlkem as mlkem
from libmlkem import Encoding, NoEncryption, PrivateFormat, PublicFormat, hazmat, kyber

import kat_rng
from key_behaviour import check_key_objects

# name, private class, public class, pk, sk and ct sizes, 90s?
VARIANTS = [
    ("Kyber512", kyber.Kyber512PrivateKey, kyber.Kyber512PublicKey, 800, 1632, 768, False),
    ("Kyber768", kyber.Kyber768PrivateKey, kyber.Kyber768PublicKey, 1184, 2400, 1088, False),
    ("Kyber1024", kyber.Kyber1024PrivateKey, kyber.Kyber1024PublicKey, 1568, 3168, 1568, False),
    ("Kyber512-90s", kyber.Kyber512_90sPrivateKey, kyber.Kyber512_90sPublicKey,
     800, 1632, 768, True),
    ("Kyber768-90s", kyber.Kyber768_90sPrivateKey, kyber.Kyber768_90sPublicKey,
     1184, 2400, 1088, True),
    ("Kyber1024-90s", kyber.Kyber1024_90sPrivateKey, kyber.Kyber1024_90sPublicKey,
     1568, 3168, 1568, True),
]
BY_NAME = {v[0]: v for v in VARIANTS}
KAT_FILES = {"Kyber512": "PQCkemKAT_1632.rsp", "Kyber768": "PQCkemKAT_2400.rsp",
             "Kyber1024": "PQCkemKAT_3168.rsp"}
ITERATIONS = 10000  # of the reference's test_vectors.c


@pytest.fixture(params=VARIANTS, ids=[v[0] for v in VARIANTS])
def variant(request):
    return request.param


def rsp_records(path):
    records, rec = [], {}
    for line in path.read_text().splitlines():
        if " = " in line:
            name, value = line.split(" = ", 1)
            rec[name] = int(value) if name == "count" else bytes.fromhex(value)
        elif rec:
            records.append(rec)
            rec = {}
    if rec:
        records.append(rec)
    return records


@pytest.fixture(scope="session")
def aes256(pyca):
    return kat_rng.pyca_aes256()


def test_drbg_gives_the_kat_seeds(vectors, aes256):
    """The DRBG instantiated with 0x00..0x2F, as the KAT generator is,
    gives the seeds of the records: a check of the DRBG itself."""
    records = rsp_records(vectors / "giacomopope-kyber-py" / KAT_FILES["Kyber768"])
    drbg = kat_rng.CtrDrbg(bytes(range(48)), aes256)
    assert [drbg.random_bytes(48) for _ in records] == [r["seed"] for r in records]


@pytest.mark.parametrize("name", list(KAT_FILES))
def test_round3_kat(vectors, aes256, name):
    _, priv_cls, pub_cls, *_ = BY_NAME[name]
    records = rsp_records(vectors / "giacomopope-kyber-py" / KAT_FILES[name])
    assert [r["count"] for r in records] == list(range(100))
    for r in records:
        drbg = kat_rng.CtrDrbg(r["seed"], aes256)
        d = drbg.random_bytes(32)
        z = drbg.random_bytes(32)  # a second call: not one 64-byte draw
        key = hazmat.kyber_generate_derand(priv_cls, d, z)
        assert key.public_key().public_bytes_raw() == r["pk"], r["count"]
        assert key.private_bytes_raw() == r["sk"], r["count"]
        pub = pub_cls.from_public_bytes(r["pk"])
        ss, ct = hazmat.kyber_encapsulate_derand(pub, drbg.random_bytes(32))
        assert (ct, ss) == (r["ct"], r["ss"]), r["count"]
        assert priv_cls.from_private_bytes(r["sk"]).decapsulate(r["ct"]) == r["ss"]


@pytest.fixture(scope="session")
def surf():
    """The draws of all iterations of test_vectors.c: d, z and the
    encapsulation's coins, 32 bytes each."""
    return kat_rng.surf_stream(96 * ITERATIONS)


def published_sum(vectors, name):
    wanted = "tvecs" + name[len("Kyber"):]
    for line in (vectors / "pq-crystals-kyber" / "round3" / "SHA256SUMS").read_text().splitlines():
        digest, file = line.split()
        if file == wanted:
            return digest
    raise AssertionError(f"no sum for {wanted}")


def test_reference_test_vectors_sum(vectors, surf, variant):
    name, priv_cls, *_ = variant
    h = hashlib.sha256()
    mismatches = 0
    for i in range(ITERATIONS):
        d, z, coins = (surf[96 * i + 32 * j:96 * i + 32 * (j + 1)] for j in range(3))
        key = hazmat.kyber_generate_derand(priv_cls, d, z)
        pk, sk = key.public_key().public_bytes_raw(), key.private_bytes_raw()
        ss_b, ct = hazmat.kyber_encapsulate_derand(key.public_key(), coins)
        ss_a = key.decapsulate(ct)
        mismatches += ss_a != ss_b
        h.update(f"{d.hex()}\n{z.hex()}\nPublic Key: {pk.hex()}\n"
                 f"Secret Key: {sk.hex()}\n{coins.hex()}\n"
                 f"Ciphertext: {ct.hex()}\nShared Secret B: {ss_b.hex()}\n"
                 f"Shared Secret A: {ss_a.hex()}\n".encode())
    assert mismatches == 0
    assert h.hexdigest() == published_sum(vectors, name)


def rejection_key(sk, ct, is_90s):
    """Round 3's implicit-rejection key KDF(z || H(ct)), z the last 32
    bytes of sk: SHAKE256 and SHA3-256, or SHA-256 for both in 90s
    (specification 3.02, Algorithm 9 and section 1.5)."""
    z = sk[-32:]
    if is_90s:
        return hashlib.sha256(z + hashlib.sha256(ct).digest()).digest()
    return hashlib.shake_256(z + hashlib.sha3_256(ct).digest()).digest(32)


def test_round_trip_and_sizes(variant):
    name, priv_cls, pub_cls, pk_len, sk_len, ct_len, _ = variant
    key = priv_cls.generate()
    assert isinstance(key, kyber.KyberPrivateKey) and priv_cls.parameter_set == name
    pub = key.public_key()
    assert type(pub) is pub_cls
    ss, ct = pub.encapsulate()
    assert len(ss) == 32 and len(ct) == ct_len
    assert key.decapsulate(ct) == ss
    pk, sk = pub.public_bytes_raw(), key.private_bytes_raw()
    assert (len(pk), len(sk)) == (pk_len, sk_len)
    # The round-3 sk carries pk at dk_PKE's end.
    assert sk[sk_len - pk_len - 64:sk_len - 64] == pk
    assert priv_cls.from_private_bytes(sk) == key
    assert pub_cls.from_public_bytes(pk) == pub
    # Through the pyca-style methods, raw only.
    assert key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()) == sk
    assert pub.public_bytes(Encoding.Raw, PublicFormat.Raw) == pk
    # Keys and encapsulations are random.
    assert len({priv_cls.generate().private_bytes_raw() for _ in range(4)}) == 4
    assert len({pub.encapsulate() for _ in range(4)}) == 4


def test_implicit_rejection(variant):
    """Every bit of a ciphertext flipped (every eighth byte, to keep it
    short): the rejection key of the specification, computed here."""
    _, priv_cls, _, _, _, _, is_90s = variant
    key = priv_cls.generate()
    sk = key.private_bytes_raw()
    ss, ct = key.public_key().encapsulate()
    assert ss != rejection_key(sk, ct, is_90s)
    for pos in range(0, len(ct), 8):
        for bit in range(8):
            bad = bytearray(ct)
            bad[pos] ^= 1 << bit
            assert key.decapsulate(bad) == rejection_key(sk, bytes(bad), is_90s), (pos, bit)


def test_variants_differ():
    """The same coins give different keys in each variant, and none is
    ML-KEM's (whose G hashes the rank byte too)."""
    d, z = bytes(range(32)), bytes(range(32, 64))
    pks = {hazmat.kyber_generate_derand(v[1], d, z).public_key().public_bytes_raw()
           for v in VARIANTS}
    assert len(pks) == 6
    ml = hazmat.generate_derand(mlkem.MLKEM768PrivateKey, d, z).public_key().public_bytes_raw()
    assert ml not in pks


def test_equality_hash_copy_pickle(variant):
    _, priv_cls, *_ = variant
    key = priv_cls.generate()
    check_key_objects(key, priv_cls.from_private_bytes(key.private_bytes_raw()),
                      priv_cls.generate())


def test_another_variant_is_another_key():
    pub = kyber.Kyber768PrivateKey.generate().public_key()
    # The same bytes in another variant, or as ML-KEM, are another key.
    pk = pub.public_bytes_raw()
    assert pub != kyber.Kyber768_90sPublicKey.from_public_bytes(pk)
    assert pub != mlkem.MLKEM768PublicKey.from_public_bytes(pk)


def test_wrong_lengths_and_types(variant):
    name, priv_cls, pub_cls, pk_len, sk_len, ct_len, _ = variant
    key = priv_cls.generate()
    pub = key.public_key()
    for n in (0, 32, pk_len - 1, pk_len + 1):
        with pytest.raises(ValueError, match=f"{name} public key must be {pk_len} bytes, got {n}"):
            pub_cls.from_public_bytes(bytes(n))
    for n in (0, 64, sk_len - 1, sk_len + 1):
        with pytest.raises(ValueError, match=f"{name} private key must be {sk_len} bytes, got {n}"):
            priv_cls.from_private_bytes(bytes(n))
    for n in (0, ct_len - 1, ct_len + 1):
        with pytest.raises(ValueError, match=f"{name} ciphertext must be {ct_len} bytes, got {n}"):
            key.decapsulate(bytes(n))
    with pytest.raises(ValueError, match="randomness must be 32 bytes, got 64"):
        hazmat.kyber_encapsulate_derand(pub, bytes(64))
    with pytest.raises(ValueError, match="d must be 32 bytes"):
        hazmat.kyber_generate_derand(priv_cls, bytes(64), bytes(32))
    for bad in ("text", 7, None, [0] * pk_len):
        with pytest.raises(TypeError, match="bytes-like"):
            pub_cls.from_public_bytes(bad)
        with pytest.raises(TypeError, match="bytes-like"):
            priv_cls.from_private_bytes(bad)
        with pytest.raises(TypeError, match="bytes-like"):
            key.decapsulate(bad)
    # Other bytes-like objects are taken.
    ct = pub.encapsulate()[1]
    assert key.decapsulate(bytearray(ct)) == key.decapsulate(memoryview(ct))


def test_invalid_keys(variant):
    """FIPS 203's checks on round-3 keys: a coefficient >= q in pk, a
    stored H(pk) that is not the hash of pk."""
    name, priv_cls, pub_cls, pk_len, sk_len, _, _ = variant
    key = priv_cls.generate()
    pk = bytearray(key.public_key().public_bytes_raw())
    pk[0], pk[1] = 0xFF, 0x0F  # the first coefficient is 4095
    with pytest.raises(ValueError, match=f"invalid {name} public key: .*modulus check"):
        pub_cls.from_public_bytes(pk)
    sk = bytearray(key.private_bytes_raw())
    sk[-40] ^= 1  # inside the stored H(pk)
    with pytest.raises(ValueError, match=f"invalid {name} private key: .*hash check"):
        priv_cls.from_private_bytes(sk)
    # pk inside sk failing the modulus check, with a matching H(pk): the
    # hash of the 90s variant is SHA-256, of the others SHA3-256.
    sk = bytearray(key.private_bytes_raw())
    at = sk_len - pk_len - 64
    sk[at], sk[at + 1] = 0xFF, 0x0F
    h = hashlib.sha256 if name.endswith("90s") else hashlib.sha3_256
    sk[sk_len - 64:sk_len - 32] = h(bytes(sk[at:at + pk_len])).digest()
    with pytest.raises(ValueError, match="modulus check"):
        priv_cls.from_private_bytes(sk)


def test_raw_only():
    key = kyber.Kyber512PrivateKey.generate()
    with pytest.raises(ValueError, match="no standard OID"):
        key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    with pytest.raises(ValueError, match="no standard OID"):
        key.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    with pytest.raises(TypeError, match="Encoding enum"):
        key.private_bytes("Raw", PrivateFormat.Raw, NoEncryption())


def test_class_checks():
    with pytest.raises(TypeError):
        kyber.KyberPrivateKey.generate()
    with pytest.raises(TypeError):
        kyber.KyberPublicKey.from_public_bytes(bytes(800))
    with pytest.raises(TypeError):
        kyber.Kyber768PrivateKey()
    with pytest.raises(TypeError):
        hazmat.kyber_generate_derand(kyber.Kyber768PublicKey, bytes(32), bytes(32))
    with pytest.raises(TypeError):
        hazmat.kyber_generate_derand(mlkem.MLKEM768PrivateKey, bytes(32), bytes(32))
    with pytest.raises(TypeError):
        hazmat.kyber_encapsulate_derand(kyber.Kyber768PrivateKey.generate(), bytes(32))
    # A subclass is of its parent's variant.
    class Mine(kyber.Kyber1024PrivateKey):
        __slots__ = ()
    assert len(Mine.generate().private_bytes_raw()) == 3168
