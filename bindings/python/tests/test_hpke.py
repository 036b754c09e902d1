# SPDX-License-Identifier: Apache-2.0 OR MIT
"""libmlkem.hpke: the published vectors (tests/vectors/hpke, README there)
through the single-shot API, errors, and pyca/cryptography 50's HPKE both
ways for every suite it shares with this package."""
import hashlib
import json
import os

import pytest

from libmlkem import MLKEM512PrivateKey, MLKEM768PrivateKey
from libmlkem import hpke
from libmlkem.hpke import AEAD, KDF, KEM, InvalidTag, Suite
from libmlkem.xwing import XWingPrivateKey

VECTOR_FILES = ["cfrg-rfc9180-x25519.json", "go-hpke-pq.json",
                "hpkewg-hpke-pq-53273fb.json"]


def load(vectors, name):
    with open(vectors / "hpke" / name) as f:
        return json.load(f)


def psk_args(t):
    if t["mode"] in (1, 3):
        return {"psk": bytes.fromhex(t["psk"]),
                "psk_id": bytes.fromhex(t["psk_id"])}
    return {}


@pytest.mark.parametrize("name", VECTOR_FILES)
def test_vectors(vectors, name):
    """DeriveKeyPair(ikmR) gives skRm and pkRm; the first encryption (its
    sequence number is 0, as single-shot's) opens from enc || ct, and every
    encryption opens in order through a recipient's context; every export
    equals the published value, single-shot and from the context. Base and PSK modes of the KEMs
    offered: the Auth modes and the NIST-curve KEMs have no Python API
    (tests/test_hpke_vectors.c and test_cxx_hpke cover them)."""
    n = 0
    for t in load(vectors, name):
        if t["mode"] not in (0, 1):
            continue
        if t["kem_id"] not in {k.value for k in KEM}:
            continue  # NIST-curve KEMs: not offered (test_hpke_vectors)
        suite = Suite(KEM(t["kem_id"]), KDF(t["kdf_id"]), AEAD(t["aead_id"]))
        sk, pk = hpke.derive_key_pair(suite.kem, bytes.fromhex(t["ikmR"]))
        assert sk.hex() == t["skRm"] and pk.hex() == t["pkRm"]
        info, enc = bytes.fromhex(t["info"]), bytes.fromhex(t["enc"])
        r = suite.setup_recipient(enc, sk, info, **psk_args(t))
        if suite.aead is not AEAD.EXPORT_ONLY:
            e = t["encryptions"][0]
            pt = suite.decrypt(enc + bytes.fromhex(e["ct"]), sk, info,
                               aad=bytes.fromhex(e["aad"]), **psk_args(t))
            assert pt.hex() == e["pt"]
            for e in t["encryptions"]:
                pt = r.open(bytes.fromhex(e["ct"]), bytes.fromhex(e["aad"]))
                assert pt.hex() == e["pt"]
            assert r.sequence_number == len(t["encryptions"])
        for x in t["exports"]:
            ctx = bytes.fromhex(x["exporter_context"])
            v = suite.receive_export(enc, sk, ctx, x["L"], info, **psk_args(t))
            assert v.hex() == x["exported_value"]
            assert r.export(ctx, x["L"]).hex() == x["exported_value"]
        n += 1
    assert n >= 7


SUITES = [Suite(k, f, a) for k in KEM for f in KDF for a in AEAD
          if a is not AEAD.EXPORT_ONLY]


@pytest.mark.parametrize("suite", SUITES, ids=repr)
def test_round_trip(suite):
    sk, pk = hpke.generate_key_pair(suite.kem)
    for size in (0, 1, 100, 5000):
        pt = os.urandom(size)
        msg = suite.encrypt(pt, pk, b"info", aad=b"aad")
        assert len(msg) == suite.kem.enc_length() + size + 16
        assert suite.decrypt(msg, sk, b"info", aad=b"aad") == pt
    enc, v = suite.send_export(pk, b"ctx", 40, b"i", psk=b"k" * 32,
                               psk_id=b"id")
    assert suite.receive_export(enc, sk, b"ctx", 40, b"i", psk=b"k" * 32,
                                psk_id=b"id") == v


