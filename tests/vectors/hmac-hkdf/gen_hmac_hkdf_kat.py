#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes hmac_hkdf_kat.txt: HMAC and HKDF vectors over SHA-256, SHA-384
and SHA-512 computed with Python's hmac module (OpenSSL's HMAC) and
pyca/cryptography's HKDF and HKDFExpand (OpenSSL's), i.e. independently of
the library under test.

Format: one vector per line, '-' for an empty string,
    hmac <alg> <key hex> <msg hex> <mac hex>
    hkdf <alg> <salt hex> <ikm hex> <info hex> <L> <prk hex> <okm hex>
with alg sha256, sha384 or sha512. Lines starting with '#' are comments.

The inputs are those of RFC 4231's test cases 1-4, 6 and 7 (HMAC) and RFC
5869's A.1-A.3 (HKDF; there SHA-256 only, here all three hashes), then
pseudo-random ones from random.Random(20261207): keys of every length
around the block sizes (64, 128) and longer, messages and infos of several
lengths, output lengths from 0 to 255 HashLen. Rerunning the script
reproduces the file byte for byte.

Usage: python3 gen_hmac_hkdf_kat.py > hmac_hkdf_kat.txt
"""
import hashlib
import hmac
import random

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF, HKDFExpand

ALGS = {"sha256": hashes.SHA256, "sha384": hashes.SHA384,
        "sha512": hashes.SHA512}

RFC4231 = [
    (b"\x0b" * 20, b"Hi There"),
    (b"Jefe", b"what do ya want for nothing?"),
    (b"\xaa" * 20, b"\xdd" * 50),
    (bytes(range(1, 26)), b"\xcd" * 50),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First"),
    (b"\xaa" * 131,
     b"This is a test using a larger than block-size key and a larger than "
     b"block-size data. The key needs to be hashed before being used by the "
     b"HMAC algorithm."),
]

RFC5869 = [
    (bytes(range(0x00, 0x0d)), b"\x0b" * 22, bytes(range(0xf0, 0xfa)), 42),
    (bytes(range(0x60, 0xb0)), bytes(range(0x00, 0x50)),
     bytes(range(0xb0, 0x100)), 82),
    (b"", b"\x0b" * 22, b"", 42),
]


def h(b):
    return b.hex() if b else "-"


def hkdf_line(alg, salt, ikm, info, n):
    digest = hashlib.new(alg).digest_size
    prk = hmac.new(salt if salt else bytes(digest), ikm, alg).digest()
    if n == 0:
        okm = b""
    else:
        okm = HKDF(ALGS[alg](), n, salt if salt else None, info).derive(ikm)
        assert okm == HKDFExpand(ALGS[alg](), n, info).derive(prk)
    return f"hkdf {alg} {h(salt)} {h(ikm)} {h(info)} {n} {prk.hex()} {h(okm)}"


def main():
    rng = random.Random(20261207)

    def rand(n):
        return bytes(rng.getrandbits(8) for _ in range(n))

    print("# HMAC (Python hmac) and HKDF (pyca/cryptography) vectors, "
          "written by gen_hmac_hkdf_kat.py")
    for alg in ALGS:
        block = hashlib.new(alg).block_size
        for key, msg in RFC4231:
            print("hmac", alg, h(key), h(msg), hmac.new(key, msg, alg).hexdigest())
        for klen in [0, 1, 31, 32, 63, 64, 65, 111, 127, 128, 129, 200, 300]:
            for mlen in [0, 1, 55, 64, 111, 128, 200, 1000]:
                key, msg = rand(klen), rand(mlen)
                print("hmac", alg, h(key), h(msg),
                      hmac.new(key, msg, alg).hexdigest())
        for salt, ikm, info, n in RFC5869:
            print(hkdf_line(alg, salt, ikm, info, n))
        digest = hashlib.new(alg).digest_size
        for n in [0, 1, digest - 1, digest, digest + 1, 3 * digest + 5,
                  255 * digest]:
            for slen, ilen, nlen in [(0, 32, 0), (digest, 64, 17),
                                     (block + 3, 200, 300)]:
                print(hkdf_line(alg, rand(slen), rand(ilen), rand(nlen), n))


if __name__ == "__main__":
    main()
