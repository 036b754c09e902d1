# SPDX-License-Identifier: Apache-2.0 OR MIT
"""libmlkem.xwing: the draft's vectors through the class methods and the
derandomized functions of libmlkem.hazmat, interoperability with X-Wing put
together from pyca/cryptography's ML-KEM-768 and X25519 (pyca_hybrid.py),
the draft's handling of X25519 points of small order, and the classes'
behaviour. Vectors: tests/vectors/xwing-draft (README.md there)."""
import json
import os

import pytest

import libmlkem as mlkem
from libmlkem import Encoding, NoEncryption, PrivateFormat, PublicFormat, hazmat
from libmlkem.xwing import XWingPrivateKey, XWingPublicKey

import der_build
from key_behaviour import check_key_objects

EK, CT = 1184, 1088
ROUNDS = 8


@pytest.fixture(scope="module")
def ref(pyca):
    import pyca_hybrid
    return pyca_hybrid


def draft_vectors(vectors):
    tests = json.loads((vectors / "xwing-draft" / "test-vectors.json").read_text())
    assert len(tests) == 3
    return [{k: bytes.fromhex(v) for k, v in t.items()} for t in tests]


def test_draft_vectors(vectors):
    for t in draft_vectors(vectors):
        key = XWingPrivateKey.from_seed_bytes(t["seed"])
        assert key.private_bytes_raw() == t["sk"] == t["seed"]
        assert key.public_key().public_bytes_raw() == t["pk"]
        assert hazmat.xwing_generate_derand(t["seed"]) == key
        pub = XWingPublicKey.from_public_bytes(t["pk"])
        assert hazmat.xwing_encapsulate_derand(pub, t["eseed"]) == (t["ss"], t["ct"])
        assert key.decapsulate(t["ct"]) == t["ss"]


def test_round_trip_and_sizes():
    key = XWingPrivateKey.generate()
    pub = key.public_key()
    assert type(pub) is XWingPublicKey and key.parameter_set == "X-Wing"
    ss, ct = pub.encapsulate()
    assert (len(ss), len(ct)) == (32, 1120)
    assert key.decapsulate(ct) == ss
    assert len(key.private_bytes_raw()) == 32 and len(pub.public_bytes_raw()) == 1216
    assert XWingPrivateKey.from_seed_bytes(key.private_bytes_raw()) == key
    assert XWingPublicKey.from_public_bytes(pub.public_bytes_raw()) == pub
    assert key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()) == \
        key.private_bytes_raw()
    assert pub.public_bytes(Encoding.Raw, PublicFormat.Raw) == pub.public_bytes_raw()
    assert len({XWingPrivateKey.generate().private_bytes_raw() for _ in range(4)}) == 4
    assert len({pub.encapsulate() for _ in range(4)}) == 4


def test_same_keys_as_pyca_composition(ref):
    for _ in range(ROUNDS):
        seed = os.urandom(32)
        assert XWingPrivateKey.from_seed_bytes(seed).public_key().public_bytes_raw() == \
            ref.xwing_keys(seed)[2]


def test_encapsulations_both_ways(ref):
    for _ in range(ROUNDS):
        seed = os.urandom(32)
        key = XWingPrivateKey.from_seed_bytes(seed)
        pk = key.public_key().public_bytes_raw()
        # The composition encapsulates, we decapsulate.
        ss, ct = ref.xwing_encapsulate(pk)
        assert key.decapsulate(ct) == ss
        # We encapsulate, the composition decapsulates.
        ss, ct = XWingPublicKey.from_public_bytes(pk).encapsulate()
        assert ref.xwing_decapsulate(seed, ct) == ss
        # Derandomized: ct's X25519 part is the public key of eseed's half.
        eseed = os.urandom(64)
        ss, ct = hazmat.xwing_encapsulate_derand(key.public_key(), eseed)
        assert ct[CT:] == hazmat.x25519_base(eseed[32:])
        assert ref.xwing_decapsulate(seed, ct) == ss


