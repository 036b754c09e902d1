# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X-Wing and the X25519MLKEM768 key shares put together from
pyca/cryptography's ML-KEM-768 and X25519 and hashlib's SHAKE256 and
SHA3-256, as the drafts define them, to check this package against
implementations it did not write (as tests/hybrid/interop.py does for the
C library):

  X-Wing         draft-connolly-cfrg-xwing-kem-10, section 5
  X25519MLKEM768 draft-ietf-tls-ecdhe-mlkem: ML-KEM first in every share
                 and in the secret
"""
import hashlib

from cryptography.hazmat.primitives.asymmetric import mlkem, x25519
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

EK, CT = 1184, 1088
XWING_LABEL = bytes([0x5C, 0x2E, 0x2F, 0x2F, 0x5E, 0x5C])  # \./ /^\ (5.3)


def x_public(private):
    return private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def x_shared(private, public_bytes):
    """X25519 with pyca; ValueError for a point of small order (OpenSSL
    refuses the all-zero secret)."""
    return private.exchange(x25519.X25519PublicKey.from_public_bytes(public_bytes))


# --- X-Wing ------------------------------------------------------------------

def xwing_keys(seed):
    """expandDecapsulationKey (5.2): (ML-KEM key, X25519 key, pk)."""
    e = hashlib.shake_256(seed).digest(96)
    m = mlkem.MLKEM768PrivateKey.from_seed_bytes(e[:64])
    x = x25519.X25519PrivateKey.from_private_bytes(e[64:])
    return m, x, m.public_key().public_bytes_raw() + x_public(x)


def xwing_combiner(ss_m, ss_x, ct_x, pk_x):
    """Combiner (5.3)."""
    return hashlib.sha3_256(ss_m + ss_x + ct_x + pk_x + XWING_LABEL).digest()


def xwing_encapsulate(pk):
    """Encapsulate (5.4) with pyca's randomness: (ss, ct)."""
    eph = x25519.X25519PrivateKey.generate()
    ss_m, ct_m = mlkem.MLKEM768PublicKey.from_public_bytes(pk[:EK]).encapsulate()
    ct_x = x_public(eph)
    return xwing_combiner(ss_m, x_shared(eph, pk[EK:]), ct_x, pk[EK:]), ct_m + ct_x


def xwing_decapsulate(seed, ct, ss_x=None):
    """Decapsulate (5.5); ss_x given for a point pyca refuses (small
    order), where the draft takes X25519's all-zero result."""
    m, x, pk = xwing_keys(seed)
    ss_m = m.decapsulate(ct[:CT])
    if ss_x is None:
        ss_x = x_shared(x, ct[CT:])
    return xwing_combiner(ss_m, ss_x, ct[CT:], pk[EK:])


# --- X25519MLKEM768 ------------------------------------------------------------

class Client:
    """The client side: from coins (ML-KEM seed d || z, X25519 private
    key; 96 bytes) or fresh keys."""

    def __init__(self, coins=None):
        if coins is None:
            self.m = mlkem.MLKEM768PrivateKey.generate()
            self.x = x25519.X25519PrivateKey.generate()
        else:
            self.m = mlkem.MLKEM768PrivateKey.from_seed_bytes(coins[:64])
            self.x = x25519.X25519PrivateKey.from_private_bytes(coins[64:])
        self.share = self.m.public_key().public_bytes_raw() + x_public(self.x)

    def finish(self, server_share):
        return self.m.decapsulate(server_share[:CT]) + x_shared(self.x, server_share[CT:])


def server(client_share):
    """The server side with pyca's randomness: (share, secret)."""
    ss_m, ct = mlkem.MLKEM768PublicKey.from_public_bytes(client_share[:EK]).encapsulate()
    eph = x25519.X25519PrivateKey.generate()
    return ct + x_public(eph), ss_m + x_shared(eph, client_share[EK:])