@pytest.mark.parametrize("suite", SUITES[::4], ids=repr)
def test_contexts(suite):
    sk, pk = hpke.generate_key_pair(suite.kem)
    enc, snd = suite.setup_sender(pk, b"info", psk=b"p" * 32, psk_id=b"i")
    rcv = suite.setup_recipient(enc, sk, b"info", psk=b"p" * 32, psk_id=b"i")
    cts = [snd.seal(bytes([i]) * i, aad=b"a") for i in range(5)]
    assert snd.sequence_number == 5
    bad = bytearray(cts[0])
    bad[-1] ^= 1
    with pytest.raises(InvalidTag):
        rcv.open(bytes(bad), aad=b"a")
    with pytest.raises(InvalidTag):
        rcv.open(cts[1], aad=b"a")  # out of order
    assert rcv.sequence_number == 0
    for i, ct in enumerate(cts):
        assert rcv.open(ct, aad=b"a") == bytes([i]) * i
    assert snd.export(b"x", 33) == rcv.export(b"x", 33)
    with pytest.raises(TypeError):
        import copy
        copy.copy(snd._c)


def test_key_objects():
    xw = XWingPrivateKey.generate()
    s = Suite(KEM.MLKEM768_X25519, KDF.SHAKE256, AEAD.CHACHA20_POLY1305)
    assert s.decrypt(s.encrypt(b"hi", xw.public_key()), xw) == b"hi"
    # The key object and its raw bytes are the same key.
    assert s.decrypt(s.encrypt(b"hi", xw.public_key().public_bytes_raw()),
                     xw.private_bytes_raw()) == b"hi"
    ml = MLKEM768PrivateKey.generate()
    with pytest.raises(ValueError, match="MLKEM768_X25519"):
        s.encrypt(b"hi", ml.public_key())
    with pytest.raises(TypeError):
        s.encrypt(b"hi", object())
    s512 = Suite(KEM.MLKEM512, KDF.HKDF_SHA384, AEAD.AES_256_GCM)
    k = MLKEM512PrivateKey.generate()
    assert s512.decrypt(s512.encrypt(b"x" * 33, k.public_key()), k) == b"x" * 33


def test_does_not_open():
    s = Suite(KEM.MLKEM768, KDF.HKDF_SHA256, AEAD.AES_128_GCM)
    sk, pk = hpke.generate_key_pair(s.kem)
    other, _ = hpke.generate_key_pair(s.kem)
    kw = {"aad": b"a", "psk": b"p" * 32, "psk_id": b"i"}
    msg = s.encrypt(b"secret", pk, b"info", **kw)
    assert s.decrypt(msg, sk, b"info", **kw) == b"secret"
    bad = [
        (msg, other, b"info", kw),
        (msg, sk, b"inf0", kw),
        (msg, sk, b"info", dict(kw, aad=b"b")),
        (msg, sk, b"info", dict(kw, psk=b"q" * 32)),
        (msg, sk, b"info", dict(kw, psk_id=b"j")),
        (msg, sk, b"info", {"aad": b"a"}),
        (msg[:-1], sk, b"info", kw),
        (msg + b"\0", sk, b"info", kw),
        (msg[:1088 + 15], sk, b"info", kw),
        (b"", sk, b"info", kw),
    ]
    for i in (0, 1087, 1088, len(msg) - 1):
        flipped = bytearray(msg)
        flipped[i] ^= 1
        bad.append((bytes(flipped), sk, b"info", kw))
    for m, key, info, k in bad:
        with pytest.raises(InvalidTag):
            s.decrypt(m, key, info, **k)
    for other_suite in (Suite(KEM.MLKEM768, KDF.HKDF_SHA384, AEAD.AES_128_GCM),
                        Suite(KEM.MLKEM768, KDF.HKDF_SHA256, AEAD.AES_256_GCM)):
        with pytest.raises(InvalidTag):
            other_suite.decrypt(msg, sk, b"info", **kw)


def test_refusals():
    s = Suite(KEM.X25519, KDF.HKDF_SHA256, AEAD.AES_128_GCM)
    sk, pk = hpke.generate_key_pair(s.kem)
    with pytest.raises(ValueError):
        s.encrypt(b"x", pk, psk=b"p" * 32)  # a PSK without its identifier
    with pytest.raises(ValueError):
        s.encrypt(b"x", pk[:-1])  # a public key of the wrong length
    with pytest.raises(ValueError):
        s.encrypt(b"x", b"\0" * 32)  # X25519 point of small order
    with pytest.raises(ValueError):
        Suite(KEM.X25519, KDF.HKDF_SHA256, AEAD.EXPORT_ONLY).encrypt(b"x", pk)
    with pytest.raises(ValueError):
        s.send_export(pk, b"", 255 * 32 + 1)  # over 255 Nh with HKDF
    with pytest.raises(ValueError):
        KEM(0x0010)  # DHKEM(P-256): not offered
    with pytest.raises(TypeError):
        Suite(0x20, 1, 1)
    ml = Suite(KEM.MLKEM768, KDF.SHAKE256, AEAD.AES_128_GCM)
    _, mpk = hpke.generate_key_pair(KEM.MLKEM768)
    with pytest.raises(ValueError):
        ml.encrypt(b"x", b"\xff" * 1184)  # fails the FIPS 203 modulus check
    assert repr(s) == "Suite(KEM.X25519, KDF.HKDF_SHA256, AEAD.AES_128_GCM)"
    assert s == Suite(KEM.X25519, KDF.HKDF_SHA256, AEAD.AES_128_GCM)


