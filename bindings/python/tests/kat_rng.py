# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The deterministic random sources of the round-3 Kyber reference's test
programs, restated from their definitions, to turn the published vectors'
inputs into the derandomized functions' inputs:

  CtrDrbg      NIST's AES-256 CTR_DRBG (SP 800-90A section 10.2.1, no
               derivation function, no personalization, no reseeding), as
               NIST's PQC KAT generator (rng.c) draws the randomness of each
               record of a PQCkemKAT_*.rsp file from the record's 48-byte
               seed. AES-256 is pyca/cryptography's.
  surf_stream  SUPERCOP's deterministic "surf" randombytes of the round-3
               reference's test_vectors.c (tests/test_kyber_vectors.c
               describes it), all of its blocks computed at once.

Test-only code, not constant time.
"""
import struct


class CtrDrbg:
    """randombytes() of NIST's rng.c, instantiated with a 48-byte seed."""

    def __init__(self, entropy, aes_cipher):
        # aes_cipher(key) -> an object whose encrypt(block) is AES-256.
        assert len(entropy) == 48
        self._aes = aes_cipher
        self._key, self._v = bytes(32), bytes(16)
        self._update(entropy)

    def _blocks(self, n):
        """n blocks of AES_key(V + 1), AES_key(V + 2), ... (V advanced)."""
        enc = self._aes(self._key)
        out = []
        v = int.from_bytes(self._v, "big")
        for _ in range(n):
            v = (v + 1) % (1 << 128)
            out.append(enc(v.to_bytes(16, "big")))
        self._v = v.to_bytes(16, "big")
        return b"".join(out)

    def _update(self, provided):
        # CTR_DRBG_Update (SP 800-90A 10.2.1.2): seedlen = 48 bytes.
        temp = bytes(a ^ b for a, b in zip(self._blocks(3), provided))
        self._key, self._v = temp[:32], temp[32:]

    def random_bytes(self, n):
        """One randombytes(n) call: the blocks, then an update with no
        additional input (CTR_DRBG_Generate, 10.2.1.5.1)."""
        out = self._blocks((n + 15) // 16)[:n]
        self._update(bytes(48))
        return out


def pyca_aes256():
    """aes_cipher for CtrDrbg from pyca/cryptography (ECB: one block at a
    time, which is all CTR_DRBG asks of the cipher)."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    def cipher(key):
        return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update
    return cipher


# --- surf -------------------------------------------------------------------

# The generator's fixed 32-word seed: the first digits of pi.
_SURF_SEED = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
              2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5]
_ROTATIONS = (5, 7, 9, 13)


def surf_stream(nbytes):
    """The first nbytes (a multiple of 8) the surf generator gives.

    Block k (k = 1, 2, ...) enciphers the 384-bit counter k (word 0; no
    carry below 2^32 blocks) under the fixed seed: 12 words t, 8 output
    words, two passes of 16 rounds of t[i] += ((x ^ seed[i]) + sum) ^
    rotl(x, r[i mod 4]), x = t[i], each pass ending with out ^= t[4..11].
    A block gives the low bytes of its 8 output words, last word first.
    The blocks do not depend on one another, so they are computed side by
    side: every Python int here holds one 32-bit word of every block, in
    lanes of 64 bits, the headroom that keeps a carry in its lane.
    """
    assert nbytes % 8 == 0
    n = nbytes // 8
    ones = int.from_bytes(b"\x01" + bytes(7), "little")  # one lane
    ones = int.from_bytes(ones.to_bytes(8, "little") * n, "little")
    mask = 0xFFFFFFFF * ones
    counter = int.from_bytes(b"".join(struct.pack("<Q", k + 1) for k in range(n)),
                             "little")
    seed = [w * ones for w in _SURF_SEED]
    t = [seed[12] ^ counter] + seed[13:24]
    out = seed[24:32]
    x, total = t[11], 0
    for _ in range(2):
        for _ in range(16):
            total = (total + 0x9E3779B9) & 0xFFFFFFFF
            add = total * ones
            for i in range(12):
                r = _ROTATIONS[i & 3]
                rot = ((x << r) | (x >> (32 - r))) & mask
                x = t[i] = (t[i] + ((((x ^ seed[i]) + add) & mask) ^ rot)) & mask
        for i in range(8):
            out[i] ^= t[i + 4]
    stream = bytearray(nbytes)
    for i in range(8):
        # The low byte of word 7 - i of every block.
        stream[i::8] = out[7 - i].to_bytes(8 * n, "little")[::8]
    return bytes(stream)
