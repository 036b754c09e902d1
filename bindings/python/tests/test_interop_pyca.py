# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Interoperability with pyca/cryptography 50 (OpenSSL), both directions:
the same keys from the same seeds, ciphertexts made on one side and
decapsulated on the other, and key files (PKCS#8 and SPKI, PEM and DER)
written by one and read by the other, byte for byte equal. pyca has
ML-KEM-768 and -1024 only."""
import os

import pytest

import libmlkem as mlkem

SETS = ["768", "1024"]
ROUNDS = 5


def classes(pyca_mlkem, size):
    ours = (getattr(mlkem, f"MLKEM{size}PrivateKey"), getattr(mlkem, f"MLKEM{size}PublicKey"))
    theirs = (getattr(pyca_mlkem, f"MLKEM{size}PrivateKey"),
              getattr(pyca_mlkem, f"MLKEM{size}PublicKey"))
    return ours, theirs


@pytest.mark.parametrize("size", SETS)
def test_same_keys_from_same_seed(pyca, size):
    pyca_mlkem, ser = pyca
    (our_priv, _), (their_priv, _) = classes(pyca_mlkem, size)
    for _ in range(ROUNDS):
        seed = os.urandom(64)
        ours, theirs = our_priv.from_seed_bytes(seed), their_priv.from_seed_bytes(seed)
        assert ours.public_key().public_bytes_raw() == theirs.public_key().public_bytes_raw()
        assert ours.private_bytes_raw() == theirs.private_bytes_raw() == seed


@pytest.mark.parametrize("size", SETS)
def test_ciphertexts_both_ways(pyca, size):
    pyca_mlkem, _ = pyca
    (our_priv, our_pub), (their_priv, their_pub) = classes(pyca_mlkem, size)
    for _ in range(ROUNDS):
        # pyca's key, our encapsulation; and back.
        theirs = their_priv.generate()
        pub = our_pub.from_public_bytes(theirs.public_key().public_bytes_raw())
        ss, ct = pub.encapsulate()
        assert theirs.decapsulate(ct) == ss
        # Our key, pyca's encapsulation.
        ours = our_priv.generate()
        their_pk = their_pub.from_public_bytes(ours.public_key().public_bytes_raw())
        ss, ct = their_pk.encapsulate()
        assert ours.decapsulate(ct) == ss
        # Implicit rejection agrees too.
        bad = bytes([ct[0] ^ 0x80]) + ct[1:]
        assert ours.decapsulate(bad) == their_priv.from_seed_bytes(
            ours.private_bytes_raw()).decapsulate(bad)


@pytest.mark.parametrize("size", SETS)
def test_key_files_both_ways(pyca, size):
    pyca_mlkem, ser = pyca
    (our_priv, our_pub), (their_priv, their_pub) = classes(pyca_mlkem, size)
    for _ in range(ROUNDS):
        seed = os.urandom(64)
        ours, theirs = our_priv.from_seed_bytes(seed), their_priv.from_seed_bytes(seed)
        for enc in ("PEM", "DER"):
            our_file = ours.private_bytes(getattr(mlkem.Encoding, enc), mlkem.PrivateFormat.PKCS8,
                                          mlkem.NoEncryption())
            their_file = theirs.private_bytes(getattr(ser.Encoding, enc), ser.PrivateFormat.PKCS8,
                                              ser.NoEncryption())
            assert our_file == their_file
            load_ours = getattr(mlkem, f"load_{enc.lower()}_private_key")
            load_theirs = getattr(ser, f"load_{enc.lower()}_private_key")
            read_here = load_ours(their_file, None)
            assert type(read_here) is our_priv and read_here == ours
            read_there = load_theirs(our_file, None)
            assert isinstance(read_there, their_priv)
            assert read_there.private_bytes_raw() == seed

            our_pub_file = ours.public_key().public_bytes(
                getattr(mlkem.Encoding, enc), mlkem.PublicFormat.SubjectPublicKeyInfo)
            their_pub_file = theirs.public_key().public_bytes(
                getattr(ser.Encoding, enc), ser.PublicFormat.SubjectPublicKeyInfo)
            assert our_pub_file == their_pub_file
            pub_here = getattr(mlkem, f"load_{enc.lower()}_public_key")(their_pub_file)
            assert type(pub_here) is our_pub and pub_here == ours.public_key()
            pub_there = getattr(ser, f"load_{enc.lower()}_public_key")(our_pub_file)
            assert isinstance(pub_there, their_pub)
            ss, ct = pub_there.encapsulate()
            assert read_here.decapsulate(ct) == ss


@pytest.mark.parametrize("size", SETS)
def test_pyca_enums_are_accepted(pyca, size):
    pyca_mlkem, ser = pyca
    (our_priv, _), (their_priv, _) = classes(pyca_mlkem, size)
    seed = os.urandom(64)
    ours, theirs = our_priv.from_seed_bytes(seed), their_priv.from_seed_bytes(seed)
    for enc, fmt in [("PEM", "PKCS8"), ("DER", "PKCS8"), ("Raw", "Raw")]:
        assert ours.private_bytes(getattr(ser.Encoding, enc), getattr(ser.PrivateFormat, fmt),
                                  ser.NoEncryption()) == \
            theirs.private_bytes(getattr(ser.Encoding, enc), getattr(ser.PrivateFormat, fmt),
                                 ser.NoEncryption())
    for enc, fmt in [("PEM", "SubjectPublicKeyInfo"), ("DER", "SubjectPublicKeyInfo"), ("Raw", "Raw")]:
        assert ours.public_key().public_bytes(getattr(ser.Encoding, enc),
                                              getattr(ser.PublicFormat, fmt)) == \
            theirs.public_key().public_bytes(getattr(ser.Encoding, enc),
                                             getattr(ser.PublicFormat, fmt))
    with pytest.raises(ValueError, match="not supported"):
        ours.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8,
                           ser.BestAvailableEncryption(b"password"))


def test_enums_match_pyca(pyca):
    """The same member names as pyca's classes (pyca 50's are native
    classes without .value; where a member has one, it is ours too)."""
    _, ser = pyca
    for ours in (mlkem.Encoding, mlkem.PrivateFormat, mlkem.PublicFormat):
        theirs = getattr(ser, ours.__name__)
        their_names = {n for n in dir(theirs)
                       if not n.startswith("_") and isinstance(getattr(theirs, n), theirs)}
        assert their_names == set(ours.__members__), ours.__name__
        for member in ours:
            value = getattr(getattr(theirs, member.name), "value", member.value)
            assert value == member.value, f"{ours.__name__}.{member.name}"


def test_pyca_rejects_what_we_reject(pyca):
    """An ek that fails the modulus check is refused on both sides."""
    pyca_mlkem, _ = pyca
    ek = bytearray(mlkem.MLKEM768PrivateKey.generate().public_key().public_bytes_raw())
    ek[0], ek[1] = 0xFF, 0x0F
    with pytest.raises(ValueError):
        mlkem.MLKEM768PublicKey.from_public_bytes(ek)
    with pytest.raises(ValueError):
        pyca_mlkem.MLKEM768PublicKey.from_public_bytes(bytes(ek))