# pyca/cryptography 50's HPKE: KEMs X25519, MLKEM768, MLKEM1024,
# MLKEM768_X25519 (and NIST curves); KDFs HKDF-SHA256/384/512, SHAKE128,
# SHAKE256; the three AEADs. aad through its private _encrypt_with_aad /
# _decrypt_with_aad (its public API has none).
PYCA_KEMS = [KEM.X25519, KEM.MLKEM768, KEM.MLKEM1024, KEM.MLKEM768_X25519]
PYCA_KDFS = [KDF.HKDF_SHA256, KDF.HKDF_SHA384, KDF.HKDF_SHA512, KDF.SHAKE128,
             KDF.SHAKE256]
PYCA_AEADS = [AEAD.AES_128_GCM, AEAD.AES_256_GCM, AEAD.CHACHA20_POLY1305]


def pyca_keys(kem, sk, pk):
    """pyca's key objects of our serialized key pair."""
    from cryptography.hazmat.primitives.asymmetric import mlkem, x25519
    from cryptography.hazmat.primitives import hpke as ph
    if kem is KEM.X25519:
        return (x25519.X25519PrivateKey.from_private_bytes(sk),
                x25519.X25519PublicKey.from_public_bytes(pk))
    if kem is KEM.MLKEM768:
        return (mlkem.MLKEM768PrivateKey.from_seed_bytes(sk),
                mlkem.MLKEM768PublicKey.from_public_bytes(pk))
    if kem is KEM.MLKEM1024:
        return (mlkem.MLKEM1024PrivateKey.from_seed_bytes(sk),
                mlkem.MLKEM1024PublicKey.from_public_bytes(pk))
    # X-Wing: the 32-byte seed expands with SHAKE256 to 96 bytes, the
    # ML-KEM-768 seed d || z and the X25519 private key
    # (draft-connolly-cfrg-xwing-kem, expandDecapsulationKey).
    e = hashlib.shake_256(sk).digest(96)
    priv = ph.MLKEM768X25519PrivateKey(
        mlkem.MLKEM768PrivateKey.from_seed_bytes(e[:64]),
        x25519.X25519PrivateKey.from_private_bytes(e[64:]))
    pub = ph.MLKEM768X25519PublicKey(
        mlkem.MLKEM768PublicKey.from_public_bytes(pk[:1184]),
        x25519.X25519PublicKey.from_public_bytes(pk[1184:]))
    return priv, pub


@pytest.mark.parametrize("kem", PYCA_KEMS, ids=lambda k: k.name)
def test_pyca_interop(pyca, kem):
    from cryptography.hazmat.bindings._rust import openssl as rust_openssl
    from cryptography.hazmat.primitives import hpke as ph
    sk, pk = hpke.generate_key_pair(kem)
    psk_, ppk = pyca_keys(kem, sk, pk)
    n = 0
    for kdf in PYCA_KDFS:
        for aead in PYCA_AEADS:
            ours = Suite(kem, kdf, aead)
            theirs = ph.Suite(getattr(ph.KEM, kem.name), getattr(ph.KDF, kdf.name),
                              getattr(ph.AEAD, aead.name))
            size = (0, 1, 16, 1000, 100000)[n % 5]
            n += 1
            info, aad = os.urandom(n), os.urandom(n % 3)
            pt = os.urandom(size)
            msg = rust_openssl.hpke._encrypt_with_aad(theirs, pt, ppk, info, aad)
            assert ours.decrypt(msg, sk, info, aad=aad) == pt, (ours, size)
            pt = os.urandom(size)
            msg = ours.encrypt(pt, pk, info, aad=aad)
            assert rust_openssl.hpke._decrypt_with_aad(
                theirs, msg, psk_, info, aad) == pt, (ours, size)
            # The public API (no aad) both ways too.
            assert ours.decrypt(theirs.encrypt(b"m", ppk, info=info), sk,
                                info) == b"m"
            assert theirs.decrypt(ours.encrypt(b"m", pk, info), psk_,
                                  info=info) == b"m"
