#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Prints the compaction table of the AVX2 rej_uniform
(src/backend/avx2/sampling.c, between its BEGIN/END markers).

Entry m (0..255) is a 16-byte pshufb index vector for eight 16-bit lanes
whose acceptance bits are the bits of m (bit i set: lane i holds a value
below q). It moves the accepted lanes, in increasing order, to the front:
output lane j takes input bytes 2i and 2i+1 of the j-th accepted lane i.
The remaining output lanes are don't-care (rej_uniform's scratch); they
get index 0.

Usage: python3 scripts/gen_avx2_rej_table.py > table.txt
"""


def entry(m):
    idx = []
    for i in range(8):
        if (m >> i) & 1:
            idx += [2 * i, 2 * i + 1]
    idx += [0] * (16 - len(idx))
    return idx


def main():
    print("static const MLKEM_AVX2_ALIGN16 uint8_t rej_compact[256][16] = {")
    for m in range(256):
        body = ",".join("%2d" % b for b in entry(m))
        print("    {%s}, /* %s */" % (body, format(m, "08b")))
    print("};")


if __name__ == "__main__":
    main()