def test_implicit_rejection_agrees(ref):
    """A changed ML-KEM ciphertext: pyca's ML-KEM rejection key goes into
    the combiner; a changed X25519 part: another X25519 secret. Every
    32nd byte of the ciphertext."""
    seed = os.urandom(32)
    key = XWingPrivateKey.from_seed_bytes(seed)
    ss, ct = key.public_key().encapsulate()
    for pos in range(0, len(ct), 32):
        bad = bytearray(ct)
        bad[pos] ^= 0xFF
        got = key.decapsulate(bad)
        assert got != ss and got == ref.xwing_decapsulate(seed, bytes(bad)), pos


def test_small_order_points_are_not_errors(ref):
    """The draft defines X25519's all-zero result as a value, not an
    error: the combiner takes ss_X = 0 (pyca refuses such points, so the
    composition is given that zero)."""
    seed = os.urandom(32)
    key = XWingPrivateKey.from_seed_bytes(seed)
    pk = key.public_key().public_bytes_raw()
    for point in (bytes(32), (1).to_bytes(32, "little")):  # u = 0 and u = 1
        # A ciphertext whose X25519 part is of small order.
        _, ct = key.public_key().encapsulate()
        bad = ct[:CT] + point
        assert key.decapsulate(bad) == ref.xwing_decapsulate(seed, bad, ss_x=bytes(32))
        # Encapsulation to a public key whose X25519 part is.
        pub = XWingPublicKey.from_public_bytes(pk[:EK] + point)
        ss, ct = pub.encapsulate()
        m, _, _ = ref.xwing_keys(seed)
        assert ss == ref.xwing_combiner(m.decapsulate(ct[:CT]), bytes(32), ct[CT:], point)


def test_invalid_public_key():
    pk = bytearray(XWingPrivateKey.generate().public_key().public_bytes_raw())
    pk[0], pk[1] = 0xFF, 0x0F  # ML-KEM's first coefficient is 4095
    with pytest.raises(ValueError, match="invalid X-Wing public key: .*modulus check"):
        XWingPublicKey.from_public_bytes(pk)


def test_wrong_lengths_and_types():
    key = XWingPrivateKey.generate()
    pub = key.public_key()
    for n in (0, 31, 33, 64):
        with pytest.raises(ValueError, match=f"X-Wing private key must be 32 bytes, got {n}"):
            XWingPrivateKey.from_seed_bytes(bytes(n))
        with pytest.raises(ValueError, match=f"X-Wing seed must be 32 bytes, got {n}"):
            hazmat.xwing_generate_derand(bytes(n))
    for n in (0, 1184, 1215, 1217):
        with pytest.raises(ValueError, match=f"X-Wing public key must be 1216 bytes, got {n}"):
            XWingPublicKey.from_public_bytes(bytes(n))
    for n in (0, 1088, 1119, 1121):
        with pytest.raises(ValueError, match=f"X-Wing ciphertext must be 1120 bytes, got {n}"):
            key.decapsulate(bytes(n))
    for n in (0, 32, 63, 65):
        with pytest.raises(ValueError, match=f"X-Wing randomness must be 64 bytes, got {n}"):
            hazmat.xwing_encapsulate_derand(pub, bytes(n))
    for bad in ("text", 7, None, [0] * 32):
        with pytest.raises(TypeError, match="bytes-like"):
            XWingPrivateKey.from_seed_bytes(bad)
        with pytest.raises(TypeError, match="bytes-like"):
            XWingPublicKey.from_public_bytes(bad)
        with pytest.raises(TypeError, match="bytes-like"):
            key.decapsulate(bad)
    with pytest.raises(TypeError):
        hazmat.xwing_encapsulate_derand(mlkem.MLKEM768PrivateKey.generate().public_key(),
                                        bytes(64))
    with pytest.raises(TypeError):
        XWingPrivateKey()


