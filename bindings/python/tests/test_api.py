# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Behaviour of the key classes: round trips, sizes, serialization in every
supported form against DER built by hand, equality, hashing, copying."""
import copy
import pickle

import pytest

import libmlkem as mlkem
from libmlkem import hazmat
from libmlkem import serialization as ser

import der_build

SETS = [
    ("ML-KEM-512", mlkem.MLKEM512PrivateKey, mlkem.MLKEM512PublicKey, 800, 1632, 768),
    ("ML-KEM-768", mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey, 1184, 2400, 1088),
    ("ML-KEM-1024", mlkem.MLKEM1024PrivateKey, mlkem.MLKEM1024PublicKey, 1568, 3168, 1568),
]
NOENC = mlkem.NoEncryption()


@pytest.fixture(params=SETS, ids=[s[0] for s in SETS])
def kset(request):
    return request.param


def seed_of(i):
    return bytes((i * 7 + j) & 0xFF for j in range(64))


def test_round_trip_and_sizes(kset):
    pset, priv_cls, pub_cls, ek_len, dk_len, ct_len = kset
    key = priv_cls.generate()
    assert isinstance(key, priv_cls) and isinstance(key, mlkem.MLKEMPrivateKey)
    pub = key.public_key()
    assert type(pub) is pub_cls
    ss, ct = pub.encapsulate()
    assert len(ss) == 32 and len(ct) == ct_len
    assert key.decapsulate(ct) == ss
    assert len(pub.public_bytes_raw()) == ek_len
    assert len(key.private_bytes_raw()) == 64
    assert len(hazmat.expanded_private_bytes(key)) == dk_len
    assert priv_cls.parameter_set == pset


def test_generate_is_random(kset):
    _, priv_cls, *_ = kset
    seeds = {priv_cls.generate().private_bytes_raw() for _ in range(8)}
    assert len(seeds) == 8


def test_encapsulate_is_random(kset):
    _, priv_cls, *_ = kset
    pub = priv_cls.generate().public_key()
    results = {pub.encapsulate() for _ in range(8)}
    assert len(results) == 8


def test_implicit_rejection(kset):
    """A modified ciphertext gives a different secret, not an error, and
    the same one every time."""
    _, priv_cls, *_ = kset
    key = priv_cls.generate()
    ss, ct = key.public_key().encapsulate()
    bad = bytearray(ct)
    bad[5] ^= 1
    k1 = key.decapsulate(bad)
    assert k1 != ss and len(k1) == 32
    assert key.decapsulate(bytes(bad)) == k1


def test_seed_determines_key(kset):
    _, priv_cls, *_ = kset
    a = priv_cls.from_seed_bytes(seed_of(1))
    b = priv_cls.from_seed_bytes(bytearray(seed_of(1)))
    c = priv_cls.from_seed_bytes(seed_of(2))
    assert a == b and a != c
    assert a.public_key() == b.public_key() != c.public_key()
    assert a.private_bytes_raw() == seed_of(1)


def test_bytes_like_arguments(kset):
    """bytes, bytearray, memoryview (also of another item size and a
    slice) and array are all accepted."""
    import array
    _, priv_cls, pub_cls, *_ = kset
    seed = seed_of(3)
    key = priv_cls.from_seed_bytes(memoryview(bytearray(b"xx" + seed))[2:])
    assert key == priv_cls.from_seed_bytes(array.array("B", seed))
    assert key == priv_cls.from_seed_bytes(memoryview(seed).cast("Q"))
    ek = key.public_key().public_bytes_raw()
    pub = pub_cls.from_public_bytes(bytearray(ek))
    ss, ct = pub.encapsulate()
    assert key.decapsulate(memoryview(ct)) == ss
    assert key.decapsulate(bytearray(ct)) == ss
    assert hazmat.encapsulate_derand(pub, bytearray(32)) == hazmat.encapsulate_derand(pub, bytes(32))


def test_private_bytes_pkcs8_seed_form(kset):
    """PKCS#8 is the seed form, byte for byte as RFC 9935 defines it."""
    pset, priv_cls, *_ = kset
    key = priv_cls.from_seed_bytes(seed_of(4))
    want = der_build.pkcs8(pset, der_build.seed_choice(seed_of(4)))
    der = key.private_bytes(mlkem.Encoding.DER, mlkem.PrivateFormat.PKCS8, NOENC)
    assert der == want
    pem = key.private_bytes(mlkem.Encoding.PEM, mlkem.PrivateFormat.PKCS8, NOENC)
    assert pem == der_build.pem("PRIVATE KEY", want)
    assert key.private_bytes(mlkem.Encoding.Raw, mlkem.PrivateFormat.Raw, NOENC) == seed_of(4)
    assert mlkem.load_der_private_key(der, None) == key
    assert mlkem.load_pem_private_key(pem, password=None) == key
    assert type(mlkem.load_der_private_key(der)) is priv_cls
    # pyca's full signature.
    assert mlkem.load_pem_private_key(pem, None, None, unsafe_skip_rsa_key_validation=False) == key


