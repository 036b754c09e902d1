# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Derives the SHA-2 constants from their definitions (FIPS 180-4).

K (Sections 4.2.2, 4.2.3): the first 32 (SHA-256) or 64 (SHA-512) bits of
the fractional parts of the cube roots of the first 64 (80) primes. The
initial hash values (Sections 5.3.3, 5.3.5): the same from the square roots
of the first 8 primes. Exact integer roots, no floating point.

Usage: gen_sha2_constants.py          prints the C tables
       gen_sha2_constants.py --check FILE   exits 1 unless FILE (src/sha2/
       sha2_constants.c) holds exactly these constants, in this order
"""
import re
import sys


def primes(n):
    out, c = [], 2
    while len(out) < n:
        if all(c % p for p in out):
            out.append(c)
        c += 1
    return out


def iroot(x, k):
    """floor(x ** (1/k)) for integers, by Newton's method."""
    r = 1 << ((x.bit_length() + k - 1) // k)
    while True:
        s = ((k - 1) * r + x // r ** (k - 1)) // k
        if s >= r:
            break
        r = s
    while r ** k > x:
        r -= 1
    while (r + 1) ** k <= x:
        r += 1
    return r


def frac_bits(p, k, bits):
    return iroot(p << (k * bits), k) % (1 << bits)


def tables():
    return {
        "sha256_h0": [frac_bits(p, 2, 32) for p in primes(8)],
        "sha256_k": [frac_bits(p, 3, 32) for p in primes(64)],
        "sha512_h0": [frac_bits(p, 2, 64) for p in primes(8)],
        "sha512_k": [frac_bits(p, 3, 64) for p in primes(80)],
    }


def main():
    t = tables()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        text = open(sys.argv[2]).read()
        found = [int(h, 16) for h in re.findall(r"0x([0-9a-fA-F]{8,16})", text)]
        want = t["sha256_h0"] + t["sha256_k"] + t["sha512_h0"] + t["sha512_k"]
        pos = 0
        for w in found:
            if pos < len(want) and w == want[pos]:
                pos += 1
        if pos != len(want):
            print("constant %d of %d not found in order" % (pos, len(want)))
            return 1
        print("all %d SHA-2 constants match FIPS 180-4's definitions" % pos)
        return 0
    for name, vals in t.items():
        width = 8 if "256" in name else 16
        print(name, ", ".join("0x%0*x" % (width, v) for v in vals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