def test_equality_hash_copy_pickle():
    key = XWingPrivateKey.generate()
    check_key_objects(key, XWingPrivateKey.from_seed_bytes(key.private_bytes_raw()),
                      XWingPrivateKey.generate())


# 1.3.6.1.4.1.62253.25722, the draft's OID ("Use in X.509").
XWING_OID = bytes.fromhex("2b0601040183e62d81c87a")


def xwing_pkcs8(seed):
    """The draft's PKCS#8: OneAsymmetricKey { 0, { OID }, OCTET STRING
    holding the 32-byte seed itself (no CHOICE) }."""
    alg = der_build.tlv(0x30, der_build.tlv(0x06, XWING_OID))
    return der_build.tlv(0x30, der_build.tlv(0x02, b"\x00") + alg + der_build.tlv(0x04, seed))


def xwing_spki(pk):
    alg = der_build.tlv(0x30, der_build.tlv(0x06, XWING_OID))
    return der_build.tlv(0x30, alg + der_build.tlv(0x03, b"\x00" + pk))


def test_draft_key_files(vectors):
    """The draft's example files (seed 00 01 .. 1f): read, the public key
    of the seed, and written again byte for byte."""
    priv_pem = (vectors / "xwing-draft" / "xwing.priv").read_bytes()
    pub_pem = (vectors / "xwing-draft" / "xwing.pub").read_bytes()
    key = mlkem.load_pem_private_key(priv_pem, None)
    assert type(key) is XWingPrivateKey
    assert key.private_bytes_raw() == bytes(range(32))
    pub = mlkem.load_pem_public_key(pub_pem)
    assert type(pub) is XWingPublicKey and pub == key.public_key()
    assert key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()) == priv_pem
    assert pub.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo) == pub_pem


def test_key_files_against_der_built_here():
    key = XWingPrivateKey.generate()
    pub = key.public_key()
    der = key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
    assert der == xwing_pkcs8(key.private_bytes_raw())
    spki = pub.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    assert spki == xwing_spki(pub.public_bytes_raw())
    assert mlkem.load_der_private_key(der) == key
    assert mlkem.load_der_public_key(spki) == pub
    assert key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()) == \
        der_build.pem("PRIVATE KEY", der)
    assert pub.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo) == \
        der_build.pem("PUBLIC KEY", spki)
    # The loaders return the key classes of libmlkem.xwing.
    assert type(mlkem.load_pem_private_key(der_build.pem("PRIVATE KEY", der))) is XWingPrivateKey


def test_key_file_errors():
    key = XWingPrivateKey.generate()
    der = key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
    spki = key.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    with pytest.raises(ValueError, match="holds an X-Wing public key, not a private key"):
        mlkem.load_der_private_key(spki)
    with pytest.raises(ValueError, match="holds an X-Wing private key, not a public key"):
        mlkem.load_pem_public_key(der_build.pem("PRIVATE KEY", der))
    pk = bytearray(key.public_key().public_bytes_raw())
    pk[0], pk[1] = 0xFF, 0x0F
    with pytest.raises(ValueError, match="modulus check"):
        mlkem.load_der_public_key(xwing_spki(bytes(pk)))
    with pytest.raises(ValueError, match="wrong length"):
        mlkem.load_der_private_key(xwing_pkcs8(bytes(31)))
    with pytest.raises(ValueError, match="X-Wing keys"):
        key.private_bytes(Encoding.PEM, PrivateFormat.TraditionalOpenSSL, NoEncryption())
    with pytest.raises(ValueError, match="X-Wing keys"):
        key.public_key().public_bytes(Encoding.DER, PublicFormat.PKCS1)
    with pytest.raises(ValueError, match="not supported"):
        key.private_bytes(Encoding.OpenSSH, PrivateFormat.PKCS8, NoEncryption())
    with pytest.raises(ValueError, match="go together"):
        key.private_bytes(Encoding.PEM, PrivateFormat.Raw, NoEncryption())
    with pytest.raises(ValueError, match="not supported"):
        key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, mlkem.BestAvailableEncryption(b"pw"))