def test_public_bytes_spki(kset):
    pset, priv_cls, pub_cls, *_ = kset
    pub = priv_cls.from_seed_bytes(seed_of(5)).public_key()
    ek = pub.public_bytes_raw()
    want = der_build.spki(pset, ek)
    der = pub.public_bytes(mlkem.Encoding.DER, mlkem.PublicFormat.SubjectPublicKeyInfo)
    assert der == want
    pem = pub.public_bytes(mlkem.Encoding.PEM, mlkem.PublicFormat.SubjectPublicKeyInfo)
    assert pem == der_build.pem("PUBLIC KEY", want)
    assert pub.public_bytes(mlkem.Encoding.Raw, mlkem.PublicFormat.Raw) == ek
    for loaded in (mlkem.load_der_public_key(der), mlkem.load_pem_public_key(pem)):
        assert type(loaded) is pub_cls and loaded == pub


def test_expanded_and_both_forms(kset):
    """Keys in the expandedKey and both forms (as OpenSSL writes them) are
    read; one read from the expanded form has no seed and is written back
    in that form."""
    pset, priv_cls, *_ = kset
    key = priv_cls.from_seed_bytes(seed_of(6))
    dk = hazmat.expanded_private_bytes(key)
    expanded = der_build.pkcs8(pset, der_build.expanded_choice(dk))
    both = der_build.pkcs8(pset, der_build.both_choice(seed_of(6), dk))
    assert hazmat.private_bytes_with_form(key, mlkem.Encoding.DER, "expanded") == expanded
    assert hazmat.private_bytes_with_form(key, mlkem.Encoding.DER, "both") == both
    assert hazmat.private_bytes_with_form(key, mlkem.Encoding.PEM, "both") == \
        der_build.pem("PRIVATE KEY", both)

    from_both = mlkem.load_der_private_key(both)
    assert from_both == key and from_both.private_bytes_raw() == seed_of(6)

    from_expanded = mlkem.load_pem_private_key(der_build.pem("PRIVATE KEY", expanded))
    assert from_expanded == key
    ss, ct = key.public_key().encapsulate()
    assert from_expanded.decapsulate(ct) == ss
    assert from_expanded.public_key() == key.public_key()
    assert from_expanded.private_bytes(mlkem.Encoding.DER, mlkem.PrivateFormat.PKCS8,
                                       NOENC) == expanded
    with pytest.raises(ValueError, match="no seed"):
        from_expanded.private_bytes_raw()
    with pytest.raises(ValueError, match="no seed"):
        from_expanded.private_bytes(mlkem.Encoding.Raw, mlkem.PrivateFormat.Raw, NOENC)
    with pytest.raises(ValueError, match="no seed"):
        hazmat.private_bytes_with_form(from_expanded, mlkem.Encoding.DER, "seed")


