# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Conformance through the Python API: NIST ACVP keyGen and encapDecap (all
of both files, every set), and the C2SP/CCTV strcmp, unlucky-sampling and
modulus vectors. Sources and licences: tests/vectors/*/README.md."""
import json

import pytest

import libmlkem as mlkem
from libmlkem import hazmat

import der_build

CLASSES = {
    "ML-KEM-512": (mlkem.MLKEM512PrivateKey, mlkem.MLKEM512PublicKey),
    "ML-KEM-768": (mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey),
    "ML-KEM-1024": (mlkem.MLKEM1024PrivateKey, mlkem.MLKEM1024PublicKey),
}


def acvp_tests(vectors, kind, function=None):
    path = vectors / "nist-acvp-server" / f"ML-KEM-{kind}-FIPS203" / "internalProjection.json"
    data = json.loads(path.read_text())
    out = []
    for group in data["testGroups"]:
        if function is not None and group["function"] != function:
            continue
        for test in group["tests"]:
            out.append((group["parameterSet"], test))
    assert out, f"no {kind} {function} tests in {path}"
    return out


def kv_records(path):
    """name = value lines, lowercase hex values."""
    rec = {}
    for line in path.read_text().splitlines():
        if " = " in line:
            name, value = line.split(" = ", 1)
            rec.setdefault(name.strip(), bytes.fromhex(value.strip()))
    return rec


def test_acvp_keygen(vectors):
    tests = acvp_tests(vectors, "keyGen")
    for pset, t in tests:
        priv_cls, _ = CLASSES[pset]
        d, z = bytes.fromhex(t["d"]), bytes.fromhex(t["z"])
        key = hazmat.generate_derand(priv_cls, d, z)
        assert key.public_key().public_bytes_raw().hex().upper() == t["ek"], t["tcId"]
        assert hazmat.expanded_private_bytes(key).hex().upper() == t["dk"], t["tcId"]
        assert key.private_bytes_raw() == d + z
        # The same through the public API: the seed is d || z.
        assert priv_cls.from_seed_bytes(d + z) == key
    assert len(tests) == 75


def test_acvp_encapsulation(vectors):
    tests = acvp_tests(vectors, "encapDecap", "encapsulation")
    for pset, t in tests:
        _, pub_cls = CLASSES[pset]
        pk = pub_cls.from_public_bytes(bytes.fromhex(t["ek"]))
        ss, ct = hazmat.encapsulate_derand(pk, bytes.fromhex(t["m"]))
        assert ct.hex().upper() == t["c"], t["tcId"]
        assert ss.hex().upper() == t["k"], t["tcId"]
    assert len(tests) == 75


def test_acvp_decapsulation(vectors):
    tests = acvp_tests(vectors, "encapDecap", "decapsulation")
    reasons = set()
    for pset, t in tests:
        priv_cls, _ = CLASSES[pset]
        key = hazmat.private_key_from_expanded_bytes(priv_cls, bytes.fromhex(t["dk"]))
        assert key.decapsulate(bytes.fromhex(t["c"])).hex().upper() == t["k"], t["tcId"]
        reasons.add(t["reason"])
    assert len(tests) == 30
    assert reasons == {"valid decapsulation", "modified ciphertext"}


def test_acvp_decapsulation_key_check(vectors):
    tests = acvp_tests(vectors, "encapDecap", "decapsulationKeyCheck")
    for pset, t in tests:
        priv_cls, _ = CLASSES[pset]
        dk = bytes.fromhex(t["dk"])
        if t["testPassed"]:
            key = hazmat.private_key_from_expanded_bytes(priv_cls, dk)
            assert hazmat.expanded_private_bytes(key) == dk
        else:
            with pytest.raises(ValueError, match="hash check|modulus check"):
                hazmat.private_key_from_expanded_bytes(priv_cls, dk)
    assert len(tests) == 30
    assert {t["testPassed"] for _, t in tests} == {True, False}


def test_acvp_encapsulation_key_check(vectors):
    tests = acvp_tests(vectors, "encapDecap", "encapsulationKeyCheck")
    for pset, t in tests:
        _, pub_cls = CLASSES[pset]
        ek = bytes.fromhex(t["ek"])
        if t["testPassed"]:
            assert pub_cls.from_public_bytes(ek).public_bytes_raw() == ek
        else:
            with pytest.raises(ValueError, match="modulus check"):
                pub_cls.from_public_bytes(ek)
    assert len(tests) == 30
    assert {t["testPassed"] for _, t in tests} == {True, False}


@pytest.mark.parametrize("pset", list(CLASSES))
def test_cctv_strcmp(vectors, pset):
    rec = kv_records(vectors / "c2sp-cctv" / "ML-KEM" / "strcmp" / f"{pset}.txt")
    key = hazmat.private_key_from_expanded_bytes(CLASSES[pset][0], rec["dk"])
    assert key.decapsulate(rec["c"]) == rec["K"]


@pytest.mark.parametrize("pset", list(CLASSES))
def test_cctv_unlucky_sample(vectors, pset):
    rec = kv_records(vectors / "c2sp-cctv" / "pull-13" / "ML-KEM" / "unluckysample" / f"{pset}.txt")
    priv_cls, pub_cls = CLASSES[pset]
    key = hazmat.generate_derand(priv_cls, rec["d"], rec["z"])
    assert key.public_key().public_bytes_raw() == rec["ek"]
    assert hazmat.expanded_private_bytes(key) == rec["dk"]
    ss, ct = hazmat.encapsulate_derand(pub_cls.from_public_bytes(rec["ek"]), rec["m"])
    assert (ss, ct) == (rec["K"], rec["c"])
    assert key.decapsulate(rec["c"]) == rec["K"]


@pytest.mark.parametrize("pset,count", [("ML-KEM-512", 775), ("ML-KEM-768", 780),
                                        ("ML-KEM-1024", 1040)])
def test_cctv_modulus(vectors, pset, count):
    """Every key of the file fails the modulus check in from_public_bytes,
    and every 25th also in the SPKI loaders (DER and PEM)."""
    lines = (vectors / "c2sp-cctv" / "ML-KEM" / "modulus" / f"{pset}.txt").read_text().split()
    assert len(lines) == count
    pub_cls = CLASSES[pset][1]
    for i, line in enumerate(lines):
        ek = bytes.fromhex(line)
        with pytest.raises(ValueError, match="modulus check"):
            pub_cls.from_public_bytes(ek)
        if i % 25 == 0:
            with pytest.raises(ValueError, match="modulus check"):
                mlkem.load_der_public_key(der_build.spki(pset, ek))
            with pytest.raises(ValueError, match="modulus check"):
                mlkem.load_pem_public_key(der_build.pem("PUBLIC KEY", der_build.spki(pset, ek)))
