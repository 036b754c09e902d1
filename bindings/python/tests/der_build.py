# SPDX-License-Identifier: Apache-2.0 OR MIT
"""DER of the key files built by hand from their ASN.1 definitions (RFC
5958 OneAsymmetricKey, RFC 5280 SubjectPublicKeyInfo, RFC 9935 ML-KEM
private key CHOICE), to check what the package reads and writes against
encodings it did not produce."""
import base64

# 2.16.840.1.101.3.4.4.{1,2,3}: id-alg-ml-kem-512/768/1024.
OID_PREFIX = bytes.fromhex("6086480165030404")
ARC = {"ML-KEM-512": 1, "ML-KEM-768": 2, "ML-KEM-1024": 3}


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    elif n < 0x100:
        length = bytes([0x81, n])
    else:
        length = bytes([0x82, n >> 8, n & 0xFF])
    return bytes([tag]) + length + content


def algorithm(pset):
    return tlv(0x30, tlv(0x06, OID_PREFIX + bytes([ARC[pset]])))


def spki(pset, ek):
    return tlv(0x30, algorithm(pset) + tlv(0x03, b"\x00" + ek))


def pkcs8(pset, private_key_choice):
    return tlv(0x30, tlv(0x02, b"\x00") + algorithm(pset) + tlv(0x04, private_key_choice))


def seed_choice(seed):
    return tlv(0x80, seed)


def expanded_choice(dk):
    return tlv(0x04, dk)


def both_choice(seed, dk):
    return tlv(0x30, tlv(0x04, seed) + tlv(0x04, dk))


def pem(label, der):
    b64 = base64.b64encode(der).decode()
    lines = [b64[i:i + 64] for i in range(0, len(b64), 64)]
    return (f"-----BEGIN {label}-----\n" + "\n".join(lines) +
            f"\n-----END {label}-----\n").encode()
