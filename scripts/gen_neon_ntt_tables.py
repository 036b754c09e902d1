#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Prints the zeta and gamma rows of the NEON NTT
(src/backend/neon/ntt.c: zeta_low, ntt_blocks, invntt_blocks,
basemul_gammas), each row of 8 values followed by the row of the same
values times q^-1 mod 2^16 (signed), the operand of mlkem_neon_fqmul_pre.

The zetas are recomputed from FIPS 203 (17^BitRev7(i) * 2^16 mod q,
centered), and checked against the portable table in
src/backend/portable/ntt.c; the arrangement of each row is described at
the table in ntt.c. With --check, compares the output with ntt.c instead
of printing it.

Usage: python3 scripts/gen_neon_ntt_tables.py [--check]
"""
import os
import re
import sys

Q = 3329
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def centered(v):
    v %= Q
    return v - Q if v > Q // 2 else v


def bitrev7(i):
    return int(format(i, "07b")[::-1], 2)


ZETAS = [centered(pow(17, bitrev7(i), Q) * 65536) for i in range(128)]
GAMMAS = [centered(pow(17, 2 * bitrev7(i) + 1, Q) * 65536)
          for i in range(128)]


def zq(z):
    v = (z * 62209) & 0xFFFF  # 62209 = q^-1 mod 2^16
    return v - 65536 if v & 0x8000 else v


def rows(vals):
    return [list(vals), [zq(v) for v in vals]]


def tables():
    z = ZETAS
    fwd, inv = [], []
    for h in range(4):
        fwd += rows([z[8 + 2 * h], z[9 + 2 * h]] +
                    [z[16 + 4 * h + m] for m in range(4)] + [0, 0])
        inv += rows([z[31 - (4 * h + m)] for m in range(4)] +
                    [z[15 - 2 * h], z[15 - (2 * h + 1)], 0, 0])
        for m in range(4):
            p = 4 * h + m
            fwd += rows([z[32 + 2 * p]] * 4 + [z[33 + 2 * p]] * 4)
            fwd += rows(sum([[z[64 + 4 * p + k]] * 2 for k in range(4)], []))
            inv += rows(sum([[z[127 - 4 * p - k]] * 2 for k in range(4)], []))
            inv += rows([z[63 - 2 * p]] * 4 + [z[63 - 2 * p - 1]] * 4)
    gam = []
    for j in range(16):
        gam += rows(GAMMAS[8 * j:8 * j + 8])
    return {"zeta_low": rows(z[0:8]), "ntt_blocks": fwd,
            "invntt_blocks": inv, "basemul_gammas": gam}


def c_values(text, name):
    m = re.search(name + r"\[[^\]]*\] = \{(.*?)\};", text, re.S)
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    return [int(v) for v in body.replace("\n", " ").split(",") if v.strip()]


def main():
    portable = open(os.path.join(ROOT, "src/backend/portable/ntt.c")).read()
    assert c_values(portable, "mlkem_zetas") == ZETAS, "zetas differ"
    assert c_values(portable, "mlkem_gammas") == GAMMAS, "gammas differ"
    t = tables()
    if "--check" in sys.argv[1:]:
        neon = open(os.path.join(ROOT, "src/backend/neon/ntt.c")).read()
        bad = [n for n, r in t.items() if c_values(neon, n) != sum(r, [])]
        print("differ: " + ", ".join(bad) if bad else "all tables match")
        return 1 if bad else 0
    for name, r in t.items():
        print("%s:" % name)
        for row in r:
            print("  " + ", ".join(str(v) for v in row) + ",")
    return 0


if __name__ == "__main__":
    sys.exit(main())
