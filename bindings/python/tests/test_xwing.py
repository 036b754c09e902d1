# SPDX-License-Identifier: Apache-2.0 OR MIT
"""mlkem.xwing: the draft's vectors through the class methods and the
derandomized functions of mlkem.hazmat, interoperability with X-Wing put
together from pyca/cryptography's ML-KEM-768 and X25519 (pyca_hybrid.py),
the draft's handling of X25519 points of small order, and the classes'
behaviour. Vectors: tests/vectors/xwing-draft (README.md there)."""
import json
import os

import pytest

import mlkem
from mlkem import Encoding, NoEncryption, PrivateFormat, PublicFormat, hazmat
from mlkem.xwing import XWingPrivateKey, XWingPublicKey

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


def test_key_files_not_yet():
    key = XWingPrivateKey.generate()
    with pytest.raises(ValueError, match="Raw"):
        key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    with pytest.raises(ValueError, match="Raw"):
        key.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
