# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every error: a wrong type is a TypeError, a wrong length, an invalid key
or a malformed key file a ValueError with a message that says what is
wrong, and no input crashes the process."""
import random

import pytest

import libmlkem as mlkem
from libmlkem import hazmat

import der_build

NOENC = mlkem.NoEncryption()
NOT_BYTES = ["a string", 12, 1.5, None, [1, 2], {"a": 1}, object()]
SEED = bytes(range(64))


def key768():
    return mlkem.MLKEM768PrivateKey.from_seed_bytes(SEED)


@pytest.mark.parametrize("bad", NOT_BYTES, ids=lambda v: type(v).__name__)
def test_wrong_types(bad):
    key = key768()
    pub = key.public_key()
    calls = [
        lambda: mlkem.MLKEM768PrivateKey.from_seed_bytes(bad),
        lambda: mlkem.MLKEM768PublicKey.from_public_bytes(bad),
        lambda: key.decapsulate(bad),
        lambda: mlkem.load_pem_private_key(bad),
        lambda: mlkem.load_der_private_key(bad),
        lambda: mlkem.load_pem_public_key(bad),
        lambda: mlkem.load_der_public_key(bad),
        lambda: hazmat.encapsulate_derand(pub, bad),
        lambda: hazmat.generate_derand(mlkem.MLKEM768PrivateKey, bad, bytes(32)),
        lambda: hazmat.generate_derand(mlkem.MLKEM768PrivateKey, bytes(32), bad),
        lambda: hazmat.private_key_from_expanded_bytes(mlkem.MLKEM768PrivateKey, bad),
    ]
    for i, call in enumerate(calls):
        with pytest.raises(TypeError, match="bytes-like"):
            call()


def test_non_contiguous_buffer_is_a_type_error():
    strided = memoryview(bytes(128))[::2]
    with pytest.raises(TypeError, match="bytes-like"):
        mlkem.MLKEM768PrivateKey.from_seed_bytes(strided)


def test_wrong_lengths():
    key = key768()
    pub = key.public_key()
    for n in (0, 1, 63, 65, 128):
        with pytest.raises(ValueError, match=f"ML-KEM-768 seed must be 64 bytes, got {n}"):
            mlkem.MLKEM768PrivateKey.from_seed_bytes(bytes(n))
    for n in (0, 800, 1183, 1185, 1568):
        with pytest.raises(ValueError, match=f"public key must be 1184 bytes, got {n}"):
            mlkem.MLKEM768PublicKey.from_public_bytes(bytes(n))
    for n in (0, 768, 1087, 1089, 1568):
        with pytest.raises(ValueError, match=f"ciphertext must be 1088 bytes, got {n}"):
            key.decapsulate(bytes(n))
    with pytest.raises(ValueError, match="m must be 32 bytes"):
        hazmat.encapsulate_derand(pub, bytes(31))
    with pytest.raises(ValueError, match="d must be 32 bytes"):
        hazmat.generate_derand(mlkem.MLKEM768PrivateKey, bytes(33), bytes(32))
    with pytest.raises(ValueError, match="expanded private key must be 2400 bytes"):
        hazmat.private_key_from_expanded_bytes(mlkem.MLKEM768PrivateKey, bytes(2399))


def test_invalid_keys():
    key = key768()
    ek = bytearray(key.public_key().public_bytes_raw())
    ek[0], ek[1] = 0xFF, 0x0F  # first coefficient 0xFFF = 4095 >= q
    with pytest.raises(ValueError, match="modulus check"):
        mlkem.MLKEM768PublicKey.from_public_bytes(ek)
    dk = bytearray(hazmat.expanded_private_bytes(key))
    dk[-40] ^= 1  # inside the stored H(ek)
    with pytest.raises(ValueError, match="hash check"):
        hazmat.private_key_from_expanded_bytes(mlkem.MLKEM768PrivateKey, dk)
    with pytest.raises(ValueError, match="hash check"):
        mlkem.load_der_private_key(der_build.pkcs8("ML-KEM-768", der_build.expanded_choice(bytes(dk))))
    dk = bytearray(hazmat.expanded_private_bytes(key))
    other = hazmat.expanded_private_bytes(mlkem.MLKEM768PrivateKey.from_seed_bytes(bytes(64)))
    with pytest.raises(ValueError, match="disagree"):
        mlkem.load_der_private_key(der_build.pkcs8("ML-KEM-768", der_build.both_choice(SEED, other)))


def good_files():
    key = key768()
    priv_der = key.private_bytes(mlkem.Encoding.DER, mlkem.PrivateFormat.PKCS8, NOENC)
    pub_der = key.public_key().public_bytes(mlkem.Encoding.DER, mlkem.PublicFormat.SubjectPublicKeyInfo)
    return key, priv_der, pub_der


MALFORMED_DER = [
    (b"", "malformed DER"),
    (b"\x30", "malformed DER"),
    (b"\x30\x80\x00\x00", "malformed DER"),
    (b"\x04\x00", "malformed DER"),
]


def test_malformed_der():
    key, priv_der, pub_der = good_files()
    cases = list(MALFORMED_DER)
    cases.append((priv_der[:-1], "malformed DER"))
    cases.append((priv_der + b"\x00", "data after the key"))
    cases.append((pub_der[:-1], "malformed DER"))
    # PKCS#8 version 1 (v2) with nothing else changed.
    cases.append((priv_der.replace(b"\x02\x01\x00", b"\x02\x01\x01", 1), "version"))
    # Another algorithm: RSA's OID.
    rsa = bytes.fromhex("2a864886f70d010101")
    cases.append((der_build.tlv(0x30, der_build.tlv(0x02, b"\x00") +
                                der_build.tlv(0x30, der_build.tlv(0x06, rsa)) +
                                der_build.tlv(0x04, der_build.seed_choice(SEED))), "not ML-KEM"))
    # Parameters present (NULL).
    alg = der_build.tlv(0x30, der_build.tlv(0x06, der_build.OID_PREFIX + b"\x02") + b"\x05\x00")
    cases.append((der_build.tlv(0x30, der_build.tlv(0x02, b"\x00") + alg +
                                der_build.tlv(0x04, der_build.seed_choice(SEED))), "parameters"))
    # A 63-byte seed.
    cases.append((der_build.pkcs8("ML-KEM-768", der_build.seed_choice(SEED[:63])), "wrong length"))
    # An ML-KEM-1024 OID on an ML-KEM-768 expanded key.
    dk = hazmat.expanded_private_bytes(key)
    cases.append((der_build.pkcs8("ML-KEM-1024", der_build.expanded_choice(dk)), "wrong length"))
    # A BIT STRING with unused bits.
    ek = key.public_key().public_bytes_raw()
    spki = der_build.tlv(0x30, der_build.algorithm("ML-KEM-768") + der_build.tlv(0x03, b"\x01" + ek))
    cases.append((spki, "unused bits"))
    for der, message in cases:
        with pytest.raises(ValueError, match=message):
            mlkem.load_der_private_key(der)
        with pytest.raises(ValueError):
            mlkem.load_der_public_key(der)


def test_private_and_public_loaders_do_not_mix():
    _, priv_der, pub_der = good_files()
    with pytest.raises(ValueError, match="holds an ML-KEM public key, not a private key"):
        mlkem.load_der_private_key(pub_der)
    with pytest.raises(ValueError, match="holds an ML-KEM private key, not a public key"):
        mlkem.load_der_public_key(priv_der)
    with pytest.raises(ValueError, match="private key, not a public key"):
        mlkem.load_pem_public_key(der_build.pem("PRIVATE KEY", priv_der))


def test_malformed_pem():
    _, priv_der, pub_der = good_files()
    pem = der_build.pem("PRIVATE KEY", priv_der)
    cases = [
        (pem[:-20], "truncated PEM"),
        (pem.replace(b"MF", b"M!", 1), "base64"),
        (der_build.pem("CERTIFICATE", priv_der), "wrong PEM label"),
        (der_build.pem("PUBLIC KEY", priv_der), "wrong PEM label"),
        (der_build.pem("ENCRYPTED PRIVATE KEY", priv_der), "wrong PEM label"),
        (pem + b"trailing", "PEM"),
        (b"-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n", "PEM"),
        (b"not a pem at all", "PEM"),
        (priv_der, "PEM"),
    ]
    for data, message in cases:
        with pytest.raises(ValueError, match=message):
            mlkem.load_pem_private_key(data)


def test_too_long_input():
    with pytest.raises(ValueError, match="too long"):
        mlkem.load_pem_private_key(b"-" * 70000)
    with pytest.raises(ValueError, match="too long"):
        mlkem.load_der_public_key(bytes(1 << 20))


def test_password_and_encryption():
    key, priv_der, _ = good_files()
    with pytest.raises(TypeError, match="Password was given"):
        mlkem.load_der_private_key(priv_der, b"secret")
    with pytest.raises(ValueError, match="not supported"):
        key.private_bytes(mlkem.Encoding.PEM, mlkem.PrivateFormat.PKCS8,
                          mlkem.BestAvailableEncryption(b"pw"))
    with pytest.raises(TypeError, match="encryption_algorithm"):
        key.private_bytes(mlkem.Encoding.PEM, mlkem.PrivateFormat.PKCS8, None)


def test_bad_encodings_and_formats():
    key = key768()
    pub = key.public_key()
    E, PF, UF = mlkem.Encoding, mlkem.PrivateFormat, mlkem.PublicFormat
    with pytest.raises(TypeError, match="Encoding enum"):
        key.private_bytes("PEM", PF.PKCS8, NOENC)
    with pytest.raises(TypeError, match="PrivateFormat enum"):
        key.private_bytes(E.PEM, PF.PKCS8.value, NOENC)
    with pytest.raises(TypeError, match="PublicFormat enum"):
        pub.public_bytes(E.PEM, PF.PKCS8)
    for enc, fmt in [(E.PEM, PF.Raw), (E.Raw, PF.PKCS8), (E.OpenSSH, PF.PKCS8),
                     (E.PEM, PF.TraditionalOpenSSL), (E.DER, PF.OpenSSH)]:
        with pytest.raises(ValueError):
            key.private_bytes(enc, fmt, NOENC)
    for enc, fmt in [(E.PEM, UF.Raw), (E.Raw, UF.SubjectPublicKeyInfo), (E.X962, UF.SubjectPublicKeyInfo),
                     (E.PEM, UF.PKCS1), (E.DER, UF.OpenSSH)]:
        with pytest.raises(ValueError):
            pub.public_bytes(enc, fmt)
    with pytest.raises(ValueError, match="unknown form"):
        hazmat.private_bytes_with_form(key, E.DER, "compact")
    with pytest.raises(TypeError):
        hazmat.private_bytes_with_form(key, E.DER, 1)


def test_hazmat_argument_types():
    key = key768()
    with pytest.raises(TypeError):
        hazmat.generate_derand(mlkem.MLKEM768PublicKey, bytes(32), bytes(32))
    with pytest.raises(TypeError):
        hazmat.generate_derand("ML-KEM-768", bytes(32), bytes(32))
    with pytest.raises(TypeError):
        hazmat.encapsulate_derand(key, bytes(32))
    with pytest.raises(TypeError):
        hazmat.expanded_private_bytes(key.public_key())
    with pytest.raises(TypeError):
        mlkem.MLKEMPrivateKey.generate()
    with pytest.raises(TypeError):
        mlkem.MLKEMPublicKey.from_public_bytes(bytes(1184))


def test_random_and_mutated_inputs_never_crash():
    """Random bytes and every kind of single-byte change to valid files
    either load (a change that keeps the key valid) or raise ValueError."""
    rng = random.Random(203)
    _, priv_der, pub_der = good_files()
    priv_pem = der_build.pem("PRIVATE KEY", priv_der)
    loaders = [mlkem.load_der_private_key, mlkem.load_der_public_key,
               mlkem.load_pem_private_key, mlkem.load_pem_public_key]
    inputs = [bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 4000)))
              for _ in range(100)]
    for base in (priv_der, pub_der, priv_pem):
        for _ in range(300):
            data = bytearray(base)
            op = rng.randrange(3)
            pos = rng.randrange(len(data))
            if op == 0:
                data[pos] ^= 1 << rng.randrange(8)
            elif op == 1:
                del data[pos:pos + rng.randrange(1, 4)]
            else:
                data[pos:pos] = bytes([rng.getrandbits(8)])
            inputs.append(bytes(data))
    for data in inputs:
        for load in loaders:
            try:
                load(data)
            except ValueError:
                pass
    key = key768()
    for _ in range(100):
        ct = bytes(rng.getrandbits(8) for _ in range(1088))
        assert len(key.decapsulate(ct)) == 32