def test_equality_and_hashing(kset):
    _, priv_cls, pub_cls, *_ = kset
    a = priv_cls.from_seed_bytes(seed_of(7))
    b = priv_cls.from_seed_bytes(seed_of(7))
    c = priv_cls.from_seed_bytes(seed_of(8))
    assert a == b and not (a != b) and a != c
    assert a != a.public_key() and a != seed_of(7) and a != object()
    with pytest.raises(TypeError):
        hash(a)
    with pytest.raises(TypeError):
        {a}
    pa, pb, pc = a.public_key(), b.public_key(), c.public_key()
    assert pa == pb and hash(pa) == hash(pb) and pa != pc
    assert pa != pa.public_bytes_raw()
    assert len({pa, pb, pc}) == 2
    assert {pa: 1}[pub_cls.from_public_bytes(pa.public_bytes_raw())] == 1
    with pytest.raises(TypeError):
        a < c


def test_keys_of_different_sets_differ():
    seed = seed_of(9)
    keys = [cls.from_seed_bytes(seed) for _, cls, *_ in SETS]
    assert keys[0] != keys[1] != keys[2] != keys[0]
    pubs = [k.public_key() for k in keys]
    assert len(set(pubs)) == 3


def test_copy_pickle_repr(kset):
    _, priv_cls, pub_cls, *_ = kset
    key = priv_cls.from_seed_bytes(seed_of(10))
    pub = key.public_key()
    assert copy.copy(key) is key and copy.deepcopy(key) is key
    assert copy.copy(pub) is pub and copy.deepcopy(pub) is pub
    assert pickle.loads(pickle.dumps(pub)) == pub
    with pytest.raises(TypeError, match="cannot pickle"):
        pickle.dumps(key)
    assert repr(key) == f"<{priv_cls.__name__}>" and seed_of(10).hex() not in repr(key)
    assert repr(pub) == f"<{pub_cls.__name__}>"
    assert priv_cls.__module__ == "libmlkem"


def test_keys_are_immutable(kset):
    _, priv_cls, *_ = kset
    key = priv_cls.from_seed_bytes(seed_of(11))
    with pytest.raises(AttributeError):
        key.anything = 1
    with pytest.raises(TypeError):
        priv_cls()


def test_serialization_module_is_the_same():
    assert ser.Encoding is mlkem.Encoding
    assert ser.load_pem_private_key is mlkem.load_pem_private_key
    assert {e.name: e.value for e in mlkem.Encoding}["PEM"] == "PEM"


def test_backend_name():
    assert mlkem.backend_name() in ("portable", "avx2", "avx512", "neon",
                                    "neon-sha3")


def test_submodules_are_attributes():
    """After `import libmlkem` alone, in a fresh interpreter, every submodule
    is an attribute (tls, kyber, hazmat imported on first use), and dir()
    lists them; an unknown name is an AttributeError."""
    import subprocess
    import sys
    code = (
        "import sys, libmlkem as mlkem\n"
        "assert 'libmlkem.tls' not in sys.modules, 'imported eagerly'\n"
        "assert mlkem.tls.NAMED_GROUP == 0x11EC\n"
        "assert mlkem.kyber.Kyber768PrivateKey is not None\n"
        "assert callable(mlkem.hazmat.x25519_base)\n"
        "assert mlkem.xwing.XWingPrivateKey is not None\n"
        "assert mlkem.serialization.Encoding is mlkem.Encoding\n"
        "assert {'tls', 'kyber', 'hazmat', 'xwing'} <= set(dir(mlkem))\n"
        "try:\n"
        "    mlkem.nosuchmodule\n"
        "except AttributeError as e:\n"
        "    assert 'nosuchmodule' in str(e)\n"
        "else:\n"
        "    raise AssertionError('no AttributeError')\n"
        "print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr


def test_backend_name_docstring():
    """backend_name() names every backend it can return, NEON's too."""
    doc = mlkem.backend_name.__doc__
    for name in ("avx512", "avx2", "portable", "neon", "neon-sha3", "unavailable"):
        assert f'"{name}"' in doc, name
    assert mlkem.backend_name() in ("avx512", "avx2", "portable", "neon", "neon-sha3")
