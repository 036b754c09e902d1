# SPDX-License-Identifier: Apache-2.0 OR MIT
"""libmlkem.hazmat.x25519 and x25519_base: RFC 7748's vectors (section 5.2,
the iterated test to 1,000, section 6.1), every Wycheproof X25519 test
(tests/vectors/wycheproof), and pyca/cryptography's X25519 on random
inputs."""
import json
import os

import pytest

from libmlkem import hazmat

BASE = (9).to_bytes(32, "little")


def h(s):
    return bytes.fromhex(s)


# RFC 7748 section 5.2: (scalar, u-coordinate, output).
RFC7748_5_2 = [
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
]
# Section 5.2, the iterated function: k and u start at 9; after 1 and
# 1,000 iterations k is:
ITERATED = {1: "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
            1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"}
# Section 6.1: Alice's and Bob's keys and their shared secret.
ALICE = ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
         "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
BOB = ("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
       "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"


def test_rfc7748_section_5_2():
    for scalar, u, out in RFC7748_5_2:
        assert hazmat.x25519(h(scalar), h(u)) == h(out)


def test_rfc7748_iterated():
    k = u = BASE
    for i in range(1, 1001):
        k, u = hazmat.x25519(k, u), k
        if i in ITERATED:
            assert k == h(ITERATED[i]), i


def test_rfc7748_section_6_1():
    for private, public in (ALICE, BOB):
        assert hazmat.x25519_base(h(private)) == h(public)
        assert hazmat.x25519(h(private), BASE) == h(public)
    assert hazmat.x25519(h(ALICE[0]), h(BOB[1])) == h(SHARED)
    assert hazmat.x25519(h(BOB[0]), h(ALICE[1])) == h(SHARED)


def test_wycheproof(vectors):
    data = json.loads((vectors / "wycheproof" / "x25519_test.json").read_text())
    tests = [t for g in data["testGroups"] for t in g["tests"]]
    assert len(tests) == data["numberOfTests"] == 518
    refused = 0
    for t in tests:
        private, public, shared = h(t["private"]), h(t["public"]), h(t["shared"])
        if "ZeroSharedSecret" in t["flags"]:
            assert shared == bytes(32)
            with pytest.raises(ValueError, match="small order"):
                hazmat.x25519(private, public)
            refused += 1
        else:
            # Twist and non-canonical points ("acceptable") are computed,
            # as RFC 7748 section 5 defines them.
            assert hazmat.x25519(private, public) == shared, t["tcId"]
    assert refused == 31


def test_against_pyca(pyca):
    from cryptography.hazmat.primitives.asymmetric import x25519
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    for _ in range(50):
        a, b = os.urandom(32), os.urandom(32)
        ka = x25519.X25519PrivateKey.from_private_bytes(a)
        pa = ka.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        assert hazmat.x25519_base(a) == pa
        pb = hazmat.x25519_base(b)
        assert hazmat.x25519(a, pb) == ka.exchange(x25519.X25519PublicKey.from_public_bytes(pb))


def test_clamping_and_errors():
    scalar = os.urandom(32)
    # decodeScalar25519 clears bits 0-2 and 255 and sets 254: these bits
    # of the input do not matter.
    other = bytes([scalar[0] ^ 0x07]) + scalar[1:31] + bytes([scalar[31] ^ 0xC0])
    assert hazmat.x25519_base(scalar) == hazmat.x25519_base(other)
    for n in (0, 31, 33):
        with pytest.raises(ValueError, match=f"X25519 scalar must be 32 bytes, got {n}"):
            hazmat.x25519(bytes(n), BASE)
        with pytest.raises(ValueError, match=f"X25519 point must be 32 bytes, got {n}"):
            hazmat.x25519(scalar, bytes(n))
        with pytest.raises(ValueError, match=f"X25519 scalar must be 32 bytes, got {n}"):
            hazmat.x25519_base(bytes(n))
    for bad in ("text", 9, None):
        with pytest.raises(TypeError, match="bytes-like"):
            hazmat.x25519(bad, BASE)
        with pytest.raises(TypeError, match="bytes-like"):
            hazmat.x25519(scalar, bad)
        with pytest.raises(TypeError, match="bytes-like"):
            hazmat.x25519_base(bad)
